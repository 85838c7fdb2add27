"""Bunkers and Fortifications quick-play rules (Flames of War style) (seed 001_e8ee080316da271e.txt): umpire procedures.

Every module of this package registers its procedures when imported; all are imported here.
"""

import importlib
import pkgutil

from warroom.rulesets.fow_bunkers.info import INFO

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["INFO"]
