"""warroom's build hook: a native build of the Company Fire engine, on request.

``WARROOM_NATIVE=1 pip install .`` builds a wheel whose Company Fire engine modules
(:data:`NATIVE_MODULES`) are also compiled to C extensions with mypyc, from the same
typed Python source; Python imports an extension before the ``.py`` beside it. Random
play-outs run about 1.8 times as fast (README "Speed: the native build"). Without the
variable, or for an editable install (``pip install -e .``), the package is pure Python,
as it is for development: the compiled modules are never written into the source tree,
so an edited ``.py`` is never shadowed by an older extension.

Compiling needs a C compiler and the Python headers (gcc and python3-dev on Debian).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

NATIVE_MODULES = [
    f"warroom/rulesets/company_fire/{name}.py"
    for name in ("game/common", "game/actions", "game/base", "game/rules", "game/legal", "game/state", "game/effects",
                 "game/observe", "game/consequences", "game/transport", "game/morale", "game/mines", "game/move",
                 "game/assault", "game/fire", "game/artillery", "game/play", "game/game", "los", "initiative",
                 "vehicles", "movement", "geometry", "fire", "morale", "common", "turn", "close_assault", "artillery",
                 "mines")
]
"""The modules compiled: the game loop and what it calls on every action (every module of the game package but
the scenario file and briefing, the odds before acting, the actions' faces and the invariants, which no action
runs; the pictures are drawn above the game, by its kit). They are typed for mypyc (no dataclass that a compiled
class inherits from outside them, no class attribute redeclared in a subclass, one base class that is not a
trait)."""

EXTENSIONS = (".so", ".pyd")


def native_requested() -> bool:
    return os.environ.get("WARROOM_NATIVE", "").strip() not in ("", "0")


class NativeBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if not native_requested():
            return []
        # mypyc type-checks the modules, so what they import must be importable at build time
        return ["mypy>=1.8", "setuptools", *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not native_requested():
            return
        if version != "standard":
            self.app.display_warning("WARROOM_NATIVE=1: an editable install stays pure Python (a compiled module "
                                     "would hide later edits of its .py); use 'WARROOM_NATIVE=1 pip install .'")
            return
        self._work = Path(tempfile.mkdtemp(prefix="warroom-native-"))
        shutil.copytree(Path(self.root) / "src" / "warroom", self._work / "warroom")
        (self._work / "mypy.ini").write_text("[mypy]\nignore_missing_imports = True\n", encoding="utf-8")
        self.app.display_info(f"warroom: compiling {len(NATIVE_MODULES)} Company Fire modules with mypyc")
        done = subprocess.run([sys.executable, "-m", "mypyc", *NATIVE_MODULES], cwd=self._work,
                              capture_output=True, text=True)
        if done.returncode:
            shutil.rmtree(self._work, ignore_errors=True)
            raise RuntimeError(f"WARROOM_NATIVE=1: mypyc could not compile the engine:\n{done.stdout}\n{done.stderr}")
        built = [p for p in self._work.rglob("*") if p.suffix in EXTENSIONS and "build" not in p.parts]
        if len(built) < len(NATIVE_MODULES):
            raise RuntimeError(f"WARROOM_NATIVE=1: mypyc built {len(built)} extensions for {len(NATIVE_MODULES)} "
                               "modules")
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(self._work))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
