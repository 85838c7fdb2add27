"""Company Fire's fixed facts."""

from warroom.core.registry import RulesetInfo, register_ruleset

SEED = "002_e954d5c422be67ed.txt"

INFO = register_ruleset(
    RulesetInfo(
        id="company-fire",
        title="Company Fire (grid rules, a company a side)",
        version="0.2.0",
        scale="grid",
        status="dice procedures (the full game is in progress)",
        seed=SEED,
        chance="d6 throws and an initiative deck drawn without replacement",
        information="hidden set-up (blinds, dummy minefields) in the full game",
    )
)
