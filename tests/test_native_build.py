"""The native build's module list (hatch_build.py, README "Speed"): every module it compiles exists and is part
of the Company Fire engine; CI builds it (WARROOM_NATIVE=1) and runs the Company Fire tests on it."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def native_modules() -> list[str]:
    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "NATIVE_MODULES" for t in targets):
                comp = node.value
                assert isinstance(comp, ast.ListComp)
                names = ast.literal_eval(comp.generators[0].iter)
                return [f"warroom/rulesets/company_fire/{name}.py" for name in names]
    raise AssertionError("hatch_build.py has no NATIVE_MODULES")


def test_every_compiled_module_exists() -> None:
    modules = native_modules()
    assert "warroom/rulesets/company_fire/game/play.py" in modules
    for module in modules:
        assert (ROOT / "src" / module).is_file(), module


def test_the_build_hook_is_wired_into_the_wheel_build() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "custom" in config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]
