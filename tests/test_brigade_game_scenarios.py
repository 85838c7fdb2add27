"""Brigade scenario files: the bundled ones load and read well; every kind of fault in a file is one
clear error naming the file, the field and what is allowed (never a traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest

from warroom.core.errors import UsageError
from warroom.core.game import games, load_game
from warroom.rulesets.brigade.game import SCENARIOS, ScenarioError, load_scenario

RULE = pytest.mark.rule
PONYRI = (SCENARIOS / "ponyri.toml").read_text()


@RULE("004", "Playing the Game")
def test_the_bundled_scenarios_load_with_briefings() -> None:
    assert "brigade" in games()
    names = sorted(p.stem for p in SCENARIOS.glob("*.toml"))
    assert names == ["butyrki", "hill_112", "ponyri"]
    for name in names:
        game = load_game("brigade", SCENARIOS / f"{name}.toml")
        spec = game.scenario.spec
        assert game.ruleset == "brigade" and game.version and game.scenario_name == name
        assert len(spec.briefing) > 200 and len(game.sides) == 2
        battalions = {u.side: 0 for u in spec.units}
        for u in spec.units:
            battalions[u.side] += 1
        assert all(n >= 8 for n in battalions.values())  # at least a reinforced battalion a side
        state = game.initial_state(0)
        assert state.to_act == spec.first and state.legal_actions()


@RULE("004", "Playing the Game")
def test_butyrki_is_a_brigade_game() -> None:
    # "A typical game with 2 or 3 battalions a side": butyrki fields two battalions a side, each of three infantry
    # companies with its HQ, MG and mortar sections, plus regimental supports and tanks: 10 and 11 companies for
    # victory (seed 004 "Winning and Losing": fighting vehicles and guns count, HQs, MGs and mortars do not).
    game = load_game("brigade", SCENARIOS / "butyrki.toml")
    spec = game.scenario.spec
    for side in ("german", "soviet"):
        units = [u for u in spec.units if u.side == side]
        battalions = {u.battalion for u in units if u.battalion}
        assert len(battalions) == 2
        for bn in battalions:
            kinds = sorted(game.ctx.types[game.ctx.index[u.id]].kind for u in units if u.battalion == bn)
            assert kinds.count("infantry") == 3 and kinds.count("hq") == 1 and kinds.count("support") == 2
    assert game.ctx.companies == {"german": 10, "soviet": 11}
    assert len(spec.batteries) == 6 and spec.periods == 8


def test_ponyri_and_hill_112_say_their_scale() -> None:
    # the two smaller scenarios are about one reinforced battalion a side, and their headers say so
    for name in ("ponyri", "hill_112"):
        head = (SCENARIOS / f"{name}.toml").read_text().splitlines()[1]
        assert "One reinforced battalion a side" in head, head


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    return path


BAD = [
    ("not valid TOML", lambda t: t.replace('name = "ponyri"', 'name = "ponyri'), "not valid TOML"),
    ("missing field", lambda t: t.replace("periods = 6\n", ""), r"periods: required but not given"),
    ("unknown field", lambda t: t.replace("periods = 6\n", "periods = 6\nturns = 4\n"),
     r"turns: not a field of this table"),
    ("unknown unit type", lambda t: t.replace('type = "ru_maxim"', 'type = "ru_maxin"'),
     r"units\[13 'RU-MG'\]\.type: unknown unit type 'ru_maxin' \(did you mean 'ru_maxim'"),
    ("bad morale", lambda t: t.replace('morale = "raw"', 'morale = "green"'),
     r"units\[10 'RU-2'\]\.morale: 'green' is not allowed: 'elite', 'veteran', 'trained' or 'raw'"),
    ("unit off the table", lambda t: t.replace("at = [10, 36]", "at = [10, 46]"),
     r"units\[16 'RU-CAV'\]\.at: \[10.0, 46.0\] is off the 60\" x 40\" table"),
    ("duplicate id", lambda t: t.replace('id = "RU-2"', 'id = "RU-1"'), r"'RU-1' is already used"),
    ("unknown side", lambda t: t.replace('side = "soviet"\ntype = "ru_maxim"', 'side = "russian"\ntype = "ru_maxim"'),
     r"units\[13 'RU-MG'\]\.side: 'russian' is not a side; allowed: german, soviet"),
    ("first mover", lambda t: t.replace('first = "german"', 'first = "axis"'), r"first: 'axis' is not a side"),
    ("wrong figure count", lambda t: t.replace("figures = [[28.5, 32], [29.5, 32]]", "figures = [[28.5, 32]]"),
     r"units\[12 'RU-FO'\]\.figures: a Soviet artillery observer has 2 figures"),
    ("bad battery class", lambda t: t.replace('fire = "artillery_up_to_82"', 'fire = "howitzer"'),
     r"batteries\[2 'RU-ART'\]\.fire: 'howitzer' is not a fire class"),
    ("minefield units", lambda t: t.replace("size = [10, 2]\n\n", "size = [9, 2]\n\n", 1),
     r"minefields\[1 'Belt west'\]\.size: \[9.0, 2.0\]: a minefield is made of 2\" square mine units"),
    ("terrain fault", lambda t: t.replace("points = [[6, 8], [14, 8], [14, 16], [6, 16]]",
                                          "points = [[6, 8], [36, 8], [36, 16], [6, 16]]"),
     r"table: features .* overlap"),
    ("limbered infantry", lambda t: t.replace('at = [20, 28]\n', 'at = [20, 28]\nlimbered = true\n'),
     r"units\[9 'RU-1'\]\.limbered: only a gun battery is limbered"),
]


@pytest.mark.parametrize(("what", "edit", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_scenario_is_one_clear_error(tmp_path: Path, what: str, edit: object, message: str) -> None:
    text = edit(PONYRI)  # type: ignore[operator]
    assert text != PONYRI, what
    path = _write(tmp_path, text)
    with pytest.raises(ScenarioError, match=message) as err:
        load_scenario(path)
    assert str(path) in str(err.value) and "\n" not in str(err.value)
    assert isinstance(err.value, UsageError)


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no such file"):
        load_game("brigade", tmp_path / "none.toml")
    with pytest.raises(ScenarioError, match="cannot read the scenario"):
        load_scenario(tmp_path / "none.toml")
