"""Actions and odds that say what they will do (seed 002, readings CF-147 ... CF-149; seed 004 for Brigade's order).

A fire left with no dice is listed as one that cannot hit (CF-147), in the kit's note, the terminal's list and the
web page's; a ruling whose result a retreat may still lessen says so in its result line (CF-149); a move's odds give
the op fire each enemy unit the mover's side knows may take at it, and no hidden unit changes them (CF-148); the odds
read in the results' own order, as percentages; the umpire's desk is quiet until touched and names its fields in
the seed's words. Every number is worked out by hand in the comments.
"""

from __future__ import annotations

import io
import random
from collections.abc import Hashable, Iterator
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from test_company_fire_play_rules import CROSSROADS, of, on, opening, setup
from test_web_pages import artifacts, browser, server  # the browser and the real server, shared
from warroom.core.chance import Card
from warroom.core.game import load_game
from warroom.core.kit import kit_of
from warroom.core.params import Param
from warroom.core.ruling import RuleRef, Ruling
from warroom.play.session import Session
from warroom.present.odds import action_odds_lines
from warroom.rulesets.company_fire.game import INDIVIDUAL, Action, CFState
from warroom.terminal.screen import Screen
from warroom.web.views import side_view

__all__ = ["artifacts", "browser", "server"]  # fixtures, used by name

RULE = pytest.mark.rule
NOTE = "cannot hit: no dice after reductions (CF-147)"


def _played(seed: int, steps: int) -> tuple[Any, CFState, list[Hashable]]:
    """Crossroads Patrol after ``steps`` actions of the seeded random player (``random.Random(seed)``)."""
    game = load_game("company-fire", "crossroads_patrol")
    s: Any = game.initial_state(seed)
    rng = random.Random(seed)
    taken = []
    for _ in range(steps):
        a = rng.choice(s.legal_actions())
        taken.append(a)
        s = s.apply(a)
    return game, s, taken


# --- CF-147: a fire that cannot hit -----------------------------------------------------------------------------


@RULE("002", "Recon by Fire")
def test_a_fire_left_with_no_dice_is_marked_cannot_hit() -> None:
    """Crossroads Patrol, seed 1, on the attacker's opening Move card: sq1 at 1,7 may fire at the blind at 1,1, six
    spaces away in cover. A rifle squad's 3d6, less 1 die for the target space's cover, 1 for firing on a Move card
    (CF-4) and 1 for recon by fire: 3 - 3 = 0 dice (CF-6): it cannot hit, and reveals nothing ("any result other
    than a miss reveals"): the action stays (the unit's fire for the card) and is marked (CF-147)."""
    game, s, _ = _played(1, 1)
    fire = Action("fire", "sq1", (1, 1))
    assert fire in s.legal_actions()
    assert s.odds(fire) == {"blind at 1,1": {"good order": F(1), "pinned": F(0), "suppressed": F(0),
                                             "destroyed": F(0)}}
    kit = kit_of(game)
    assert kit.action_note(game, s, fire) == NOTE
    noted = [a for a in s.legal_actions() if kit.action_note(game, s, a)]
    assert noted and all(a.kind in ("fire", "group_fire") for a in noted)
    # a move or the end of the segment has no note
    assert all(kit.action_note(game, s, a) == "" for a in s.legal_actions() if a.kind in ("move", "end"))
    after = s.apply(fire)  # taken, it throws no die and leaves the blind as it was
    assert "no dice left after reductions: the attack cannot hit (CF-6)" in "\n".join(after.narration("attacker"))
    assert after.blind_spaces("defender") == s.blind_spaces("defender")


@RULE("002", "Recon by Fire")
def test_the_terminal_and_the_web_page_list_the_mark() -> None:
    game, s, taken = _played(1, 1)
    view = side_view(game, s, "attacker", ())
    faces = {a["text"]: a for a in view["actions"]}
    assert faces["sq1 fires at 1,1"]["note"] == NOTE
    assert all(a["note"] == "" for a in view["actions"] if "moves" in a["text"])
    session = Session(game, CROSSROADS, 1, {"attacker": None, "defender": None})
    for a in taken:
        session.take(a)
    out = io.StringIO()
    Screen(session, Console(file=out, width=160, color_system=None)).show_actions("attacker")
    line = next(x for x in out.getvalue().splitlines() if "sq1 fires at 1,1" in x)
    assert line.rstrip().endswith(f"sq1 fires at 1,1  ({NOTE})")


# --- CF-149: the result line after a choice -----------------------------------------------------------------------


@RULE("002", "Unit Status, Hit Results and Rallying")
def test_a_result_a_retreat_may_lessen_says_so_and_the_choice_settles_it() -> None:
    """Crossroads Patrol, seed 2, action 23: the MG fires at sq2 at 3,6 and rolls 6, 2, 6: 2 hits, suppressed
    (seed "Hit Result": "hit twice ... suppressed"). sq2 may retreat a space to take one hit fewer (Hit Reduction),
    1 hit, pinned: the result line says both (CF-149); retreating, sq2 is pinned, as the line said."""
    _, s, _ = _played(2, 23)
    text = "\n".join(s.narration(None))
    assert "fire: 3d6 hitting on 5+ rolled 6, 2, 6 \u2192 2 hits" in text
    assert "  Result: SUPPRESSED unless it retreats (retreating: PINNED)" in text.splitlines()
    retreats = [a for a in s.legal_actions() if a.kind == "retreat"]
    assert retreats and Action("take_hits", "sq2") in s.legal_actions()
    assert of(s.apply(retreats[0]), "sq2").status == "pinned"
    assert of(s.apply(Action("take_hits", "sq2")), "sq2").status == "suppressed"


def test_a_ruling_says_the_open_choice_after_its_result_and_in_json() -> None:
    ruling = Ruling("company-fire/individual-fire", "Individual unit fire", RuleRef("002", ("Individual Unit Fire",)),
                    {}, (), (), (), "3 hits \u2192 destroyed", "destroyed",
                    unless="unless it retreats (retreating: SUPPRESSED)")
    assert str(ruling).splitlines()[-1] == "  Result: DESTROYED unless it retreats (retreating: SUPPRESSED)"
    assert ruling.to_dict()["unless"] == "unless it retreats (retreating: SUPPRESSED)"
    final = Ruling("company-fire/hit-result", "Hit result", RuleRef("002", ("Hit Result",)), {}, (), (), (), "",
                   "pinned")
    assert str(final).splitlines()[-1] == "  Result: PINNED" and "unless" not in final.to_dict()


# --- CF-148: a move's odds and the op fire it may draw ------------------------------------------------------------


def _move_position(**orchard: object) -> CFState:
    """Crossroads Patrol with the grenadiers at 2,2, the orchard squad as given, the MG suppressed (it may not op
    fire), on the attacker's Move card 5H; sq2 at 3,7 with its platoon leader."""
    base = setup(opening(CROSSROADS), gren={"at": (2, 2)}, orchard=orchard, MG={"status": "suppressed"})
    return on(base, Card(5, "H"), INDIVIDUAL)


# A rifle squad's op fire at a unit in the open: 3d6 hitting on 5+ (CF-1), each die 1/3. P(0 hits) = (2/3)^3 = 8/27
# good order; P(1) = 3 * 1/3 * 4/9 = 12/27 = 4/9 pinned; P(2) = 3 * 1/9 * 2/3 = 6/27 = 2/9 suppressed; P(3) = 1/27
# destroyed (seed "Hit Result").
RIFLE_OP_FIRE = {"good order": F(8, 27), "pinned": F(4, 9), "suppressed": F(2, 9), "destroyed": F(1, 27)}


@RULE("002", "Opportunity Fire")
def test_a_move_s_odds_give_the_op_fire_of_a_known_enemy() -> None:
    """sq2 moves 3,7 -> 3,6 -> 3,5. The grenadiers at 2,2 see both spaces, 5 and 4 spaces away, in a rifle's 6: each
    space entered gives a line of its op fire. The Movement Test (two spaces ending in enemy LOS; open ground 5+, +1
    the platoon leader, -1 a destination an enemy able to op fire sees: 5+, 2/6 = 1/3) says that failing, sq2 stays
    put (seed "Movement": "otherwise the unit stays put")."""
    s = _move_position(hidden=True)  # the orchard squad under its blind at 6,1
    odds = s.odds(Action("move", "sq2", (3, 5)))
    assert odds == {"sq2: Movement Test (failing, it stays put)": {"passes": F(1, 3), "fails": F(2, 3)},
                    "if gren (2,2) takes opportunity fire at sq2 in 3,6": RIFLE_OP_FIRE,
                    "if gren (2,2) takes opportunity fire at sq2 in 3,5": RIFLE_OP_FIRE}
    assert sum(RIFLE_OP_FIRE.values()) == 1
    lines = action_odds_lines(odds)
    assert lines[1] == ("odds, if gren (2,2) takes opportunity fire at sq2 in 3,6: good order 29.630%, pinned "
                        "44.444%, suppressed 22.222%, destroyed 3.704%")


@RULE("002", "Opportunity Fire")
def test_a_hidden_enemy_changes_no_odds_of_a_move() -> None:
    """Two positions that differ only in the orchard squad under its blind at 6,1, good order in one and
    suppressed (unable to op fire) in the other: the attacker sees the same, and every move's odds are the same
    (fog of war). Revealed, the same squad at 5,2 adds its lines."""
    able = _move_position(hidden=True)
    unable = _move_position(hidden=True, status="suppressed")
    assert able.observation("attacker") == unable.observation("attacker")
    moves = [a for a in able.legal_actions() if a.kind == "move"]
    assert moves == [a for a in unable.legal_actions() if a.kind == "move"]
    for a in moves:
        assert able.odds(a) == unable.odds(a), a
    shown = _move_position(hidden=False, at=(5, 2))
    odds = shown.odds(Action("move", "sq2", (3, 5)))
    assert odds["if orchard (5,2) takes opportunity fire at sq2 in 3,5"] == RIFLE_OP_FIRE


# --- the odds in the results' own order (F2.12, F2.13) -----------------------------------------------------------


@RULE("004", "FIRING")
def test_figures_lost_read_from_none_up_with_a_running_line() -> None:
    """Brigade's figures lost as its odds give them (0, 1, 2, 3, 4, removed: BR-200), shown in that order, as
    percentages, with "2 or more"; here 5 dice each killing on 1/3: P(0) = 32/243, P(1) = 80/243, P(2) = 80/243,
    P(3) = 40/243, P(4) = 10/243 and 1/243 removed; 2 or more: 131/243 = 53.909%. A certain outcome reads
    "certainly 0", not "0 1 (100%)"."""
    dist = {"0": F(32, 243), "1": F(80, 243), "2": F(80, 243), "3": F(40, 243), "4": F(10, 243),
            "removed": F(1, 243)}
    assert sum(dist.values()) == 1
    (line,) = action_odds_lines({"GB-A: figures lost": dist})
    assert line == ("odds, GB-A: figures lost: 0 13.169%, 1 32.922%, 2 32.922%, 3 16.461%, 4 4.115%, "
                    "removed 0.412%; 2 or more 53.909%")
    assert action_odds_lines({"GB-A: figures lost": {"0": F(1), "1": F(0)}}) == [
        "odds, GB-A: figures lost: certainly 0"]


@RULE("004", "FIRING")
def test_brigade_figures_lost_come_in_their_own_order() -> None:
    """A Brigade play-out's first fires: each "figures lost" outcome lists 0, 1, 2 ... then removed."""
    game = load_game("brigade", "ponyri")
    s: Any = game.initial_state(3)
    rng = random.Random(3)
    seen = 0
    for _ in range(400):
        if s.is_terminal() or seen >= 3:
            break
        for a in s.legal_actions():
            if game.facts_of(a).kind != "fire":
                continue
            for label, dist in s.odds(a).items():
                if "figures lost" in label:
                    keys = list(dist)
                    counts = [int(k) for k in keys if k != "removed"]
                    assert counts == sorted(counts) and keys[: len(counts)] == [str(k) for k in counts], keys
                    seen += 1
        s = s.apply(rng.choice(s.legal_actions()))
    assert seen, "no Brigade fire in 400 actions"


# --- the umpire's desk: quiet until touched, fields in the seed's words --------------------------------------------


def test_a_parameter_is_named_in_its_help_s_words() -> None:
    assert Param("enemy_los", "bool", "a good-order enemy unit has LOS to the unit", True).title() == \
        "A good-order enemy unit has LOS to the unit"
    assert Param("unit", "choice", "the kind of unit (TM-3: tracked = other fully tracked AFV)",
                 choices=("a",)).title() == "The kind of unit"
    assert Param("x", "int", "anything", 1, label="the seed's words").title() == "The seed's words"


PHONE = {"width": 390, "height": 844}


@pytest.fixture
def desk(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(server + "/desk")
    pg.wait_for_selector("body[data-ready=true]")
    yield pg
    context.close()
    assert not errors, errors


def test_the_desk_form_is_quiet_until_touched(desk: Any, artifacts: Path) -> None:
    """Rally (seed 002 "Rally") needs the unit's status, which has no default: opened, the form shows no error,
    only a neutral hint of what it needs; its fields are named in the seed's words, not by parameter names."""
    desk.fill("#q", "rally")
    desk.wait_for_selector('#list button.proc[data-id="company-fire/rally"]')
    desk.click('#list button.proc[data-id="company-fire/rally"]')
    desk.wait_for_selector("#form-hint:not(:empty)")
    desk.wait_for_timeout(500)  # the odds are asked for after a pause: nothing red comes after it either
    assert desk.inner_text("#form-error") == ""
    assert desk.inner_text("#form-hint").startswith("To see the odds, choose the unit's status (one of pinned, "
                                                    "suppressed)")
    names = desk.eval_on_selector_all("#form label[for], #form legend", "xs => xs.map(x => x.textContent)")
    assert "A good-order enemy unit has LOS to the unit" in names and "The unit's status" in names
    assert "enemy los" not in names and "status" not in names
    desk.locator("#proc").screenshot(path=str(artifacts / "desk-quiet-until-touched.png"))
    desk.click('label[for="p-status-0"]')  # pinned
    desk.wait_for_selector("#odds .chart")
    assert desk.inner_text("#form-hint") == "" and desk.inner_text("#form-error") == ""
