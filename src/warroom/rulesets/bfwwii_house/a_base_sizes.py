"""Seed 000 "Base Sizes": the base of each kind of element and marker."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.params import Param
from warroom.core.registry import procedure
from warroom.core.tables import Table
from warroom.rulesets.bfwwii_house.a_common import BASE_SIZES, cite, load_data
from warroom.rulesets.bfwwii_house.info import INFO


class Element(Table):
    label: str
    size: str
    figures: str

    def row(self) -> str:
        return self.size + (f", {self.figures}" if self.figures else "")


class BaseSizes(Table):
    elements: dict[str, Element]


TABLE = load_data("a_base_sizes", BaseSizes)


def _row(v: Mapping[str, Any]) -> tuple[str, ...]:
    return (TABLE.elements[v["element"]].row(),)


@procedure(
    INFO,
    "base-size",
    example={"element": "medium_gun"},
    title="Base size",
    summary="The base size (and figures) of a stand, gun, BUS or terrain marker.",
    rule=cite(BASE_SIZES, "Barbed Wire", "Dragons Teeth or AT Obstacles", readings=("BF-11",)),
    params=(Param("element", "choice", "the stand or marker", choices=tuple(TABLE.elements)),),
    results=_row,
)
def base_size(r: Resolution, element: str) -> Outcome:
    """Seed 000 "Base Sizes": troops 30x30 mm with 3 figures (COs, FOOs, LMGs, light mortars
    and Panzerschrecks 2 figures); command stands 2 figures (higher command may be a
    vignette), on the troop stand's base (BF-11); light, medium and heavy guns 40x40,
    40x60, 40x80 mm with 3, 4, 5 crew; BUS 40x40; minefields 60x30; wire and roadblocks
    60x15; rubble strips 40x20; rubble areas 40x40. "Barbed Wire": entanglements 60 wide by 15
    deep (within 3/4" x 2" and 1/2" x 1 1/2"), gapped bases; "Dragons Teeth or AT Obstacles":
    60 wide by 30 deep."""
    e = TABLE.elements[element]
    r.step(f"{e.label}: {e.row()}")
    return r.result(e.row(), e.label)
