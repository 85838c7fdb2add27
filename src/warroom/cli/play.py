"""``warroom play``: a game a person plays in the terminal, against a player or hot seat (:mod:`warroom.terminal`)."""

from __future__ import annotations

import secrets
import shlex
from pathlib import Path

import click

from warroom.cli.common import SEED, console
from warroom.core.errors import UsageError, suggest


@click.command()
@click.argument("scenario_name", metavar="SCENARIO")
@click.option("--as", "side", default=None, metavar="SIDE",
              help="the side you play (not needed for hot seat)")
@click.option("--vs", "opponent", required=True, metavar="PLAYER",
              help="the opponent: a player or strength (random, heuristic, search:think=5, easy, normal, hard; "
                   "'warroom ai list'), or human for two people at one screen")
@click.option("--game", "ruleset", default=None, help="the game (found from the scenario when omitted)")
@click.option("--seed", type=SEED, default=None, help="seed of the game's dice (a new one each game when omitted)")
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="go on with a game saved to FILE")
@click.option("--dice", type=click.Choice(["warroom", "table"]), default="warroom", show_default=True,
              help="who throws the dice: warroom, or you at a real table (asked for every throw you may see, "
                   "the opponent's too, and told what to move on the table; see docs/table.md)")
@click.option("--save", "save_to", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="the file 'save' writes the game to, and where the finished game is saved")
def play(scenario_name: str, side: str | None, opponent: str, ruleset: str | None, seed: int | None,
         resume: Path | None, dice: str, save_to: Path | None) -> None:
    """Play a game in the terminal: you choose your side's actions, the opponent plays the other side.

    SCENARIO is a scenario file or the name of a shipped one ('warroom scenario list'). You see the board
    as your side sees it, your legal actions by unit (choose by number or by typing), the exact odds before
    you roll, and the ruling after. Type help in the game for the commands (undo, save, quit, odds N, board).

    \b
      warroom play crossroads_patrol --as attacker --vs random
      warroom play ponyri --as soviet --vs normal --save ponyri.json
      warroom play hedgerow_hell --vs human
      warroom play crossroads_patrol --as attacker --vs random --resume game.json
      warroom play ponyri --as soviet --vs normal --dice table   # at a real table: your dice, warroom's moves
    """
    from warroom.ai import player
    from warroom.core.files import target
    from warroom.core.game import GameRecord, find_scenario, load_game
    from warroom.play.session import Session
    from warroom.sim.playout import collect_young_seldom, freeze_heap_once
    from warroom.terminal.screen import Screen, opening_thrower

    if save_to is not None:
        target(save_to, "game record")  # an unusable path is refused before the game starts
    game_id, path = find_scenario(scenario_name, ruleset)
    game = load_game(game_id, path)
    # A game is played to its end in this process: the collector is set as for simulated games, which gives a
    # search opponent some 5% more iterations in its time (warroom.sim.playout.freeze_heap_once).
    freeze_heap_once()
    collect_young_seldom()
    sides = game.sides
    hot_seat = opponent.strip().lower() == "human"
    if side is None and not hot_seat:
        raise UsageError(f"choose your side with --as: {', '.join(sides)}")
    if side is not None and side not in sides:
        raise UsageError(f"'{side}' is not a side of {game.scenario_name}{suggest(side, sides)}; sides: "
                         f"{', '.join(sides)}")
    players = {s: None for s in sides} if hot_seat else {
        s: (None if s == side else player(opponent)) for s in sides}
    if resume is not None:
        saved = GameRecord.load(resume)
        if seed is not None and seed != saved.seed:
            raise UsageError(f"--seed {seed}: the game saved in {resume} was played with seed {saved.seed}")
        if (saved.table_sides is not None) != (dice == "table"):
            played = "the dice thrown at the table" if saved.table_sides else "warroom's dice"
            raise UsageError(f"the game saved in {resume} was played with {played}: resume it with --dice "
                             f"{'table' if saved.table_sides else 'warroom'}")
        session = Session.resume(game, path, resume, players)
    else:
        if dice == "table":
            console.print("The opening: the dice are thrown at the table.", style="bold")
        session = Session(game, path, secrets.randbelow(2**31) if seed is None else seed, players,
                          table=dice == "table", thrower=opening_thrower(console) if dice == "table" else None)
    words = ["warroom", "play", scenario_name, *(["--as", side] if side else []), "--vs", opponent,
             *(["--dice", "table"] if dice == "table" else [])]
    screen = Screen(session, console, save_to=save_to, opponent=opponent,
                    command=" ".join(shlex.quote(w) for w in words))
    if not screen.run() and screen.left != "quit":
        raise SystemExit(1)
