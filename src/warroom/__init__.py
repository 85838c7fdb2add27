"""warroom: an automated umpire, rules engine and simulator for WWII tactical wargames."""

from warroom.core.api import odds, roll, sample
from warroom.core.game import GameRecord, load_game, replay
from warroom.core.registry import get_procedure, procedures
from warroom.core.registry import rulesets as list_rulesets

__all__ = [
    "GameRecord", "get_procedure", "list_rulesets", "load_game", "odds", "procedures", "replay", "roll", "sample",
]
__version__ = "0.1.0"
