"""``warroom serve`` speed: an action's round trip over HTTP (the action applied, committed to SQLite with
``synchronous=FULL``, the side's new view built and sent), p50/p95 over a few hundred actions against a live
server on loopback; then 20 games played at once by 20 clients, each a bounded number of actions.

    python benchmarks/web_roundtrip.py [--quick] [--actions N] [--games G]

The server is started as a person starts it (``python -m warroom serve --port P --db FILE``, a fresh file in a
temporary folder) and stopped at the end. The games are hot seat (Company Fire, crossroads_patrol), the actions
chosen at random among the legal ones, so no AI's thinking is counted: only the server's own work.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx

SCENARIO = {"ruleset": "company-fire", "scenario": "crossroads_patrol", "opponent": "hotseat"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Player:
    """One client playing hot-seat games, one after another, timing each action's round trip."""

    def __init__(self, base: str, seed: int) -> None:
        self.client = httpx.Client(base_url=base, timeout=60)
        self.rng = random.Random(seed)
        self.seed = seed
        self.times: list[float] = []
        self.view_times: list[float] = []
        self.game: dict[str, Any] = {}
        self.view: dict[str, Any] = {}
        self.errors: list[str] = []

    def new_game(self) -> None:
        r = self.client.post("/api/games", json={**SCENARIO, "seed": self.seed + len(self.times)})
        r.raise_for_status()
        self.game = r.json()
        self.view = self.get()

    def get(self) -> dict[str, Any]:
        start = time.perf_counter()
        r = self.client.get(f"/api/games/{self.game['id']}", params={"token": self.game["seats"][0]["token"]})
        self.view_times.append(time.perf_counter() - start)
        r.raise_for_status()
        got: dict[str, Any] = r.json()
        return got

    def play(self, actions: int) -> None:
        self.new_game()
        for _ in range(actions):
            if self.view["over"]:
                self.new_game()
            body = {"token": self.game["seats"][0]["token"], "step": self.view["step"],
                    "action": self.rng.choice(self.view["actions"])["code"]}
            start = time.perf_counter()
            r = self.client.post(f"/api/games/{self.game['id']}/actions", json=body)
            self.times.append(time.perf_counter() - start)
            r.raise_for_status()
            self.view = self.get()  # the side to act's view (hot seat): the next action is chosen on it

    def close(self) -> None:
        self.client.close()


def line(label: str, times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return (f"{label}: {len(ms)} requests, p50 {percentile(ms, 0.5):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
            f"mean {statistics.fmean(ms):.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer actions (a smoke run)")
    parser.add_argument("--actions", type=int, default=None, help="actions of the single client (default 400)")
    parser.add_argument("--games", type=int, default=20, help="games played at once (default 20)")
    args = parser.parse_args()
    single = args.actions or (60 if args.quick else 400)
    each = 10 if args.quick else 40
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        src = str(Path(__file__).resolve().parents[1] / "src")
        server = subprocess.Popen([sys.executable, "-m", "warroom", "serve", "--port", str(port), "--db",
                                   str(Path(folder) / "games.sqlite")],
                                  env={**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")},
                                  stdout=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{base}/healthz").status_code == 200:
                        break
                except httpx.TransportError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        print("the server did not start", file=sys.stderr)
                        return 1
                    time.sleep(0.1)

            one = Player(base, 1)
            one.play(single)
            one.close()
            print("one client, one game at a time:")
            print("  " + line("action (apply, commit, new view)", one.times))
            print("  " + line("view", one.view_times))

            players = [Player(base, 100 + n) for n in range(args.games)]

            def play(p: Player) -> None:
                try:
                    p.play(each)
                except httpx.HTTPError as error:  # counted, and this client stops
                    p.errors.append(str(error))

            start = time.perf_counter()
            threads = [threading.Thread(target=play, args=(p,)) for p in players]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            took = time.perf_counter() - start
            for p in players:
                p.close()
            times = [t for p in players for t in p.times]
            views = [t for p in players for t in p.view_times]
            print(f"{args.games} games at once, {each} actions each ({len(times)} actions in {took:.1f} s: "
                  f"{len(times) / took:.0f} actions/s with their views):")
            print("  " + line("action", times))
            print("  " + line("view", views))
            errors = [e for p in players for e in p.errors]
            said = f" (the first: {errors[0]})" if errors else " (every request answered)"
            print(f"  errors: {len(errors)}{said}")
            if errors:
                return 1
        finally:
            server.terminate()
            server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
