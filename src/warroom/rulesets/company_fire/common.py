"""Pieces the Company Fire procedures share: the hit table, leader and experience terms."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core.chance import Outcome, Resolution
from warroom.core.errors import UsageError
from warroom.core.params import Param
from warroom.core.ruling import RuleRef
from warroom.rulesets.company_fire.info import SEED
from warroom.rulesets.company_fire.tables import tables

MINUS = "\u2212"
STATUS = "Unit Status, Hit Results and Rallying"

UNIT_RESULTS = ("good order", "pinned", "suppressed", "destroyed")
SMF_RESULTS = ("good order", "destroyed")

STATUS_NAMES = {"good_order": "good order", "pinned": "pinned", "suppressed": "suppressed"}


def cite(*sections: str, readings: tuple[str, ...] = ()) -> RuleRef:
    return RuleRef(SEED, sections, readings)


def src(section: str, detail: str = "") -> str:
    """A modifier's source, as printed in a ruling."""
    return f"002 {section}" + (f", {detail}" if detail else "")


TARGET_STATUS = Param(
    "target_status", "choice", "the target unit's status before the attack", "good_order",
    choices=("good_order", "pinned", "suppressed"),
)
EXPERIENCE = Param(
    "experience", "choice", "the unit's troop quality", "regular", choices=("green", "regular", "veteran")
)
LEADER = Param(
    "leader", "choice", "leaders in the unit's space: none, pl (platoon leader), cc (company commander), both",
    "none", choices=("none", "pl", "cc", "both"),
)


def check_smf_status(v: Mapping[str, Any]) -> None:
    """An SMF is in good order or destroyed (seed "Single Mounted Figures (SMFs)"): no other status."""
    if v["target"] == "smf" and v["target_status"] != "good_order":
        raise UsageError("target=smf: an SMF is always in good order (it ignores pins); leave target_status out")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def apply_hits(r: Resolution, hits: int, status: str, smf: bool = False) -> Outcome:
    """Seed 002 "Unit Status, Hit Results and Rallying": the hit table (readings CF-2).

    One hit pins (a pin on a pinned unit is ignored, a pin on a suppressed unit too),
    two hits suppress (a suppressed unit suppressed again is destroyed), three hits
    destroy. An SMF ignores a pin and is eliminated on suppressed or destroyed
    (seed "Single Mounted Figures (SMFs)").
    """
    t = tables().hit_results
    before = STATUS_NAMES[status]
    if smf:
        if hits >= t.suppressed_at:
            return r.result("destroyed", f"{plural(hits, 'hit')} on an SMF \u2192 eliminated")
        if hits >= t.pinned_at:
            return r.result("good order", f"{plural(hits, 'hit')} on an SMF \u2192 pin ignored")
        return r.result("good order", "no hits \u2192 no effect")
    if hits >= t.destroyed_at:
        return r.result("destroyed", f"{plural(hits, 'hit')} \u2192 destroyed")
    if hits >= t.suppressed_at:
        if status == "suppressed":
            row = f"{plural(hits, 'hit')} on a suppressed unit \u2192 suppressed again: destroyed"
            return r.result("destroyed", row)
        return r.result("suppressed", f"{plural(hits, 'hit')} \u2192 suppressed")
    if hits >= t.pinned_at:
        if status == "good_order":
            return r.result("pinned", "1 hit \u2192 pinned")
        return r.result(before, f"1 hit on a {before} unit \u2192 ignored, stays {before}")
    return r.result(before, f"no hits \u2192 stays {before}")


def leader_bonus(r: Resolution, leader: str, section: str, where: str = "in the space") -> int:
    """The platoon leader's +1 or the company commander's +2; with both, the better (CF-7)."""
    t = tables().leader_bonus
    if leader in ("cc", "both"):
        return r.modifier(f"company commander {where}", t.company_commander, src(section))
    if leader == "pl":
        return r.modifier(f"platoon leader {where}", t.platoon_leader, src(section))
    return 0


def experience_bonus(r: Resolution, experience: str, section: str) -> int:
    value: int = getattr(tables().experience, experience)
    if value:
        return r.modifier(f"{experience} troops", value, src(section))
    return 0


def need(r: Resolution, roll: int, total: int, needs: int, label: str) -> bool:
    """Say how a modified roll compares with the number it needs; true if it makes it."""
    passed = total >= needs
    if not r.narrating:
        return passed
    mods = total - roll
    sign = "+" if mods >= 0 else MINUS
    shown = f"{roll} {sign} {abs(mods)} = {total}" if mods else f"{total}"
    r.step(f"{label}: {shown} against {needs}+ \u2192 {'passes' if passed else 'fails'}")
    return passed
