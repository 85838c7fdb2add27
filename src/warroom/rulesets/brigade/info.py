"""WW2 Rules for Brigade level games: the ruleset's fixed facts."""

from warroom.core.registry import RulesetInfo, register_ruleset

SEED = "004_ee81681d1981bc90.txt"

INFO = register_ruleset(
    RulesetInfo(
        id="brigade",
        title="WW2 Rules for Brigade level games (inches, 1\" = 20 yards)",
        version="0.3.0",
        scale="inch",
        status="the full game (move sequence, detection, fire, morale, mines, cavalry, transport)",
        seed=SEED,
        chance="d6 throws; deviation dice",
        information="hidden deployment and detection in the full game",
    )
)
