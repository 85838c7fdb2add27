"""Every ruleset, registered on import (one package per seed)."""

from warroom.rulesets import bfwwii_house, brigade, company_fire, fow_bunkers, terrain_mines

__all__ = ["bfwwii_house", "brigade", "company_fire", "fow_bunkers", "terrain_mines"]
