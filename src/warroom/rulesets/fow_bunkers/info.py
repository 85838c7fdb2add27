"""Bunkers and Fortifications quick-play rules (Flames of War style): the ruleset's fixed facts."""

from warroom.core.registry import RulesetInfo, register_ruleset

SEED = "001_e8ee080316da271e.txt"

INFO = register_ruleset(
    RulesetInfo(
        id="fow-bunkers",
        title="Bunkers and Fortifications quick-play rules (Flames of War style)",
        version="0.1.0",
        scale="inch",
        status="umpire procedures (in progress)",
        seed=SEED,
        chance="dice, exact odds by enumeration",
        rulings="umpire",
        information="perfect: an umpire's procedures",
    )
)
