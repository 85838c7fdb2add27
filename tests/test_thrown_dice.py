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
from warroom.core.chance import Card, Node, ThrownDiceError, parse_card, standard_deck
from warroom.core.errors import UsageError
from warroom.core.evaluate import NextThrow
from warroom.core.registry import ProcedureSpec, get_procedure, procedures
from warroom.core.ruling import DiceRoll, Ruling, percent
from warroom.umpire.desk import Desk

SEEDS = range(20)


def _written(roll: DiceRoll) -> list[str]:
    """The words a person writes for a throw whose faces a ruling shows: each die's face, a percentile roll as its
    number (its tens and units dice read together, 00 as 100), a card as its name; none for a roll the umpire
    gave as a parameter (Terrain & Mines' ``rolls``), which is no throw of the procedure."""
    if roll.spec.endswith("(umpire's roll)"):
        return []
    if roll.spec == "d%":
        tens, units = (int(f) for f in roll.faces)
        return [str(tens * 10 + units or 100)]
    return [str(f) for f in roll.faces]


def _throws(ruling: Ruling) -> list[DiceRoll]:
    return [d for d in ruling.dice if _written(d)]


def _same(thrown: Ruling, seeded: Ruling) -> None:
    a, b = thrown.to_dict(), seeded.to_dict()
    assert a.pop("dice_thrown") == "at the table"
    a.pop("text"), b.pop("text")
    assert a == b
    assert str(thrown).replace("  (the dice thrown at the table)\n", "", 1) == str(seeded)


def _positions(spec: ProcedureSpec) -> list[dict[str, Any]]:
    """The procedure's example, and the example with each choice or switch of one parameter set otherwise (those
    the procedure accepts): every kind of throw a procedure makes, its cards, percentile rolls and processes."""
    found = [dict(spec.example)]
    for param in spec.params:
        values: tuple[Any, ...] = param.choices if param.kind == "choice" else (True, False) if param.kind == "bool" \
            else ()
        for value in values:
            position = {**spec.example, param.name: value}
            if position in found:
                continue
            try:
                spec.bind(position)
            except UsageError:
                continue
            found.append(position)
    return found


@pytest.mark.parametrize("spec", procedures(), ids=lambda s: s.id)
def test_the_faces_a_seeded_roll_threw_give_its_ruling_when_thrown_at_the_table(spec: ProcedureSpec) -> None:
    """For every procedure of every ruleset, at its example and with each choice of a parameter changed, over many
    seeds: the faces warroom's dice threw, given as the dice thrown at the table, give the identical ruling (the
    same modifiers, dice, steps, row, result), marked as thrown at the table; asked one throw at a time (each throw
    named as the ruling names it), the same again; and one throw at a time as the desk asks (the next throw after
    the faces so far, until the ruling), the same again. A procedure that throws nothing refuses dice."""
    for params in _positions(spec):
        values = spec.bind(params)
        for seed in SEEDS:
            seeded = api.roll(spec.id, params, seed=seed)
            throws = _throws(seeded)
            words = [w for d in throws for w in _written(d)]
            if not words:
                with pytest.raises(UsageError, match="throws no dice"):
                    api.roll(spec.id, params, dice=["3"])
                assert api.thrown_so_far(spec, values, []) == seeded
                continue
            _same(api.roll(spec.id, params, dice=words), seeded)
            asked_for = iter(throws)

            def asked(node: Node, label: str, throws: Any = asked_for) -> tuple[Any, ...]:
                roll = next(throws)
                assert label == roll.label and node.spec == roll.spec
                return node.faces_from(_written(roll), label)

            _same(api.roll(spec.id, params, dice=asked), seeded)
            so_far: list[str] = []
            for number, roll in enumerate(throws, 1):
                wanted = api.thrown_so_far(spec, values, so_far)
                assert isinstance(wanted, NextThrow), wanted
                assert (wanted.label, wanted.node.spec, wanted.throws + 1, wanted.given) == (
                    roll.label, roll.spec, number, ())
                assert set(wanted.steps) <= set(seeded.steps)  # what the ruling has said so far
                so_far += _written(roll)
            done = api.thrown_so_far(spec, values, so_far)
            assert isinstance(done, Ruling)
            _same(done, seeded)


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
    with pytest.raises(ThrownDiceError, match=r"throw 3d6 for fire, hits on 5 or 6: 3 faces needed, 2 given"):
        pool.faces_from(["1", "2"], "fire")
    percentile = Node("percentile", ())
    assert percentile.faces_from(["00"], "bog") == (0, 0) and percentile.read((0, 0)) == 100
    assert percentile.faces_from(["7"], "bog") == (0, 7)
    with pytest.raises(ThrownDiceError, match=r"101 is not a percentile roll \(1 to 100, 00 is 100\)"):
        percentile.faces_from(["101"], "bog")
    deck = tuple(c for c in standard_deck(0) if c != parse_card("QH"))
    with pytest.raises(ThrownDiceError, match=r"QH is not in the deck \(it has been drawn already\)"):
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
    assert code == 0 and "throw 6d6 for fire, hits on 5 or 6" in out
    assert out.index("pool: 6d6") < out.index("throw 6d6")  # the steps until the throw are said before it
    assert "6 faces needed, 1 given" in err and "Result: SUPPRESSED" in out
    code, _, err = run(capsys, monkeypatch, *fire, "--dice", "5,6")
    assert code == 2 and "too few dice" in one_error(err)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, _, err = run(capsys, monkeypatch, *fire, "--dice", "ask")
    assert code == 2 and "no dice given for the throw the procedure needs" in one_error(err)
    code, _, err = run(capsys, monkeypatch, *fire, "--dice", "")
    assert code == 2 and "--dice needs the faces thrown" in one_error(err)


def test_each_throw_is_asked_for_as_the_table_reads_it() -> None:
    """What to throw, what for, and how it is read: a pool's hits by their faces, a deck by the cards left in it,
    a percentile roll as the two dice's number."""
    assert Node("die", (6,)).asking("arrival") == "throw 1d6 for arrival"
    assert Node("successes", (3, 6, 5)).asking("fire") == "throw 3d6 for fire, hits on 5 or 6"
    assert Node("successes", (4, 6, 4), "save").asking("saves") == "throw 4d6 for saves, saves on 4, 5 or 6"
    assert Node("successes", (2, 10, 6)).asking("x") == "throw 2d10 for x, hits on 6 or more"
    assert Node("successes_and_ones", (3, 6, 6)).asking("x") == "throw 3d6 for x, hits on a 6, and count the ones"
    assert Node("sum", (2, 6)).asking("move") == "throw 2d6 for move (their total)"
    assert Node("difference", (6, 6)).asking("assault") == "throw 1d6 then 1d6 for assault"
    assert Node("percentile", ()).asking("bog") == "throw the two percentile dice for bog, read as 1 to 100 (00 is 100)"
    three_drawn = tuple(c for c in standard_deck(2) if str(c) not in ("AS", "2H", "KD"))
    assert Node("draw", (three_drawn, None)).asking("initiative card") == (
        "draw the initiative card (51 in the deck: 49 of the 52 cards and 2 jokers): name it, e.g. QH or joker")
    assert Node("draw", (standard_deck(0), None)).asking("c") == ("draw a card for c (52 in the deck: the 52 cards): "
                                                                  "name it, e.g. QH")


def test_a_card_is_named_by_its_letters_or_its_suits_sign_and_a_joker_as_joker() -> None:
    """A card drawn at the table: ``QH`` or ``Q♥``, ``10♠``; ``joker`` is a joker still in the deck, whichever;
    a card drawn already, or a joker from a deck with none left, is refused with what the deck holds."""
    deck = Node("draw", (standard_deck(2), None))
    assert deck.faces_from(["Q♥"], "c") == deck.faces_from(["qh"], "c") == (Card(12, "H"),)
    assert deck.faces_from(["10♠"], "c") == (Card(10, "S"),)
    no_first_joker = Node("draw", (tuple(c for c in standard_deck(2) if str(c) != "Joker1"), None))
    assert no_first_joker.faces_from(["joker"], "c") == (Card(0, "2"),)
    with pytest.raises(ThrownDiceError, match="Joker1 is not in the deck"):
        no_first_joker.faces_from(["Joker1"], "c")
    with pytest.raises(ThrownDiceError, match="there is no joker left in the deck"):
        Node("draw", (standard_deck(0), None)).faces_from(["joker"], "c")


@pytest.mark.rule("002", "Initiative Deck")
def test_the_initiative_card_drawn_at_the_table() -> None:
    """Seed 002 "Initiative Deck": red one side, odd a Move card, J Q K a face card; with AS, 2H and KD drawn and
    two jokers, 51 cards are left, of which the face cards J Q K of hearts and diamonds but KD are red: 5/51."""
    params = {"jokers": 2, "drawn": "AS,2H,KD"}
    ruling = api.roll("company-fire/initiative-card", params, dice=["Q♥"])
    assert ruling.at_table and ruling.result == "red: face card (move and/or fire)"
    assert ruling.dice[0].faces == ("QH",)
    assert api.odds("company-fire/initiative-card", params)[ruling.result] == Fraction(5, 51)
    assert api.roll("company-fire/initiative-card", params, dice=["joker"]).dice[0].faces == ("Joker1",)
    with pytest.raises(ThrownDiceError, match=r"KD is not in the deck \(it has been drawn already\)"):
        api.roll("company-fire/initiative-card", params, dice=["KD"])
    with pytest.raises(ThrownDiceError, match="'ZZ' is not a card"):
        api.roll("company-fire/initiative-card", params, dice=["ZZ"])


@pytest.mark.rule("003", "MINES")
def test_an_at_mine_check_with_the_two_percentile_dice_thrown_at_the_table() -> None:
    """Seed 003 "MINES": density 60% first (TM-20): 45 meets a mine; the effect roll 22 for a 30 t AFV, -05% over
    20 tons added to the roll (TM-21), reads 27: I 21-85, immobilised. The odds of it: the density met 60/100 times
    an effect roll of 16 to 80 (21-85 less 5) 65/100 = 39/100. A roll of 61 meets no mine and ends the check."""
    params = {"target": "afv", "tons": 30, "density": 60}
    ruling = api.roll("terrain-mines/at-mine", params, dice=["45", "22"])
    assert ruling.result == "I: immobilised" and [d.faces for d in ruling.dice] == [(4, 5), (2, 2)]
    assert api.odds("terrain-mines/at-mine", params)[ruling.result] == Fraction(39, 100)
    assert api.roll("terrain-mines/at-mine", params, dice=["61"]).result == "no mine met"
    hundred = api.roll("terrain-mines/at-mine", params, dice=["00"])  # 00 is 100: over 60, no mine met
    assert hundred.dice[0].value == 100 and hundred.result == "no mine met"
    with pytest.raises(ThrownDiceError, match=r"0 is not a percentile roll \(1 to 100, 00 is 100\)"):
        api.roll("terrain-mines/at-mine", params, dice=["0", "22"])
    with pytest.raises(ThrownDiceError, match="too many dice: the procedure threw 1 face in all; left over: 22"):
        api.roll("terrain-mines/at-mine", params, dice=["61", "22"])


@pytest.mark.rule("002", "Game Clock (optional)")
def test_a_process_thrown_at_the_table_asks_for_each_turn_by_its_name() -> None:
    """Seed 002 "Game Clock": 1d6 added each turn, a short game ends at 21 or more. From 15: 3 (18), 2 (20), 6
    (26): it ends after 3 more turns. Each turn's die is asked for by its turn, only as long as the clock runs."""
    params = {"clock": 15}
    spec = get_procedure("company-fire/game-clock")
    values = spec.bind(params)
    for number, so_far in enumerate(([], ["3"], ["3", "2"]), 1):
        wanted = api.thrown_so_far(spec, values, so_far)
        assert isinstance(wanted, NextThrow)
        assert (wanted.label, wanted.asking, wanted.throws) == (f"turn {number}, clock",
                                                                f"throw 1d6 for turn {number}, clock", number - 1)
    ruling = api.thrown_so_far(spec, values, ["3", "2", "6"])
    assert isinstance(ruling, Ruling) and ruling.at_table and ruling.result == "ends after 3 more turns"
    with pytest.raises(ThrownDiceError, match=r"too few dice: next the procedure must throw 1d6 for turn 3, clock"):
        api.roll("company-fire/game-clock", params, dice=["3", "2"])
    with pytest.raises(ThrownDiceError, match="left over: 1"):
        api.roll("company-fire/game-clock", params, dice=["3", "2", "6", "1"])


@pytest.mark.rule("002", "Artillery")
def test_the_artillery_mission_asks_for_the_he_dice_only_when_it_arrives() -> None:
    """Seed 002 "Artillery": 1d6 for the arrival, a 1 denies the mission; arrived, 4d6 HE on a unit in the open,
    hits on 5 or 6. A face given toward a pool is checked at once and the pool asked for with it."""
    spec = get_procedure("company-fire/artillery")
    values = spec.bind({})
    first = api.thrown_so_far(spec, values, [])
    assert isinstance(first, NextThrow) and first.asking == "throw 1d6 for arrival"
    assert "1d6, on 1 it is denied" in first.steps[-1]
    denied = api.thrown_so_far(spec, values, ["1"])
    assert isinstance(denied, Ruling) and denied.result == "denied"
    he = api.thrown_so_far(spec, values, ["3", "5"])
    assert isinstance(he, NextThrow) and he.asking == "throw 4d6 for HE, hits on 5 or 6" and he.given == ("5",)
    assert he.node.dice_sides == (6, 6, 6, 6) and "arrival: 1d6 rolled 3" in he.steps
    with pytest.raises(ThrownDiceError, match=r"throw 4d6 for HE, hits on 5 or 6: 9 is not a face of a d6"):
        api.thrown_so_far(spec, values, ["3", "5", "9"])
    done = api.thrown_so_far(spec, values, ["3", "5", "6", "1", "2"])
    assert isinstance(done, Ruling) and done.result == "suppressed" and done.dice[1].value == 2


def test_warroom_roll_refuses_each_kind_of_bad_dice_in_one_line(capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    cases = [(("rally", "status=suppressed", "--dice", "7"), "7 is not a face of a d6 (1 to 6)"),
             (("rally", "status=suppressed", "--dice", "six"), "'six' is not a number"),
             (("rally", "status=suppressed", "--dice", "3,4"), "too many dice"),
             (("initiative-card", "drawn=KD", "--dice", "KD"), "KD is not in the deck (it has been drawn already)"),
             (("initiative-card", "--dice", "joker"), "there is no joker left in the deck"),
             (("at-mine", "target=afv", "tons=30", "--dice", "101"), "101 is not a percentile roll"),
             (("hit-result", "hits=2", "--dice", "3"), "this procedure throws no dice with these parameters"),
             (("rally", "status=suppressed", "--dice", "3", "--seed", "1"), "give the dice or a seed, not both")]
    for args, said in cases:
        code, out, err = run(capsys, monkeypatch, "roll", *args)
        assert code == 2 and said in one_error(err) and out == "", args


@pytest.mark.rule("002", "Game Clock (optional)")
def test_the_umpires_desk_rolls_and_advances_with_the_dice_thrown_at_the_table() -> None:
    """At the desk, ``roll ... --dice`` and ``advance NAME --dice``: seed 002's game clock at 3 plus a thrown 4 is
    7, carried into the tracker; a face off the die is one error and changes nothing (no turn, the same clock, the
    desk's own dice untouched)."""
    desk = Desk(seed=1)
    rolled = desk.execute("roll rally status=suppressed --dice 5")
    assert rolled.data["ok"] and rolled.data["ruling"]["dice_thrown"] == "at the table"
    assert rolled.data["ruling"]["dice"][0]["faces"] == [5]
    assert desk.execute("track c company-fire/clock-roll clock=3").data["ok"]
    state = desk.rng.bit_generator.state
    refused = desk.execute("advance c --dice 9")
    assert not refused.data["ok"] and refused.data["error"] == "throw 1d6 for game clock: 9 is not a face of a d6 " \
                                                               "(1 to 6)"
    tracker = desk.trackers["c"]
    assert (tracker.turns, tracker.values["clock"], tracker.history) == (0, 3, [])
    assert desk.rng.bit_generator.state == state
    advanced = desk.execute("advance c --dice 4")
    assert advanced.data["ok"] and (tracker.turns, tracker.values["clock"]) == (1, 7)
    assert desk.rng.bit_generator.state == state  # the dice thrown at the table, not the desk's
    for line, said in [("odds rally --dice 3", "--dice goes with roll PROCEDURE"),
                       ("advance c --dice", "--dice needs the faces thrown at the table"),
                       ("roll rally --dice 3 --dice 4", "--dice is given twice"),
                       ("roll hit-result hits=2 --dice 3", "throws no dice")]:
        answer = desk.execute(line)
        assert not answer.data["ok"] and said in answer.data["error"], line
