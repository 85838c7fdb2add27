"""warroom: an automated umpire, rules engine and simulator for WWII tactical wargames."""

from warroom.core.api import odds, roll, sample
from warroom.core.registry import get_procedure, procedures
from warroom.core.registry import rulesets as list_rulesets

__all__ = ["get_procedure", "list_rulesets", "odds", "procedures", "roll", "sample"]
__version__ = "0.1.0"
