"""Nothing warroom starts is left running or listening: pool workers end with their parent, however it ends, and a
local Ray instance listens on loopback alone."""

from __future__ import annotations

import ipaddress
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from warroom.lab import run as lab_run


def _children_of(pid: int, at_least: int, within: float) -> list[psutil.Process]:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        kids = psutil.Process(pid).children()
        if len(kids) >= at_least:
            return kids
        time.sleep(0.2)
    raise AssertionError(f"the command started {len(psutil.Process(pid).children())} workers in {within} s")


@pytest.mark.slow
def test_pool_workers_end_when_the_simulate_command_is_killed(tmp_path: Path) -> None:
    """``kill -9`` of ``warroom simulate --workers 2`` mid-run: both workers are gone within a few seconds (the
    kernel's parent-death signal), where they used to run on, orphaned, until killed by hand."""
    command = [sys.executable, "-m", "warroom", "simulate", "crossroads_patrol", "--games", "400", "--workers", "2",
               "--db", str(tmp_path / "lab.sqlite3")]
    parent = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        workers = _children_of(parent.pid, 2, 60.0)
        time.sleep(1.0)  # the workers have begun their games
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(10)
        gone, alive = psutil.wait_procs(workers, timeout=10)
        assert not alive, f"workers left running after the kill: {[p.pid for p in alive]}"
        assert len(gone) == len(workers)
    finally:
        for p in psutil.Process().children(recursive=True):
            p.kill()


def test_a_worker_dies_with_its_parent_when_tied() -> None:
    """The tie itself: a child that calls :func:`tie_to_parent` ends when the process that made it is killed."""
    code = ("import os, subprocess, sys, time\n"
            "child = subprocess.Popen([sys.executable, '-c', 'import os, time\\n"
            "from warroom.ai.ladder import tie_to_parent\\n"
            "tie_to_parent(os.getppid())\\nprint(os.getpid(), flush=True)\\ntime.sleep(60)'], stdout=subprocess.PIPE)\n"
            "print(child.stdout.readline().decode().strip(), flush=True)\ntime.sleep(60)\n")
    middle = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    try:
        assert middle.stdout is not None
        worker = psutil.Process(int(middle.stdout.readline()))
        middle.kill()
        middle.wait(10)
        worker.wait(10)  # raises psutil.TimeoutExpired if the worker outlives its parent
    finally:
        middle.kill()


@pytest.mark.slow
def test_a_local_ray_instance_listens_on_loopback_only() -> None:
    """``--backend ray`` with no address starts Ray with every service bound to 127.0.0.1: each listening socket
    of its processes (the GCS, the raylets, the workers, the runtime-env agent) is on a loopback address. Ray's
    Linux default listens on every interface."""
    ray = pytest.importorskip("ray")
    lab_run.start_local_ray(num_cpus=1)
    try:
        assert ray.get(ray.remote(lambda: 1).remote()) == 1
        ours = {p.pid for p in psutil.Process().children(recursive=True)} | {os.getpid()}
        listening = [c for c in psutil.net_connections(kind="inet")
                     if c.status == psutil.CONN_LISTEN and c.pid in ours]
        assert listening, "Ray's services listen somewhere"
        for c in listening:
            host = c.laddr.ip.removeprefix("::ffff:")
            assert ipaddress.ip_address(host).is_loopback, f"pid {c.pid} listens on {c.laddr.ip}:{c.laddr.port}"
    finally:
        ray.shutdown()
