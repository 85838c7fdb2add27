"""warroom performance benchmark: exact-odds latency against icepool, and sampling throughput.

Run from the repository root::

    python benchmarks/run.py            # full run (about a minute and a half)
    python benchmarks/run.py --quick    # smoke run (well under 30 s)
    python benchmarks/run.py --json figures.json --strict

See benchmarks/README.md for what every figure means. Targets that fail print FAIL;
the exit status is 0 unless ``--strict`` is given.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import icepool
import numpy as np

import warroom
import warroom.rulesets  # registers every ruleset before any timing
from cases import CASES, POOL_DICE, POOL_ICEPOOL, QUICK_COLD, Case
from warroom.core import chance
from warroom.core.chance import ChanceSource, Node, Process, Resolution
from warroom.core.evaluate import enumerate_tree
from warroom.core.registry import ProcedureSpec

HERE = Path(__file__).resolve()

RATIO_TARGET = 2.0
POOL_TARGET_S = 0.010
WARM_TARGET_S = 0.010
BATCH_TARGET_PER_S = 1_000_000
BATCH_SIZE = 1_000_000


@dataclass(frozen=True)
class Settings:
    """How hard to measure: ``--quick`` trades precision for time."""

    quick: bool
    cold_repeats: int
    warm_min_time: float
    warm_repeats: int
    batch_repeats: int
    dice_time: float

    @classmethod
    def make(cls, quick: bool) -> Settings:
        if quick:
            return cls(True, cold_repeats=1, warm_min_time=0.004, warm_repeats=3, batch_repeats=1, dice_time=0.04)
        return cls(False, cold_repeats=3, warm_min_time=0.02, warm_repeats=7, batch_repeats=3, dice_time=0.3)


# --- timing ----------------------------------------------------------------------------------


def _loop(fn: Callable[[], object], number: int) -> float:
    start = time.perf_counter()
    for _ in range(number):
        fn()
    return time.perf_counter() - start


def per_call(fn: Callable[[], object], settings: Settings) -> float:
    """Median seconds per call over several repeats, after a warm-up call.

    Each repeat runs enough calls to last ``warm_min_time``, so microsecond calls are
    not lost in the clock's resolution.
    """
    fn()
    number = 1
    while True:
        elapsed = _loop(fn, number)
        if elapsed >= settings.warm_min_time:
            break
        grow = settings.warm_min_time / max(elapsed, 1e-7) * 1.2
        number = max(number + 1, min(int(number * grow), number * 100))
    return statistics.median(_loop(fn, number) / number for _ in range(settings.warm_repeats))


def clear_dice_caches() -> None:
    """Forget every node distribution cached in :mod:`warroom.core.chance` (its ``lru_cache`` functions)."""
    for value in vars(chance).values():
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def ratio(ours: float | None, theirs: float | None) -> float | None:
    if ours is None or theirs is None or theirs <= 0:
        return None
    return ours / theirs


# --- cold: one fresh interpreter per first call ------------------------------------------------


def child(kind: str, payload: str) -> None:
    """Entry for ``--child``: warroom and icepool are already imported; time only the first call."""
    if kind == "odds":
        spec = json.loads(payload)
        procedure_id: str = spec["procedure"]
        params: dict[str, Any] = spec["params"]

        def call() -> object:
            return warroom.odds(procedure_id, params)

    elif kind == "pool":
        dice = int(payload)

        def call() -> object:
            return enumerate_tree(lambda r: r.successes(dice, 6, 5))

    elif kind == "icepool":
        code = compile(payload, "<icepool equivalent>", "eval")
        namespace = {"icepool": icepool}

        def call() -> object:
            return eval(code, namespace)

    else:
        raise SystemExit(f"unknown child kind {kind}")
    start = time.perf_counter()
    call()
    elapsed = time.perf_counter() - start
    print(json.dumps({"seconds": elapsed}))


def run_child(kind: str, payload: str) -> float:
    out = subprocess.run(
        [sys.executable, str(HERE), "--child", kind, payload], capture_output=True, text=True, check=False
    )
    if out.returncode != 0:
        raise RuntimeError(f"cold child {kind} {payload!r} failed:\n{out.stderr}")
    seconds: float = json.loads(out.stdout.strip().splitlines()[-1])["seconds"]
    return seconds


def measure_cold(
    jobs: Sequence[tuple[str, str, str]], repeats: int, progress: Callable[[str], None]
) -> dict[str, float]:
    """Median first-call seconds of each job (key, kind, payload), each in its own fresh process.

    Repeats go round the whole list, so a burst of machine noise spreads over many jobs.
    """
    samples: dict[str, list[float]] = {key: [] for key, _, _ in jobs}
    for round_ in range(repeats):
        progress(f"cold: round {round_ + 1}/{repeats}, {len(jobs)} fresh processes")
        for key, kind, payload in jobs:
            samples[key].append(run_child(kind, payload))
    return {key: statistics.median(values) for key, values in samples.items()}


# --- what a procedure throws ------------------------------------------------------------------


def node_label(node: Node) -> str:
    """A chance node in a few characters: ``d6``, ``4d6≥5``, ``4d6≥5 +1s``, ``3d6 sum``, ``card of 52``."""
    a = node.args
    if node.kind == "die":
        return f"d{a[0]}"
    if node.kind == "sum":
        return f"{a[0]}d{a[1]} sum"
    if node.kind == "successes":
        return f"{a[0]}d{a[1]}≥{a[2]}"
    if node.kind == "successes_and_ones":
        return f"{a[0]}d{a[1]}≥{a[2]} +1s"
    if node.kind == "percentile":
        return "d%"
    if node.kind == "draw":
        return f"card of {len(a[0])}"
    return node.spec


@dataclass
class Recording:
    """The paths of chance nodes met, leaf by leaf (and inside each process's step)."""

    paths: set[tuple[str, ...]] = field(default_factory=set)
    processes: dict[str, Recording] = field(default_factory=dict)

    def describe(self) -> str:
        longest = [p for p in self.paths if p and not any(q[: len(p)] == p and q != p for q in self.paths)]
        return " | ".join(sorted(" → ".join(self._expand(n) for n in path) for path in longest))

    def _expand(self, entry: str) -> str:
        inner = self.processes.get(entry)
        return f"{entry} {inner.describe()}" if inner is not None else entry


class _Recorder(ChanceSource):
    """Passes every question on to the evaluator's source, noting the node first."""

    def __init__(self, inner: ChanceSource, path: list[str], recording: Recording) -> None:
        self.inner = inner
        self.path = path
        self.recording = recording

    def resolve(self, node: Node, label: str, resolution: Resolution) -> Any:
        self.path.append(node_label(node))
        return self.inner.resolve(node, label, resolution)

    def resolve_process(self, process: Process[Any], resolution: Resolution) -> tuple[int | None, Any]:
        entry = f"until {process.label}:"
        self.path.append(entry)
        inner = self.recording.processes.setdefault(entry, Recording())

        def step(r: Resolution, state: Any) -> Any:
            return _recorded(r, inner, lambda rr: process.step(rr, state))

        wrapped = Process(process.label, process.start, step, process.done, process.max_steps)
        return self.inner.resolve_process(wrapped, resolution)


def _recorded(r: Resolution, recording: Recording, run: Callable[[Resolution], Any]) -> Any:
    path: list[str] = []
    r.source = _Recorder(r.source, path, recording)
    try:
        return run(r)
    finally:
        recording.paths.add(tuple(path))


def chance_nodes(spec: ProcedureSpec, values: dict[str, Any]) -> tuple[str, int]:
    """The chance nodes a procedure meets with these parameters, and its number of leaves."""
    recording = Recording()
    run = spec.runner(values)
    leaves = 0

    def leaf(r: Resolution) -> Any:
        nonlocal leaves
        leaves += 1
        return _recorded(r, recording, lambda rr: run(rr).result)

    enumerate_tree(leaf)
    return recording.describe(), leaves


# --- figures ----------------------------------------------------------------------------------


@dataclass(kw_only=True)
class Latency:
    """Exact-odds latency, ours and icepool's, cold and warm (filled in as they are measured)."""

    cold_ours_s: float | None = None
    cold_icepool_s: float | None = None
    cold_ratio: float | None = None
    warm_ours_s: float | None = None
    warm_ours_dice_caches_cleared_s: float | None = None
    warm_icepool_s: float | None = None
    warm_ratio: float | None = None
    warm_ratio_dice_caches_cleared: float | None = None


@dataclass
class ExactRow(Latency):
    procedure: str
    id: str
    params: dict[str, Any]
    nodes: str
    nodes_expected: str
    leaves: int
    icepool_expression: str | None
    note: str
    error: str | None = None


@dataclass
class PoolRow(Latency):
    dice: int
    icepool_expression: str


@dataclass
class SampleRow:
    procedure: str
    batch_size: int
    batch_call_s: float
    batch_results_per_s: float
    dice_trials: int
    dice_results_per_s: float
    batch_speedup: float


@dataclass
class Target:
    name: str
    passed: bool
    detail: str


def cases(progress: Callable[[str], None]) -> list[tuple[ProcedureSpec, ExactRow]]:
    """Every registered procedure with its case (or defaults), its chance nodes and leaves."""
    out = []
    for spec in warroom.procedures():
        case = CASES.get(spec.id)
        if case is None:
            case = Case(dict(spec.example), "", None, "no case in benchmarks/cases.py: run with the procedure's "
                        "registered example")
        row = ExactRow(spec.id, spec.id, dict(case.params), "", case.nodes, 0, case.icepool, case.note)
        try:
            values = spec.bind(case.params)
            row.nodes, row.leaves = chance_nodes(spec, values)
        except Exception as exc:  # a procedure needing parameters the case does not give
            row.error = f"{type(exc).__name__}: {exc}"
        out.append((spec, row))
    progress(f"{len(out)} procedures registered")
    return out


def measure_exact(rows: list[tuple[ProcedureSpec, ExactRow]], pool: PoolRow, settings: Settings,
                  progress: Callable[[str], None]) -> None:
    # Cold first: every figure from a fresh interpreter, before this process warms anything.
    jobs: list[tuple[str, str, str]] = []
    for spec, row in rows:
        if row.error or (settings.quick and spec.id not in QUICK_COLD):
            continue
        if not row.icepool_expression and not settings.quick:
            continue  # cold is compared with icepool; procedures with no icepool equivalent are timed warm
        jobs.append((f"ours:{spec.id}", "odds", json.dumps({"procedure": spec.id, "params": row.params})))
        if row.icepool_expression:
            jobs.append((f"icepool:{spec.id}", "icepool", row.icepool_expression))
    jobs.append(("ours:pool", "pool", str(POOL_DICE)))
    jobs.append(("icepool:pool", "icepool", pool.icepool_expression))
    cold = measure_cold(jobs, settings.cold_repeats, progress)
    for spec, row in rows:
        row.cold_ours_s = cold.get(f"ours:{spec.id}")
        row.cold_icepool_s = cold.get(f"icepool:{spec.id}")
        row.cold_ratio = ratio(row.cold_ours_s, row.cold_icepool_s)
    pool.cold_ours_s, pool.cold_icepool_s = cold["ours:pool"], cold["icepool:pool"]
    pool.cold_ratio = ratio(pool.cold_ours_s, pool.cold_icepool_s)

    progress("warm: repeated calls in this process")
    for spec, row in rows:
        if row.error:
            continue
        procedure_id, params = spec.id, row.params

        def ours(procedure_id: str = procedure_id, params: dict[str, Any] = params) -> object:
            return warroom.odds(procedure_id, params)

        def ours_uncached(procedure_id: str = procedure_id, params: dict[str, Any] = params) -> object:
            clear_dice_caches()
            return warroom.odds(procedure_id, params)

        row.warm_ours_s = per_call(ours, settings)
        row.warm_ours_dice_caches_cleared_s = per_call(ours_uncached, settings)
        if row.icepool_expression:
            row.warm_icepool_s = per_call(_icepool_call(row.icepool_expression), settings)
        row.warm_ratio = ratio(row.warm_ours_s, row.warm_icepool_s)
        row.warm_ratio_dice_caches_cleared = ratio(row.warm_ours_dice_caches_cleared_s, row.warm_icepool_s)

    def pool_ours() -> object:
        return enumerate_tree(lambda r: r.successes(POOL_DICE, 6, 5))

    def pool_uncached() -> object:
        clear_dice_caches()
        return pool_ours()

    pool.warm_ours_s = per_call(pool_ours, settings)
    pool.warm_ours_dice_caches_cleared_s = per_call(pool_uncached, settings)
    pool.warm_icepool_s = per_call(_icepool_call(pool.icepool_expression), settings)
    pool.warm_ratio = ratio(pool.warm_ours_s, pool.warm_icepool_s)
    pool.warm_ratio_dice_caches_cleared = ratio(pool.warm_ours_dice_caches_cleared_s, pool.warm_icepool_s)


def _icepool_call(expression: str) -> Callable[[], object]:
    code = compile(expression, "<icepool equivalent>", "eval")
    namespace = {"icepool": icepool}

    def call() -> object:
        return eval(code, namespace)

    return call


def measure_sampling(rows: list[tuple[ProcedureSpec, ExactRow]], settings: Settings,
                     progress: Callable[[str], None]) -> list[SampleRow]:
    progress(f"sampling: batches of {BATCH_SIZE:,} and played trials")
    out = []
    for spec, row in rows:
        if row.error:
            continue
        params = row.params
        warroom.sample(spec.id, 10_000, params, seed=0, method="batch")  # warm-up: tables, distributions
        batch_times = []
        for seed in range(1, settings.batch_repeats + 1):
            start = time.perf_counter()
            counts = warroom.sample(spec.id, BATCH_SIZE, params, seed=seed, method="batch")
            batch_times.append(time.perf_counter() - start)
            if sum(counts.values()) != BATCH_SIZE:
                raise RuntimeError(f"{spec.id}: a batch of {BATCH_SIZE} gave {sum(counts.values())} results")
        batch_s = statistics.median(batch_times)
        warroom.sample(spec.id, 50, params, seed=0, method="dice")
        probe = 200
        start = time.perf_counter()
        warroom.sample(spec.id, probe, params, seed=0, method="dice")
        per_trial = (time.perf_counter() - start) / probe
        trials = max(probe, min(1_000_000, int(settings.dice_time / max(per_trial, 1e-9))))
        start = time.perf_counter()
        warroom.sample(spec.id, trials, params, seed=1, method="dice")
        dice_rate = trials / (time.perf_counter() - start)
        batch_rate = BATCH_SIZE / batch_s
        out.append(SampleRow(spec.id, BATCH_SIZE, batch_s, batch_rate, trials, dice_rate, batch_rate / dice_rate))
    return out


def targets(rows: Sequence[ExactRow], pool: PoolRow, samples: Sequence[SampleRow]) -> list[Target]:
    out = []
    pool_name = f"{POOL_DICE}-die pool"
    for when in ("cold", "warm"):
        ratios = [(r.procedure, getattr(r, f"{when}_ratio")) for r in rows]
        ratios.append((pool_name, getattr(pool, f"{when}_ratio")))
        measured = [(name, x) for name, x in ratios if x is not None]
        over = sorted(((name, x) for name, x in measured if x > RATIO_TARGET), key=lambda item: -item[1])
        detail = (f"{len(measured) - len(over)}/{len(measured)} within {RATIO_TARGET:g}x"
                  + (": over are " + ", ".join(f"{name} {x:.1f}x" for name, x in over) if over else ""))
        out.append(Target(f"exact odds within {RATIO_TARGET:g}x of icepool, {when}", not over and bool(measured),
                          detail))
    warm = pool.warm_ours_s
    out.append(Target(f"{pool_name} exact odds under {POOL_TARGET_S * 1e3:g} ms warm",
                      warm is not None and warm < POOL_TARGET_S,
                      f"warm {fmt_time(warm)} (with dice caches cleared "
                      f"{fmt_time(pool.warm_ours_dice_caches_cleared_s)}), cold {fmt_time(pool.cold_ours_s)}; "
                      f"icepool: warm {fmt_time(pool.warm_icepool_s)}, cold {fmt_time(pool.cold_icepool_s)}"))
    warm_rows = [r for r in rows if r.warm_ours_s is not None]
    slowest = max(warm_rows, key=lambda r: r.warm_ours_s or 0.0, default=None)
    over_limit = [r.procedure for r in warm_rows if (r.warm_ours_s or 0.0) >= WARM_TARGET_S]
    out.append(Target(
        f"every procedure's exact odds under {WARM_TARGET_S * 1e3:g} ms warm",
        bool(warm_rows) and not over_limit,
        f"{len(warm_rows) - len(over_limit)}/{len(warm_rows)} under"
        + (f"; slowest {slowest.procedure} {fmt_time(slowest.warm_ours_s)}" if slowest else "")
        + (": over are " + ", ".join(over_limit) if over_limit else ""),
    ))
    slow = [s for s in samples if s.batch_results_per_s < BATCH_TARGET_PER_S]
    lowest = min(samples, key=lambda s: s.batch_results_per_s, default=None)
    detail = (f"{len(samples) - len(slow)}/{len(samples)} at or above {BATCH_TARGET_PER_S:,}/s"
              + (f"; lowest {lowest.procedure} {lowest.batch_results_per_s:,.0f}/s" if lowest else "")
              + (": below are " + ", ".join(s.procedure for s in slow) if slow else ""))
    out.append(Target(f"batch sampling at least {BATCH_TARGET_PER_S:,} results/s", not slow and bool(samples),
                      detail))
    return out


def info(rows: Sequence[ExactRow], pool: PoolRow) -> list[str]:
    """Figures that are not targets but qualify them."""
    measured = [(r.procedure, r.warm_ratio_dice_caches_cleared) for r in rows]
    measured.append((f"{POOL_DICE}-die pool", pool.warm_ratio_dice_caches_cleared))
    known = [(name, x) for name, x in measured if x is not None]
    over = sorted(((name, x) for name, x in known if x > RATIO_TARGET), key=lambda item: -item[1])
    return [
        "warm odds are cache hits on the node distributions; like for like (dice caches cleared before every call, "
        f"so both sides compute the dice): {len(known) - len(over)}/{len(known)} within {RATIO_TARGET:g}x"
        + (": over are " + ", ".join(f"{name} {x:.1f}x" for name, x in over) if over else ""),
    ]


# --- output -----------------------------------------------------------------------------------


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def fmt_ratio(x: float | None) -> str:
    return "—" if x is None else f"{x:.2f}x"


def fmt_rate(x: float) -> str:
    return f"{x:,.0f}/s"


def verdict(passed: bool | None) -> str:
    return "n/a" if passed is None else ("PASS" if passed else "FAIL")


def _ratio_verdict(row: ExactRow | PoolRow) -> bool | None:
    measured = [x for x in (row.cold_ratio, row.warm_ratio) if x is not None]
    return None if not measured else all(x <= RATIO_TARGET for x in measured)


def render(rows: Sequence[ExactRow], pool: PoolRow, samples: Sequence[SampleRow], found: Sequence[Target],
           notes: Sequence[str], meta: dict[str, Any], settings: Settings) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console = Console(width=180)

    def styled(text: str, good: bool | None) -> str:
        return text if good is None else f"[{'green' if good else 'red'}]{text}[/]"

    console.print(f"[bold]warroom benchmark[/] ({'quick' if settings.quick else 'full'}) — python {meta['python']}, "
                  f"icepool {meta['icepool']}, numpy {meta['numpy']}, {meta['cpus']} CPUs, "
                  f"load average before {meta['load_before']}")

    cases_table = Table(title="Cases: representative parameters (every other parameter at its default)",
                        title_justify="left")
    for name in ("procedure", "params", "chance nodes met", "leaves", "icepool equivalent (same dice)"):
        cases_table.add_column(name, overflow="fold")
    for row in rows:
        params = ", ".join(f"{k}={v}" for k, v in row.params.items()) or "defaults"
        equivalent = row.icepool_expression or f"no direct icepool equivalent ({row.note or 'no dice'})"
        cases_table.add_row(*(escape(cell) for cell in (row.procedure, params, row.error or row.nodes or "none",
                                                         str(row.leaves), equivalent)))
    console.print(cases_table)

    latency = Table(title="Exact odds latency: warroom.odds(...) against icepool computing the same dice "
                    "(x = ours / icepool)", title_justify="left")
    for name in ("procedure", "cold ours", "cold icepool", "cold x", "warm ours", "warm ours, dice caches cleared",
                 "warm icepool", "warm x", "warm x, caches cleared", f"<= {RATIO_TARGET:g}x"):
        latency.add_column(name, justify="left" if name == "procedure" else "right")

    def rx(x: float | None) -> str:
        return styled(fmt_ratio(x), None if x is None else x <= RATIO_TARGET)

    for row in rows:
        v = _ratio_verdict(row)
        latency.add_row(row.procedure, fmt_time(row.cold_ours_s), fmt_time(row.cold_icepool_s), rx(row.cold_ratio),
                        fmt_time(row.warm_ours_s), fmt_time(row.warm_ours_dice_caches_cleared_s),
                        fmt_time(row.warm_icepool_s), rx(row.warm_ratio), fmt_ratio(row.warm_ratio_dice_caches_cleared),
                        styled(verdict(v), v))
    v = _ratio_verdict(pool)
    latency.add_row(f"{POOL_DICE}-die pool (enumerate_tree)", fmt_time(pool.cold_ours_s), fmt_time(pool.cold_icepool_s),
                    rx(pool.cold_ratio), fmt_time(pool.warm_ours_s), fmt_time(pool.warm_ours_dice_caches_cleared_s),
                    fmt_time(pool.warm_icepool_s), rx(pool.warm_ratio), fmt_ratio(pool.warm_ratio_dice_caches_cleared),
                    styled(verdict(v), v), end_section=True)
    console.print(latency)
    if settings.quick:
        console.print(f"  --quick: cold measured once, for {', '.join(QUICK_COLD)} and the pool only; "
                      "'—' means not measured")
    for row in rows:
        if row.nodes_expected != row.nodes and not row.error:
            console.print(f"  [yellow]warning[/]: {row.procedure} meets '{escape(row.nodes or 'none')}' but cases.py "
                          f"expects '{escape(row.nodes_expected or 'none')}': its icepool equivalent may be stale")

    sampling = Table(title=f"Sampling throughput: warroom.sample(..., method='batch') in batches of {BATCH_SIZE:,}, "
                     "against method='dice' (every trial played)", title_justify="left")
    for name in ("procedure", "batch: time per call", "batch: results/s", "dice: trials", "dice: results/s",
                 "batch / dice", f">= {BATCH_TARGET_PER_S:,}/s"):
        sampling.add_column(name, justify="left" if name == "procedure" else "right")
    for s in samples:
        ok = s.batch_results_per_s >= BATCH_TARGET_PER_S
        sampling.add_row(s.procedure, fmt_time(s.batch_call_s), fmt_rate(s.batch_results_per_s), f"{s.dice_trials:,}",
                         fmt_rate(s.dice_results_per_s), f"{s.batch_speedup:,.0f}x", styled(verdict(ok), ok))
    console.print(sampling)

    console.print("[bold]Targets[/]")
    for t in found:
        console.print(f"  {styled(verdict(t.passed), t.passed)}  {escape(t.name)}: {escape(t.detail)}", highlight=False)
    for note in notes:
        console.print(f"  info  {escape(note)}", highlight=False)
    console.print(f"  finished in {meta['elapsed_s']:.1f} s")


# --- main -------------------------------------------------------------------------------------


def _meta(settings: Settings) -> dict[str, Any]:
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "mode": "quick" if settings.quick else "full",
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "warroom": warroom.__version__,
        "icepool": icepool.__version__,
        "numpy": np.__version__,
        "load_before": " ".join(f"{x:.2f}" for x in load) if load else "unknown",
        "settings": dataclasses.asdict(settings),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/run.py", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats and fewer cold processes (a smoke run)")
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write every figure to FILE as JSON")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "PAYLOAD"), help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.child:
        child(*args.child)
        return 0

    started = time.perf_counter()
    settings = Settings.make(args.quick)
    meta = _meta(settings)

    def progress(text: str) -> None:
        print(f"[{time.perf_counter() - started:5.1f}s] {text}", file=sys.stderr, flush=True)

    listed = cases(progress)
    pool = PoolRow(POOL_DICE, POOL_ICEPOOL)
    measure_exact(listed, pool, settings, progress)
    samples = measure_sampling(listed, settings, progress)
    rows = [row for _, row in listed]
    found = targets(rows, pool, samples)
    notes = info(rows, pool)
    meta["elapsed_s"] = time.perf_counter() - started
    render(rows, pool, samples, found, notes, meta, settings)
    if args.json:
        figures = {
            "meta": meta,
            "exact": [dataclasses.asdict(r) for r in rows],
            "pool": dataclasses.asdict(pool),
            "sampling": [dataclasses.asdict(s) for s in samples],
            "targets": [dataclasses.asdict(t) for t in found],
            "info": list(notes),
        }
        args.json.write_text(json.dumps(figures, indent=2, default=str) + "\n")
    failed = [t for t in found if not t.passed]
    return 1 if args.strict and failed else 0


if __name__ == "__main__":
    sys.exit(main())
