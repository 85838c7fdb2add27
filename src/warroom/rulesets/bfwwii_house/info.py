"""Battlefront: WWII house rules (Richard & Paddy's): the ruleset's fixed facts."""

from warroom.core.registry import RulesetInfo, register_ruleset

SEED = "000_df70b73452d18b57.txt"

INFO = register_ruleset(
    RulesetInfo(
        id="bfwwii-house",
        title="Battlefront: WWII house rules (Richard & Paddy's)",
        version="0.1.0",
        scale="inch",
        status="umpire procedures (in progress)",
        seed=SEED,
        chance="dice, exact odds by enumeration",
        rulings="umpire",
        information="perfect: an umpire's procedures",
    )
)
