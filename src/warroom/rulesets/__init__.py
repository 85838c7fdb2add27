"""Every ruleset, registered on import (one package per seed)."""

from warroom.rulesets import company_fire

__all__ = ["company_fire"]
