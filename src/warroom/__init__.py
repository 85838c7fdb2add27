"""warroom: an automated umpire, rules engine and simulator for WWII tactical wargames."""

from warroom.core.api import odds, roll, sample
from warroom.core.registry import get_procedure, procedures, rulesets

__all__ = ["get_procedure", "odds", "procedures", "roll", "rulesets", "sample"]
__version__ = "0.1.0"
