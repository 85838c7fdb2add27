"""The shape of the house (docs/architecture.md): layers kept, no import cycle, no module too long to read,
rulesets found through entry points, one architecture document that every citation points at."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable
from importlib.metadata import entry_points
from pathlib import Path

import grimp
import pytest

import warroom
from warroom.core import registry

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path(warroom.__file__).resolve().parent
LONGEST_MODULE = 800
"""No module of warroom is longer than this many lines (docs/architecture.md "Modules")."""


def import_cycles(graph: grimp.ImportGraph, prefix: str = "") -> list[list[str]]:
    """Every set of modules that import one another in a circle (the strongly connected components of the
    direct-import graph with more than one module, or one module importing itself), sorted.

    Every import counts: at the top of a module, inside a function, or under ``if TYPE_CHECKING:``.
    """
    modules = sorted(m for m in graph.modules if m.startswith(prefix))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def imported(module: str) -> Iterable[str]:
        return sorted(m for m in graph.find_modules_directly_imported_by(module) if m.startswith(prefix))

    for root in modules:  # Tarjan's algorithm, without recursion
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = []
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work.append((root, list(imported(root))))
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, list(imported(nxt))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or graph.direct_import_exists(importer=node, imported=node):
                    cycles.append(sorted(component))
    return sorted(cycles)


def test_the_cycle_finder_finds_cycles() -> None:
    """A made-up graph: a -> b -> c -> a is one cycle, d -> d another; e only imports, so it is in none."""
    graph = grimp.ImportGraph()
    for a, b in (("a", "b"), ("b", "c"), ("c", "a"), ("d", "d"), ("e", "a"), ("e", "d")):
        graph.add_import(importer=a, imported=b)
    assert import_cycles(graph) == [["a", "b", "c"], ["d"]]


def test_no_import_cycle_between_modules() -> None:
    graph = grimp.build_graph("warroom", cache_dir=None)
    assert len(graph.modules) > 100, "the graph must hold every module of warroom"
    cycles = import_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_the_layers_hold() -> None:
    """``lint-imports`` with the contracts of pyproject.toml: front ends above tools above presentation and
    simulation above the rulesets above the core; rulesets apart, except Brigade on Terrain & Mines."""
    done = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; "
                           "sys.exit(lint_imports(no_cache=True, no_logo=True))"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_the_core_names_no_ruleset() -> None:
    graph = grimp.build_graph("warroom", cache_dir=None)
    for module in graph.find_children("warroom.core"):
        imported = graph.find_modules_directly_imported_by(module)
        assert all(m.startswith("warroom.core") for m in imported), f"{module} imports {sorted(imported)}"


def test_the_front_ends_and_the_play_session_ask_the_kit() -> None:
    """The web and the terminal stand side by side over the play session (``warroom.play``): the web imports
    nothing of the terminal, and neither they nor the session import a ruleset's module (a game's parts are its
    kit's, ``warroom.kits``, or the game interface's) or compare a game's name."""
    graph = grimp.build_graph("warroom", cache_dir=None)
    for package in ("warroom.web", "warroom.terminal", "warroom.play"):
        for module in sorted({package} | graph.find_descendants(package)):
            imported = graph.find_modules_directly_imported_by(module)
            internal = sorted(m for m in imported if m.startswith("warroom.rulesets"))
            assert not internal, f"{module} imports {internal}"
            if package == "warroom.web":
                terminal = sorted(m for m in imported if m.startswith("warroom.terminal"))
                assert not terminal, f"{module} imports {terminal}"
    named = []
    for folder in ("web", "terminal", "play"):
        for path in sorted((SOURCE / folder).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if '"company-fire"' in line or '"brigade"' in line or "ruleset ==" in line:
                    named.append(f"{path.relative_to(SOURCE)}:{n}: {line.strip()}")
    assert not named, "a game's name is compared:\n" + "\n".join(named)


@pytest.mark.parametrize("path", sorted(SOURCE.rglob("*.py")), ids=lambda p: str(p.relative_to(SOURCE)))
def test_no_module_is_too_long(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= LONGEST_MODULE, f"{path.relative_to(SOURCE)} has {lines} lines (at most {LONGEST_MODULE})"


def test_every_ruleset_is_an_entry_point_and_registers() -> None:
    """Each package under ``warroom/rulesets`` is declared in the ``warroom.rulesets`` entry points, and loading
    the entry points registers every ruleset the registry lists."""
    packages = {p.name for p in (SOURCE / "rulesets").iterdir() if (p / "__init__.py").is_file()}
    declared = {e.value.rsplit(".", 1)[-1] for e in entry_points(group=registry.ENTRY_POINTS)}
    assert packages == declared
    assert {e.name for e in entry_points(group=registry.ENTRY_POINTS)} == {r.id for r in registry.rulesets()}


def test_the_architecture_is_documented_and_cited() -> None:
    """docs/architecture.md exists and every document or docstring that cites the architecture cites it."""
    assert (ROOT / "docs" / "architecture.md").is_file()
    citing = [path for folder in ("src", "tests", "docs", "benchmarks") for path in (ROOT / folder).rglob("*")
              if path.suffix in (".py", ".md", ".toml") and "DESIGN" + ".md" in path.read_text(encoding="utf-8")]
    citing += [p for p in (ROOT / "README.md",) if "DESIGN" + ".md" in p.read_text(encoding="utf-8")]
    assert not citing, f"these cite a design document that is not in the repository: {citing}"


def test_python_dash_m_warroom_is_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "warroom", "--version"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"warroom, version {warroom.__version__}"
