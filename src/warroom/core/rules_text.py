"""The rules' own words: each seed's sections (``warroom/data/seed_sections.toml``) with their text, and the readings
warroom takes (``docs/rulings.md``, ids CF-n, BR-n, TM-n, BF-n, FB-n), read from the package.

One reader for every front end: ``warroom rules show`` / ``rules search`` in the terminal and the rules pages of
``warroom serve`` both ask it, and rule coverage (:mod:`warroom.tools.coverage`) takes its section list from it.

The seed texts ship in the package (``warroom/data/seeds/``), and so does ``docs/rulings.md`` (the wheel carries it
as ``warroom/data/rulings.md``; an editable install reads the repository's ``docs/``). A section is found in the
text at the first heading line that names it (its name or an alias, compared by :func:`section_key`; markdown
headings first, then plain lines) and runs to the next section's heading.

An unknown seed, section or ruling is one :class:`~warroom.core.errors.UsageError` with the close matches.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Self

from pydantic import Field, model_validator

from warroom.core.errors import UsageError, suggest
from warroom.core.tables import Table, load_table

SEED_SECTIONS = Path(__file__).resolve().parent.parent / "data" / "seed_sections.toml"
RULING_ID = re.compile(r"\b(?:CF|BR|TM|BF|FB)-\d+\b")
"""A ruling's id in docs/rulings.md: the prefix of its game or seed and a number."""
_REPO_RULINGS = Path(__file__).resolve().parents[3] / "docs" / "rulings.md"
"""docs/rulings.md in the repository (an editable install): the wheel carries it as warroom/data/rulings.md."""

_FOLD = str.maketrans({
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
})


def section_key(name: str) -> str:
    """The form in which section names and aliases are compared.

    Case, runs of white space and the kind of dash or quote mark do not tell two
    sections apart ("British Artillery – Replacement…" is cited with a plain hyphen too).
    """
    return " ".join(name.translate(_FOLD).split()).casefold()


def slug(name: str) -> str:
    """The anchor of a section: its name in lower case, words joined by ``-`` ("individual-unit-fire")."""
    return "-".join(re.findall(r"[a-z0-9]+", section_key(name))) or "section"


# --- the section list -----------------------------------------------------------------------


class SeedSection(Table):
    """One section of a seed: its name as the seed writes it, and other names a citation may use."""

    name: str = Field(min_length=1)
    aliases: tuple[str, ...] = ()
    note: str = ""
    """Why the section holds no rule to implement (a scale note, a heading over the sections after it), where it
    holds none; rule coverage shows such a section as a note rather than as a rule no code implements."""

    def names(self) -> tuple[str, ...]:
        """The section's name followed by its aliases."""
        return (self.name, *self.aliases)


class SeedEntry(Table):
    """One seed: its file in ``shared/seeds/``, its title, the ruleset carrying it, its sections in order."""

    file: str = Field(pattern=r"^\d{3}_[0-9a-f]+\.txt$")
    title: str = Field(min_length=1)
    ruleset: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    sections: tuple[SeedSection, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _names_unique(self) -> Self:
        """Refuse a name or alias that is blank or already names a section of this seed."""
        owner: dict[str, str] = {}
        for section in self.sections:
            for name in section.names():
                key = section_key(name)
                if not key:
                    raise ValueError(f"seed {self.file}: a name or alias of section '{section.name}' is blank")
                if key in owner:
                    raise ValueError(
                        f"seed {self.file}: '{name}' is given for section '{section.name}' "
                        f"and already names section '{owner[key]}'"
                    )
                owner[key] = section.name
        return self

    @property
    def number(self) -> str:
        """The seed's number, the first three characters of its file name (``"002"``)."""
        return self.file[:3]

    def find(self, cited: str) -> SeedSection | None:
        """The section a citation names (its name or an alias, compared by :func:`section_key`)."""
        key = section_key(cited)
        for section in self.sections:
            if any(section_key(name) == key for name in section.names()):
                return section
        return None

    def all_names(self) -> list[str]:
        """Every section name and alias, for suggestions."""
        return [name for section in self.sections for name in section.names()]


class SeedSections(Table):
    """The whole section list: every seed, each carried by one ruleset."""

    seeds: tuple[SeedEntry, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _seeds_unique(self) -> Self:
        """Refuse two seeds with one number or one ruleset."""
        for label, values in (
            ("seed number", [s.number for s in self.seeds]),
            ("ruleset", [s.ruleset for s in self.seeds]),
        ):
            repeated = sorted({v for v in values if values.count(v) > 1})
            if repeated:
                raise ValueError(f"{label} listed more than once: {', '.join(repeated)}")
        return self

    def seed_of(self, cited: str) -> SeedEntry | None:
        """The seed a citation names, matched on its first three characters (``"002"`` or the file name)."""
        number = cited.strip()[:3]
        for seed in self.seeds:
            if seed.number == number:
                return seed
        return None

    def ruleset_ids(self) -> tuple[str, ...]:
        """The ruleset id of every seed, in seed order."""
        return tuple(seed.ruleset for seed in self.seeds)


@functools.lru_cache(maxsize=1)
def _shipped_sections() -> SeedSections:
    """The shipped section list, loaded and checked once."""
    return load_table(SEED_SECTIONS, SeedSections)


def load_seed_sections(path: Path | None = None) -> SeedSections:
    """Load and check the section list: the shipped file (loaded once) or the one at ``path``."""
    if path is None:
        return _shipped_sections()
    return load_table(path, SeedSections)


# --- the texts --------------------------------------------------------------------------------


def _package_text(*parts: str) -> str | None:
    node = resources.files("warroom").joinpath("data", *parts)
    return node.read_text(encoding="utf-8") if node.is_file() else None


def rulings_text() -> str:
    """docs/rulings.md: the package's copy when installed from the wheel, else the repository's."""
    shipped = _package_text("rulings.md")
    if shipped is not None:
        return shipped
    return _REPO_RULINGS.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Section:
    name: str
    aliases: tuple[str, ...]
    slug: str
    line: int | None
    """The line (from 0) of the text where the section's heading is, or None when no line names it."""
    text: str


@dataclass(frozen=True)
class Seed:
    number: str
    file: str
    title: str
    ruleset: str
    lines: tuple[str, ...]
    sections: tuple[Section, ...]

    def summary(self) -> dict[str, Any]:
        return {"seed": self.number, "file": self.file, "title": self.title, "ruleset": self.ruleset,
                "url": f"/rules/{self.number}",
                "sections": [{"name": s.name, "aliases": list(s.aliases), "slug": s.slug,
                              "url": f"/rules/{self.number}#{s.slug}", "found": s.line is not None}
                             for s in self.sections]}

    def section(self, cited: str) -> Section:
        """The section a name or alias means (compared by :func:`section_key`); else one error with close names."""
        key = section_key(cited)
        for section in self.sections:
            if any(section_key(name) == key for name in (section.name, *section.aliases)):
                return section
        names = [s.name for s in self.sections]
        by_key = {section_key(n): s.name for s in self.sections for n in (s.name, *s.aliases)}
        close = difflib.get_close_matches(key, list(by_key), n=3, cutoff=0.6) or [k for k in by_key if key in k][:3]
        chosen = list(dict.fromkeys(by_key[k] for k in close))
        hint = " (did you mean " + " or ".join(f"'{n}'" for n in chosen) + "?)" if chosen and key else ""
        raise UsageError(f"seed {self.number} ({self.title}) has no section '{cited[:80]}'{hint}; its sections: "
                         f"{', '.join(names)}")


def _heading(line: str) -> tuple[str, bool]:
    """A line as a heading may name a section: markdown marks, bold and numbering ("## **21. Bocage**") taken off;
    and whether it is a markdown heading."""
    text = line.strip()
    marked = text.startswith("#")
    text = text.strip("#* \t")
    text = re.sub(r"^\d+\.\s*", "", text).strip("* \t")
    return section_key(text), marked


def _locate(entry: SeedEntry, lines: list[str]) -> list[int | None]:
    """The line of each section's heading: the first markdown heading naming it, else the first plain line."""
    heads = [_heading(line) for line in lines]
    found: list[int | None] = []
    taken: set[int] = set()
    for section in entry.sections:
        keys = {section_key(name) for name in section.names()}
        marked = [i for i, (k, m) in enumerate(heads) if m and k in keys and i not in taken]
        plain = [i for i, (k, _) in enumerate(heads) if k in keys and i not in taken]
        at = marked[0] if marked else plain[0] if plain else None
        if at is not None:
            taken.add(at)
        found.append(at)
    return found


@functools.cache
def seeds() -> tuple[Seed, ...]:
    """Every seed of seed_sections.toml with its text (shipped in the package) and its sections located."""
    out = []
    for entry in load_seed_sections().seeds:
        text = _package_text("seeds", entry.file)
        if text is None:
            raise FileNotFoundError(f"warroom/data/seeds/{entry.file} is missing from the package")
        lines = text.splitlines()
        where = _locate(entry, lines)
        starts = sorted(i for i in where if i is not None)
        sections, used = [], set()
        for section, at in zip(entry.sections, where, strict=True):
            anchor = slug(section.name)
            while anchor in used:
                anchor += "-2"
            used.add(anchor)
            body = ""
            if at is not None:
                end = next((i for i in starts if i > at), len(lines))
                body = "\n".join(lines[at:end]).strip()
            sections.append(Section(section.name, section.aliases, anchor, at, body))
        out.append(Seed(entry.number, entry.file, entry.title, entry.ruleset, tuple(lines), tuple(sections)))
    return tuple(out)


def find_seed(cited: str) -> Seed:
    """The seed named by its number (``002``), its file name or its ruleset; else one error listing the seeds."""
    for seed in seeds():
        if cited in (seed.number, seed.file, seed.file.removesuffix(".txt"), seed.ruleset):
            return seed
    names = [s.number for s in seeds()] + [s.ruleset for s in seeds()]
    listed = ", ".join(f"{s.number} ({s.title})" for s in seeds())
    raise UsageError(f"no seed '{cited[:80]}'{suggest(cited, names)}; seeds: {listed}")


# --- the rulings ------------------------------------------------------------------------------------------------


@functools.cache
def rulings() -> dict[str, dict[str, str]]:
    """Every ruling of docs/rulings.md by id: its seed section, question and reading, and the heading it is under."""
    out: dict[str, dict[str, str]] = {}
    heading = ""
    for line in rulings_text().splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) >= 4 and RULING_ID.fullmatch(cells[0]):
            out[cells[0]] = {"id": cells[0], "under": heading, "section": cells[1], "question": cells[2],
                             "reading": " | ".join(cells[3:]).replace("\\|", "|")}
    return out


def id_order(rid: str) -> tuple[str, int]:
    """Rulings in order: by prefix, then by number (CF-2 before CF-10)."""
    prefix, _, number = rid.partition("-")
    return prefix, int(number)


def find_ruling(cited: str) -> dict[str, str]:
    """One ruling by its id (any case: ``cf-7`` is CF-7); else one error with close ids and the prefixes."""
    known = rulings()
    found = known.get(cited.strip().upper())
    if found is not None:
        return found
    prefixes = sorted({rid.partition("-")[0] for rid in known})
    raise UsageError(f"no ruling '{cited[:40]}'{suggest(cited.strip().upper(), list(known))}; a ruling's id is one "
                     f"of {', '.join(prefixes)}, a dash and a number (CF-7); 'warroom rules search WORDS' finds one")


# --- search -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hit:
    """One place the words were found: a seed section (``kind`` "section") or a ruling (``kind`` "ruling")."""

    kind: str
    ref: str
    """What to type to open it: ``002 "Opportunity Fire"`` or ``CF-7``."""
    title: str
    excerpt: str
    score: int


def _words(query: str) -> list[str]:
    return [w for w in re.findall(r"[\w'-]+", section_key(query)) if w]


def _excerpt(text: str, words: list[str], width: int = 160) -> str:
    flat = " ".join(text.split())
    folded = section_key(flat)
    at = min((i for i in (folded.find(w) for w in words) if i >= 0), default=0)
    start = max(0, at - width // 3)
    piece = flat[start:start + width]
    return ("…" if start else "") + piece + ("…" if start + width < len(flat) else "")


def search(query: str, limit: int = 20) -> list[Hit]:
    """The seed sections and rulings holding every word of ``query`` (any case), best first: those whose name holds
    the words, then by mentions (the words side by side counting more).

    A section's name counts as part of its text; a ruling is searched in its section, question and reading."""
    words = _words(query)
    if not words:
        raise UsageError("warroom rules search needs one or more words, e.g. warroom rules search opportunity fire")
    hits: list[Hit] = []

    phrase = " ".join(words)

    def score(text: str, name: str) -> int:
        """Each mention of a word counts 1, of the words together 10; the words in the name itself 1000."""
        folded = section_key(text)
        counts = [folded.count(w) for w in words]
        if not all(counts):
            return 0
        named = all(w in section_key(name) for w in words)
        return sum(counts) + 10 * folded.count(phrase) + 1000 * named

    for seed in seeds():
        for section in seed.sections:
            text = section.text or section.name
            found = score(f"{section.name} {text}", section.name)
            if found:
                hits.append(Hit("section", f'{seed.number} "{section.name}"', f"{seed.title}: {section.name}",
                                _excerpt(text, words), found))
    for rid, row in rulings().items():
        found = score(f"{row['section']} {row['question']} {row['reading']}", row["section"])
        if found:
            title = row["section"] if len(row["section"]) <= 100 else row["section"][:99] + "…"
            hits.append(Hit("ruling", rid, title, _excerpt(f"{row['question']} {row['reading']}", words), found))
    hits.sort(key=lambda h: -h.score)  # stable: seeds in order, then rulings, among equals
    return hits[:limit]
