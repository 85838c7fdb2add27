"""The score explained: the live score a side may know (the kit's ``score``), the end-of-game breakdown and its
decisive moments with their odds, and the marks of the enemy's last actions (``warroom.play.marks``), in the web
API, the terminal and the game page.

Company Fire's victory conditions are readings CF-54 ... CF-56 of seed 002 ("Scale", "Tracking Turns"); the
Brigade game's, seed 004 "Winning and Losing" and BR-130. Every number below is worked by hand from them and the
scenario the position is built on (crossroads_patrol: the houses at the crossroads 3,2 worth 3 points and the barn
3,3 worth 1, both the defender's at the start; 1 point a squad, team or gun and 1 a leader destroyed; each side
concedes at 2 of its 3 squads, teams and guns destroyed; six turns; ties go to the defender).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from brigade_tables import make, to_orders, unit
from warroom.core.game import find_scenario, load_game
from warroom.core.kit import Score, kit_of, plural
from warroom.play import summary
from warroom.play.marks import cell_glyphs, legend_line, marks_of
from warroom.rulesets.brigade.game import BrigadeState
from warroom.rulesets.company_fire.game import Action, CFState
from warroom.tools.fog import twins
from warroom.web.app import create_app

RULE = pytest.mark.rule


def crossroads(seed: int = 1) -> CFState:
    return load_game(*find_scenario("crossroads_patrol")).initial_state(seed)  # type: ignore[return-value]


def changed(s: CFState, **units: dict[str, Any]) -> CFState:
    out = list(s.units)
    for uid, fields in units.items():
        i = s.game.index[uid]
        out[i] = out[i]._replace(**fields)
    return s.replace(units=tuple(out), decisions=())


def items(score: Score, source: str) -> dict[str, tuple[str | None, int, str]]:
    return {i.what: (i.side, i.points, i.why) for i in score.items if i.source == source}


# --- Company Fire: the live score -------------------------------------------------------------------------------


@RULE("002", "Scale")
@RULE("002", "Tracking Turns")
def test_company_fire_score_of_a_leader_in_the_barn_and_a_unit_lost_each() -> None:
    """CF-54: the lieutenant alone in the barn does not take it (a leader is a single mounted figure); CF-55: the
    defender scores both objectives (3 + 1) and the attacker's sq3 (1): 5; the attacker scores the MG: 1. CF-56:
    each side has lost 1 of its 3 squads, teams and guns and concedes at 2: one more."""
    s = changed(crossroads(), Lt={"at": (3, 3)}, MG={"at": None, "status": "destroyed"},
                sq3={"at": None, "status": "destroyed"})
    game = s.game
    score = kit_of(game).score(game, s.observation("attacker"))
    assert dict(score.points) == {"attacker": 1, "defender": 5} == s.result()["points"]  # type: ignore[typeddict-item]
    objectives = items(score, "objective")
    side, points, why = objectives["the barn (3,3)"]
    assert (side, points) == ("defender", 1)
    assert "the attacker's Lt is in it, but a leader does not hold an objective: a squad, team or gun does" in why
    assert objectives["the houses at the crossroads (3,2)"][:2] == ("defender", 3)
    assert "its gren is in it" in objectives["the houses at the crossroads (3,2)"][2]
    assert {w: (sd, p) for w, (sd, p, _) in items(score, "destroyed").items()} == {
        "the defender's MG (MMG)": ("attacker", 1), "the attacker's sq3 (rifle squad)": ("defender", 1)}
    assert score.standing[0] == ("the attacker: 1 of its 3 squads, teams and guns destroyed; it concedes at 2 "
                                 "(CF-56): 1 more destroyed and it concedes")
    assert score.standing[1].startswith("the defender: 1 of its 3 squads, teams and guns destroyed")
    assert score.time == "turn 1 of 6: 5 more turns after this one"
    assert score.status() == "Points: attacker 1, defender 5; turn 1 of 6: 5 more turns after this one"
    lines = score.lines()
    assert "    the barn (3,3), 1 point: held by defender — the attacker's Lt is in it, but a leader does not hold " \
           "an objective: a squad, team or gun does (CF-54)" in lines
    assert "  enemy squads, teams and guns destroyed:" in lines


@RULE("002", "Scale")
def test_company_fire_score_of_a_squad_that_took_the_barn_and_a_leader_lost() -> None:
    """CF-54: the attacker's sq2 took the barn (held: the attacker's); CF-55: a leader eliminated scores 1. The
    attacker: the barn 1 + Uffz 1 = 2; the defender: the houses 3."""
    s = changed(crossroads(), sq2={"at": (3, 3)}, Uffz={"at": None, "status": "destroyed"})
    s = s.replace(held=("defender", "attacker"))
    score = kit_of(s.game).score(s.game, s.observation("defender"))
    assert dict(score.points) == {"attacker": 2, "defender": 3} == s.result()["points"]  # type: ignore[typeddict-item]
    assert items(score, "objective")["the barn (3,3)"][:2] == ("attacker", 1)
    assert "its sq2 is in it" in items(score, "objective")["the barn (3,3)"][2]
    assert items(score, "leader") == {"the defender's Uffz (platoon leader)": (
        "attacker", 1, "eliminated; the attacker scores it (CF-55)")}
    assert score.standing[1].endswith("2 more destroyed and it concedes")  # a leader is no squad, team or gun


@RULE("002", "Scale")
def test_company_fire_score_is_blind_to_what_lies_under_a_blind() -> None:
    """Fog of war: the attacker's score of a position and of its twin (the orchard blind a dummy, not a squad;
    the tools' twins of positions along a played game) are the same; the defender's may differ."""
    s = crossroads()
    dummy = changed(s, orchard={"at": None, "status": "removed"}).replace(dummies=(*s.dummies, ("defender", (6, 1))))
    kit = kit_of(s.game)
    assert kit.score(s.game, s.observation("attacker")) == kit.score(s.game, dummy.observation("attacker"))
    assert s.observation("defender") != dummy.observation("defender")
    rng = random.Random(5)
    state, compared = s, 0
    for _ in range(60):
        state = state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            break
        for side in s.game.sides:
            for twin in twins("company-fire", state, side, rng)[:2]:
                assert kit.score(s.game, state.observation(side)) == kit.score(s.game, twin.state.observation(side))
                compared += 1
    assert compared >= 10


# --- Brigade: the live score -----------------------------------------------------------------------------------


OBJECTIVES = """
[[objectives]]
name = "the crossroads"
at = [24, 24]
points = 2

[[objectives]]
name = "the mill"
at = [10, 40]
points = 1
radius = 4
"""


WOODS = ('[[table.features]]\nname = "Bois"\nkind = "light_woods"\n'
         'points = [[30, 38], [48, 38], [48, 48], [30, 48]]\n')


def brigade_table(tmp_path: Path) -> tuple[Any, BrigadeState]:
    """British rifle companies at the crossroads and the mill, a British FOO at 24,27; a German grenadier company
    3" from the mill, another far off in the woods (unseen: 4" is the sight limit into light woods)."""
    game = make(tmp_path, unit("GB-A", "british", "gb_rifle_company", 24, 22),
                unit("GB-B", "british", "gb_rifle_company", 10, 38),
                unit("GB-C", "british", "gb_rifle_company", 40, 5),
                unit("GB-FOO", "british", "gb_foo", 24, 27),
                unit("DE-1", "german", "ge_grenadier_company", 12, 42),
                unit("DE-2", "german", "ge_grenadier_company", 40, 45),
                extra=OBJECTIVES, periods=4, features=WOODS)
    return game, to_orders(game.initial_state(1))


@RULE("004", "Winning and Losing")
def test_brigade_score_of_objectives_held_shared_and_companies_lost(tmp_path: Path) -> None:
    """BR-130: GB-A's centre (24,22) is 2" from the crossroads (within 3"), no German within: the British hold it,
    2 points. The mill (radius 4"): GB-B's centre 2" off and DE-1's (12,42) 2.8" off: both sides there, nobody
    holds it. BR-104: 3 British companies (the FOO is none), lost at 3 // 2 + 1 = 2; 2 German, lost at 2."""
    g, s = brigade_table(tmp_path)
    s = replace_unit(s, "GB-C", status="removed")
    score = kit_of(g).score(g, s.observation("british"))
    objectives = items(score, "objective")
    assert objectives["the crossroads (24,24)"][:2] == ("british", 2)
    assert "GB-A within 3\" and no german unit" in objectives["the crossroads (24,24)"][2]
    assert objectives["the mill (10,40)"][:2] == (None, 1)
    assert "both sides are within 4\"" in objectives["the mill (10,40)"][2]
    assert dict(score.points) == {"british": 2, "german": 0}
    assert s.result()["objective_points"] == {"british": 2, "german": 0}  # type: ignore[typeddict-item]
    assert score.standing[0] == "british: 1 of its 3 companies lost; it loses at 2 (half, 50%+1; Winning and " \
                                "Losing): 1 more"
    assert score.standing[1].startswith("german: 0 of its 2 companies lost; it loses at 2")
    assert score.time == "period 1 of 4: 3 more periods after this one"
    assert "an enemy unit it has not detected may stand within an objective's radius" in score.note


@RULE("004", "Winning and Losing")
def test_brigade_an_observer_holds_no_ground_and_an_unseen_enemy_is_not_counted(tmp_path: Path) -> None:
    """BR-130, BR-170: the FOO alone within 3" of the crossroads does not hold it. Fog: the British score is the
    same whether or not a German company they have not detected stands in the mill's radius."""
    g, s = brigade_table(tmp_path)
    s = replace_unit(s, "GB-A", figs=tuple((x + 20, y) for x, y in unit_of(s, "GB-A").figs))
    score = kit_of(g).score(g, s.observation("british"))
    side, points, why = items(score, "objective")["the crossroads (24,24)"]
    assert (side, points) == (None, 2)
    assert why == 'GB-FOO is within 3", but observers, transports and troops riding hold no ground (BR-130, BR-170)'
    found = twins("brigade", s, "british", random.Random(1))
    assert found, "DE-2 in the woods is unseen: it has twins"
    for twin in found:
        assert kit_of(g).score(g, twin.state.observation("british")) == score


def unit_of(s: BrigadeState, uid: str) -> Any:
    return s.units[s.ctx.index[uid]]


def replace_unit(s: BrigadeState, uid: str, **changes: Any) -> BrigadeState:
    i = s.ctx.index[uid]
    units = list(s.units)
    units[i] = replace(units[i], **changes)
    return BrigadeState(s.ctx, s.move, s.phase, s.stage, s.selected, s.pending, tuple(units), dict(s.pairs),
                        s.missions, s.revealed, s.rng, s.log, s.result_data)


# --- the end: the score broken down, the decisive moments with their odds ----------------------------------------


def mg_fire_at_sq2() -> tuple[CFState, Action]:
    """The defender's MG (4,2) on a Fire card with sq2 and the lieutenant at 3,7 in its sight, 6 spaces off."""
    from warroom.core.chance import Card
    from warroom.rulesets.company_fire.game import INDIVIDUAL

    s = crossroads()
    s = s.replace(init=s.init._replace(card=Card(4, "H"), segment=INDIVIDUAL, phasing="defender"), decisions=())
    fire = next(a for a in s.legal_actions() if str(a) == "MG fires at 3,7")
    return s, fire  # type: ignore[return-value]


def sq2_destroyed() -> tuple[list[Any], list[str], list[Any]]:
    """The MG's fire throws 6, 5, 5 (the position's generator set so): 3 hits, sq2 destroyed unless its leader is
    sacrificed; the attacker sacrifices no one."""
    s, fire = mg_fire_at_sq2()
    s = s.replace(rng=s.game.initial_state(271).rng)
    hit = s.apply(fire)
    none = next(a for a in hit.legal_actions() if str(a).startswith("no leader is sacrificed"))
    lost = hit.apply(none)
    assert lost.units[s.game.index["sq2"]].status == "destroyed"
    return [s, hit, lost], ["defender", "attacker"], [fire, none]


@RULE("002", "Individual Unit Fire")
@RULE("002", "Unit Status, Hit Results and Rallying")
def test_a_decisive_moment_names_the_roll_and_its_odds() -> None:
    """An MMG rolls 3d6 hitting on 5+ (seed "Individual Unit Fire"): 3 hits, destroying a good-order squad
    (seed "Unit Status, Hit Results and Rallying"), come (1/3)^3 = 1/27 of the time; 0 hits (2/3)^3 = 8/27, 1 hit
    3 (1/3)(2/3)^2 = 4/9, 2 hits 3 (1/3)^2 (2/3) = 2/9. The moment is the attacker's choice (action 2) after
    which sq2 is destroyed; the roll that cost it is the MG's fire (action 1), at 1 in 27."""
    states, bys, actions = sq2_destroyed()
    s, fire = states[0], actions[0]
    assert s.odds(fire)["sq2"] == {"good order": Fraction(8, 27), "pinned": Fraction(4, 9),
                                   "suppressed": Fraction(2, 9), "destroyed": Fraction(1, 27)}
    (moment,) = summary.moments(s.game, states, bys, actions)
    # the lieutenant, left alone in the space of the squad destroyed, is lost with it (seed "Single Mounted
    # Figures (SMFs)"): the roll was for sq2, none for the lieutenant
    assert moment.number == 2 and moment.losses == (("attacker", "Lt", "destroyed"), ("attacker", "sq2", "destroyed"))
    assert moment.rolls[0] is None
    assert moment.rolls[1] is not None and moment.rolls[1].chance == Fraction(1, 27) == moment.chance
    assert moment.text() == ("action 2: the attacker's Lt was destroyed (no roll of its own: lost with the others of "
                             "this moment); the attacker's sq2 was destroyed by \"MG fires at 3,7\" (action 1, the "
                             "defender): a 1-in-27 result (3.7%)")
    assert "sacrificed" not in moment.text()
    lines = summary.summary_lines(s.game, states, bys, actions)
    assert "The score:" in lines and "Decisive moments:" in lines
    assert "    the attacker's sq2 (rifle squad), 1 point: to defender — destroyed; the defender scores it (CF-55)" \
        in lines
    assert "2 actions were taken." in lines


def test_chances_read_as_a_player_says_them() -> None:
    assert summary.chance_words(Fraction(1, 12)) == "a 1-in-12 result (8.3%)"
    assert summary.chance_words(Fraction(5, 36)) == "a 5-in-36 result (13.9%)"
    assert summary.chance_words(Fraction(7, 8957952)) == "about a 1-in-1279707 result (0.0%)"
    assert plural(1, "point") == "1 point" and plural(0, "point") == "0 points"
    assert plural(2, "company", "companies") == "2 companies"
    result = {"winner": "defender", "reason": "6 turns have been played", "points": {"attacker": 1, "defender": 4}}
    assert summary.result_text(result) == ("Result: the defender wins (attacker 1 point, defender 4 points). 6 turns "
                                           "have been played.")  # type: ignore[arg-type]


@RULE("002", "Scale")
def test_a_whole_game_ends_with_its_score_broken_down() -> None:
    """A game played to its end (random choices, seed 3): the summary gives the score as the rules count it (the
    points of the result), objective by objective, and every "point" agrees in number."""
    s = crossroads(3)
    rng = random.Random(3)
    states, bys, actions = [s], [], []
    while not states[-1].is_terminal():
        a = rng.choice(states[-1].legal_actions())
        bys.append(states[-1].to_act)
        actions.append(a)
        states.append(states[-1].apply(a))
    lines = summary.summary_lines(s.game, states, bys, actions)
    text = "\n".join(lines)
    assert not re.search(r"\b1 points\b", text) and not re.search(r"\b(0|[2-9]) point\b", text)
    points = states[-1].result()["points"]  # type: ignore[typeddict-item]
    kit = kit_of(s.game)
    final = kit.score(s.game, kit.umpire_observation(s.game, states[-1]))
    assert dict(final.points) == points
    assert lines[1] == "The score:" and any("the houses at the crossroads (3,2), 3 points: held by" in x for x in lines)


# --- the marks of the enemy's last actions ------------------------------------------------------------------------


def test_marks_of_a_fire_that_destroyed_a_squad() -> None:
    """The attacker saw the MG at 4,2 fire at 3,7, where sq2 and the lieutenant stood, and sq2 fall there: a line
    from 4,2 to 3,7 and a cross at 3,7; its own choice after (no sacrifice) clears nothing yet, since the marks
    are of the actions since its last one."""
    states, bys, actions = sq2_destroyed()
    game = states[0].game
    marks = marks_of(game, states[:2], bys[:1], actions[:1], "attacker")
    assert [(m.kind, m.unit, m.frm, m.to) for m in marks] == [("fire", "MG", (4.0, 2.0), (3.0, 7.0))]
    assert marks[0].text == "MG fired at 3,7 (Lt, sq2)"
    after = marks_of(game, states, bys, actions, "attacker")
    assert after == []  # the attacker has acted since: the marks are cleared
    seen_by_defender = marks_of(game, states, bys, actions, "defender", steps=range(1, 2))
    assert [(m.kind, m.unit, m.to) for m in seen_by_defender] == [("fell", "Lt", (3.0, 7.0)),
                                                                   ("fell", "sq2", (3.0, 7.0))]
    glyphs = cell_glyphs([m.to_json() for m in marks_of(game, states, bys, actions, "defender", steps=range(0, 2))])
    assert glyphs == {(3.0, 7.0): "X"}
    assert legend_line([m.to_json() for m in marks]).startswith("The enemy's last actions (X fell, @ fired at")


def test_a_hidden_enemy_is_never_marked(tmp_path: Path) -> None:
    """Fog: the marks of a position's twins (what the side cannot see changed) are the marks of the position; in
    Brigade a German company the British have not detected moves: no mark; one they see moves 2": an arrow."""
    s = crossroads(2)
    rng = random.Random(2)
    states, bys, actions = [s], [], []
    compared = 0
    for _ in range(80):
        st = states[-1]
        if st.is_terminal():
            break
        a = rng.choice(st.legal_actions())
        bys.append(st.to_act)
        actions.append(a)
        states.append(st.apply(a))
        side = "attacker"
        if states[-1].to_act == side:
            real = marks_of(s.game, states, bys, actions, side)
            for twin in twins("company-fire", states[-1], side, rng)[:2]:
                assert marks_of(s.game, [*states[:-1], twin.state], bys, actions, side) == real
                compared += 1
    assert compared >= 3
    g, b = brigade_table(tmp_path)
    known = b.known("british")
    hidden = next(uid for uid in ("DE-2", "DE-1") if b.ctx.index[uid] not in known)
    moved = replace_unit(b, hidden, figs=tuple((x, y - 2) for x, y in unit_of(b, hidden).figs))
    assert marks_of(g, [b, moved], ["german"], [b.legal_actions()[0]], "british") == []
    seen = replace_unit(b, "DE-1", figs=tuple((x + 2, y) for x, y in unit_of(b, "DE-1").figs))
    (mark,) = marks_of(g, [b, seen], ["german"], [b.legal_actions()[0]], "british")
    assert (mark.kind, mark.unit, mark.frm, mark.to) == ("move", "DE-1", (12.0, 42.0), (14.0, 42.0))


# --- the web API and the terminal --------------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


def test_the_api_sends_the_score_and_the_enemy_s_marks(client: TestClient) -> None:
    """A hot-seat game at the MG's fire: the attacker's view holds its score (the kit's, of its observation) and
    the marks of the defender's fire; the defender's view, none (it acted last)."""
    from warroom.ai import Seen
    from warroom.play.session import Step

    made = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                           "side": None, "opponent": "hotseat", "seed": 1}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    games = client.app.state.games  # type: ignore[attr-defined]
    real = games.session(gid)
    s, fire = mg_fire_at_sq2()
    s = real.game.state_from_json(s.to_json())
    fire = real.game.decode(s.game.encode(fire))
    after = s.apply(fire)
    shadow = type(real)(real.game, real.scenario, real.seed, real.players)
    shadow.states = [s, after]
    shadow.steps = [Step("defender", fire, True, ())]
    shadow.seen = {side: [Seen("defender", fire if side == "defender" else None, tuple(after.narration(side)))]
                   for side in real.game.sides}
    games.install(gid, shadow)
    v = client.get(f"/api/games/{gid}", params={"token": token, "side": "attacker"}).json()
    assert v["score"]["points"] == {"attacker": 0, "defender": 4}
    assert v["score"]["status"].startswith("Points: attacker 0, defender 4; turn 1 of 6")
    assert v["score"]["items"][1]["what"] == "the barn (3,3)" and v["score"]["items"][1]["side"] == "defender"
    assert v["marks"][0] == {"kind": "fire", "unit": "MG", "side": "defender", "step": 1,
                             "text": "MG fired at 3,7 (Lt, sq2)", "origin": [4.0, 2.0], "at": [3.0, 7.0],
                             "target": None, "path": []}
    mine = client.get(f"/api/games/{gid}", params={"token": token, "side": "defender"}).json()
    assert mine["marks"] == [] and mine["score"]["side"] == "defender"


def test_the_terminal_has_a_score_command() -> None:
    from io import StringIO

    from rich.console import Console

    from warroom.play.session import Session
    from warroom.terminal.screen import Screen

    game_name, path = find_scenario("crossroads_patrol")
    game = load_game(game_name, path)
    session = Session(game, path, 1, {"attacker": None, "defender": None})
    out = StringIO()
    screen = Screen(session, Console(file=out, width=200), read=lambda _: "")
    screen.command_line("attacker", "score")
    text = out.getvalue()
    assert "Points: attacker 0, defender 4; turn 1 of 6: 5 more turns after this one" in text
    assert "the barn (3,3), 1 point: held by defender" in text
    screen.draw("attacker")
    assert "(type score for the breakdown)" in out.getvalue()


# --- the game page, in Debian's chromium --------------------------------------------------------------------------


def _chromium() -> str:
    path = os.environ.get("WARROOM_CHROMIUM") or shutil.which("chromium")
    if not path:
        if os.environ.get("CI") == "true":
            pytest.fail("the browser tests need Debian's chromium (apt-get install chromium) or WARROOM_CHROMIUM set")
        pytest.skip("no chromium (install Debian's chromium or set WARROOM_CHROMIUM)")
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server, ``python -m warroom serve``, on a free loopback port and a fresh games file."""
    _chromium()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    folder = tmp_path_factory.mktemp("serve")
    log = (folder / "server.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "warroom", "serve", "--port", str(port), "--db",
                             str(folder / "games.sqlite")], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2) as answer:
                    if json.load(answer) == {"ok": True}:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                pytest.fail(f"warroom serve did not start: {(folder / 'server.log').read_text()[-2000:]}")
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def _api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def test_the_game_page_shows_the_score_and_marks_the_enemy_s_last_actions(server: str, tmp_path: Path) -> None:
    """Against the computer as the defender: play the defender's first actions (the first legal one) until the
    attacker's reply leaves marks; the page then draws them on the map (a mark per action told in the panel "What
    the enemy just did") and shows the score panel with the objectives and the points."""
    from playwright.sync_api import sync_playwright

    made = _api(server, "/api/games", {"ruleset": "company-fire", "scenario": "crossroads_patrol", "side": "defender",
                                       "opponent": "random", "seed": 5})
    gid, token = made["id"], made["seats"][0]["token"]
    view: dict[str, Any] = {}
    for _ in range(60):
        deadline = time.monotonic() + 30
        while True:
            view = _api(server, f"/api/games/{gid}?token={token}")
            if not view["thinking"] or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        if view["marks"] or view["over"]:
            break
        _api(server, f"/api/games/{gid}/actions", {"token": token, "action": view["actions"][0]["code"],
                                                   "step": view["step"]})
    assert view["marks"], "the attacker's moves are marked for the defender"
    artifacts = Path(os.environ.get("WARROOM_ARTIFACTS") or tmp_path)
    artifacts.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium())
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server}/play/{gid}?token={token}")
        page.wait_for_selector("#score-points")
        page.wait_for_selector("#board svg g.marks .mark", state="attached")
        drawn = page.locator("#board svg g.marks .mark").count()
        assert drawn == len([m for m in view["marks"] if m["kind"] != "move" or len(m["path"]) > 1])
        assert page.locator("#marks-panel:not(.hidden) .marks-list li").count() == len(view["marks"])
        assert page.inner_text("#marks .marks-list li").strip().endswith(f"(action {view['marks'][0]['step']})")
        assert page.inner_text("#score-points") == "Points: attacker 0, defender 4"
        assert "the barn (3,3) (1 point): held by defender" in page.inner_text("#score")
        assert page.inner_text("#score-status").startswith("Points: attacker 0, defender 4; turn 1 of 6")
        page.screenshot(path=str(artifacts / "score_panel_and_marks.png"), full_page=True)
        browser.close()
    assert not errors, errors


@RULE("002", "Close Assault")
def test_a_close_assault_s_loss_is_told_with_the_odds_of_its_result() -> None:
    """A close assault rolls for a space, not a unit: its loss is told with the chance of the result its ruling
    told. Hedgerow Hell, random play of seed 7: at action 53 rifles-3 assaults 9,8, 1d6 against 1d6 with no
    modifiers; the attackers win by 3 or more, destroying the defenders, when the difference is 3, 4 or 5:
    (3 + 2 + 1) / 36 = 1/6."""
    game = load_game(*find_scenario("hedgerow_hell"))
    rng = random.Random(7)
    states, bys, actions = [game.initial_state(7)], [], []
    while len(actions) < 53:
        a = rng.choice(states[-1].legal_actions())
        bys.append(states[-1].to_act)
        actions.append(a)
        states.append(states[-1].apply(a))
    assert str(actions[52]) == "rifles-3 close assault 9,8"
    (moment,) = [m for m in summary.moments(game, states, bys, actions) if m.number == 53]
    (roll,) = moment.rolls
    assert roll is not None and roll.result == "attackers win by 3+: defenders destroyed"
    assert roll.chance == Fraction(1, 6)
    assert moment.text() == ("action 53: the attacker's 2-3 was destroyed by \"rifles-3 close assault 9,8\": a 1-in-6 "
                             "result (16.7%) (\"attackers win by 3+: defenders destroyed\")")
