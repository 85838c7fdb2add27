"""Generated scenario families for the speed benchmarks: one game of each ruleset at 8, 16, 32, 64 and 100 units,
its board (Company Fire) or table (Brigade) scaled so that the ground per unit stays the same.

    from scenario_family import company_fire_scenario, brigade_scenario, write_family
    path = company_fire_scenario(32, folder)          # a 32-unit Company Fire scenario file in ``folder``

The scenarios are plain scenario files in each game's own format, checked by the game's own loader, so the
benchmarks measure the engines on inputs any user could write:

- Company Fire (seed 002, format readings CF-40 ... CF-56): ``units / 2`` a side, in platoons of a platoon
  leader and up to three rifle squads (seed "Single Mounted Figures (SMFs)": a leader leads his platoon), one
  unit to a space (seed "Stacking"), on a square grid of about 8 spaces a unit (Crossroads Patrol's density:
  8 units on 8 x 8), the attacker setting up on the two southern rows and the defender on the two northern
  ones, out of contact (reading CF-49). Terrain comes from a seeded generator: mostly open ground with orchards,
  low and full-grown fields, heavy woods and buildings (seed "Terrain"), a north-south road through the middle,
  objectives in buildings across the middle row. Six turns, standard attack resolution.
- Brigade (seed 004): ``units / 2`` rifle companies a side (German grenadiers against Soviet riflemen), on a
  3:2 table of about 141 square inches a unit (Ponyri's: 17 units on 60" x 40"), with woods, fields and a
  building spread by a seeded generator and two objectives in the middle. The Brigade scenario format takes at
  most 64 units, so its family stops there.

Everything depends only on the unit count and ``seed``: the same call writes the same file.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

CF_SIZES = (8, 16, 32, 64, 100)
"""Company Fire's family: total units (both sides)."""

BRIGADE_SIZES = (8, 16, 32, 64)
"""Brigade's family: its scenario format takes at most 64 units (warroom.rulesets.brigade.game.scenario)."""

CF_SPACES_PER_UNIT = 8
"""Crossroads Patrol's ground per unit: 8 units on an 8 x 8 grid."""

BRIGADE_SQ_INCHES_PER_UNIT = 60 * 40 / 17
"""Ponyri's ground per unit: 17 units on a 60" x 40" table."""

_CF_TERRAIN = (
    (".", 0.62), ("o", 0.08), ("l", 0.10), ("f", 0.06), ("W", 0.06), ("B", 0.08),
)
"""Company Fire terrain codes (data/terrain.toml) and their shares of the generated map."""


def cf_board_side(units: int) -> int:
    """The side of the square grid for ``units`` units: about :data:`CF_SPACES_PER_UNIT` spaces a unit, and
    room for each side's units on its two set-up rows."""
    return max(8, math.ceil(math.sqrt(CF_SPACES_PER_UNIT * units)), math.ceil(units / 4))


def lift_board_limit() -> None:
    """Let this process load the family's largest Company Fire maps (23 x 23 at 64 units, 29 x 29 at 100), past
    the 20 x 20 a scenario file from a user is held to (``scenario.MAX_BOARD``: a 29 x 29 map of open ground
    takes a gigabyte of line of sight and nine seconds; the family's broken ground takes about a second)."""
    from warroom.rulesets.company_fire.game import scenario

    scenario.MAX_BOARD = max(scenario.MAX_BOARD, cf_board_side(max(CF_SIZES)))


def _check_units(units: int, most: int) -> None:
    if units < 4 or units % 2 or units > most:
        raise ValueError(f"{units} units: give an even number from 4 to {most}")


def company_fire_text(units: int, seed: int = 1) -> str:
    """The TOML of a Company Fire scenario with ``units`` units in all (see the module's docstring)."""
    _check_units(units, 400)
    rng = random.Random(seed * 1_000 + units)
    n = cf_board_side(units)
    codes, weights = zip(*_CF_TERRAIN, strict=True)
    grid = [[rng.choices(codes, weights)[0] for _ in range(n)] for _ in range(n)]
    for row in (0, 1, n - 2, n - 1):  # the set-up rows are open ground, so every unit may stand there
        grid[row] = ["."] * n
    road = n // 2
    middle = n // 2
    objectives = sorted({(c, middle) for c in range(1, n - 1, max(2, n // (1 + units // 16)))})
    for c, r in objectives:
        grid[r][c] = "B"
    lines = [
        f'name = "Generated {units}-unit game"',
        'place = "A generated map"',
        'date = "1944"',
        f'briefing = "A generated scenario for the speed benchmarks: {units} units on a {n} x {n} grid."',
        "",
        "[map]",
        "rows = [",
        *(f'    "{"".join(row)}",' for row in grid),
        "]",
        "roads = [" + ", ".join(f'"{road},{r}"' for r in range(n)) + "]",
        "",
        "[rules]",
        'game_end = "turns"',
        "turns = 6",
        'attack_resolution = "standard"',
        "",
    ]
    per_side = units // 2
    for role, rows, experience in (("attacker", (n - 1, n - 2), "regular"), ("defender", (0, 1), "green")):
        squads = per_side - math.ceil(per_side / 4)
        lines += [
            f"[sides.{role}]",
            f'name = "The {role}"',
            'colour = "red"' if role == "attacker" else 'colour = "black"',
            f'experience = "{experience}"',
            f'setup_zone = ["0,{min(rows)} {n - 1},{max(rows)}"]',
            f"break_at = {max(1, squads // 2)}",
            "",
        ]
        spaces = [(c, r) for r in rows for c in range(n)]
        step = len(spaces) / per_side
        for k in range(per_side):
            c, r = spaces[int(k * step)]
            platoon = k // 4 + 1
            kind = "platoon_leader" if k % 4 == 0 else "rifle_squad"
            lines += [
                f"[[forces.{role}]]",
                f'id = "{role[0]}{k + 1}"',
                f'type = "{kind}"',
                f'platoon = "{platoon}"',
                f'at = "{c},{r}"',
                "",
            ]
    lines += ["[victory]", "destroyed_unit = 1", "destroyed_leader = 1", 'ties = "defender"', ""]
    for k, (c, r) in enumerate(objectives):
        lines += ["[[victory.objectives]]", f'name = "objective {k + 1}"', f'at = "{c},{r}"',
                  f"points = {1 + k % 3}", ""]
    return "\n".join(lines)


def brigade_table(units: int) -> tuple[int, int]:
    """The table's width and depth in inches for ``units`` units: 3:2, about
    :data:`BRIGADE_SQ_INCHES_PER_UNIT` square inches a unit."""
    depth = math.sqrt(BRIGADE_SQ_INCHES_PER_UNIT * units / 1.5)
    return max(24, round(1.5 * depth)), max(16, round(depth))


def brigade_text(units: int, seed: int = 1) -> str:
    """The TOML of a Brigade scenario with ``units`` units in all (see the module's docstring)."""
    _check_units(units, 64)
    rng = random.Random(seed * 1_000 + units)
    width, depth = brigade_table(units)
    lines = [
        f'name = "generated_{units}"',
        f'title = "A generated {units}-unit game"',
        f'briefing = "A generated scenario for the speed benchmarks: {units} companies on a {width}\\" x '
        f'{depth}\\" table."',
        "periods = 6",
        'first = "german"',
        "",
        "[table]",
        f"width = {width}",
        f"depth = {depth}",
        "",
    ]
    cx, cy = width / 2, depth / 2
    kinds = ("light_woods", "wheat_field", "scrub")
    slots = max(2, units // 6)
    slot = width / slots
    for k in range(slots):  # one feature to a slot of the table's width, clear of the farm in the middle
        w, d = rng.uniform(0.4, 0.8) * slot, rng.uniform(2.0, 3.5)
        x = k * slot + rng.uniform(0.1, 0.9) * (slot - w)
        y = cy - 3 - d if k % 2 else cy + 3
        lines += ["[[table.features]]", f'name = "feature {k + 1}"', f'kind = "{kinds[k % len(kinds)]}"',
                  f"points = [[{x:.1f}, {y:.1f}], [{x + w:.1f}, {y:.1f}], [{x + w:.1f}, {y + d:.1f}], "
                  f"[{x:.1f}, {y + d:.1f}]]", ""]
    lines += ["[[table.features]]", 'name = "the farm"', 'kind = "building"', 'material = "wood"',
              f"points = [[{cx - 3:.1f}, {cy - 2:.1f}], [{cx + 3:.1f}, {cy - 2:.1f}], [{cx + 3:.1f}, {cy + 2:.1f}], "
              f"[{cx - 3:.1f}, {cy + 2:.1f}]]", ""]
    lines += ["[[sides]]", 'name = "german"', 'nation = "german"', 'label = "German grenadiers"', "facing = 0", "",
              "[[sides]]", 'name = "soviet"', 'nation = "other"', 'label = "Soviet riflemen"', "facing = 180", ""]
    lines += ["[[objectives]]", 'name = "the farm"', f"at = [{cx:.1f}, {cy:.1f}]", "points = 2", "",
              "[[objectives]]", 'name = "the crossing"', f"at = [{width / 4:.1f}, {cy:.1f}]", "points = 1", ""]
    per_side = units // 2
    for side, kind, y0 in (("german", "ge_grenadier_company", 4.0), ("soviet", "ru_rifle_company", depth - 4.0)):
        across = max(1, int((width - 14) // 14) + 1)  # a company's line is 12.5" wide (BR figures' frontage)
        for k in range(per_side):
            row, place = divmod(k, across)
            x = 7 + place * (width - 14) / max(1, across - 1) if across > 1 else width / 2
            y = y0 + (6 * row if side == "german" else -6 * row)
            lines += ["[[units]]", f'id = "{side[:2].upper()}-{k + 1}"', f'side = "{side}"', f'type = "{kind}"',
                      f'morale = "{"veteran" if side == "german" else "trained"}"', f"at = [{x:.1f}, {y:.1f}]", ""]
    return "\n".join(lines)


def company_fire_scenario(units: int, folder: Path, seed: int = 1) -> Path:
    """Write :func:`company_fire_text` to ``folder`` and return the file's path."""
    path = Path(folder) / f"cf_generated_{units}.toml"
    path.write_text(company_fire_text(units, seed))
    return path


def brigade_scenario(units: int, folder: Path, seed: int = 1) -> Path:
    """Write :func:`brigade_text` to ``folder`` and return the file's path."""
    path = Path(folder) / f"brigade_generated_{units}.toml"
    path.write_text(brigade_text(units, seed))
    return path


def write_family(folder: Path, seed: int = 1) -> dict[str, list[tuple[int, Path]]]:
    """Both families written to ``folder``: ``{"company-fire": [(units, path), ...], "brigade": [...]}``."""
    return {
        "company-fire": [(n, company_fire_scenario(n, folder, seed)) for n in CF_SIZES],
        "brigade": [(n, brigade_scenario(n, folder, seed)) for n in BRIGADE_SIZES],
    }
