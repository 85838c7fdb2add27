"""Battlefront: WWII house rules (Richard & Paddy's) (seed 000_df70b73452d18b57.txt): umpire procedures.

Every module of this package registers its procedures when imported; all are imported here.
"""

import importlib
import pkgutil

from warroom.rulesets.bfwwii_house.info import INFO

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["INFO"]
