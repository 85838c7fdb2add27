"""A run's report, or two runs compared, as one self-contained HTML file: the tables and matplotlib's plots
embedded as SVG (no script, no file beside it), for a designer to read without the terminal.

One run: win-rate bars with their 95% intervals, the side and player bias, the length histogram, objective
control over time, a heat-map of where units fell on the map (by the game's measure, as its kit says: one cell
a grid space in Company Fire, 6" squares of the table in Brigade), losses by unit type, the rules cited by the
games' endings, how they ended.
Compare: both runs' win rates side by side with the tests' sentences, both length histograms, both runs'
objective control.
"""

from __future__ import annotations

import html
import io
import json
import os
from pathlib import Path
from typing import Any

from warroom.core.errors import UsageError
from warroom.core.files import write_text
from warroom.core.kit import kit_of
from warroom.lab.stats import RunStats

INCHES_CELL = 6.0
"""The heat-map cell of a game measured in inches (Brigade), in inches of the table."""

_STYLE = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222}
h1{font-size:1.6em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}.note{color:#555;font-size:.9em}
.plots{display:flex;flex-wrap:wrap;gap:1em}.plots div{flex:1 1 480px}svg{max-width:100%;height:auto}"""


def check_report_path(path: Path) -> None:
    """One clear error, before any game, if the report cannot be written there."""
    if path.suffix.lower() not in (".html", ".htm"):
        raise UsageError(f"--report {path}: give an .html file")
    if path.is_dir():
        raise UsageError(f"--report {path}: is a folder; give an .html file")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir() or not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"--report {path}: cannot be written (no such folder, or no permission)")


def write_report(path: Path, page: str) -> None:
    """Write the page whole or not at all (:func:`warroom.core.files.write_text`)."""
    write_text(path, page, "report")


def _svg(fig: Any) -> str:
    import matplotlib.pyplot as plt

    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def _figure(width: float = 6.0, height: float = 3.6) -> tuple[Any, Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.fonttype"] = "none"
    return plt.subplots(figsize=(width, height))


def win_bars(runs: list[RunStats]) -> str:
    """Each outcome's share, with its 95% interval, for each run."""
    fig, ax = _figure()
    outcomes = [*runs[0].sides, "draw"]
    width = 0.8 / len(runs)
    for k, r in enumerate(runs):
        o = r.outcomes()
        shares = [100 * o[x]["share"] for x in outcomes]
        low = [s - 100 * o[x]["interval95"][0] for s, x in zip(shares, outcomes, strict=True)]
        high = [100 * o[x]["interval95"][1] - s for s, x in zip(shares, outcomes, strict=True)]
        xs = [n + (k - (len(runs) - 1) / 2) * width for n in range(len(outcomes))]
        ax.bar(xs, shares, width, yerr=[low, high], capsize=4, label=r.name)
    ax.set_xticks(range(len(outcomes)), [f"{x} wins" if x in runs[0].sides else x for x in outcomes])
    ax.set_ylabel("share of games (%)")
    ax.set_ylim(0, 100)
    ax.set_title("Outcomes, with 95% intervals")
    if len(runs) > 1:
        ax.legend()
    return _svg(fig)


def length_histogram(runs: list[RunStats]) -> str:
    fig, ax = _figure()
    every = [g.actions for r in runs for g in r.games]
    bins = min(30, max(5, len(set(every))))
    for r in runs:
        ax.hist([g.actions for g in r.games], bins=bins, range=(min(every), max(every) + 1), alpha=0.6,
                label=r.name)
    ax.set_xlabel("actions in the game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    if len(runs) > 1:
        ax.legend()
    return _svg(fig)


def control_plot(runs: list[RunStats]) -> str:
    fig, ax = _figure()
    for r in runs:
        for side, held in r.control().items():
            ax.plot(range(len(held)), held, marker="o", label=f"{side}" + (f" ({r.name})" if len(runs) > 1 else ""))
    ax.set_xlabel("end of turn (0: the set-up)")
    ax.set_ylabel("objectives held (mean)")
    ax.set_title("Objective control over time")
    ax.legend()
    return _svg(fig)


def fell_heatmap(run: RunStats) -> str:
    """Where units fell: a count per grid space (a game measured in spaces, Company Fire) or per 6-inch square (a
    game measured in inches, Brigade), each side apart (the game's kit's :attr:`~warroom.core.kit.Kit.measure`)."""
    import numpy as np

    grid = kit_of(str(run.options.get("ruleset", ""))).measure == "grid"
    points = [(side, x, y) for g in run.games for side, _t, x, y in g.fell]
    fig, _ = _figure(10, 4.2)
    fig.clf()
    sides = run.sides
    xs_all = [p[1] for p in points] + [g.extent[0] for g in run.games]
    ys_all = [p[2] for p in points] + [g.extent[1] for g in run.games]
    cell = 1.0 if grid else INCHES_CELL
    x_edges = np.arange(min(0.0, min(xs_all)) - (0.5 if grid else 0), max(xs_all) + cell + 0.5, cell)
    y_edges = np.arange(min(0.0, min(ys_all)) - (0.5 if grid else 0), max(ys_all) + cell + 0.5, cell)
    for k, side in enumerate(sides):
        ax = fig.add_subplot(1, 2, k + 1)
        xs = [p[1] for p in points if p[0] == side]
        ys = [p[2] for p in points if p[0] == side]
        counts, _, _ = np.histogram2d(xs, ys, bins=[x_edges, y_edges])
        image = ax.imshow(counts.T, origin="upper", cmap="Reds", aspect="equal",
                          extent=(x_edges[0], x_edges[-1], y_edges[-1], y_edges[0]))
        fig.colorbar(image, ax=ax, shrink=0.8, label="units fallen")
        ax.set_title(f"{side}: {len(xs)} units fell")
        ax.set_xlabel("column" if grid else "inches across")
        ax.set_ylabel("row" if grid else "inches deep")
    return _svg(fig)


def _table(head: list[str], rows: list[list[Any]]) -> str:
    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows]
    return "".join(out) + "</table>"


def _pct(entry: dict[str, Any]) -> list[str]:
    low, high = entry["interval95"]
    return [str(entry["games"]), f"{100 * entry['share']:.1f}%", f"{100 * low:.1f}% to {100 * high:.1f}%"]


def _page(title: str, body: list[str]) -> str:
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>{''.join(body)}</body></html>")


def run_page(run: RunStats, command: str | None = None) -> str:
    """One run's report."""
    data = run.to_json()
    o = run.options
    players = ", ".join(f"{s}: {p}" for s, p in o["players"].items())
    body = [f"<p>{data['games']} games of <b>{html.escape(o['scenario'])}</b> ({o['ruleset']}@{o['version']}), "
            f"{html.escape(players)}; seeds from {o['first_seed']}"
            f"{', each also with the players exchanged' if o['swap_sides'] else ''}; rule switches: "
            f"{html.escape(json.dumps(o['rules'])) if o['rules'] else 'none'}.</p>"]
    if command:
        body.append(f"<p class='note'>Made with <code>{html.escape(command)}</code></p>")
    body.append("<h2>Who wins</h2>")
    body.append(_table(["outcome", "games", "share", "95% interval"],
                       [[f"{k} wins" if k in run.sides else k, *_pct(v)] for k, v in data["outcomes"].items()]))
    bias = data["bias"]
    rows = [[f"side bias: {bias['side']['side']} wins", *_pct(bias["side"])]]
    if "player" in bias:
        p = bias["player"]
        rows.append([f"player bias: {p['player']} beats {p['opponent']}", *_pct(p)])
    body.append(_table(["over every game", "games", "share", "95% interval"], rows))
    body.append("<p class='note'>Side bias: the first side's wins over all games. Player bias (with --swap-sides): "
                "the first player's wins over both sides, so a scenario's lean and a player's strength are told "
                "apart.</p>")
    body.append(f"<div class='plots'><div>{win_bars([run])}</div><div>{length_histogram([run])}</div></div>")
    lengths, drama = data["lengths"], data["drama"]
    body.append("<h2>Length and drama</h2>")
    if lengths:
        a = lengths["actions"]
        body.append(f"<p>Actions per game: mean {a['mean']}, median {a['median']}, quartiles {a['quartiles'][0]} "
                    f"to {a['quartiles'][1]}, fewest {a['min']}, most {a['max']}. Turns played: "
                    f"{html.escape(', '.join(f'{t}: {n}' for t, n in lengths['turns'].items()))}.</p>")
    decisive = drama["decisive_share_mean"]
    body.append(f"<p>Lead changes: {drama['lead_changes_mean']} a game on average; "
                f"{drama['games_with_a_lead_change']} games had one. "
                + (f"In the {drama['decided_games']} decided games the winner took the lead it kept after "
                   f"{100 * decisive:.0f}% of the turns on average." if decisive is not None else "") + "</p>")
    body.append(f"<h2>Objectives and losses</h2><div class='plots'><div>{control_plot([run])}</div></div>")
    body.append(f"<div>{fell_heatmap(run)}</div>")
    loss_rows = [[side, t, k] for side, d in data["losses_per_game"].items() for t, k in d.items()]
    body.append(_table(["side", "unit type", "lost per game"], loss_rows) if loss_rows else "<p>No unit was lost.</p>")
    body.append("<h2>How the games ended</h2>")
    body.append(_table(["ending", "games"], [[k, v] for k, v in data["endings"].items()]))
    body.append(_table(["rule the ending cites (seed section or ruling id)", "games"],
                       [[k, v] for k, v in data["deciding_rules"].items()]))
    return _page(f"Balance of {o['scenario']}: {run.name}", body)


def compare_page(a: RunStats, b: RunStats, result: dict[str, Any]) -> str:
    """Two runs compared."""
    body = [f"<p>Run A <b>{html.escape(a.name)}</b> ({len(a.games)} games) against run B "
            f"<b>{html.escape(b.name)}</b> ({len(b.games)} games).</p>"]
    if result["options_differ"]:
        body.append(_table(["option", "A", "B"], [[k, json.dumps(v[0]), json.dumps(v[1])]
                                                  for k, v in result["options_differ"].items()]))
    body.append("<h2>What differs</h2><ul>" + "".join(f"<li>{html.escape(r['says'])}</li>"
                                                      for r in result["outcomes"])
                + f"<li>{html.escape(result['length']['says'])}</li></ul>")
    body.append("<p class='note'>Win rates: two-proportion z test; lengths: Mann-Whitney U test; significant "
                "below p = 0.05.</p>")
    body.append(f"<div class='plots'><div>{win_bars([a, b])}</div><div>{length_histogram([a, b])}</div></div>")
    body.append(f"<div class='plots'><div>{control_plot([a, b])}</div></div>")
    return _page(f"{a.name} against {b.name}", body)
