"""Rule coverage: for every section of every seed, the code that implements it and the tests that check it.

docs/architecture.md "Tests that anchor the rules": every test names the seed section it checks,
so the matrix of rules implemented and tested is generated from the code. The only
hand-kept input is the list of sections itself (``warroom/data/seed_sections.toml``, read by
:mod:`warroom.core.rules_text`);
everything else is derived:

- *implemented by*: every registered procedure whose ``RuleRef`` cites the section,
  and every declaration made with :func:`warroom.core.rule_uses.register_rule_use` by game code that is not
  a procedure;
- *tested by*: every test carrying ``@pytest.mark.rule(seed, section)``, found by
  reading the test files with :mod:`ast`, never importing them.

A citation of a seed or section that does not exist is reported, never dropped.
"""

from __future__ import annotations

import ast
import functools
import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.table import Table as RichTable
from rich.text import Text

from warroom.core.errors import UsageError, suggest
from warroom.core.registry import procedures
from warroom.core.rule_uses import rule_uses
from warroom.core.rules_text import SEED_SECTIONS as SEED_SECTIONS
from warroom.core.rules_text import SeedEntry as SeedEntry
from warroom.core.rules_text import SeedSection as SeedSection
from warroom.core.rules_text import SeedSections as SeedSections
from warroom.core.rules_text import load_seed_sections as load_seed_sections
from warroom.core.rules_text import section_key as section_key

Status = Literal["implemented+tested", "implemented, untested", "tested only", "not implemented", "a note, no rule"]
CitationKind = Literal["procedure", "declared", "test"]


def known_rulesets() -> tuple[str, ...]:
    """The id of every ruleset that carries a seed, registered in code yet or not, in seed order."""
    return load_seed_sections().ruleset_ids()


# --- test markers, read statically -------------------------------------------------------------


@dataclass(frozen=True)
class RuleMarker:
    """One ``@pytest.mark.rule(seed, section)`` that applies to one test."""

    seed: str
    section: str
    test: str
    line: int


@dataclass(frozen=True)
class MarkerScan:
    """What a scan of a tests directory found: rule markers, and markers or files it could not read."""

    markers: tuple[RuleMarker, ...] = ()
    problems: tuple[str, ...] = ()


@dataclass
class _FileScan:
    """The state of reading one test file."""

    display: str
    pytest_names: set[str] = field(default_factory=lambda: {"pytest"})
    mark_names: set[str] = field(default_factory=set)
    rule_names: set[str] = field(default_factory=set)
    markers: list[RuleMarker] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def is_rule(self, node: ast.expr) -> bool:
        """Whether ``node`` is the ``rule`` marker itself (``pytest.mark.rule``, ``mark.rule`` or an alias)."""
        if isinstance(node, ast.Name):
            return node.id in self.rule_names
        if not isinstance(node, ast.Attribute) or node.attr != "rule":
            return False
        owner = node.value
        if isinstance(owner, ast.Name):
            return owner.id in self.mark_names
        return (
            isinstance(owner, ast.Attribute)
            and owner.attr == "mark"
            and isinstance(owner.value, ast.Name)
            and owner.value.id in self.pytest_names
        )

    def learn_names(self, statement: ast.stmt) -> None:
        """Note the module-level names bound to ``pytest``, ``pytest.mark`` and ``pytest.mark.rule``."""
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.name == "pytest":
                    self.pytest_names.add(alias.asname or "pytest")
        elif isinstance(statement, ast.ImportFrom) and statement.module == "pytest" and statement.level == 0:
            for alias in statement.names:
                if alias.name == "mark":
                    self.mark_names.add(alias.asname or "mark")
        elif isinstance(statement, ast.Assign) and self.is_rule(statement.value):
            self.rule_names.update(t.id for t in statement.targets if isinstance(t, ast.Name))

    def marks(self, expressions: Iterable[ast.expr], where: str) -> list[tuple[str, str, int]]:
        """The (seed, section, line) of every rule marker among ``expressions``; malformed ones are problems."""
        found: list[tuple[str, str, int]] = []
        for expression in expressions:
            if isinstance(expression, ast.Call) and self.is_rule(expression.func):
                read = _marker_arguments(expression)
                if isinstance(read, str):
                    self.problems.append(f"{self.display}:{expression.lineno}: {where}: {read}")
                else:
                    found.append((*read, expression.lineno))
            elif self.is_rule(expression):
                self.problems.append(
                    f"{self.display}:{expression.lineno}: {where}: pytest.mark.rule needs (seed, section)"
                )
        return found

    def pytestmark(self, body: Sequence[ast.stmt], where: str) -> list[tuple[str, str, int]]:
        """The rule markers of ``pytestmark = ...`` assignments in a module or class body."""
        found: list[tuple[str, str, int]] = []
        for statement in body:
            if isinstance(statement, ast.Assign):
                targets = statement.targets
            elif isinstance(statement, ast.AnnAssign):
                targets = [statement.target]
            else:
                continue
            value: ast.expr | None = statement.value
            if value is None or not any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets):
                continue
            items = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
            found += self.marks(items, where)
        return found

    def record(self, test: str, marks: Iterable[tuple[str, str, int]]) -> None:
        """Record that the test ``test`` carries ``marks``."""
        for seed, section, line in marks:
            self.markers.append(RuleMarker(seed, section, f"{self.display}::{test}", line))

    def scan_body(self, body: Sequence[ast.stmt], prefix: str, inherited: list[tuple[str, str, int]]) -> None:
        """Record the markers of the tests pytest collects from a module or ``Test*`` class body."""
        for statement in body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + statement.name
                own = self.marks(statement.decorator_list, name)
                if statement.name.startswith("test"):
                    self.record(name, inherited + own)
                elif own:
                    self.problems.append(
                        f"{self.display}:{statement.lineno}: {name}: rule marker on a function pytest does not "
                        "collect as a test (its name does not start with 'test')"
                    )
            elif isinstance(statement, ast.ClassDef):
                name = prefix + statement.name
                own = self.marks(statement.decorator_list, name) + self.pytestmark(statement.body, name)
                if statement.name.startswith("Test"):
                    self.scan_body(statement.body, name + "::", inherited + own)
                elif own:
                    self.problems.append(
                        f"{self.display}:{statement.lineno}: {name}: rule marker on a class pytest does not "
                        "collect (its name does not start with 'Test')"
                    )


def _marker_arguments(call: ast.Call) -> tuple[str, str] | str:
    """The (seed, section) a ``rule(...)`` call gives as string literals, or what is wrong with it."""
    given: dict[str, ast.expr] = {}
    if len(call.args) > 2:
        return "pytest.mark.rule takes two arguments, seed and section"
    for name, argument in zip(("seed", "section"), call.args, strict=False):
        given[name] = argument
    for keyword in call.keywords:
        if keyword.arg not in ("seed", "section"):
            return f"pytest.mark.rule takes seed and section, not {keyword.arg or '**kwargs'}"
        if keyword.arg in given:
            return f"pytest.mark.rule is given its {keyword.arg} twice"
        given[keyword.arg] = keyword.value
    values: list[str] = []
    for name in ("seed", "section"):
        value = given.get(name)
        if value is None:
            return f"pytest.mark.rule is missing its {name}"
        if not isinstance(value, ast.Constant) or not isinstance(value.value, str):
            return f"pytest.mark.rule's {name} must be a string literal, so coverage can read it without running"
        values.append(value.value)
    return values[0], values[1]


def _test_files(tests_dir: Path) -> Iterator[Path]:
    """The files pytest would collect tests from under ``tests_dir`` (``test_*.py``, ``*_test.py``)."""
    for path in sorted(tests_dir.rglob("*.py")):
        parts = path.relative_to(tests_dir).parts
        if any(part.startswith(".") or part == "__pycache__" for part in parts[:-1]):
            continue
        if path.name.startswith("test_") or path.name.endswith("_test.py"):
            yield path


def scan_test_markers(tests_dir: Path) -> MarkerScan:
    """Read every test file under ``tests_dir`` with :mod:`ast` and list its ``pytest.mark.rule`` markers.

    A marker counts on a test function, on a ``Test*`` class (for each of its test
    methods) and in a module's or class's ``pytestmark`` (one marker or a list). Test
    ids are pytest node ids relative to the parent of ``tests_dir``
    (``tests/test_fire.py::TestGroupFire::test_pool``). Other decorators are ignored;
    files that do not parse and markers that are not ``(seed, section)`` string
    literals are returned as problems.
    """
    markers: list[RuleMarker] = []
    problems: list[str] = []
    base = tests_dir.parent
    for path in _test_files(tests_dir):
        display = path.relative_to(base).as_posix()
        try:
            tree = ast.parse(path.read_bytes(), filename=str(path))
        except (SyntaxError, ValueError) as exc:
            problems.append(f"{display}: cannot be read for rule markers: {exc}")
            continue
        scan = _FileScan(display)
        for statement in tree.body:
            scan.learn_names(statement)
        scan.scan_body(tree.body, "", scan.pytestmark(tree.body, "pytestmark"))
        markers += scan.markers
        problems += scan.problems
    return MarkerScan(tuple(markers), tuple(problems))


def default_tests_dir() -> Path | None:
    """Where tests are read when no directory is given.

    ``tests/`` under the current directory; else the ``tests/`` of the source tree the
    package is installed from (a checkout with ``pyproject.toml``); else ``None``.
    """
    here = Path.cwd() / "tests"
    if here.is_dir():
        return here
    root = Path(__file__).resolve().parents[3]
    if (root / "pyproject.toml").is_file() and (root / "tests").is_dir():
        return root / "tests"
    return None


# --- coverage ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UnknownReference:
    """A citation of a seed or section that the section list does not have."""

    kind: CitationKind
    by: str
    seed: str
    section: str
    problem: str

    def __str__(self) -> str:
        return f"{self.kind} {self.by}: {self.problem}"

    def to_dict(self) -> dict[str, str]:
        """The citation and its problem as plain data."""
        return {"kind": self.kind, "by": self.by, "seed": self.seed, "section": self.section, "problem": self.problem}


@dataclass(frozen=True)
class SectionCoverage:
    """One section of one seed: the code that implements it and the tests that check it."""

    section: str
    procedures: tuple[str, ...]
    declared: tuple[str, ...]
    tests: tuple[str, ...]
    stand_ins: tuple[str, ...] = ()
    note: str = ""
    """Why the section holds no rule to implement, as the section list says, where it holds none."""

    @property
    def implemented_by(self) -> tuple[str, ...]:
        """Procedure ids, then the ``where`` of every declared use."""
        return self.procedures + self.declared

    @property
    def status(self) -> Status:
        """Whether the section is implemented, tested, both or neither (or, neither and holding no rule, a note)."""
        if self.implemented_by:
            return "implemented+tested" if self.tests else "implemented, untested"
        if self.tests:
            return "tested only"
        return "a note, no rule" if self.note else "not implemented"

    def to_dict(self) -> dict[str, Any]:
        """The section's coverage as plain data."""
        return {
            "section": self.section,
            "status": self.status,
            "procedures": list(self.procedures),
            "declared": list(self.declared),
            "tests": list(self.tests),
            "stand_in_base_tables": list(self.stand_ins),
            "note": self.note,
        }


@dataclass(frozen=True)
class SeedCoverage:
    """Every section of one seed, in the seed's order."""

    seed: SeedEntry
    sections: tuple[SectionCoverage, ...]

    @property
    def implemented(self) -> int:
        """How many sections some code implements."""
        return sum(1 for s in self.sections if s.implemented_by)

    @property
    def tested(self) -> int:
        """How many sections some test checks."""
        return sum(1 for s in self.sections if s.tests)

    def summary(self) -> str:
        """One line, e.g. ``company-fire: 14/42 sections implemented, 12 tested``."""
        return (
            f"{self.seed.ruleset}: {self.implemented}/{len(self.sections)} sections implemented, "
            f"{self.tested} tested"
        )

    def to_dict(self) -> dict[str, Any]:
        """The seed's coverage as plain data, with its counts and summary line."""
        return {
            "seed": self.seed.number,
            "file": self.seed.file,
            "title": self.seed.title,
            "ruleset": self.seed.ruleset,
            "sections_total": len(self.sections),
            "implemented": self.implemented,
            "tested": self.tested,
            "summary": self.summary(),
            "sections": [s.to_dict() for s in self.sections],
        }


@dataclass(frozen=True)
class CoverageReport:
    """Coverage of the chosen seeds, the unknown citations met, and problems reading the tests."""

    seeds: tuple[SeedCoverage, ...]
    unknown: tuple[UnknownReference, ...]
    problems: tuple[str, ...]
    tests_dir: Path | None

    def to_dict(self) -> dict[str, Any]:
        """The whole report as plain data (the ``--json`` output)."""
        return {
            "tests_dir": str(self.tests_dir) if self.tests_dir is not None else None,
            "seeds": [s.to_dict() for s in self.seeds],
            "unknown": [u.to_dict() for u in self.unknown],
            "problems": list(self.problems),
        }


@dataclass(frozen=True)
class _Citation:
    """One place that names a seed section: a procedure, a declared use or a test."""

    kind: CitationKind
    by: str
    seed: str
    section: str
    ruleset: str | None = None


def _citations(scan: MarkerScan) -> list[_Citation]:
    """Every citation of a seed section: registered procedures, declared uses, test markers."""
    found = [
        _Citation("procedure", spec.id, spec.rule.seed, section, spec.ruleset)
        for spec in procedures()  # imports every ruleset, so their declared uses are registered too
        for section in spec.rule.sections
    ]
    found += [_Citation("declared", use.where, use.seed, use.section) for use in rule_uses()]
    found += [_Citation("test", m.test, m.seed, m.section) for m in scan.markers]
    return found


def _choose(catalogue: SeedSections, ruleset: str | None) -> tuple[SeedEntry, ...]:
    """The seeds to report: all, or the one ``ruleset`` carries; an unknown id is a :class:`UsageError`."""
    if ruleset is None:
        return catalogue.seeds
    for seed in catalogue.seeds:
        if seed.ruleset == ruleset:
            return (seed,)
    ids = catalogue.ruleset_ids()
    raise UsageError(f"unknown ruleset '{ruleset}'{suggest(ruleset, ids)}; rulesets are: {', '.join(ids)}")


def _tests_dir(tests_dir: Path | None) -> Path | None:
    """The tests directory to read: the one given (which must exist) or the default."""
    if tests_dir is None:
        return default_tests_dir()
    if not tests_dir.is_dir():
        raise UsageError(f"tests directory '{tests_dir}' does not exist or is not a directory")
    return tests_dir


@functools.cache
def _stand_ins_of(procedure_id: str) -> frozenset[str]:
    """The stand-in base-game tables a procedure reads, found by running its example once."""
    from warroom.core.api import odds
    from warroom.core.base_tables import recording_stand_ins
    from warroom.core.registry import get_procedure

    spec = get_procedure(procedure_id)
    with recording_stand_ins() as seen:
        try:
            odds(spec.id, dict(spec.example))
        except UsageError:
            return frozenset()
    return frozenset(seen)


def _stand_ins(procedure_ids: Sequence[str]) -> tuple[str, ...]:
    found: set[str] = set()
    for procedure_id in procedure_ids:
        found |= _stand_ins_of(procedure_id)
    return tuple(sorted(found))


def compute_coverage(ruleset: str | None = None, tests_dir: Path | None = None, *, tests: bool = True,
                     stand_ins: bool = True) -> CoverageReport:
    """Coverage of every section of every seed, or of the seed ``ruleset`` carries.

    ``tests_dir`` is read for rule markers (default: :func:`default_tests_dir`). An
    unknown ruleset or a missing tests directory raises :class:`UsageError`. Unknown
    citations are kept in the report: all of them without ``ruleset``; with it, those
    naming its seed and those made by its procedures. ``tests=False`` reads no tests (every section untested) and
    ``stand_ins=False`` leaves out the stand-in base tables (found by running each procedure's example), for a
    quick count of what is implemented.
    """
    catalogue = load_seed_sections()
    chosen = _choose(catalogue, ruleset)
    tests_path = _tests_dir(tests_dir) if tests else None
    scan = scan_test_markers(tests_path) if tests_path is not None else MarkerScan()

    cited: dict[tuple[str, str, CitationKind], list[str]] = {}
    unknown: list[UnknownReference] = []
    chosen_numbers = {seed.number for seed in chosen}
    for citation in _citations(scan):
        seed = catalogue.seed_of(citation.seed)
        section = seed.find(citation.section) if seed is not None else None
        if seed is not None and section is not None:
            whom = cited.setdefault((seed.number, section.name, citation.kind), [])
            if citation.by not in whom:
                whom.append(citation.by)
            continue
        if seed is None:
            numbers = ", ".join(s.number for s in catalogue.seeds)
            problem = f"cites seed '{citation.seed}', which is not one of the seeds {numbers}"
        else:
            problem = (
                f"cites section '{citation.section}', which seed {seed.number} does not have"
                f"{suggest(citation.section, seed.all_names())}"
            )
        if ruleset is None or (seed is not None and seed.number in chosen_numbers) or citation.ruleset == ruleset:
            unknown.append(UnknownReference(citation.kind, citation.by, citation.seed, citation.section, problem))

    def by(seed: SeedEntry, section: SeedSection, kind: CitationKind) -> tuple[str, ...]:
        """Who cites ``section`` of ``seed`` in this way."""
        return tuple(cited.get((seed.number, section.name, kind), ()))

    seeds = tuple(
        SeedCoverage(
            seed,
            tuple(
                SectionCoverage(
                    section.name, by(seed, section, "procedure"), by(seed, section, "declared"),
                    by(seed, section, "test"), _stand_ins(by(seed, section, "procedure")) if stand_ins else (),
                    section.note,
                )
                for section in seed.sections
            ),
        )
        for seed in chosen
    )
    return CoverageReport(seeds, tuple(unknown), scan.problems, tests_path)


@dataclass(frozen=True)
class RulesetStatus:
    """What a ruleset gives, worked out from the registry and from coverage, never written by hand."""

    ruleset: str
    game: bool
    procedures: int
    sections: int
    implemented: int
    missing: tuple[str, ...]
    """The seed sections holding a rule that no procedure or declared game code implements yet."""
    notes: int = 0
    """The seed sections that hold no rule (a scale note, a heading) and no code implements."""

    def __str__(self) -> str:
        what = ["the full game"] if self.game else []
        what.append(f"{self.procedures} procedure{'s' if self.procedures != 1 else ''}")
        rules = self.sections - self.notes
        if not self.missing:
            cover = f"all {self.sections} seed sections implemented" if not self.notes else \
                f"all {rules} seed sections with a rule implemented ({self.notes} more are notes)"
        else:
            cover = f"{self.implemented} of {rules} seed sections with a rule implemented"
        return f"{', '.join(what)}; {cover}"


def ruleset_statuses() -> dict[str, RulesetStatus]:
    """The status of every ruleset that carries a seed: whether it is a full game (a game is registered for it),
    how many procedures it registers, how many of its seed's sections are implemented and which are not."""
    from warroom.core.game import games

    playable = set(games())
    counts: dict[str, int] = {}
    for spec in procedures():
        counts[spec.ruleset] = counts.get(spec.ruleset, 0) + 1
    report = compute_coverage(tests=False, stand_ins=False)
    return {
        seed.seed.ruleset: RulesetStatus(
            seed.seed.ruleset, seed.seed.ruleset in playable, counts.get(seed.seed.ruleset, 0), len(seed.sections),
            seed.implemented, tuple(s.section for s in seed.sections if not s.implemented_by and not s.note),
            sum(1 for s in seed.sections if not s.implemented_by and s.note))
        for seed in report.seeds
    }


def unknown_references(ruleset: str | None = None, tests_dir: Path | None = None) -> tuple[UnknownReference, ...]:
    """Every citation, by a procedure, a declared use or a test marker, of a seed or section that does not exist."""
    return compute_coverage(ruleset, tests_dir).unknown


def coverage_json(ruleset: str | None = None, tests_dir: Path | None = None) -> dict[str, Any]:
    """The coverage report as plain data, for ``warroom rules coverage --json``."""
    return compute_coverage(ruleset, tests_dir).to_dict()


# --- rendering -----------------------------------------------------------------------------------

_STATUS_STYLE: dict[Status, str] = {
    "implemented+tested": "green",
    "implemented, untested": "yellow",
    "tested only": "magenta",
    "not implemented": "dim",
    "a note, no rule": "dim",
}

_TESTS_SHOWN = 3


def _tests_cell(tests: tuple[str, ...]) -> str:
    """The count of tests and the names of the first few."""
    if not tests:
        return ""
    names = [test.split("::", 1)[-1] for test in tests[:_TESTS_SHOWN]]
    more = f", … {len(tests) - _TESTS_SHOWN} more" if len(tests) > _TESTS_SHOWN else ""
    return f"{len(tests)}: {', '.join(names)}{more}"


def _seed_table(seed: SeedCoverage) -> RichTable:
    """One row per section of the seed."""
    title = f"{seed.seed.number} {seed.seed.title} ({seed.seed.file}), ruleset {seed.seed.ruleset}"
    table = RichTable(title=title, title_justify="left")
    table.add_column("section")
    table.add_column("status", no_wrap=True)
    table.add_column("implemented by", overflow="fold")
    table.add_column("tested by", overflow="fold")
    with_stand_ins = any(section.stand_ins for section in seed.sections)
    if with_stand_ins:
        table.add_column("needs base-game tables (warroom's stand-ins)", overflow="fold")
    own = f"{seed.seed.ruleset}/"
    for section in seed.sections:
        # The seed's own ruleset is named once in the title; other rulesets' procedures keep their full id.
        implemented = [p.removeprefix(own) for p in section.procedures] + list(section.declared)
        cells: list[str | Text] = [
            section.section,
            Text(section.status, style=_STATUS_STYLE[section.status]),
            ", ".join(implemented) or Text(section.note, style="dim"),
            _tests_cell(section.tests),
        ]
        if with_stand_ins:
            cells.append(", ".join(name.split(" (")[0] for name in section.stand_ins))
        table.add_row(*cells)
    return table


NARROW = 160
"""Below this many columns the coverage of a seed is a list, a section at a time, rather than a table whose
four columns would break every name (an 80-column terminal)."""


def _seed_list(seed: SeedCoverage) -> RenderableType:
    """The seed's sections one after another: the name and status, then what implements it and the tests, each
    on its own indented lines, so no name is broken in a narrow terminal."""
    own = f"{seed.seed.ruleset}/"
    parts: list[RenderableType] = [
        Text(f"{seed.seed.number} {seed.seed.title} ({seed.seed.file}), ruleset {seed.seed.ruleset}", style="bold")]
    for section in seed.sections:
        head = Text(section.section, style="bold")
        head.append(f"  {section.status}", style=_STATUS_STYLE[section.status])
        parts.append(head)
        implemented = [p.removeprefix(own) for p in section.procedures] + list(section.declared)
        if implemented:
            parts.append(Padding(Text("by: " + ", ".join(implemented)), (0, 0, 0, 4), expand=False))
        elif section.note:
            parts.append(Padding(Text("note: " + section.note, style="dim"), (0, 0, 0, 4), expand=False))
        if section.tests:
            parts.append(Padding(Text("tests: " + _tests_cell(section.tests)), (0, 0, 0, 4), expand=False))
        if section.stand_ins:
            stand_ins = ", ".join(name.split(" (")[0] for name in section.stand_ins)
            needs = Text(f"needs base-game tables (warroom's stand-ins): {stand_ins}")
            parts.append(Padding(needs, (0, 0, 0, 4), expand=False))
    return Group(*parts)


@dataclass(frozen=True)
class _ReportView:
    """A coverage report laid out for the width it is printed in: a table per seed from :data:`NARROW` columns,
    else a list (or always the one ``width`` chooses)."""

    report: CoverageReport
    width: int | None = None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = self.width if self.width is not None else options.max_width
        # words wrap here even on a console that prints soft-wrapped lines: a name is never cut, only wrapped
        yield from console.render(_report_parts(self.report, width < NARROW),
                                  options.update(no_wrap=False, overflow="fold"))


def _report_parts(report: CoverageReport, narrow: bool) -> RenderableType:
    parts: list[RenderableType] = []
    if report.tests_dir is not None:
        parts.append(Text(f"tests read from {report.tests_dir}", style="dim"))
    else:
        parts.append(Text("no tests directory found: every section shows as untested", style="yellow"))
    for seed in report.seeds:
        parts += [_seed_list(seed) if narrow else _seed_table(seed), Text(seed.summary(), style="bold"), Text("")]
    if report.unknown:
        parts.append(Text(f"{len(report.unknown)} citations of unknown seeds or sections:", style="bold red"))
        parts += [Text(f"  {u}", style="red") for u in report.unknown]
    if report.problems:
        parts.append(Text(f"{len(report.problems)} problems reading rule markers:", style="bold yellow"))
        parts += [Text(f"  {p}", style="yellow") for p in report.problems]
    return Group(*parts)


def render_report(report: CoverageReport, width: int | None = None) -> RenderableType:
    """A coverage report as rich text: a table (a list in a terminal under :data:`NARROW` columns, or when
    ``width`` is under it) and a summary line per seed, then anything unknown."""
    return _ReportView(report, width)


def render_coverage(ruleset: str | None = None, tests_dir: Path | None = None,
                    width: int | None = None) -> RenderableType:
    """Coverage of every seed (or of ``ruleset``'s seed) as a rich renderable for ``warroom rules coverage``, laid
    out for the terminal it is printed in (or for ``width`` columns)."""
    return render_report(compute_coverage(ruleset, tests_dir), width)


def coverage_text(ruleset: str | None = None, tests_dir: Path | None = None, width: int = 120) -> str:
    """Coverage rendered as plain text, ``width`` columns wide."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False).print(
        render_coverage(ruleset, tests_dir, width)
    )
    return out.getvalue()
