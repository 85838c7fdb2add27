"""The public maps the pages draw (warroom.web.maps): their shape, every space and feature of the scenario in them,
and nothing of the hidden set-up (fog of war is a rule: CF-46, CF-52; seed 004 hidden set-up)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import warroom
from warroom.core.game import shipped_scenarios
from warroom.web.maps import UnknownMap, public_map, shipped_map, shipped_names

CF = shipped_names("company-fire")
BRIGADE = shipped_names("brigade")


def _strings(data: Any) -> set[str]:
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in data.items())) if data else set()
    if isinstance(data, list):
        return set().union(*(_strings(v) for v in data)) if data else set()
    return set()


def _keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data).union(*(_keys(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(_keys(v) for v in data)) if data else set()
    return set()


def test_every_shipped_scenario_has_a_map() -> None:
    assert CF and BRIGADE
    assert set(shipped_scenarios()) == {"company-fire", "brigade"}
    for ruleset, names in (("company-fire", CF), ("brigade", BRIGADE)):
        for name in names:
            m = shipped_map(ruleset, name)
            assert m["ruleset"] == ruleset and m["scenario"] == name and m["title"]
            json.dumps(m)  # plain JSON data


@pytest.mark.parametrize("name", CF)
def test_cf_map_holds_every_space_edge_road_and_objective(name: str) -> None:
    game = warroom.load_game("company-fire", name)
    board = game.scenario.board  # type: ignore[attr-defined]
    m = public_map(game)
    assert m["kind"] == "grid" and (m["width"], m["height"]) == (board.width, board.height)
    assert [tuple(s["at"]) for s in m["spaces"]] == list(board.spaces())
    for s in m["spaces"]:
        assert s["terrain"] == board.area_at(tuple(s["at"])) and s["terrain"] in m["terrain"]
        assert s["road"] == board.has_road(tuple(s["at"]))
    assert {tuple(r) for r in m["roads"]} == set(board.roads)
    assert {(tuple(e["between"][0]), tuple(e["between"][1])): e["kind"] for e in m["edges"]} == dict(board.edges)
    assert all(e["kind"] in m["edge_terrain"] for e in m["edges"])
    assert len(m["linear"]) == len(board.linear)
    objectives = game.scenario.victory.objectives  # type: ignore[attr-defined]
    assert [(o["name"], tuple(o["at"]), o["points"]) for o in m["objectives"]] == [
        (o.name, o.at, o.points) for o in objectives]
    assert [s["side"] for s in m["sides"]] == ["attacker", "defender"]
    assert all(s["zones"] for s in m["sides"])


def test_cf_map_has_terrain_roads_and_edges_drawn_from_the_file() -> None:
    m = shipped_map("company-fire", "crossroads_patrol")
    at = {tuple(s["at"]): s for s in m["spaces"]}
    assert at[(3, 2)]["terrain"] == "buildings" and at[(0, 0)]["terrain"] == "orchards"
    assert at[(4, 0)]["road"] and not at[(0, 0)]["road"]
    assert {"between": [[2, 2], [3, 2]], "kind": "low_stone_wall"} in m["edges"]
    assert m["terrain"]["buildings"]["code"] == "B"
    hedgerows = shipped_map("company-fire", "hedgerow_hell")
    assert any(e["kind"].startswith("bocage") for e in hedgerows["edges"])


@pytest.mark.parametrize("name", BRIGADE)
def test_brigade_map_holds_every_feature_and_objective(name: str) -> None:
    game = warroom.load_game("brigade", name)
    scenario = game.scenario  # type: ignore[attr-defined]
    m = public_map(game)
    assert m["kind"] == "table"
    assert (m["width"], m["depth"]) == (scenario.field.width, scenario.field.depth)
    assert [f["name"] for f in m["features"]] == [f.name for f in scenario.field.features]
    for f, feature in zip(m["features"], scenario.field.features, strict=True):
        assert f["kind"] == feature.kind and f["layer"] == feature.layer and f["kind"] in m["terrain"]
        assert f["points"] == [[float(x), float(y)] for x, y in feature.points]
        assert (f["layer"] == "corridor") == ("width" in f)
        if f["layer"] == "corridor":
            assert f["width"] > 0
    assert [o["name"] for o in m["objectives"]] == [o.name for o in scenario.spec.objectives]
    assert [s["side"] for s in m["sides"]] == list(game.sides)
    assert all(s["zones"] == [] for s in m["sides"])  # each side maps its own deployment in secret


def _scenario_part(m: dict[str, Any]) -> dict[str, Any]:
    """The map without the rules' catalogues (unit types, terrain kinds), which are the same for every scenario."""
    return {k: v for k, v in m.items() if k not in ("unit_types", "terrain", "edge_terrain")}


def test_the_catalogues_are_the_same_for_every_scenario() -> None:
    """The unit types a map lists are the game's whole catalogue, so they say nothing of the scenario's forces."""
    for ruleset, names in (("company-fire", CF), ("brigade", BRIGADE)):
        maps = [shipped_map(ruleset, n) for n in names]
        assert all(m["unit_types"] == maps[0]["unit_types"] and m["terrain"] == maps[0]["terrain"] for m in maps)
        assert all(t["symbol"] != "unit" for t in maps[0]["unit_types"].values())


def test_the_map_holds_no_unit_blind_minefield_or_battery() -> None:
    for name in CF:
        game = warroom.load_game("company-fire", name)
        s = game.scenario  # type: ignore[attr-defined]
        words = _strings(_scenario_part(public_map(game)))
        secret = {u.id for u in s.units} | {u.name for u in s.units if u.name}
        assert not words & secret, (name, words & secret)
        keys = _keys(public_map(game))
        assert not keys & {"units", "blinds", "dummy_blinds", "minefields", "hidden", "fire_missions", "forces"}
    for name in BRIGADE:
        game = warroom.load_game("brigade", name)
        spec = game.scenario.spec  # type: ignore[attr-defined]
        words = _strings(_scenario_part(public_map(game)))
        secret = ({u.id for u in spec.units} | {u.name for u in spec.units if u.name} | {b.id for b in spec.batteries}
                  | {m.name for m in spec.minefields} | {a.name for a in spec.aiming_points})
        assert not words & secret, (name, words & secret)


def test_the_map_is_the_same_whatever_the_seed_and_the_game() -> None:
    for ruleset, name in (("company-fire", "crossroads_patrol"), ("brigade", "ponyri")):
        game = warroom.load_game(ruleset, name)
        before = public_map(game)
        for seed in (1, 2, 99):
            game.initial_state(seed)
            assert public_map(game) == before
        assert public_map(warroom.load_game(ruleset, name)) == before


def _twin(src: Path, tmp: Path, edits: list[tuple[str, str]]) -> Path:
    text = src.read_text()
    for old, new in edits:
        assert re.search(old, text), old
        text = re.sub(old, new, text, count=1)
    out = tmp / src.name
    out.write_text(text)
    return out


def test_cf_map_does_not_change_with_the_hidden_set_up(tmp_path: Path) -> None:
    """Twins that differ only in what the attacker cannot know (where the hidden squad waits, the dummy blind):
    the same public map (CF-46)."""
    src = next(p for p in shipped_scenarios()["company-fire"] if p.stem == "crossroads_patrol")
    twin = _twin(src, tmp_path, [(r'dummy_blinds = \["1,1"\]', 'dummy_blinds = ["0,0"]'),
                                 (r'at = "6,1"\nhidden = true', 'at = "7,1"\nhidden = true')])
    original, changed = warroom.load_game("company-fire", src), warroom.load_game("company-fire", twin)
    assert original.scenario.view("umpire") != changed.scenario.view("umpire")  # type: ignore[attr-defined]
    assert public_map(changed) == public_map(original)


def test_brigade_map_does_not_change_with_where_the_units_start(tmp_path: Path) -> None:
    src = next(p for p in shipped_scenarios()["brigade"] if p.stem == "ponyri")
    text = src.read_text()
    first = re.search(r'\nat = \[(\d+(?:\.\d+)?), (\d+(?:\.\d+)?)\]', text.split("[[units]]", 1)[1])
    assert first is not None
    x, y = float(first.group(1)), float(first.group(2))
    head, units = text.split("[[units]]", 1)
    units = units.replace(first.group(0), f"\nat = [{x + 1:g}, {y:g}]", 1)
    twin = tmp_path / src.name
    twin.write_text(head + "[[units]]" + units)
    original, changed = warroom.load_game("brigade", src), warroom.load_game("brigade", twin)
    assert original.scenario.start_figures != changed.scenario.start_figures  # type: ignore[attr-defined]
    assert public_map(changed) == public_map(original)


def test_unknown_game_or_scenario_is_one_clear_error() -> None:
    with pytest.raises(UnknownMap, match=r"no brigade scenario 'ponyr' \(did you mean 'ponyri'\?\); scenarios: "):
        shipped_map("brigade", "ponyr")
    with pytest.raises(UnknownMap, match="no game 'chess'; games: brigade, company-fire"):
        shipped_map("chess", "ponyri")
    with pytest.raises(UnknownMap, match="no company-fire scenario 'ponyri'"):
        shipped_map("company-fire", "ponyri")


def test_a_path_is_not_a_scenario_name() -> None:
    """A request names a shipped scenario; a file's path (even a real scenario file) is refused."""
    src = next(p for p in shipped_scenarios()["company-fire"] if p.stem == "crossroads_patrol")
    for name in (str(src), "crossroads_patrol.toml", "../crossroads_patrol", "pyproject.toml"):
        with pytest.raises(UnknownMap):
            shipped_map("company-fire", name)
