"""``warroom serve``: play in the browser (:mod:`warroom.web`), FastAPI on uvicorn, games kept in SQLite."""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path
from typing import Any

import click

from warroom.core.errors import UsageError


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``: a port in use (or a host not of this machine) is one clear error."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise UsageError(f"--host {host}: not an address of this machine ({exc.strerror})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        why = "it is in use (another server?)" if exc.errno in (98, 48, 10048) else exc.strerror
        raise UsageError(f"cannot listen on {host}:{port}: {why}; choose another with --port") from None
    sock.set_inheritable(True)
    return sock


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="the address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network it is on)")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="the port (0: any free one)")
@click.option("--db", "db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="the SQLite file the games are kept in [default: games.sqlite in the user data folder]")
@click.option("--open", "open_browser", is_flag=True, help="open the lobby in the web browser")
def serve(host: str, port: int, db: Path | None, open_browser: bool) -> None:
    """Play in the browser: against an AI, a friend (each with their own link) or hot seat.

    Starts a web server and prints the address to open. Each side sees the game only through its own secret
    link; every action is saved before it is acknowledged, so a server stopped or killed goes on with every game
    where it was when started again on the same file. Stop it with Ctrl-C.

    \b
      warroom serve
      warroom serve --open
      warroom serve --port 8080 --db ~/games/warroom.sqlite
      warroom serve --host 0.0.0.0      # friends on the same network may join
    """
    import webbrowser

    import uvicorn

    from warroom.sim.playout import collect_young_seldom, freeze_heap_once
    from warroom.web.app import create_app
    from warroom.web.store import default_db

    path = db if db is not None else default_db()
    sock = _listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else shown}:{bound}/"
    app = create_app(path)
    freeze_heap_once()  # the server plays its AI opponents' games: the collector set as for simulated games
    collect_young_seldom()
    click.echo(f"warroom serves at {url}  (Ctrl-C stops it)")
    click.echo(f"games are kept in {app.state.db_path}")
    if host in ("0.0.0.0", "::"):
        click.echo("listening on every network this machine is on: a game's links are its only key")

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if open_browser and self.started:
                webbrowser.open(url)

        async def shutdown(self, sockets: Any = None) -> None:
            app.state.games.end_streams()  # else the open event streams hold the server until they are cut
            await super().shutdown(sockets)

    # no access log: the game links' tokens are in their query strings
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=2)
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn stops on Ctrl-C, then raises it again: the end, not an error
        Server(config).run(sockets=[sock])
    click.echo("warroom serve stopped")
