"""Dice thrown at the table: every procedure takes the faces the players threw and gives the ruling warroom's own
dice would have given with those faces (``warroom roll PROCEDURE --dice 3,6,5,2`` or ``--dice ask``)."""

from __future__ import annotations

import io
import sys
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from cli_run import one_error, run
from warroom.core import api
from warroom.core.chance import Node, ThrownDiceError, parse_card, standard_deck
from warroom.core.errors import UsageError
from warroom.core.registry import ProcedureSpec, procedures
from warroom.core.ruling import DiceRoll, Ruling, percent

SEEDS = range(12)


def _written(roll: DiceRoll) -> list[str]:
    """The words a person writes for a throw whose faces a ruling shows: each die's face, a percentile roll as its
    number (its tens and units dice read together, 00 as 100), a card as its name."""
    if roll.spec == "d%":
        tens, units = (int(f) for f in roll.faces)
        return [str(tens * 10 + units or 100)]
    return [str(f) for f in roll.faces]


def _same(thrown: Ruling, seeded: Ruling) -> None:
    a, b = thrown.to_dict(), seeded.to_dict()
    assert a.pop("dice_thrown") == "at the table"
    a.pop("text"), b.pop("text")
    assert a == b
    assert str(thrown).replace("  (the dice thrown at the table)\n", "", 1) == str(seeded)


@pytest.mark.parametrize("spec", procedures(), ids=lambda s: s.id)
def test_the_faces_a_seeded_roll_threw_give_its_ruling_when_thrown_at_the_table(spec: ProcedureSpec) -> None:
    """For every procedure at its example, over several seeds: the faces warroom's dice threw, given as the dice
    thrown at the table, give the identical ruling (the same modifiers, dice, steps, row, result), marked as thrown
    at the table; asked one throw at a time, the same again."""
    params = dict(spec.example)
    for seed in SEEDS:
        seeded = api.roll(spec.id, params, seed=seed)
        words = [w for d in seeded.dice for w in _written(d)]
        if not words:
            with pytest.raises(UsageError, match="throws no dice"):
                api.roll(spec.id, params, dice=["3"])
            continue
        _same(api.roll(spec.id, params, dice=words), seeded)
        throws = iter(seeded.dice)

        def asked(node: Node, label: str, throws: Any = throws) -> tuple[Any, ...]:
            roll = next(throws)
            assert label in roll.label and node.spec == roll.spec
            return node.faces_from(_written(roll), label)

        _same(api.roll(spec.id, params, dice=asked), seeded)


@pytest.mark.parametrize("kind,args", [("die", (6,)), ("die", (10,)), ("sum", (3, 6)), ("successes", (4, 6, 5)),
                                       ("successes_and_ones", (5, 6, 4)), ("difference", (6, 10)),
                                       ("percentile", ()), ("draw", (standard_deck(2), None)),
                                       ("draw", (standard_deck(0), lambda c: c.colour))])
def test_a_throw_reads_its_faces_as_a_table_throw_reads_them(kind: str, args: tuple[Any, ...]) -> None:
    """Every kind of throw: the value of warroom's throw is the reading of its faces, and the faces written as a
    person writes them read back to the same faces."""
    node = Node(kind, args)
    rng = np.random.default_rng(5)
    for _ in range(200):
        value, faces = node.throw(rng)
        assert node.read(faces) == value
        words = [str(faces[0] * 10 + faces[1] or 100)] if kind == "percentile" else [str(f) for f in faces]
        assert node.faces_from(words, "x") == faces


def test_bad_dice_are_one_clear_error_each_and_say_what_is_needed() -> None:
    """A wrong count, a face off the die, a word that is not a number, a card not in the deck, a percentile off
    1-100, dice given to a procedure that throws none, and dice with a seed: each one error saying what it needs."""
    rally = ("company-fire/rally", {"status": "suppressed", "leader": "cc"})
    with pytest.raises(ThrownDiceError, match=r"throw 1d6 for rally: 7 is not a face of a d6 \(1 to 6\)"):
        api.roll(*rally, dice=["7"])
    with pytest.raises(ThrownDiceError, match=r"'six' is not a number"):
        api.roll(*rally, dice=["six"])
    with pytest.raises(ThrownDiceError, match=r"too many dice: the procedure threw 1 face in all; left over: 4"):
        api.roll(*rally, dice=["3", "4"])
    with pytest.raises(ThrownDiceError, match=r"too few dice: next the procedure must throw 1d6 for rally"):
        api.roll(*rally, dice=[])
    with pytest.raises(UsageError, match="give the dice or a seed, not both"):
        api.roll(*rally, dice=["3"], seed=1)
    pool = Node("successes", (3, 6, 5))
    with pytest.raises(ThrownDiceError, match=r"throw 3d6 hitting on 5\+ for fire: 3 faces needed, 2 given"):
        pool.faces_from(["1", "2"], "fire")
    percentile = Node("percentile", ())
    assert percentile.faces_from(["00"], "bog") == (0, 0) and percentile.read((0, 0)) == 100
    assert percentile.faces_from(["7"], "bog") == (0, 7)
    with pytest.raises(ThrownDiceError, match=r"101 is not a percentile roll \(1 to 100, 00 is 100\)"):
        percentile.faces_from(["101"], "bog")
    deck = tuple(c for c in standard_deck(0) if c != parse_card("QH"))
    with pytest.raises(ThrownDiceError, match="QH is not in the deck"):
        Node("draw", (deck, None)).faces_from(["QH"], "initiative")
    with pytest.raises(ThrownDiceError, match="'ZZ' is not a card"):
        Node("draw", (deck, None)).faces_from(["ZZ"], "initiative")


@pytest.mark.rule("002", "Group Fire")
def test_group_fire_with_the_dice_thrown_at_the_table_counts_them_by_hand() -> None:
    """Seed 002 "Group Fire": a rifle squad and an MMG pool 3d6 + 3d6 = 6d6, each 5 or 6 a hit; thrown 5, 6, 6, 4,
    6, 6 that is five hits, destroyed on the hit table (three hits or more with no cover)."""
    ruling = api.roll("company-fire/group-fire", {"firers": "rifle_squad,mmg"}, dice=["5", "6", "6", "4", "6", "6"])
    assert ruling.at_table and ruling.result == "destroyed"
    assert ruling.dice[0].faces == (5, 6, 6, 4, 6, 6) and ruling.dice[0].value == 5


def test_warroom_roll_takes_the_dice_given_or_asks_for_each_throw(capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    fire = ["roll", "group-fire", "firers=rifle_squad,mmg"]
    code, out, _ = run(capsys, monkeypatch, *fire, "--dice", "5,6,6,4,6,6")
    assert code == 0 and "(the dice thrown at the table)" in out and "Result: DESTROYED" in out
    # destroyed is three hits or more of 6d6 at 1/3 each: 1 - (2**6 + 6 * 2**5 + 15 * 2**4) / 3**6 = 233/729
    chance = Fraction(3**6 - (2**6 + 6 * 2**5 + 15 * 2**4), 3**6)
    assert f"Odds of this result: {percent(chance)} ({chance})" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("9\n5 6 1 2 3 4\n"))
    code, out, err = run(capsys, monkeypatch, *fire, "--dice", "ask")
    assert code == 0 and "throw 6d6 hitting on 5+ for fire" in out
    assert "6 faces needed, 1 given" in err and "Result: SUPPRESSED" in out
    code, _, err = run(capsys, monkeypatch, *fire, "--dice", "5,6")
    assert code == 2 and "too few dice" in one_error(err)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, _, err = run(capsys, monkeypatch, *fire, "--dice", "ask")
    assert code == 2 and "no dice given for the throw the procedure needs" in one_error(err)
    code, _, err = run(capsys, monkeypatch, *fire, "--dice", "")
    assert code == 2 and "--dice needs the faces thrown" in one_error(err)
