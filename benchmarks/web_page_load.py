"""``warroom serve`` pages: how long each page takes to load in a browser, to the moment a person can read it
(issue 17, "Figures": page load under 1 s).

    python benchmarks/web_page_load.py [--loads N] [--quick]

The server is started as a person starts it (``python -m warroom serve --port P --db FILE``, a fresh file in a
temporary folder); Debian's chromium (``$WARROOM_CHROMIUM`` or ``chromium`` on the PATH), driven by Playwright,
loads each page ``--loads`` times in a fresh browser context (no cache: a first visit each time) and times from
the navigation's start to the page drawn: the lobby's scenario list and map preview, a Company Fire game page's
board with its counters and actions, a Brigade game page's table, the replay viewer's board, the umpire's desk's
procedure list, the rulings page. Figures are wall-clock on a shared machine: the p50 and p95 of each page,
PASS when the p95 is under the target.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx

from web_roundtrip import free_port, percentile  # the server's port and the percentiles, as there

TARGET_SECONDS = 1.0


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "warroom", "serve", "--port", str(port), "--db",
                             str(folder / "games.sqlite")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/healthz", timeout=2).json() == {"ok": True}:
                return proc, base
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("warroom serve did not start")


def game_url(base: str, ruleset: str, scenario: str, side: str) -> str:
    """A new game against ``random`` (one person: no hot seat's cover before the board)."""
    r = httpx.post(base + "/api/games", json={"ruleset": ruleset, "scenario": scenario, "side": side,
                                              "opponent": "random", "seed": 1}, timeout=30)
    r.raise_for_status()
    return base + str(r.json()["seats"][0]["url"])


def finished_replay_url(base: str) -> str:
    """A short game played to its end through the API (every side ending its segments), for the replay viewer."""
    client = httpx.Client(base_url=base, timeout=30)
    made = client.post("/api/games", json={"ruleset": "company-fire", "scenario": "crossroads_patrol",
                                           "side": "attacker", "opponent": "hotseat", "seed": 2}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    view: dict[str, Any] = client.get(f"/api/games/{gid}", params={"token": token}).json()
    while not view["over"]:
        actions = view["actions"]
        pick = next((a for a in actions if a["text"].startswith("end")), actions[0])
        client.post(f"/api/games/{gid}/actions", json={"token": token, "side": view["to_act"],
                                                       "action": pick["code"], "step": view["step"]}).raise_for_status()
        view = client.get(f"/api/games/{gid}", params={"token": token}).json()  # the side to act's view
    return f"{base}/replay/{gid}?token={token}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=10, help="loads of each page (default 10)")
    parser.add_argument("--quick", action="store_true", help="3 loads of each page")
    args = parser.parse_args()
    loads = 3 if args.quick else args.loads
    if loads < 1:
        parser.error(f"--loads {loads}: give at least 1")
    chromium = os.environ.get("WARROOM_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        raise SystemExit("no chromium: install Debian's chromium (apt-get install chromium) or set WARROOM_CHROMIUM")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="warroom-pages-") as tmp:
        proc, base = start_server(Path(tmp))
        try:
            pages = [
                ("lobby", base + "/", "#preview svg[aria-label]"),
                ("Company Fire game", game_url(base, "company-fire", "crossroads_patrol", "attacker"),
                 "#board svg .counter"),
                ("Brigade game", game_url(base, "brigade", "ponyri", "soviet"), "#board svg .counter"),
                ("replay viewer", finished_replay_url(base), "#board svg"),
                ("umpire's desk", base + "/desk", "#list button, #list a, #list li"),
                ("rulings", base + "/rules/rulings", "#CF-130"),
            ]
            print(f"{'page':<20} {'p50 s':>7} {'p95 s':>7}  target {TARGET_SECONDS:.1f} s (p95), {loads} loads each")
            failed = False
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium)
                for name, url, ready in pages:
                    times = []
                    for _ in range(loads):
                        context = browser.new_context(viewport={"width": 1280, "height": 800})
                        page = context.new_page()
                        start = time.perf_counter()
                        page.goto(url)
                        page.wait_for_selector(ready, state="attached", timeout=30_000)
                        times.append(time.perf_counter() - start)
                        context.close()
                    p95 = percentile(times, 0.95)
                    verdict = "PASS" if p95 < TARGET_SECONDS else "FAIL"
                    failed |= p95 >= TARGET_SECONDS
                    print(f"{name:<20} {percentile(times, 0.5):7.3f} {p95:7.3f}  {verdict}", flush=True)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    return 1 if failed and "--strict" in sys.argv else 0


if __name__ == "__main__":
    raise SystemExit(main())
