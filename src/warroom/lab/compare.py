"""Two runs side by side: each side's win rate with a two-proportion z test, the lengths with a Mann-Whitney U
test, said plainly ("the attacker wins 12 points more often in B, p < 0.001").

Runs of different scenarios may be compared when they have the same sides (two rule switches, two tables, two
AIs on one scenario are the usual case); the sides are matched by name.
"""

from __future__ import annotations

import math
from typing import Any

from scipy import stats as sps

from warroom.core.errors import UsageError
from warroom.lab.stats import RunStats

SIGNIFICANT = 0.05
"""Below this p-value a difference is called significant."""


def two_proportions(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """The two-proportion z test with the pooled proportion: (z, two-sided p). Equal shares, or no variation at
    all, give (0, 1)."""
    if n1 == 0 or n2 == 0:
        return 0.0, 1.0
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0, 1.0
    z = (k2 / n2 - k1 / n1) / se
    return z, math.erfc(abs(z) / math.sqrt(2))


def p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def compare(a: RunStats, b: RunStats) -> dict[str, Any]:
    """The differences between run A and run B, each with its test and a sentence."""
    if set(a.sides) != set(b.sides):
        raise UsageError(f"runs '{a.name}' and '{b.name}' have different sides ({', '.join(a.sides)}; "
                         f"{', '.join(b.sides)}): compare runs of scenarios with the same sides")
    if not a.games or not b.games:
        empty = a.name if not a.games else b.name
        raise UsageError(f"run '{empty}' has no games stored yet")
    na, nb = len(a.games), len(b.games)
    rows: list[dict[str, Any]] = []
    oa, ob = a.outcomes(), b.outcomes()
    for outcome in (*a.sides, "draw"):
        ka, kb = oa[outcome]["games"], ob[outcome]["games"]
        z, p = two_proportions(ka, na, kb, nb)
        diff = 100 * (kb / nb - ka / na)
        who = f"the {outcome} wins" if outcome in a.sides else "a draw comes"
        if abs(diff) < 0.05:
            sentence = (f"{who[0].upper()}{who[1:]} as often in {b.name} as in {a.name} ({100 * ka / na:.1f}% to "
                        f"{100 * kb / nb:.1f}%, {p_text(p)}).")
        else:
            more = "more" if diff > 0 else "less"
            sentence = (f"{who[0].upper()}{who[1:]} {abs(diff):.1f} points {more} often in {b.name} than in "
                        f"{a.name} ({100 * ka / na:.1f}% to {100 * kb / nb:.1f}%, {p_text(p)})")
            sentence += "." if p < SIGNIFICANT else ", which may be chance."
        rows.append({"outcome": outcome, "a": oa[outcome], "b": ob[outcome], "difference_points": round(diff, 2),
                     "z": round(z, 3), "p": p, "significant": p < SIGNIFICANT, "says": sentence})
    la, lb = [g.actions for g in a.games], [g.actions for g in b.games]
    if len(set(la) | set(lb)) > 1:
        u = sps.mannwhitneyu(la, lb, alternative="two-sided")
        u_stat, p_len = float(u.statistic), float(u.pvalue)
    else:
        u_stat, p_len = na * nb / 2, 1.0
    ma, mb = sorted(la)[na // 2], sorted(lb)[nb // 2]
    if p_len < SIGNIFICANT:
        length_says = (f"Games are {'longer' if mb > ma else 'shorter'} in {b.name}: median {mb} actions to {ma} "
                       f"({p_text(p_len)}, Mann-Whitney).")
    else:
        length_says = (f"No clear difference in length: median {ma} actions in {a.name}, {mb} in {b.name} "
                       f"({p_text(p_len)}, Mann-Whitney).")
    return {"a": a.name, "b": b.name, "games": {"a": na, "b": nb}, "outcomes": rows,
            "length": {"median_a": ma, "median_b": mb, "u": u_stat, "p": p_len, "significant": p_len < SIGNIFICANT,
                       "says": length_says},
            "options_differ": {k: [a.options.get(k), b.options.get(k)]
                               for k in sorted({*a.options, *b.options}) if a.options.get(k) != b.options.get(k)}}
