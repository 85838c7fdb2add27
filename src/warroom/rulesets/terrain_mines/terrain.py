"""The terrain catalogue of seed 003 and the terrain ruling: every terrain type by scale and unit kind.

Seed 003 "Terrain, Buildings and Other Features", items 1-14, Buildings and Bridges. The
catalogue is data (``data/terrain.toml``), checked against the schema below when this
module is imported and frozen after. Other code (the Brigade game's terrain layer) reads
it through a small API::

    from warroom.rulesets.terrain_mines.terrain import terrain_effects
    fx = terrain_effects("woods", "1/72", "half_track")
    fx.movement, fx.speed, fx.follow, fx.follow_within_inches   # 'following', 1/2, 'fully_tracked', 6.0
    fx.los, fx.sight_limit_inches                              # 'limited', 3.0

and the procedure ``terrain-mines/terrain`` gives the umpire the same record as a ruling,
every term with the words of the seed it comes from.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import Field, field_validator, model_validator

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError, suggest
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table, load_table
from warroom.rulesets.terrain_mines.common import TERRAIN, AliasChoice, cite
from warroom.rulesets.terrain_mines.info import INFO

TERRAIN_FILE = Path(__file__).with_name("data") / "terrain.toml"
SCALES = ("1/72", "1/285")
OTHERS = "others"
READING_ID = re.compile(r"^TM-\d+$")

Allowed = Literal["yes", "following", "crossing", "no", "judge"]
Rate = Literal["off_road", "on_road", "secondary_road"]
Los = Literal["clear", "limited", "blocked", "blocked_same_level", "blocked_unless_touching",
              "blocked_unless_from_hill", "contours", "sighting_rules", "judge"]
FireThrough = Literal["as_los", "no", "only_touching"]
Protection = Literal["none_given", "hidden", "wall", "stone_wall", "hull_down_I", "hull_down_judge",
                     "building_modifiers", "judge_defined"]
Needs = Literal["hedgerow_cutters", "ford", "judge_placed"]


# --- schema ------------------------------------------------------------------------------------


def _check_readings(readings: tuple[str, ...]) -> tuple[str, ...]:
    for reading in readings:
        if not READING_ID.match(reading):
            raise ValueError(f"'{reading}' is not a reading id of this ruleset (TM-1, TM-2, ...)")
    return readings


class UnitKind(Table):
    """A kind of unit the seed tells apart (TM-3)."""

    label: str
    what: str
    vehicle: bool
    afv: bool
    fully_tracked: bool


class ScaleValues(Table):
    """What changes with the scale: distances in inches, and two judge's calls."""

    sight_limit_inches: float | None = Field(None, gt=0)
    follow_within_inches: float | None = Field(None, gt=0)
    crossing_penalty_inches: float | None = Field(None, gt=0)
    hull_down: Literal["granted", "judged_by_model"] = "granted"
    los_override: Literal["clear", "judge"] | None = None
    readings: tuple[str, ...] = ()

    _readings = field_validator("readings")(_check_readings)


class Movement(Table):
    """How one kind of unit moves in or across the terrain."""

    allowed: Allowed
    speed: str = "1"
    rate: Rate = "off_road"
    follow: Literal["fully_tracked", "afv"] | None = None
    needs: Needs | None = None
    penalty_turns: int = Field(0, ge=0, le=3)
    penalty_inches: bool = False
    bog_check: bool = False
    rule: str = Field(min_length=1)
    readings: tuple[str, ...] = ()

    _readings = field_validator("readings")(_check_readings)

    @field_validator("speed")
    @classmethod
    def _speed_is_a_share(cls, value: str) -> str:
        try:
            share = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"speed '{value}' is not a fraction such as 1, 1/2, 2/3") from None
        if not 0 < share <= 1:
            raise ValueError(f"speed {value} must be a share of the rate above 0 and at most 1")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if (self.allowed == "following") != (self.follow is not None):
            raise ValueError("follow is given exactly when allowed = \"following\"")
        if self.allowed == "crossing" and not (self.penalty_turns or self.penalty_inches):
            raise ValueError("allowed = \"crossing\" needs penalty_turns or penalty_inches")
        if self.allowed != "crossing" and (self.penalty_turns or self.penalty_inches):
            raise ValueError("penalties are for allowed = \"crossing\" (a linear feature)")
        if self.allowed in ("crossing", "no", "judge") and self.speed != "1":
            raise ValueError(f"speed is for units that move through the terrain, not allowed = \"{self.allowed}\"")
        return self

    @property
    def share(self) -> Fraction:
        return Fraction(self.speed)


class Sighting(Table):
    """Line of sight and fire through the terrain, for or against one kind of unit."""

    los: Los
    fire_through: FireThrough = "as_los"
    rule: str = Field(min_length=1)
    readings: tuple[str, ...] = ()

    _readings = field_validator("readings")(_check_readings)


class Cover(Table):
    """The protection the terrain gives one kind of unit."""

    protection: Protection
    rule: str = Field(min_length=1)
    readings: tuple[str, ...] = ()

    _readings = field_validator("readings")(_check_readings)


class Terrain(Table):
    """One terrain type of the seed."""

    name: str
    item: str
    seed: str
    feature: Literal["area", "linear", "road", "water", "bridge", "point"]
    notes: tuple[str, ...] = ()
    judge: tuple[str, ...] = ()
    bog_down_percent: int | None = Field(None, ge=0, le=100)
    scale: dict[str, ScaleValues]
    movement: dict[str, Movement]
    sighting: dict[str, Sighting]
    cover: dict[str, Cover]


class Catalogue(Table):
    """The whole catalogue: the unit kinds, and every terrain type keyed by name."""

    units: dict[str, UnitKind]
    terrain: dict[str, Terrain]

    @model_validator(mode="after")
    def _complete(self) -> Self:
        units = set(self.units)
        for key, t in self.terrain.items():
            if set(t.scale) != set(SCALES):
                raise ValueError(f"terrain {key}: give [scale.\"1/72\"] and [scale.\"1/285\"], "
                                 f"not {sorted(t.scale)}")
            for part, entries in (("movement", t.movement), ("sighting", t.sighting), ("cover", t.cover)):
                stray = set(entries) - units - {OTHERS}
                if stray:
                    raise ValueError(f"terrain {key}.{part}: {', '.join(sorted(stray))} is not a unit kind "
                                     f"({', '.join(self.units)}) or '{OTHERS}'")
                if OTHERS not in entries and units - set(entries):
                    missing = ", ".join(sorted(units - set(entries)))
                    raise ValueError(f"terrain {key}.{part}: no entry for {missing} (add them or '{OTHERS}')")
            for unit in units:
                m = t.movement.get(unit) or t.movement[OTHERS]
                kind = self.units[unit]
                if m.penalty_inches and any(t.scale[s].crossing_penalty_inches is None for s in SCALES):
                    raise ValueError(f"terrain {key}: a penalty in inches needs crossing_penalty_inches at both scales")
                if m.bog_check and (t.bog_down_percent is None or not kind.vehicle):
                    raise ValueError(f"terrain {key}: bog_check is for vehicles and needs bog_down_percent")
                if m.needs == "hedgerow_cutters" and not kind.fully_tracked:
                    raise ValueError(f"terrain {key}: only fully tracked vehicles carry hedgerow cutters, not {unit}")
                if m.needs == "judge_placed" and not kind.vehicle:
                    raise ValueError(f"terrain {key}: judge_placed is for vehicles, not {unit}")
                s = t.sighting.get(unit) or t.sighting[OTHERS]
                if s.los == "limited" and any(t.scale[sc].sight_limit_inches is None for sc in SCALES):
                    raise ValueError(f"terrain {key}: los = \"limited\" needs sight_limit_inches at both scales")
        return self


@functools.cache
def catalogue(path: Path = TERRAIN_FILE) -> Catalogue:
    """The terrain catalogue, loaded and checked on first use."""
    return load_table(path, Catalogue)


catalogue()  # a broken catalogue shows at import


# --- the record other code reads -------------------------------------------------------------------


@dataclass(frozen=True)
class TerrainEffects:
    """What one terrain type does to one kind of unit at one scale.

    ``movement``: ``yes`` (moves through at ``speed`` × its ``rate``), ``following`` (only
    behind ``follow``: ``fully_tracked`` vehicles within ``follow_within_inches``, or the
    tracks of an ``afv``), ``crossing`` (a linear feature: ``penalty_turns`` whole turns or
    ``penalty_inches`` of movement), ``no``, or ``judge`` (only where the judge placed it
    before the game). ``los`` and ``fire_through`` say what the terrain does to sight and
    fire; ``protection`` the cover it gives. ``rules`` quote the seed for each term.
    """

    terrain: str
    name: str
    scale: str
    unit: str
    unit_label: str
    movement: Allowed
    speed: Fraction | None
    rate: Rate | None
    follow: str | None
    follow_within_inches: float | None
    penalty_turns: int
    penalty_inches: float | None
    bog_check: bool
    bog_down_percent: int | None
    needs: str | None
    needs_met: bool
    los: str
    sight_limit_inches: float | None
    fire_through: FireThrough
    protection: Protection
    hull_down: str
    notes: tuple[str, ...]
    judge: tuple[str, ...]
    movement_rule: str
    sighting_rule: str
    cover_rule: str
    readings: tuple[str, ...]

    @property
    def may_enter(self) -> bool:
        return self.movement in ("yes", "following", "crossing")

    def allowance(self, rate_inches: float) -> float | None:
        """Inches the unit may move in this terrain in a turn, given its own speed at ``rate``."""
        if self.movement in ("yes", "following") and self.speed is not None:
            return float(self.speed * Fraction(str(rate_inches)))
        return None


def unit_kinds() -> dict[str, UnitKind]:
    """The kinds of unit, by key (tank, tracked, half_track, armoured_car, wheeled, infantry, cavalry)."""
    return dict(catalogue().units)


def terrain_kinds() -> dict[str, Terrain]:
    """The terrain types, by key, as in the catalogue."""
    return dict(catalogue().terrain)


TERRAIN_ALIASES = (
    ("hedgerow", "bocage"), ("hedgerows", "bocage"), ("hedges", "hedge"), ("roads", "primary_road"),
    ("road", "primary_road"), ("rivers", "river"), ("hills", "hill"), ("wheat", "wheat_field"),
    ("ridges", "ridge"), ("marsh", "soft_ground"), ("soft_ground/marsh", "soft_ground"), ("buildings", "building"),
    ("bridge", "stone_bridge"), ("bridges", "stone_bridge"), ("forest", "woods"), ("tree", "solitary_tree"),
    ("light_wood", "light_woods"), ("heavy_wood", "heavy_woods"), ("wood", "woods"),
)


def _lookup(name: str, what: str, allowed: Mapping[str, Any], aliases: tuple[tuple[str, str], ...] = ()) -> str:
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    key = dict(aliases).get(key, key)
    if key not in allowed:
        raise UsageError(f"unknown {what} '{name}'{suggest(key, allowed)}; {what}s are: {', '.join(allowed)}")
    return key


@functools.lru_cache(maxsize=1024)
def terrain_effects(kind: str, scale: str, unit: str, *, hedgerow_cutters: bool = False, ford: bool = False,
                    judge_placed: bool = False) -> TerrainEffects:
    """The effects of terrain ``kind`` on a ``unit`` at ``scale`` ("1/72" or "1/285").

    The judge's and the unit's conditions: ``hedgerow_cutters`` (a fully tracked vehicle
    fitted with them, for bocage), ``ford`` (the judge designated this river fordable),
    ``judge_placed`` (the judge placed this vehicle in heavy woods or a building before the
    game). Raises :class:`UsageError` for an unknown name.
    """
    cat = catalogue()
    key = _lookup(kind, "terrain", cat.terrain, TERRAIN_ALIASES)
    unit_key = _lookup(unit, "unit kind", cat.units)
    if scale not in SCALES:
        raise UsageError(f"unknown scale '{scale}'; scales are: {', '.join(SCALES)}")
    t = cat.terrain[key]
    sc = t.scale[scale]
    m = t.movement.get(unit_key) or t.movement[OTHERS]
    s = t.sighting.get(unit_key) or t.sighting[OTHERS]
    c = t.cover.get(unit_key) or t.cover[OTHERS]
    met = {"hedgerow_cutters": hedgerow_cutters, "ford": ford, "judge_placed": judge_placed}
    needs_met = m.needs is None or met[m.needs]
    allowed: Allowed = m.allowed if needs_met else "no"
    moves = allowed in ("yes", "following")
    los = sc.los_override or s.los
    readings = tuple(dict.fromkeys((*m.readings, *s.readings, *c.readings, *sc.readings)))
    return TerrainEffects(
        terrain=key, name=t.name, scale=scale, unit=unit_key, unit_label=cat.units[unit_key].label,
        movement=allowed, speed=m.share if moves else None, rate=m.rate if moves else None,
        follow=m.follow if allowed == "following" else None,
        follow_within_inches=sc.follow_within_inches if m.follow == "fully_tracked" and allowed == "following"
        else None,
        penalty_turns=m.penalty_turns if allowed == "crossing" else 0,
        penalty_inches=sc.crossing_penalty_inches if m.penalty_inches and allowed == "crossing" else None,
        bog_check=m.bog_check and moves, bog_down_percent=t.bog_down_percent if m.bog_check else None,
        needs=m.needs, needs_met=needs_met,
        los=los, sight_limit_inches=sc.sight_limit_inches if los == "limited" else None,
        fire_through=s.fire_through, protection=c.protection,
        hull_down=sc.hull_down if c.protection == "hull_down_I" else "",
        notes=t.notes, judge=t.judge, movement_rule=m.rule, sighting_rule=s.rule, cover_rule=c.rule,
        readings=readings,
    )


# --- the ruling --------------------------------------------------------------------------------------

MOVE_ROWS = (
    "moves normally",
    "moves at reduced speed",
    "moves only following",
    "crosses with a penalty",
    "may not enter",
    "only where the judge placed it",
)

RATE_WORDS = {"off_road": "off-road", "on_road": "on-road", "secondary_road": "secondary-road"}
FOLLOW_WORDS = {"fully_tracked": "a tank (or other fully tracked vehicle)", "afv": "the tracks of an AFV"}
NEEDS_WORDS = {
    "hedgerow_cutters": "only with hedgerow cutters (hedgerow_cutters=true)",
    "ford": "only where the judge designated a ford before the game (ford=true)",
    "judge_placed": "only if the judge placed it there before the game (judge_placed=true)",
}
PROTECTION_WORDS = {
    "none_given": "none given by this seed (the base fire rules apply)",
    "hidden": "may enter it to hide from view and to observe",
    "wall": "the same protection as a wall, for all fire crossing it",
    "stone_wall": "may use it as a stone wall",
    "hull_down_I": "hull down (I) status",
    "hull_down_judge": "hull down as the judge's designated height allows",
    "building_modifiers": "the special modifiers for firing and sighting into a building (base rules, not in "
                          "this seed: the judge applies them)",
    "judge_defined": "as the judge defines before the game",
}


def _inches(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:g}\""


def _quote(rule: str, readings: tuple[str, ...], item: str) -> str:
    where = f"003 Terrain item {item}" if item[0].isdigit() else f"003 {item}"
    return f"[\"{rule}\" \u2014 {where}" + (f"; {', '.join(readings)}]" if readings else "]")


def _movement_text(fx: TerrainEffects, speed: int) -> tuple[str, str]:
    """The movement step and the result row."""
    t = catalogue().terrain[fx.terrain]
    m = t.movement.get(fx.unit) or t.movement[OTHERS]
    if fx.movement == "no":
        why = NEEDS_WORDS[fx.needs] if fx.needs and not fx.needs_met else "may not enter or cross"
        return f"movement: {why}", MOVE_ROWS[4]
    if fx.movement == "judge":
        return ("movement: no vehicle may enter; this one is there only because the judge placed it before the "
                "game, and how it may move or leave is the judge's call"), MOVE_ROWS[5]
    if fx.movement == "crossing":
        if fx.penalty_turns:
            n = {1: "one", 2: "two", 3: "three"}[fx.penalty_turns]
            text = (f"movement: may cross with a {n}-turn penalty: it spends {n} whole "
                    f"turn{'' if fx.penalty_turns == 1 else 's'} crossing and moves on the turn after")
        else:
            text = f"movement: may cross with a {_inches(fx.penalty_inches)} movement penalty (taken off its move)"
        if fx.needs == "hedgerow_cutters":
            text += ", fitted with hedgerow cutters"
        return text, MOVE_ROWS[3]
    assert fx.speed is not None and fx.rate is not None
    rate = RATE_WORDS[fx.rate]
    share = "its full" if fx.speed == 1 else f"{fx.speed} of its"
    text = f"movement: {share} {rate} speed"
    if fx.rate == "secondary_road":
        text += " (from the movement chart, not in this seed; its off-road speed where the chart has none)"
    if speed:
        text += f" = {_inches(fx.allowance(speed))} of its {speed}\""
    if fx.bog_check:
        text += f"; it checks for bog-down each move (judge's chance, default {fx.bog_down_percent}%: " \
                "procedure bog-down)"
    if fx.movement == "following":
        text = text.replace("movement: ", "movement: only following " + FOLLOW_WORDS[fx.follow or ""]
                            + (f" within {_inches(fx.follow_within_inches)}" if fx.follow_within_inches else "")
                            + ", at ")
        return text, MOVE_ROWS[2]
    if fx.needs == "ford" and fx.needs_met:
        text += ", at the judge's ford"
    if m.share < 1:
        return text, MOVE_ROWS[1]
    return text, MOVE_ROWS[0]


def _sighting_text(fx: TerrainEffects, touching: bool, from_hill: bool) -> str:
    los = fx.los
    if los == "clear":
        text = "LOS: not blocked"
    elif los == "limited":
        text = f"LOS: sighting is limited to {_inches(fx.sight_limit_inches)} into it"
    elif los == "blocked":
        text = "LOS: no LOS or firing through it"
    elif los == "blocked_same_level":
        text = "LOS: blocked to and from infantry on the same level"
    elif los == "blocked_unless_touching":
        text = ("LOS: open through it, the vehicle touching it" if touching
                else "LOS: blocked unless the vehicle is touching it (touching=true)")
    elif los == "blocked_unless_from_hill":
        text = ("LOS: open across it, sighting from a hill" if from_hill
                else "LOS: usually blocked, unless sighting from a hill (from_hill=true)")
    elif los == "contours":
        text = "LOS: its contour lines affect sighting (the Sighting rules, not in this seed)"
    elif los == "sighting_rules":
        text = "LOS: sighting of small units follows the Sighting rules (not in this seed)"
    else:
        text = "LOS: as the judge declares"
    if fx.fire_through == "no" and los != "blocked":
        text += "; no firing through it"
    elif fx.fire_through == "only_touching":
        text += ("; it may fire over or through it, touching it" if touching
                 else "; to fire over or through it the vehicle must be touching it")
    return text


def _cover_text(fx: TerrainEffects) -> str:
    text = "cover: " + PROTECTION_WORDS[fx.protection]
    if fx.protection == "hull_down_I":
        if fx.terrain == "rubble":
            text += " (track and front bottom hits excluded), for fire crossing the rubble"
        else:
            text += " for all fire crossing the bridge side"
        if fx.hull_down == "judged_by_model":
            text += "; at 1/285 hull down is judged by the model's dimensions against the rubble's"
    return text


UNITS = tuple(catalogue().units)
TERRAIN_PARAM = AliasChoice("terrain", "choice", "the terrain type", choices=tuple(catalogue().terrain),
                            aliases=TERRAIN_ALIASES)
UNIT_PARAM = Param("unit", "choice", "the kind of unit (TM-3: tracked = other fully tracked AFV)", choices=UNITS)
SCALE_PARAM = Param("scale", "choice", "the scale played", "1/72", choices=SCALES)


def _check(v: Mapping[str, Any]) -> None:
    kind = catalogue().units[v["unit"]]
    terrain = v["terrain"]
    t = catalogue().terrain[terrain]
    if v["hedgerow_cutters"]:
        if not kind.fully_tracked:
            raise UsageError(f"hedgerow_cutters=true: cutters are fitted to tanks and other fully tracked vehicles, "
                             f"not to a {kind.label} (003 Terrain item 5, TM-5)")
        if terrain != "bocage":
            raise UsageError("hedgerow_cutters=true only matters for terrain=bocage (item 5, Hedgerow)")
    if v["ford"] and terrain != "river":
        raise UsageError("ford=true only matters for terrain=river: the judge designates a river fordable (item 8)")
    if v["judge_placed"]:
        if not kind.vehicle:
            raise UsageError(f"judge_placed=true is for vehicles the judge places in heavy woods or a building, "
                             f"not {kind.label}")
        if terrain not in ("heavy_woods", "building"):
            raise UsageError("judge_placed=true only matters for terrain=heavy_woods or building, where vehicles "
                             "may be only if the judge placed them there before the game")
    if v["touching"]:
        if not kind.vehicle:
            raise UsageError(f"touching=true: the seed lets a vehicle touching a hedge or ridge see or fire over it, "
                             f"not {kind.label}")
        if terrain not in ("hedge", "ridge"):
            raise UsageError("touching=true only matters for terrain=hedge or ridge (items 6 and 11)")
    if v["from_hill"] and terrain != "ridge":
        raise UsageError("from_hill=true only matters for terrain=ridge: a ridge blocks LOS unless sighting "
                         "from a hill (item 11)")
    if v["tons"] and not kind.vehicle:
        raise UsageError(f"tons={v['tons']}: a weight is for vehicles, not {kind.label}")
    if v["bridge_limit"] and t.feature != "bridge":
        raise UsageError("bridge_limit only matters for terrain=stone_bridge or other_bridge")
    if v["bridge_limit"] and kind.vehicle and not v["tons"]:
        raise UsageError("bridge_limit given: give the vehicle's weight too (tons=...)")


@procedure(
    INFO,
    "terrain",
    example={"terrain": "woods", "unit": "half_track", "scale": "1/72"},
    title="Terrain effects on a unit",
    summary="What a terrain type does to a kind of unit at 1/72 or 1/285: movement, sighting, LOS, cover, crossing.",
    rule=cite(TERRAIN, readings=("TM-1", "TM-2", "TM-3", "TM-4", "TM-5", "TM-6", "TM-7", "TM-8", "TM-9",
                                 "TM-10", "TM-11", "TM-12", "TM-13", "TM-14")),
    params=(
        TERRAIN_PARAM, UNIT_PARAM, SCALE_PARAM,
        Param("hedgerow_cutters", "bool", "the vehicle is fitted with hedgerow cutters (bocage)", False),
        Param("ford", "bool", "the judge designated this river fordable before the game", False),
        Param("judge_placed", "bool", "the judge placed this vehicle here before the game (heavy woods, building)",
              False),
        Param("touching", "bool", "the vehicle is touching the hedge or ridge", False),
        Param("from_hill", "bool", "the sighting is taking place from a hill (ridge)", False),
        Param("tons", "int", "the vehicle's weight in tons (for a bridge's weight limit); 0 = not given", 0,
              minimum=0, maximum=200),
        Param("bridge_limit", "int", "the bridge's weight limit in tons, set by the judge; 0 = none set", 0,
              minimum=0, maximum=200),
        Param("speed", "int", "the unit's speed in inches at the rate this terrain uses (off-road; on-road on a "
              "primary road or bridge); 0 = not given", 0, minimum=0, maximum=100),
    ),
    results=MOVE_ROWS,
    check=_check,
)
def terrain(r: Resolution, terrain: str, unit: str, scale: str, hedgerow_cutters: bool, ford: bool,
            judge_placed: bool, touching: bool, from_hill: bool, tons: int, bridge_limit: int,
            speed: int) -> Outcome:
    """Seed 003 "Terrain, Buildings and Other Features", items 1-14, Buildings and Bridges: the
    catalogue entry of one terrain type for one kind of unit at one scale, read from
    data/terrain.toml. Readings TM-1 (light woods at ½ off-road speed), TM-2 (1/285 distances),
    TM-3 (unit kinds), TM-4 (woods), TM-5 (bocage and hedges), TM-6 (roads), TM-7 (rivers),
    TM-8 (hills and ridges), TM-9 (wheat), TM-10 (scrub), TM-11 (soft ground), TM-12 (rubble),
    TM-13 (buildings), TM-14 (bridges). No dice: one result, certain."""
    fx = terrain_effects(terrain, scale, unit, hedgerow_cutters=hedgerow_cutters, ford=ford,
                         judge_placed=judge_placed)
    t = catalogue().terrain[fx.terrain]
    where = f"item {t.item}" if t.item[0].isdigit() else t.item
    r.step(f"{fx.name} (003 {where}: \"{t.seed}\") at {scale}, for a {fx.unit_label}")
    move, row = _movement_text(fx, speed)
    if t.feature == "bridge" and catalogue().units[unit].vehicle:
        if bridge_limit and tons > bridge_limit:
            move, row = (f"movement: may not cross: {tons} t is over the bridge's {bridge_limit} t weight limit",
                         MOVE_ROWS[4])
        elif bridge_limit:
            move += f"; {tons} t is within the bridge's {bridge_limit} t weight limit"
        else:
            move += "; the judge must set the bridge's weight limit before the game (none given: none applied)"
    r.step(f"{move}  {_quote(fx.movement_rule, (t.movement.get(unit) or t.movement[OTHERS]).readings, t.item)}")
    s = t.sighting.get(unit) or t.sighting[OTHERS]
    r.step(f"{_sighting_text(fx, touching, from_hill)}  {_quote(fx.sighting_rule, s.readings, t.item)}")
    c = t.cover.get(unit) or t.cover[OTHERS]
    r.step(f"{_cover_text(fx)}  {_quote(fx.cover_rule, c.readings, t.item)}")
    for note in fx.notes:
        r.step(f"note: {note}")
    for decision in fx.judge:
        r.step(f"the judge decides before the game: {decision}")
    return r.result(row, f"{fx.name}, {fx.unit_label}, {scale}")
