"""Every procedure of every ruleset offers in its help exactly the numbers it accepts.

For each whole-number parameter with a declared range, every value from its minimum to its
maximum must be accepted in some position (the procedure's example with that value, or with one
other parameter changed, or a position written out below where it takes two), and the values just
outside the range must be refused with one clear error naming the parameter and what is allowed.
A value no position accepts is a range that promises what the procedure refuses. A value that is
no valid start but a state a procedure leaves behind (a clock past the end) is not offered: a
procedure's results are read back without the range (``ProcedureSpec.bind(check=False)``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

import warroom
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import ProcedureSpec, rulesets

OPEN_ENDED = 30
"""How far past the minimum a parameter with no maximum is walked."""

def _infantry_fire(defenses: int) -> str:
    """An umpire's Infantry Fire Table (Terrain & Mines' base table) with defenses 1 to ``defenses`` at
    firepower 2, the AP mine's."""
    cells = [f"[[infantry_fire.cells]]\nfirepower = {fp}\ndefense = {d}\neliminated_up_to = {max(1, 20 // d)}\n"
             f"pinned_up_to = {max(2, 60 // d)}\n" for fp in (1, 2) for d in range(1, defenses + 1)]
    return "\n".join(cells)


POSITIONS: dict[tuple[str, str], Mapping[str, Any]] = {
    # Positions the example cannot reach by changing one other parameter (each is tried as it stands,
    # and with one other parameter changed). "base_tables" is an umpire's table for a range the base
    # table in force narrows: the procedure's own range is the seed's, the base table's reach is its own.
    ("bfwwii-house/idf-vs-bus", "rubbled_outside"): {"bus_kind": "continuous", "bus_level": 1, "rubbled": 3,
                                                     "material": "stone", "under_template": 1},
    ("bfwwii-house/fire-turn", "fighting_at"): {"row": "3,1,1,1,1,1"},
    ("bfwwii-house/engineering-task", "actions_done"): {"task": "ditch_demolition", "unit": "engineers",
                                                        "ditch": "wide", "wide_ditch_actions": 20},
    ("bfwwii-house/engineering-turn", "actions_done"): {"task": "ditch_demolition", "unit": "engineers",
                                                        "ditch": "wide", "wide_ditch_actions": 20},
    ("bfwwii-house/engineering-task", "wide_ditch_actions"): {"task": "ditch_demolition", "unit": "engineers",
                                                              "ditch": "wide"},
    ("bfwwii-house/engineering-turn", "wide_ditch_actions"): {"task": "ditch_demolition", "unit": "engineers",
                                                              "ditch": "wide"},
    ("bfwwii-house/improve-position-task", "wide_ditch_actions"): {"task": "fill_ditch", "ditch": "wide"},
    ("bfwwii-house/improve-position-task", "successes_done"): {"task": "fill_ditch", "ditch": "wide",
                                                               "wide_ditch_actions": 20},
    ("bfwwii-house/bridge-demolition-prep", "demolitions_done"): {"bridge": "custom", "demolitions": 20},
    ("bfwwii-house/fort-siege", "charges"): {"attacker": "demolitions", "armour": 3},
    ("bfwwii-house/lay-minefield", "actions_done"): {"field": "mixed", "mine_loads": 2},
    ("brigade/anti-tank-fire", "attack"): {"weapon": "other", "gun_class": "hv", "target": "pz_iv_h",
                                           "facing": "side", "range": 20},
    ("brigade/small-arms-fire", "flamethrowers"): {"range": 2},
    ("brigade/pin-removal", "dead"): {"morale": "trained", "figures": 12},
    ("fow-bunkers/assault-bunker", "firing_slits"): {"bunker": "pill_box", "teams": 1},
    ("fow-bunkers/flame-bunker", "range"): {"bunker": "nest", "shots": 2,
                                            "base_tables": "[weapons.flame_thrower]\nfirepower = 6\n"
                                                           "range_inches = 16\n[weapons.assault]\n"
                                                           "tank_assault = 2\nfirepower = 1\n"},
    ("terrain-mines/ap-mine-troops", "defense"): {"base_tables": _infantry_fire(20)},
    ("terrain-mines/mine-passage", "defense"): {"field": "ap", "target": "infantry",
                                               "base_tables": _infantry_fire(20)},
    ("terrain-mines/terrain", "bridge_limit"): {"terrain": "stone_bridge", "unit": "tank", "tons": 30},
    ("terrain-mines/minefield-spotting", "within"): {"field": "hidden", "distance": 6},
}


def _numbers() -> Iterator[tuple[ProcedureSpec, Param]]:
    for spec in warroom.procedures():
        for param in spec.params:
            if param.kind == "int" and param.minimum is not None:
                yield spec, param


def _accepts(spec: ProcedureSpec, params: Mapping[str, Any], base: Path | None = None) -> bool:
    try:
        warroom.roll(spec.id, dict(params), seed=1, base_tables=base)
    except UsageError:
        return False
    return True


def _candidates(param: Param, near: int) -> list[Any]:
    if param.kind == "bool":
        return [True, False]
    if param.kind == "choice":
        return list(param.choices)
    if param.kind == "choices":
        return [c for c in param.choices] + [f"{c},{c}" for c in param.choices]
    if param.kind == "int" and param.minimum is not None:
        top = param.maximum if param.maximum is not None else param.minimum + OPEN_ENDED
        values = set(range(param.minimum, top + 1)) if top - param.minimum <= 40 else {param.minimum, top}
        values |= {v for v in (near - 1, near, near + 1) if param.minimum <= v <= top}
        return sorted(values)
    return []


def _accepted_somewhere(spec: ProcedureSpec, param: Param, value: int, tmp: Path) -> bool:
    starts: list[tuple[dict[str, Any], Path | None]] = [({**spec.example, param.name: value}, None)]
    position = dict(POSITIONS.get((spec.id, param.name), {}))
    if position:
        base = None
        if "base_tables" in position:
            base = tmp / "base.toml"
            base.write_text(position.pop("base_tables"))
        starts.append(({**position, param.name: value}, base))
    for start, base in starts:
        if _accepts(spec, start, base):
            return True
        for other in spec.params:
            if other.name == param.name:
                continue
            for candidate in _candidates(other, value):
                if _accepts(spec, {**start, other.name: candidate}, base):
                    return True
    return False


NUMBERS = sorted(_numbers(), key=lambda sp: (sp[0].id, sp[1].name))


@pytest.mark.parametrize(("spec", "param"), NUMBERS, ids=[f"{s.id}:{p.name}" for s, p in NUMBERS])
def test_every_offered_number_is_accepted_and_no_other(spec: ProcedureSpec, param: Param, tmp_path: Path) -> None:
    assert param.minimum is not None
    top = param.maximum if param.maximum is not None else param.minimum + OPEN_ENDED
    refused = [v for v in range(param.minimum, top + 1) if not _accepted_somewhere(spec, param, v, tmp_path)]
    assert not refused, (f"{spec.id} offers {param.name} = {param.allowed()} but refuses {refused[:5]}"
                         f"{' ...' if len(refused) > 5 else ''} in every position")
    outside = [param.minimum - 1] + ([param.maximum + 1] if param.maximum is not None else [])
    for value in outside:
        with pytest.raises(UsageError) as refusal:
            warroom.roll(spec.id, {**spec.example, param.name: value}, seed=1)
        said = str(refusal.value)
        assert f"{param.name}={value} is not allowed" in said and param.allowed() in said, said
        assert "\n" not in said


def test_the_walk_covers_every_ruleset() -> None:
    assert {spec.ruleset for spec, _ in NUMBERS} == {r.id for r in rulesets()}
    assert len(NUMBERS) > 150
