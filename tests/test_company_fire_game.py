"""Company Fire as a game: the rules enforced in play (seed 002), conformance, perft, golden transcript.

Positions are built from a shipped scenario's opening with units placed by hand (``place``) and
the card and segment set (``on``); every expected number is worked out in the comments from the
seed, not read from the engine.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

from warroom.core.chance import Card
from warroom.core.errors import UsageError
from warroom.core.game import GameRecord, find_scenario, load_game, record_of, replay
from warroom.rulesets.company_fire import game as G
from warroom.rulesets.company_fire.game import ASSAULT, GROUP, INDIVIDUAL, REACTION, Action, CFState
from warroom.rulesets.company_fire.game.scenario import SCENARIO_DIR, shipped_scenarios
from warroom.sim.playout import random_playout
from warroom.tools.conformance import check_conformance

RULE = pytest.mark.rule
HERE = Path(__file__).parent
CROSSROADS = SCENARIO_DIR / "crossroads_patrol.toml"


def opening(path: Path = CROSSROADS, seed: int = 1) -> CFState:
    return load_game("company-fire", path).initial_state(seed)  # type: ignore[return-value]


def place(state: CFState, **where: tuple[int, int]) -> CFState:
    """The same position with units moved (by id; a trailing _ stands for nothing: sq1_=None not used)."""
    units = list(state.units)
    for uid, at in where.items():
        i = state.game.index[uid]
        units[i] = units[i]._replace(at=at)
    return state.replace(units=tuple(units), decisions=())


def status(state: CFState, **statuses: str) -> CFState:
    units = list(state.units)
    for uid, st in statuses.items():
        i = state.game.index[uid]
        units[i] = units[i]._replace(status=st)
    return state.replace(units=tuple(units))


def on(state: CFState, card: Card | None, segment: int, phasing: str = "attacker",
       deck: tuple[Card, ...] | None = None) -> CFState:
    init = state.init._replace(card=card, segment=segment, phasing=phasing,
                   deck=state.init.deck if deck is None else deck)
    return state.replace(init=init, decisions=())


def kinds(actions: list[Action]) -> dict[str, int]:
    """The actions counted by kind, a pivot's and a turret's by kind and edge (``pivot_N``, as the perft data name
    them)."""
    out: dict[str, int] = {}
    for a in actions:
        key = f"{a.kind}_{a.facing}" if a.facing else a.kind
        out[key] = out.get(key, 0) + 1
    return out


# --- the opening --------------------------------------------------------------------------------------


@RULE("002", "Initiative and Phase Sequence")
@RULE("002", "Movement")
def test_the_opening_is_the_attackers_move_card_and_its_leader_moves() -> None:
    s = opening()
    assert s.to_act == "attacker" and s.init.card is None and s.init.kind == "move"
    assert s.segment_name == "leader moves"
    # Lt. Moss at 3,7 moves 2 spaces through edges (an SMF's rate; seed "Movement" table). The board is
    # 8 rows deep, so from 3,7: 3,6 2,7 4,7 (one step) and 3,5 2,6 4,6 1,7 5,7 (two steps): 8 spaces; the
    # enemy at 3,2 and 4,2 is too far to stop him. Plus ending the segment: 9 actions.
    legal = s.legal_actions()
    assert kinds(legal) == {"end": 1, "leader_move": 8}
    assert {a.space for a in legal if a.space} == {(3, 6), (2, 7), (4, 7), (3, 5), (2, 6), (4, 6), (1, 7), (5, 7)}


@RULE("002", "Stacking")
def test_a_full_friendly_space_is_neither_entered_nor_crossed() -> None:
    # sq1 and sq3 (two squads, the limit of 2 non-SMF units) stand in 3,6, right in front of sq2 at 3,7.
    s = on(place(opening(), sq1=(3, 6), sq3=(2, 7)), None, INDIVIDUAL)
    s = place(s, sq3=(3, 6))
    moves = {a.space for a in s.legal_actions() if a.kind == "move" and a.unit == "sq2"}
    assert (3, 6) not in moves
    # Without crossing 3,6, sq2's two steps reach 2,7 4,7 and then 1,7 2,6 4,6 5,7: and not 3,5.
    assert moves == {(2, 7), (4, 7), (1, 7), (2, 6), (4, 6), (5, 7)}
    # The leader (an SMF) may still join them: three units including SMFs.
    assert any(a.unit == "Lt" and a.space == (3, 6) for a in s.legal_actions())


# --- opportunity fire ------------------------------------------------------------------------------------


@RULE("002", "Opportunity Fire")
def test_a_squad_entering_enemy_los_draws_op_fire_and_its_result_places_it() -> None:
    s = on(opening(), None, INDIVIDUAL)
    s = s.apply(Action("move", "sq2", (3, 6)))
    # One space, no Movement Test. 3,6 is in the LOS of the MG at 4,2 (range 1 + 4 = 5 <= 10; the line
    # passes the corner of 3,4/4,4/3,5/4,5, all open or low fields). The grenadiers at 3,2 look straight
    # down column 3 into the barn at 3,3 (buildings block LOS); the hidden squad in the orchard at 6,1 is
    # 3 + 5 = 8 away, beyond a rifle's 6. So the defender may fire with the MG, or hold.
    assert s.to_act == "defender"
    assert set(s.legal_actions()) == {Action("pass"), Action("op_fire", "MG", (3, 6), "sq2")}  # CF-140
    for seed in range(1, 40):
        t = s.replace(rng=opening(seed=seed).rng).apply(Action("op_fire", "MG", (3, 6), "sq2"))
        sq2 = t.units[t.game.index["sq2"]]
        # Pinned by op fire: ends in the destination. Suppressed: back in the space it left.
        expected = {"good_order": (3, 6), "pinned": (3, 6), "suppressed": (3, 7), "destroyed": None}[sq2.status]
        assert sq2.at == expected
        assert t.units[t.game.index["MG"]].op_fired


@RULE("002", "Single Mounted Figures (SMFs)")
def test_smfs_do_not_trigger_op_fire() -> None:
    s = on(opening(), None, INDIVIDUAL).apply(Action("move", "Lt", (3, 6)))
    assert s.to_act == "attacker" and not s.decisions


# --- fire and its odds before acting ------------------------------------------------------------------


@RULE("002", "Group Fire")
def test_the_seeds_group_fire_example_in_a_game_position() -> None:
    # Two rifle squads in 3,6 on a Fire card at the MG in the houses (4,2, buildings: cover), range 1 + 4 = 5
    # (the grenadiers at 3,2 are hidden from 3,6 by the barn at 3,3).
    # Each squad: 3d6 less 1 for cover = 2d6; pooled 4d6 rolled for the target unit. Hits on 5-6 (p=1/3):
    # none (2/3)^4 = 16/81 good order; one 4(1/3)(2/3)^3 = 32/81 pinned; two 6(1/9)(4/9) = 24/81
    # suppressed; three or four 8/81 + 1/81 = 9/81 destroyed.
    s = on(place(opening(), sq1=(3, 6), sq2=(3, 6), Lt=(2, 7)), Card(4, "H"), GROUP)
    action = Action("group_fire", "sq1", (4, 2))
    assert action in s.legal_actions()
    odds = s.odds(action)
    assert odds["MG"] == {"good order": Fraction(16, 81), "pinned": Fraction(32, 81),
                            "suppressed": Fraction(24, 81), "destroyed": Fraction(9, 81)}


@RULE("002", "Individual Unit Fire")
def test_fire_on_a_move_card_loses_a_die() -> None:
    # sq2 at 3,6 on the opening Move card: the blind at 1,1 is 2 + 5 = 7 away (a rifle reaches 6), the
    # grenadiers at 3,2 are behind the barn; the MG in the houses at 4,2 is 5 away: 3d6 - 1 cover - 1 Move
    # card = 1d6: 2/3 no hit, 1/3 pinned.
    s = on(place(opening(), sq2=(3, 6)), None, INDIVIDUAL)
    fire = {a.space for a in s.legal_actions() if a.kind == "fire" and a.unit == "sq2"}
    assert fire == {(4, 2)}
    odds = s.odds(Action("fire", "sq2", (4, 2)))["MG"]
    assert odds["good order"] == Fraction(2, 3) and odds["pinned"] == Fraction(1, 3)


# --- close assault ----------------------------------------------------------------------------------------


@RULE("002", "Close Assault")
def test_close_assault_modifiers_read_from_the_position() -> None:
    # Attackers sq1, sq2 with Lt in 2,4; defenders: the grenadiers (pinned) and the MG in the barn, 3,3.
    # Attacker: +1 platoon leader, +1 one good-order unit beyond the first = +2. Defender: the MG +1, a
    # pinned unit -1, one good-order unit (no bonus) = 0. Margin = (d6 - d6) + 2; P(d6 - d6 = k) = (6-|k|)/36.
    # Attackers by 3+: k >= 1, 15/36; by 2: k = 0, 6/36; by 1: k = -1, 5/36; tie: k = -2, 4/36;
    # defenders by 1: 3/36, by 2: 2/36, by 3+: 1/36.
    s = place(opening(), sq1=(2, 4), sq2=(2, 4), Lt=(2, 4), gren=(3, 3), MG=(3, 3), Uffz=(3, 2))
    s = on(status(s, gren="pinned"), None, ASSAULT)
    action = Action("assault", "sq1", (3, 3), "sq2")
    assert action in s.legal_actions()
    odds = s.odds(action)["close assault on 3,3"]
    assert list(odds.values()) == [Fraction(n, 36) for n in (15, 6, 5, 4, 3, 2, 1)]


@RULE("002", "Close Assault")
def test_weapon_crews_and_smfs_cannot_initiate_a_close_assault() -> None:
    s = place(opening(), sq1=(2, 4), Lt=(2, 4), gren=(3, 3))
    s = on(s, None, ASSAULT, phasing="defender")
    # The defender's MG at 4,2 is adjacent to nothing of the attacker's; the grenadiers at 3,3 are next to
    # 2,4 and may assault it; the MG (a weapon crew) and Uffz (an SMF) never appear as assaulters.
    s = place(s, MG=(3, 3))
    assaulters = {a.unit for a in s.legal_actions() if a.kind == "assault"} | \
        {a.other for a in s.legal_actions() if a.kind == "assault" and a.other}
    assert assaulters == {"gren"}


# --- artillery smoke and the initiative ----------------------------------------------------------------------


@RULE("002", "Artillery")
def test_smoke_lasts_until_the_firer_regains_the_initiative() -> None:
    s = on(opening(), Card(13, "S"), REACTION, phasing="defender", deck=(Card(2, "H"),))
    s = s.replace(smoke=(G.Smoke((3, 5), "attacker"),))
    # Attacker (red) smoke, the defender phasing: the next card is red, the attacker regains the initiative
    # and its smoke clears (seed: "ends when the firer regains initiative").
    assert not s.sees((3, 2), (3, 5))
    after = s.apply(Action("end"))
    assert after.smoke == () and after.init.phasing == "attacker"
    # Drawn while the attacker has the initiative, a black card passes it to the defender: the smoke stays.
    t = on(opening(), Card(4, "H"), REACTION, phasing="attacker", deck=(Card(2, "S"),))
    t = t.replace(smoke=(G.Smoke((3, 5), "attacker"),))
    assert t.apply(Action("end")).smoke == (G.Smoke((3, 5), "attacker"),)


@RULE("002", "Non-Phasing Reaction Fire")
def test_reaction_fire_is_for_good_order_units_that_did_not_op_fire() -> None:
    s = on(place(opening(), sq2=(3, 6)), None, REACTION)
    assert s.to_act == "defender"
    # As in the op fire test: only the MG sees 3,6 within range (the barn hides it from the grenadiers).
    firers = {a.unit for a in s.legal_actions() if a.kind == "fire"}
    assert firers == {"MG"}
    # Move the grenadiers to 2,2 (range 1 + 4 = 5, past the stone wall): they may fire too, unless pinned.
    both = on(place(opening(), sq2=(3, 6), gren=(2, 2)), None, REACTION)
    assert {a.unit for a in both.legal_actions() if a.kind == "fire"} == {"gren", "MG"}
    pinned = on(status(place(opening(), sq2=(3, 6), gren=(2, 2)), gren="pinned"), None, REACTION)
    assert {a.unit for a in pinned.legal_actions() if a.kind == "fire"} == {"MG"}


@RULE("002", "Unit Status, Hit Results and Rallying")
def test_only_pinned_or_suppressed_units_rally_and_a_failed_rally_ends_the_card() -> None:
    s = on(status(opening(), sq1="pinned", sq2="suppressed"), None, G.RALLY)
    assert {a.unit for a in s.legal_actions() if a.kind == "rally"} == {"sq1", "sq2"}
    for seed in range(1, 30):
        t = s.replace(rng=opening(seed=seed).rng).apply(Action("rally", "sq1"))
        unit = t.units[t.game.index["sq1"]]
        assert unit.rallied and (unit.status == "good_order" or unit.done)


# --- fog of war ------------------------------------------------------------------------------------------------


@RULE("002", "Individual Unit Fire")
def test_observations_show_blinds_but_not_what_is_under_them() -> None:
    s = opening()
    seen = json.dumps(s.observation("attacker"))
    assert '"orchard"' not in seen
    blinds = s.observation("attacker")["blinds"]
    assert sorted(tuple(b["at"]) for b in blinds if b["side"] == "defender") == [(1, 1), (6, 1)]
    assert '"orchard"' in json.dumps(s.observation("defender"))


# --- bad actions -------------------------------------------------------------------------------------------------


def test_an_illegal_action_is_one_clear_error_and_changes_nothing() -> None:
    s = opening()
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(UsageError, match="not legal in the leader moves segment"):
        s.apply(Action("fire", "sq1", (3, 2)))
    with pytest.raises(UsageError, match="may: Lt"):
        s.apply(Action("leader_move", "Lt", (0, 0)))
    with pytest.raises(UsageError, match="no unit 'sq9'"):
        s.apply(Action("move", "sq9", (0, 0)))
    assert json.dumps(s.to_json(), sort_keys=True) == before
    with pytest.raises(UsageError, match="action code"):
        s.game.decode(-1)


def test_find_scenario_by_name_and_a_clear_error_for_an_unknown_one() -> None:
    assert find_scenario("crossroads_patrol") == ("company-fire", CROSSROADS)
    with pytest.raises(UsageError, match="crossroads_patrol"):
        find_scenario("crossroad_patrol")


# --- conformance, perft, golden transcript -----------------------------------------------------------------------

PLAYOUTS = {"crossroads_patrol.toml": 400, "hedgerow_hell.toml": 200, "munassib_minefield.toml": 200,
            "villa_rogatti.toml": 200, "hedgerow_breakout.toml": 300, "ambush_at_the_ford.toml": 300,
            "cobra_breakout.toml": 200}


CHUNK = 50
CONFORMANCE = [(path, start, min(CHUNK, PLAYOUTS[path.name] - start)) for path in shipped_scenarios()
               for start in range(0, PLAYOUTS[path.name], CHUNK)]
"""The play-outs in chunks of ``CHUNK``, each its own test, so that a run on several cores shares them out."""


def test_the_chunks_cover_every_scenario_and_playout() -> None:
    assert {path.name for path in shipped_scenarios()} == set(PLAYOUTS)
    for name, n in PLAYOUTS.items():
        assert [s for p, start, count in CONFORMANCE if p.name == name for s in range(start, start + count)] == \
            list(range(n))


@pytest.mark.slow
@pytest.mark.parametrize(("path", "start", "count"), CONFORMANCE, ids=[f"{p.stem}-{s}" for p, s, _ in CONFORMANCE])
def test_conformance_over_seeded_random_playouts(path: Path, start: int, count: int) -> None:
    """Conformance (docs/architecture.md): 1,000 play-outs over the four infantry scenarios, 600 over the two armoured
    ones (vehicle rules) and 200 over the transport one (riders mounting, dismounting, bailing out); every state
    gets the cheap checks, every 25th (and the last) the JSON, apply and fog-of-war checks; every game is
    replayed."""
    game = load_game("company-fire", path)
    report = check_conformance(game, path, range(start, start + count), secrets=G.secrets, invariants=G.invariants,
                               sides=G.ROLES, full_check_every=25)
    assert report.ok, "\n".join(report.failures)
    assert report.playouts == count


PERFT = HERE / "data" / "company_fire_perft.json"


def perft_positions() -> list[dict[str, object]]:
    return json.loads(PERFT.read_text())  # type: ignore[no-any-return]


def position(entry: dict[str, object]) -> CFState:
    path = SCENARIO_DIR / str(entry["scenario"])
    game = load_game("company-fire", path)
    states, _ = random_playout(game, int(entry["seed"]), int(entry["steps"]))  # type: ignore[arg-type]
    return states[-1]  # type: ignore[return-value]


@pytest.mark.parametrize("entry", perft_positions(), ids=lambda e: f"{e['scenario']}-{e['seed']}-{e['steps']}")
def test_perft_counts_of_legal_actions(entry: dict[str, object]) -> None:
    s = position(entry)
    counts = kinds(s.legal_actions())
    assert counts == entry["by_kind"], (f"{entry['scenario']} seed {entry['seed']} after {entry['steps']} actions "
                                        f"({s.segment_name}, {s.to_act}): expected {entry['by_kind']}, got {counts}")
    assert len(s.legal_actions()) == entry["count"]


GOLDEN = HERE / "golden" / "company_fire_crossroads_patrol_seed7.txt"


def transcript(seed: int = 7) -> str:
    game = load_game("company-fire", CROSSROADS)
    states, actions = random_playout(game, seed, 20_000)
    lines = [f"{game.scenario_name}, seed {seed}"]
    for n, st in enumerate(states):
        if n:
            lines.append(f"[{n}] {actions[n - 1]}")
        lines.extend(st.narration(None))
    lines.append(json.dumps(states[-1].result(), sort_keys=True))
    return "\n".join(lines) + "\n"


def test_golden_transcript_of_a_seeded_game() -> None:
    text = transcript()
    if os.environ.get("WARROOM_REGOLD"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8"), "the transcript changed: diff it, then WARROOM_REGOLD=1"


def test_a_saved_record_replays_to_the_same_game(tmp_path: Path) -> None:
    game = load_game("company-fire", CROSSROADS)
    states, actions = random_playout(game, 3, 20_000)
    saved = record_of(game, 3, actions, CROSSROADS).save(tmp_path / "game.json")
    again = replay(GameRecord.load(saved))
    assert json.dumps(again[-1].to_json()) == json.dumps(states[-1].to_json())
