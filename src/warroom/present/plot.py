"""Bar charts of exact odds (and a Monte Carlo check beside them), for `warroom odds --plot`."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from warroom.core.errors import UsageError
from warroom.core.files import target, write_with
from warroom.core.registry import get_procedure
from warroom.core.ruling import Odds, percent


def plot_odds(odds: Odds, path: Path) -> Path:
    """Write a horizontal bar chart of every result row's exact probability to ``path`` (PNG, SVG or PDF)."""
    if path.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise UsageError(f"--plot {path}: the file must end in .png, .svg or .pdf")
    target(path, "chart")
    names = [name for name, _ in odds.distribution]
    exact = [float(p) * 100 for _, p in odds.distribution]
    height = max(2.5, 0.45 * len(names) + 1.4)
    fig, ax = plt.subplots(figsize=(8.5, height))
    positions = list(range(len(names)))[::-1]
    ax.barh(positions, exact, color="#4a6b3a", label="exact")
    for y, (value, (_, p)) in zip(positions, zip(exact, odds.distribution, strict=True), strict=True):
        ax.text(value + 0.5, y, percent(p), va="center", fontsize=9)
    if odds.sampled is not None and odds.trials:
        counts = dict(odds.sampled)
        sampled = [counts.get(name, 0) / odds.trials * 100 for name in names]
        ax.scatter(sampled, positions, color="#b5402a", marker="|", s=300, zorder=3,
                   label=f"Monte Carlo ({odds.trials:,} trials)")
        ax.legend(loc="lower right", fontsize=8)
    ax.set_yticks(positions, names, fontsize=9)
    ax.set_xlabel("probability (%)")
    ax.set_xlim(0, max([*exact, 1.0]) * 1.18)
    ax.set_title(f"{odds.title}  ({odds.procedure})", fontsize=11)
    spec = get_procedure(odds.procedure)
    given = {k: v for k, v in odds.inputs.items() if spec.param(k).required or v != spec.param(k).default}
    inputs = ", ".join(f"{k}={_show(v)}" for k, v in given.items()) or "all parameters at their defaults"
    fig.text(0.01, 0.01, inputs, fontsize=7, color="#555555", wrap=True)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    try:
        # whole or not at all: a full disk or a read-only folder leaves no empty file behind
        return write_with(path, lambda temporary: fig.savefig(temporary, format=path.suffix.lower()[1:], dpi=120),
                          "chart")
    finally:
        plt.close(fig)


def _show(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)
