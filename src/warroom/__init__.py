"""warroom: an automated umpire, rules engine and simulator for WWII tactical wargames."""

from importlib.metadata import PackageNotFoundError, version

from warroom.core.api import odds, roll, sample
from warroom.core.game import GameRecord, load_game, replay
from warroom.core.registry import get_procedure, procedures
from warroom.core.registry import rulesets as list_rulesets

__all__ = [
    "GameRecord", "get_procedure", "list_rulesets", "load_game", "odds", "procedures", "replay", "roll", "sample",
]
try:
    __version__ = version("warroom")
    """The version of the installed package, as ``pyproject.toml`` writes it (the one place it is written)."""
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
