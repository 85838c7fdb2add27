"""WW2 Rules for Brigade level games (seed 004_ee81681d1981bc90.txt), with Terrain & Mines as its terrain layer.

Every module of this package registers what it implements when imported; all are imported here.
"""

import importlib
import pkgutil

from warroom.rulesets.brigade.info import INFO

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["INFO"]
