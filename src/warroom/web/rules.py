"""The rules pages of ``warroom serve``: each seed's text with an anchor at each of its sections, and
``docs/rulings.md`` with an anchor at every ruling id, so a ruling's citation opens the rule it applies.

- ``GET /rules``: an index (each seed: title, ruleset, its sections, as ``warroom/data/seed_sections.toml`` lists
  them); ``GET /rules/{seed}`` (``002`` or the file name) the seed's text, an anchor ``#section-slug`` at the
  heading of each section; ``GET /rules/rulings`` the readings warroom takes, an anchor ``#CF-130`` at each id.
- ``GET /api/rules`` the index as JSON (the game page links citations with it: only sections and ids that exist);
  ``GET /api/rules/{seed}`` a seed's sections with their text; ``GET /api/rulings/{id}`` one ruling's row.
  An unknown seed, section or ruling is 404 with the list or a suggestion.

The seed texts and ``docs/rulings.md`` ship in the package and are read by :mod:`warroom.core.rules_text`, the
reader ``warroom rules show`` uses too: a section's anchor is at the heading that reader finds for it, so at the rule
itself; a section whose name is not a line of the text is anchored at its entry in the page's contents.
"""

from __future__ import annotations

import functools
import html
import re
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from warroom.core import rules_text
from warroom.core.errors import UsageError, suggest
from warroom.core.rules_text import RULING_ID, Seed, rulings, rulings_text, seeds, slug
from warroom.web import models as m

router = APIRouter()

_NO_STORE = {"Cache-Control": "no-cache"}
__all__ = ["RULING_ID", "find_seed", "router", "rulings", "rulings_text", "seeds", "slug"]


def find_seed(cited: str) -> Seed:
    """The seed named by its number (``002``) or its file name; 404 with the list of seeds."""
    try:
        return rules_text.find_seed(cited)
    except UsageError as exc:
        raise HTTPException(404, str(exc)) from None


def _ruling_anchors(md: MarkdownIt) -> None:
    """Give each table row whose first cell is a ruling id that id as its anchor, and each heading a slug."""

    def rule(state: Any) -> None:
        tokens = state.tokens
        for i, token in enumerate(tokens):
            if token.type == "tr_open" and i + 2 < len(tokens) and tokens[i + 1].type == "td_open":
                content = tokens[i + 2].content.strip()
                if tokens[i + 2].type == "inline" and RULING_ID.fullmatch(content):
                    token.attrSet("id", content)
            elif token.type == "heading_open" and i + 1 < len(tokens):
                token.attrSet("id", slug(tokens[i + 1].content))

    md.core.ruler.push("ruling_anchors", rule)


def _link_ids(text: str, known: dict[str, Any]) -> str:
    """Ruling ids named in the rendered text (outside the row's own id) link to their row."""

    def link(m: re.Match[str]) -> str:
        rid = m.group(0)
        return f'<a href="#{rid}">{rid}</a>' if rid in known else rid

    parts = re.split(r"(<[^>]*>)", text)
    inside_link = False
    for k, part in enumerate(parts):
        if part.startswith("<a "):
            inside_link = True
        elif part == "</a>":
            inside_link = False
        elif not part.startswith("<") and not inside_link:
            parts[k] = RULING_ID.sub(link, part)
    return "".join(parts)


@functools.cache
def rulings_html() -> str:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    _ruling_anchors(md)
    body = md.render(rulings_text())
    # a row's own id cell becomes a link to itself, so it can be copied; other ids link to their rows
    body = re.sub(r'(<tr id="([A-Z]+-\d+)">\s*<td>)\2(</td>)', r'\1<a class="rid" href="#\2">\2</a>\3', body)
    return _link_ids(body, rulings())


# --- the pages ----------------------------------------------------------------------------------------------------


def _page(title: str, body: str, crumbs: str = "") -> HTMLResponse:
    return HTMLResponse(f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>warroom: {html.escape(title)}</title>
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/static/style.css">
  <link rel="stylesheet" href="/static/rules.css">
</head>
<body class="rules-page">
  <div class="topbar"><a href="/">warroom</a><a href="/rules">Rules</a><a href="/rules/rulings">Rulings</a>
    <span class="title">{crumbs}</span></div>
  <main class="rules">
{body}
  </main>
</body>
</html>
""", headers=_NO_STORE)


def _plain_heading(line: str) -> str:
    """A heading line of a seed without its markdown marks (``## **21. Bocage Hedgerows**``), escaped."""
    return html.escape(line.strip().lstrip("#").strip().strip("*").strip())


@router.get("/rules", response_class=HTMLResponse, include_in_schema=False)
def rules_index() -> HTMLResponse:
    """Every seed: its title, the ruleset that carries it, its sections (each a link to the rule)."""
    parts = ["<h1>The rules</h1>",
             "<p>The seed texts warroom's games are built from, and the <a href=\"/rules/rulings\">readings warroom "
             "takes</a> where a seed is ambiguous. A ruling in a game links to both.</p>"]
    for seed in seeds():
        items = "".join(f'<li><a href="/rules/{seed.number}#{s.slug}">{html.escape(s.name)}</a></li>'
                        for s in seed.sections)
        parts.append(f'<section class="seed" id="seed-{seed.number}"><h2><a href="/rules/{seed.number}">'
                     f'{seed.number}: {html.escape(seed.title)}</a></h2><p class="muted">ruleset '
                     f'<code>{html.escape(seed.ruleset)}</code>, file <code>{html.escape(seed.file)}</code>, '
                     f'{len(seed.sections)} sections</p><ol class="sections">{items}</ol></section>')
    return _page("the rules", "\n".join(parts))


@router.get("/rules/rulings", response_class=HTMLResponse, include_in_schema=False)
def rulings_page() -> HTMLResponse:
    """docs/rulings.md, an anchor at each ruling id (``/rules/rulings#CF-130``)."""
    return _page("rulings", f'<div class="rulings">{rulings_html()}</div>', "the readings warroom takes")


@router.get("/rules/{seed}", response_class=HTMLResponse, include_in_schema=False)
def seed_page(seed: str) -> HTMLResponse:
    """A seed's text, an anchor at each section's heading (``/rules/002#individual-unit-fire``)."""
    found = find_seed(seed)
    at = {s.line: s for s in found.sections if s.line is not None}
    contents = "".join(
        f'<li><a href="#{s.slug}">{html.escape(s.name)}</a></li>' if s.line is not None
        else f'<li id="{s.slug}">{html.escape(s.name)} <span class="muted">(no heading of that name in the text; '
             f'search the text for it)</span></li>'
        for s in found.sections)
    lines = []
    for i, line in enumerate(found.lines):
        section = at.get(i)
        if section is not None:
            lines.append(f'<h2 class="section" id="{section.slug}"><a class="anchor" href="#{section.slug}" '
                         f'aria-label="link to this section">§</a> {_plain_heading(line)}</h2>')
        elif line.lstrip().startswith("#"):  # a sub-heading of the text (seed 000's markdown)
            lines.append(f"<h3>{_plain_heading(line)}</h3>")
        elif line.strip():
            lines.append(f"<p>{html.escape(line)}</p>")
    body = (f'<h1>{html.escape(found.title)}</h1><p class="muted">Seed {found.number} '
            f'(<code>{html.escape(found.file)}</code>), carried by the ruleset <code>{html.escape(found.ruleset)}'
            f'</code>.</p><nav class="contents" aria-label="Sections"><h2>Sections</h2><ol>{contents}</ol></nav>'
            f'<article class="seed-text">{"".join(lines)}</article>')
    return _page(f"seed {found.number}", body, html.escape(found.title))


# --- JSON for tools -------------------------------------------------------------------------------------------------


@router.get("/api/rules", response_model=m.RulesIndex, response_model_exclude_unset=True)
def rules_json() -> dict[str, Any]:
    """The seeds with their sections (name, aliases, anchor) and the ids of the rulings: what a page may link to."""
    return {"seeds": [s.summary() for s in seeds()], "rulings": sorted(rulings(), key=rules_text.id_order)}


@router.get("/api/rules/{seed}", response_model=m.SeedInfo, response_model_exclude_unset=True,
            responses=m.refusals(400, 404, 422))
def seed_json(seed: str) -> dict[str, Any]:
    """A seed's sections, each with its text (from its heading to the next section's)."""
    found = find_seed(seed)
    data = found.summary()
    for entry, section in zip(data["sections"], found.sections, strict=True):
        entry["text"] = section.text
    return data


@router.get("/api/rulings/{ruling_id}", response_model=m.RulingText, response_model_exclude_unset=True,
            responses=m.refusals(404, 422))
def ruling_json(ruling_id: str) -> dict[str, Any]:
    """One ruling of docs/rulings.md: the seed section, the question, warroom's reading, and its link."""
    known = rulings()
    found = known.get(ruling_id.strip().upper())
    if found is None:
        prefixes = sorted({rid.partition("-")[0] for rid in known})
        raise HTTPException(404, f"no ruling '{ruling_id[:40]}'{suggest(ruling_id.upper(), list(known))}; a "
                                 f"ruling's id is one of {', '.join(prefixes)}, a dash and a number "
                                 f"(all of them: /rules/rulings)")
    return {**found, "url": f"/rules/rulings#{found['id']}"}
