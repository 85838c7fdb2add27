"""Seed 000 "British Artillery – Replacement of FOO Casualties": rolling for a replacement observer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from pydantic import Field

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import FOO, cite, die_range, load_data, plural, plus, signed, src
from warroom.rulesets.bfwwii_house.info import INFO


class FooTable(Table):
    die_sides: int = Field(ge=2)
    arrives_on: int
    cumulative_per_roll: int
    per_additional_casualty_waiting: int
    no_british_foo_on_table: int
    per_replacement_destroyed: int


TABLE = load_data("a_foo", FooTable)
READINGS = ("BF-7", "BF-8", "BF-9", "BF-10")

WAITING = Param("waiting", "int", "British artillery FOO casualties waiting to be replaced, this one included", 1,
                minimum=1, maximum=6, why="with no FOO casualty waiting there is nothing to roll for")
ON_TABLE = Param("british_foo_on_table", "bool", "a British FOO is on table now", False)
DESTROYED = Param("replacements_destroyed", "int", "replacement FOOs destroyed so far this game", 0,
                  minimum=0, maximum=6)
OBSERVER = Param("observer", "choice", "the casualty: only British artillery FOOs are replaced by this rule",
                 "british_artillery_foo", choices=("british_artillery_foo", "mortar_foo", "fac", "ngs_observer"))


def _check_observer(v: Mapping[str, Any]) -> None:
    if v["observer"] != "british_artillery_foo":
        raise UsageError(f"observer={v['observer']}: the replacement rule applies only to British artillery FOOs, "
                         "not mortar FOOs, FACs or naval gunfire observers (Replacement of FOO Casualties)")


def roll_modifiers(r: Resolution, roll_number: int, waiting: int, on_table: bool, destroyed: int) -> int:
    """The modifiers of one replacement roll, each recorded with its source."""
    t = TABLE
    total = 0
    if roll_number > 1:
        total += r.modifier(f"roll {roll_number} for this replacement (+{t.cumulative_per_roll} a roll after the "
                            "first)", (roll_number - 1) * t.cumulative_per_roll, src(FOO, "BF-8"))
    if waiting > 1:
        total += r.modifier(f"{plural(waiting - 1, 'more FOO casualty', 'more FOO casualties')} waiting",
                            (waiting - 1) * t.per_additional_casualty_waiting, src(FOO, "BF-7"))
    if not on_table:
        total += r.modifier("no British FOO on table", t.no_british_foo_on_table, src(FOO, "BF-9"))
    if destroyed:
        total += r.modifier(f"{plural(destroyed, 'replacement FOO')} destroyed this game",
                            destroyed * t.per_replacement_destroyed, src(FOO))
    return total


def _roll_check(v: Mapping[str, Any]) -> None:
    _check_observer(v)


@procedure(
    INFO,
    "foo-replacement-roll",
    example={"roll_number": 3, "waiting": 2},
    title="Replacement FOO roll",
    summary="This turn's d10 for a replacement British FOO: 10+ after +1 a roll, +1 a further casualty waiting, "
            "+1 no FOO on table, -1 a replacement lost.",
    rule=cite(FOO, readings=READINGS),
    params=(
        Param("roll_number", "int", "which roll for this replacement: 1 on the first friendly player turn after the "
              "casualty", 1, minimum=1, maximum=30),
        WAITING, ON_TABLE, DESTROYED, OBSERVER,
    ),
    results=("replacement FOO arrives", "no replacement yet"),
    check=_roll_check,
)
def foo_replacement_roll(r: Resolution, roll_number: int, waiting: int, british_foo_on_table: bool,
                         replacements_destroyed: int, observer: str) -> Outcome:
    """Seed 000 "British Artillery – Replacement of FOO Casualties": on the first friendly
    player turn after an observer becomes a casualty roll a d10; on 10 or more a replacement
    FO and transport become available on the friendly map edge. +1 a roll until one arrives
    (BF-8), +1 for each further casualty waiting (BF-7), +1 with no British FOO on table, -1
    for each replacement FOO destroyed this game. One replacement is rolled for at a time; a
    success resets the cumulative bonus, and the replacement is then on table (BF-9). The
    state after the roll is left for the next turn."""
    t = TABLE
    mods = roll_modifiers(r, roll_number, waiting, british_foo_on_table, replacements_destroyed)
    need = t.arrives_on - mods
    r.step(f"roll 1d{t.die_sides}{plus(mods)}: a replacement arrives on "
           f"{die_range(need, t.die_sides, t.die_sides)}")
    roll = r.die(t.die_sides, label="replacement FOO")
    total = roll + mods
    if total >= t.arrives_on:
        left = waiting - 1
        r.step("a replacement FO and transport arrive at the friendly map edge; the cumulative bonus resets"
               + (f"; {plural(left, 'casualty', 'casualties')} still waiting" if left else ""))
        return r.result("replacement FOO arrives", f"modified {total}: {t.arrives_on} or more",
                        after={"roll_number": 1, "waiting": left, "british_foo_on_table": True})
    r.step(f"no replacement this turn; roll again next turn at +{roll_number * t.cumulative_per_roll}")
    return r.result("no replacement yet", f"modified {total}: less than {t.arrives_on}",
                    after={"roll_number": roll_number + 1})


class FooState(NamedTuple):
    """The replacement process between turns: casualties still waiting, this replacement's roll number, FOO on table."""

    waiting: int
    roll_number: int
    on_table: bool


def _step_modifier(state: FooState, destroyed: int) -> int:
    t = TABLE
    return ((state.roll_number - 1) * t.cumulative_per_roll
            + (state.waiting - 1) * t.per_additional_casualty_waiting
            + (0 if state.on_table else t.no_british_foo_on_table)
            + destroyed * t.per_replacement_destroyed)


def _advance(state: FooState, arrived: bool) -> FooState:
    if arrived:
        return FooState(state.waiting - 1, 1, True)
    return FooState(state.waiting, state.roll_number + 1, state.on_table)


def _target(v: Mapping[str, Any]) -> int:
    """How many casualties the process runs until: the first replacement or all of them."""
    return int(v["waiting"]) - 1 if v["until"] == "first" else 0


def _worst_case_turns(v: Mapping[str, Any]) -> int:
    """The latest turn the last replacement asked for can arrive (each roll gains +1, so one always arrives)."""
    state = FooState(v["waiting"], 1, v["british_foo_on_table"])
    turns = 0
    while state.waiting > _target(v):
        turns += 1
        worst_roll_fails = 1 + _step_modifier(state, v["replacements_destroyed"]) < TABLE.arrives_on
        state = _advance(state, arrived=not worst_roll_fails)
    return turns


def _turn_rows(v: Mapping[str, Any]) -> tuple[str, ...]:
    first = int(v["waiting"]) - _target(v)
    return tuple(f"{_what(v)} on turn {t}" for t in range(first, _worst_case_turns(v) + 1))


def _what(v: Mapping[str, Any]) -> str:
    if v["until"] == "first" or v["waiting"] == 1:
        return "replacement arrives"
    return "last replacement arrives"


def _process_check(v: Mapping[str, Any]) -> None:
    _check_observer(v)


@procedure(
    INFO,
    "foo-replacement",
    example={"waiting": 2},
    title="Turns until a replacement FOO is available",
    summary="The exact distribution of friendly turns until the replacement FOO (or the last of several) arrives.",
    rule=cite(FOO, readings=READINGS),
    params=(
        Param("waiting", "int", "British artillery FOO casualties waiting to be replaced", 1, minimum=1, maximum=4,
              why="with no FOO casualty waiting there is nothing to roll for"),
        ON_TABLE, DESTROYED,
        Param("until", "choice", "run until the first replacement or until all waiting are replaced", "all",
              choices=("first", "all")),
        OBSERVER,
    ),
    results=_turn_rows,
    check=_process_check,
)
def foo_replacement(r: Resolution, waiting: int, british_foo_on_table: bool, replacements_destroyed: int,
                    until: str, observer: str) -> Outcome:
    """Seed 000 "British Artillery – Replacement of FOO Casualties", run turn by turn: one d10
    each friendly player turn from the first after the casualty, 10 or more after modifiers
    (+1 a roll, BF-8; +1 each further casualty waiting, BF-7; +1 no British FOO on table,
    BF-9; -1 each replacement destroyed). One replacement at a time; after a success the
    bonus resets and the replacement is on table. Every roll adds +1, so a replacement always
    comes: the last row is the latest turn possible (BF-10)."""
    t = TABLE
    stop = waiting - 1 if until == "first" else 0
    r.step(f"{plural(waiting, 'FOO casualty', 'FOO casualties')} waiting; one d{t.die_sides} a friendly player turn, "
           f"a replacement on {t.arrives_on}+ (+{t.cumulative_per_roll} a roll, reset after each replacement)")
    if not british_foo_on_table:
        r.step("no British FOO on table: +1 until the first replacement arrives")

    def step(rr: Resolution, state: FooState) -> FooState:
        mods = _step_modifier(state, replacements_destroyed)
        roll = rr.die(t.die_sides, label=f"roll {state.roll_number} for a replacement ({signed(mods)})")
        return _advance(state, roll + mods >= t.arrives_on)

    turns, final = r.until(FooState(waiting, 1, british_foo_on_table), step, lambda s: s.waiting <= stop,
                           max_steps=200, label="turn")
    if turns is None:  # cannot happen: every roll adds +1, so a success always comes
        raise RuntimeError("the replacement FOO process did not end")
    v = {"waiting": waiting, "until": until}
    return r.result(f"{_what(v)} on turn {turns}", f"{plural(waiting - final.waiting, 'replacement')} in "
                    f"{plural(turns, 'friendly turn')}")
