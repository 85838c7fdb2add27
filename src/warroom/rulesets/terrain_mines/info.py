"""Terrain & Mines (1/72 and 1/285): the ruleset's fixed facts."""

from warroom.core.registry import RulesetInfo, register_ruleset

SEED = "003_80894a72eb45ecc5.txt"

INFO = register_ruleset(
    RulesetInfo(
        id="terrain-mines",
        title="Terrain & Mines (1/72 and 1/285)",
        version="0.1.0",
        scale="inch",
        status="umpire procedures (in progress)",
        seed=SEED,
        chance="dice, exact odds by enumeration",
        information="perfect: an umpire's procedures",
    )
)
