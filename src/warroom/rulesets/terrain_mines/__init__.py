"""Terrain & Mines (1/72 and 1/285) (seed 003_80894a72eb45ecc5.txt): umpire procedures.

Every module of this package registers its procedures when imported; all are imported here.
"""

import importlib
import pkgutil

from warroom.rulesets.terrain_mines.info import INFO

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["INFO"]
