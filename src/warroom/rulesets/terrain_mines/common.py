"""Pieces the Terrain & Mines procedures share: citations, parameters, and percentile bands.

Seed 003 rolls everything on two percentile dice (01-100, 00 read as 100) and reads the
roll against bands (K 01-20, I 21-85, N 86-100; bail out on 01-25; bog down on 01-20).

Two helpers here keep the procedures fast and let the umpire bring dice:

- :func:`band_roll` reads one percentile roll as its band. Played with explanation (a
  ruling) it throws the two d10 themselves and the ruling shows the roll; for exact odds
  and batch samples it asks for the roll through a one-step ``r.until`` whose state is the
  band, so the evaluator folds the hundred faces into a handful of bands once instead of
  branching a hundred ways at every roll. The core has no "percentile read as bands" node
  (as ``draw_as`` is for cards); this is the work-around, and both paths give the same
  distribution.
- :class:`Dice` hands out the umpire's own rolls (``rolls=100,87``) in the order the
  procedure asks for them, and throws dice once they run out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from warroom.core.chance import Resolution
from warroom.core.errors import UsageError, suggest
from warroom.core.params import Param
from warroom.core.ruling import DiceRoll, RuleRef
from warroom.rulesets.terrain_mines.info import SEED

MINUS = "\u2212"
TERRAIN = "Terrain, Buildings and Other Features"
MINES = "MINES"


def cite(*sections: str, readings: tuple[str, ...] = ()) -> RuleRef:
    return RuleRef(SEED, sections, readings)


def src(section: str, detail: str = "") -> str:
    """A modifier's source, as printed in a ruling."""
    return f"003 {section}" + (f", {detail}" if detail else "")


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


def pct(value: int) -> str:
    """A percentile number as the seed writes it: 01 ... 99, 100."""
    return f"{value:02d}"


# --- parameters ------------------------------------------------------------------------------


@dataclass(frozen=True)
class AliasChoice(Param):
    """A choice that also takes other names for its values (``hedgerow`` for ``bocage``)."""

    aliases: tuple[tuple[str, str], ...] = ()

    def read(self, value: Any, bounded: bool = True) -> Any:
        text = str(value).strip().lower().replace("-", "_").replace(" ", "_")
        for alias, key in self.aliases:
            if text == alias:
                return key
        if text not in self.choices:
            names = (*self.choices, *(a for a, _ in self.aliases))
            raise UsageError(f"{self.name}={value!s} is not allowed: {self.name} is {self.allowed()}"
                             + suggest(text, names))
        return text


def read_percentile(text: str) -> int:
    """One percentile roll as the umpire writes it: 1 to 100, or 00 for 100."""
    t = text.strip()
    if t in ("00", "0"):
        return 100
    if not t.isdigit() or not 1 <= int(t) <= 100:
        raise ValueError(t)
    return int(t)


@dataclass(frozen=True)
class RollsParam(Param):
    """The umpire's own percentile rolls, used in order instead of throwing dice."""

    def allowed(self) -> str:
        limit = f"up to {self.max_items} " if self.max_items is not None else ""
        return (f"a comma-separated list of {limit}percentile rolls, 01 to 100 (00 reads as 100), "
                "in the order the procedure asks for them")

    def default_text(self) -> str:
        return "none: warroom throws the dice"

    def read(self, value: Any, bounded: bool = True) -> Any:
        items = list(value) if isinstance(value, (list, tuple)) else [v for v in str(value).split(",") if v.strip()]
        out: list[int] = []
        for item in items:
            try:
                out.append(read_percentile(str(item)))
            except ValueError:
                raise UsageError(f"{self.name}: '{item}' is not a percentile roll: write 01 to 100, "
                                 "or 00 for 100") from None
        if self.max_items is not None and len(out) > self.max_items:
            raise UsageError(f"{self.name}={','.join(str(v) for v in out)}: this procedure asks for at most "
                             f"{self.max_items} roll{'' if self.max_items == 1 else 's'}")
        return tuple(out)


def rolls_param(most: int) -> RollsParam:
    return RollsParam(
        "rolls", "choices",
        "the umpire's own percentile rolls, in the order asked (the ruling lists the order); "
        "once they run out warroom throws the rest",
        (), min_items=0, max_items=most,
    )


def chance_param(name: str, help_text: str, default: int) -> Param:
    return Param(name, "int", help_text, default, minimum=0, maximum=100)


DENSITY = chance_param(
    "density",
    "the judge's mine density, % chance a check meets a mine (a separate roll first); "
    "100 = none set: every check goes straight to the effect table",
    100,
)


# --- percentile bands ------------------------------------------------------------------------


class Bands(NamedTuple):
    """How a percentile roll reads: ``edges`` are (highest modified roll, band) in rising order.

    ``shift`` is added to the roll before it is read; a modified roll below 01 reads as the
    first band and one above 100 as the last. ``natural_100``, if set, is the band of an
    unmodified 100 (00), whatever the modifiers.
    """

    edges: tuple[tuple[int, str], ...]
    shift: int = 0
    natural_100: str | None = None

    def read(self, roll: int) -> str:
        if roll == 100 and self.natural_100 is not None:
            return self.natural_100
        modified = roll + self.shift
        for highest, band in self.edges:
            if modified <= highest:
                return band
        return self.edges[-1][1]

    def modified(self, roll: int) -> int:
        return roll + self.shift

    def span(self, band: str) -> str:
        """The modified rolls that give ``band``, as the seed writes them: 01-20."""
        low = 1
        for highest, name in self.edges:
            if name == band:
                return f"{pct(low)}\u2013{pct(min(highest, 100))}" if low < highest else pct(highest)
            low = highest + 1
        return ""


def below(chance: int, yes: str, no: str) -> Bands:
    """A percentile check succeeding on 01 to ``chance``."""
    if chance <= 0:
        return Bands(((100, no),))
    if chance >= 100:
        return Bands(((100, yes),))
    return Bands(((chance, yes), (100, no)))


def _band_step(r: Resolution, state: Any) -> str:
    bands: Bands = state[1]
    return bands.read(r.percentile())


def _read(state: Any) -> bool:
    return isinstance(state, str)


class Dice:
    """The percentile rolls of one run: the umpire's own first, in order, then thrown dice."""

    __slots__ = ("given", "r", "used")

    def __init__(self, r: Resolution, given: tuple[int, ...] = (), used: int = 0) -> None:
        self.r = r
        self.given = given
        self.used = used

    def roll(self, label: str, bands: Bands) -> tuple[str, int | None]:
        """One percentile roll read as its band: (band, the roll when it is known to the ruling).

        The roll is known when the umpire gave it or when a ruling is played; for exact odds
        and batch samples the hundred faces are folded into bands and the roll is ``None``.
        """
        r = self.r
        if self.used < len(self.given):
            roll = self.given[self.used]
            self.used += 1
            if r.explain:
                r.record_dice(DiceRoll(label, "d% (umpire's roll)", (pct(roll),), roll, pct(roll)))
            return bands.read(roll), roll
        if r.explain and r.narrate:
            roll = r.percentile(label)
            return bands.read(roll), roll
        start: Any = ("bands", bands)
        _, band = r.until(start, _band_step, _read, max_steps=1, label=label)
        return str(band), None

    def unused(self) -> None:
        """Say which of the umpire's rolls the procedure did not need."""
        left = self.given[self.used:]
        if left:
            self.r.step(f"not needed: the umpire's roll{'' if len(left) == 1 else 's'} "
                        + ", ".join(pct(v) for v in left))


def narrating(r: Resolution) -> bool:
    """Whether a step written now would be kept (exact odds keep only the steps before the first die)."""
    return r.explain and (r.narrate or r.first_chance is None)


def say_roll(r: Resolution, roll: int | None, bands: Bands, band: str, what: str, then: str = "") -> None:
    """Write how a roll read, only when the ruling keeps it (the words cost time on every branch)."""
    if narrating(r):
        r.step(read_roll(roll, bands, band, what) + then)


def read_roll(roll: int | None, bands: Bands, band: str, what: str) -> str:
    """How a roll read, in words: ``87 − 15 = 72: I (21–85)``; without the roll, only the band."""
    span = bands.span(band)
    if roll is None:
        return f"{what}: {band} ({span})"
    if roll == 100 and bands.natural_100 == band and bands.shift:
        return f"{what}: an unmodified 100, always {band}"
    if bands.shift:
        modified = bands.modified(roll)
        sign = "+" if bands.shift > 0 else MINUS
        shown = pct(modified) if modified > 0 else f"{MINUS}{-modified}" if modified else "00"
        return f"{what}: {pct(roll)} {sign} {abs(bands.shift)} = {shown} \u2192 {band} ({span})"
    return f"{what}: {pct(roll)} \u2192 {band} ({span})"
