"""A lab run played: the games a run lacks, on this process, a process pool (the ladder's,
:func:`warroom.ai.ladder.play_on`) or a Ray cluster, each stored as it ends.

Game *i* has the seed ``first_seed + i`` whatever plays it, so the stored games are the same for any backend and
any number of workers. Games are stored a few at a time (:data:`STORE_EVERY` games or :data:`STORE_SECONDS`
seconds), each batch one transaction, so a run killed part way keeps every game stored before it, and the same
run started again plays only what is missing.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from warroom.ai.ladder import STORE_EVERY, STORE_SECONDS, default_workers, play_on
from warroom.core.errors import UsageError
from warroom.lab.job import GameRow, Job, Task, play_task
from warroom.lab.store import LabStore
from warroom.sim.playout import batch_collector, worker_collector

BACKENDS = ("pool", "ray")


@dataclass
class RunDone:
    """What a run did now: games played, games found already stored."""

    played: int = 0
    stored: int = 0
    seconds: float = 0.0


def workers_of(text: str) -> int:
    """``--workers K|auto``: a number from 1, or every core this process may use."""
    if text == "auto":
        return default_workers()
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise UsageError(f"--workers {text}: give a number of worker processes from 1, or auto (every core)")
    return n


class _Saver:
    """Keeps the games as they come, one transaction every few games or seconds, and tells the progress."""

    def __init__(self, store: LabStore, name: str, done: RunDone, progress: Callable[[int], None] | None) -> None:
        self.store, self.name, self.done, self.progress = store, name, done, progress
        self.pending: list[GameRow] = []
        self.count = 0
        self.last = time.monotonic()

    def keep(self, game: GameRow) -> None:
        self.pending.append(game)
        self.count += 1
        if len(self.pending) >= STORE_EVERY or time.monotonic() - self.last > STORE_SECONDS:
            self.flush()
        if self.progress is not None:
            self.progress(self.count)

    def flush(self) -> None:
        self.done.played += self.store.add(self.name, self.pending)
        self.pending, self.last = [], time.monotonic()


def todo(store: LabStore, name: str, job: Job, games: int) -> tuple[list[Task], int]:
    """The run's games not stored yet, and how many are."""
    stored = store.stored_keys(name)
    tasks = job.tasks(games)
    return [t for t in tasks if t.key not in stored], sum(t.key in stored for t in tasks)


def run_job(store: LabStore, name: str, job: Job, games: int, workers: int = 1, backend: str = "pool",
            address: str | None = None, progress: Callable[[int], None] | None = None,
            tasks: Sequence[Task] | None = None, said: Callable[[str], None] | None = None) -> RunDone:
    """Play the games of run ``name`` not stored yet (``games`` seeds, each also swapped when the job says) and
    store them; ``progress(done)`` after each game; ``said`` is told where a Ray cluster joined listens."""
    store.open_run(name, job.options())
    if tasks is None:
        tasks, stored = todo(store, name, job, games)
    else:
        stored = 0
    done = RunDone(stored=stored)
    saver = _Saver(store, name, done, progress)
    start = time.perf_counter()
    try:
        with batch_collector():  # also frozen out of the forked workers' collections: their pages stay shared
            if backend == "ray":
                play_on_ray(tasks, saver.keep, address, said)
            elif workers == 1 or len(tasks) <= 1:
                for task in tasks:
                    saver.keep(play_task(task))
            else:
                play_on(workers, play_task, tasks, saver.keep)
    finally:  # stopped part way or not, every game played is kept
        saver.flush()
        done.seconds = time.perf_counter() - start
    return done


RAY_LOOPBACK = ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
"""The setting under which Ray runs as a single machine's instance, every service it starts (the GCS, the raylet,
the workers, the runtime-env agent) listening on 127.0.0.1 alone: Ray's default on Linux binds them to every
interface, with no authentication, for other machines to join. Read by Ray when it is imported, and by the
processes it starts from their environment."""


def _ray(local: bool = False) -> Any:
    """Ray, imported; ``local``: set first to run an instance of this machine's alone (:data:`RAY_LOOPBACK`)."""
    if local:
        name, value = RAY_LOOPBACK
        os.environ[name] = value
    try:
        import ray
    except ImportError:
        raise UsageError("--backend ray needs Ray: pip install \"warroom[ray]\"") from None
    if local:
        from ray._private import ray_constants

        ray_constants.ENABLE_RAY_CLUSTER = False  # Ray imported before the setting was made: read it now
    return ray


def check_ray() -> None:
    """One clear error, before any game, if Ray is not installed (without importing it, which is left to the run:
    a local instance must be set up before Ray is imported)."""
    if importlib.util.find_spec("ray") is None:
        raise UsageError("--backend ray needs Ray: pip install \"warroom[ray]\"")


RAY_BATCH = 16
"""Games a Ray task plays at most: a task's own cost is spread over them."""

RAY_TASKS_PER_CPU = 8
"""Ray tasks a CPU of the cluster is given at least (batches are made smaller for a short run), so that the
last tasks to end leave few CPUs idle."""


def start_local_ray(num_cpus: int | None = None) -> None:
    """Start a Ray instance on this machine (every core, or ``num_cpus``), for a run given ``--backend ray``
    with no ``--address``, its services listening on 127.0.0.1 only (:data:`RAY_LOOPBACK`). Its workers play at
    this process's priority, as the pool's do: Ray's default (``worker_niceness`` 15, which keeps a cluster node's
    daemons responsive) would give every other program on the machine the games' CPU first. Where a Ray instance
    already runs here (``ray start``), Ray joins it, and its workers keep the settings it was started with."""
    ray = _ray(local=True)
    quiet: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.ERROR, "log_to_driver": False}
    try:
        ray.init(num_cpus=num_cpus, _system_config={"worker_niceness": os.nice(0)}, **quiet)
    except ValueError:  # "When connecting to an existing cluster, _system_config must not be provided"
        try:
            ray.init(**quiet)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise UsageError(f"--backend ray: cannot join the Ray instance running on this machine ({exc})") from None


def play_on_ray(tasks: Sequence[Task], keep: Callable[[GameRow], None], address: str | None = None,
                said: Callable[[str], None] | None = None) -> None:
    """Play the games as Ray tasks (on the cluster at ``address``, or a local one started here when Ray is not
    running yet), a batch of games a task, handing each game to ``keep`` as its batch ends; ``said`` is told in
    one line where a cluster joined listens."""
    ray = _ray()
    if not ray.is_initialized():
        if address is None and not os.environ.get("RAY_ADDRESS"):
            start_local_ray()
        else:
            try:
                ray.init(address=address, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise UsageError(f"--address {address}: cannot join the Ray cluster ({exc})") from None
            if said is not None:
                said(f"joined the Ray cluster at {address or os.environ.get('RAY_ADDRESS')} as it was started "
                     f"(its services listen where it was told to: warroom binds only the instances it starts)")
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    batch = max(1, min(RAY_BATCH, -(-len(tasks) // (RAY_TASKS_PER_CPU * cpus))))
    remote = ray.remote(play_batch)
    pending = [remote.remote(list(tasks[k:k + batch])) for k in range(0, len(tasks), batch)]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for game in ray.get(ready[0]):
                keep(game)
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise


def play_batch(tasks: list[Task]) -> list[GameRow]:
    """Several games in one task (a Ray task's own cost is spread over them), with the garbage collection the
    pool's workers have (:func:`warroom.sim.playout.worker_collector`: a Ray worker is a process of Ray's, which
    the pool's setting never reaches, and it plays batch after batch)."""
    with worker_collector():
        return [play_task(t) for t in tasks]
