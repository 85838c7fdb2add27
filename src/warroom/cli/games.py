"""Whole games: ``warroom playout`` (one game, narrated) and ``replay`` (``simulate`` is in :mod:`.simulate`)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

from warroom.cli.common import SEED, result_line
from warroom.core.errors import UsageError
from warroom.core.game import GameRecord


@click.command()
@click.argument("scenario_name", metavar="SCENARIO")
@click.option("--game", "ruleset", default=None, help="the game (found from the scenario when omitted)")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="seed of the game's dice and of the random players")
@click.option("--json", "as_json", is_flag=True, help="print the record, the result and the narration as JSON")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="save the game record to FILE (replay it with 'warroom replay FILE')")
@click.option("--as", "viewer", default="umpire", show_default=True, metavar="SIDE",
              help="narrate as the umpire sees it, or as one side may: the scenario's own side names "
                   "(attacker, defender in Company Fire; german, soviet, british ... in Brigade)")
@click.option("--max-actions", type=click.IntRange(1, 100_000), default=20_000, show_default=True,
              help="stop after this many actions even if the game is not over (at most 100,000, the most a "
                   "record holds)")
@click.option("--odds", "show_odds", is_flag=True,
              help="before each action that rolls dice, its exact odds as the side to act may know them")
@click.option("--board", "show_board", is_flag=True,
              help="draw the board (text, as 'warroom play' does) at the start and after each card or phase")
@click.option("--png-every", "png_every", type=(click.IntRange(1), click.Path(file_okay=False, path_type=Path)),
              default=None, metavar="N DIR",
              help="draw the board after every N-th action to DIR/action_NNNNN.png (the set-up and the end too)")
def playout(scenario_name: str, ruleset: str | None, seed: int, as_json: bool, save: Path | None, viewer: str,
            max_actions: int, show_odds: bool, show_board: bool, png_every: tuple[int, Path] | None) -> None:
    """Play a whole game with random legal actions for both sides and narrate every ruling.

    SCENARIO is a scenario file or the name of a shipped one ('warroom scenario list'). A scenario file is
    UTF-8 and at most 4 MB; a Company Fire map has at most 20 x 20 spaces, a Brigade table at most 100
    terrain features.

    \b
      warroom playout hedgerow_hell --seed 7
      warroom playout villa_rogatti --save game.json && warroom replay game.json
      warroom playout hedgerow_hell --odds --as attacker
      warroom playout ponyri --as german --board
      warroom playout hill_112 --png-every 20 pictures/
    """
    from warroom.cli.game_views import draw_every, picture_folder, tell, title_of, viewer_of
    from warroom.core.files import target
    from warroom.core.game import find_scenario, load_game, record_of
    from warroom.sim.playout import random_playout

    if save is not None:
        target(save, "game record")  # an unusable path is refused before the game is played
    game_id, path = find_scenario(scenario_name, ruleset)
    game = load_game(game_id, path)
    side = viewer_of(game, viewer)
    if png_every is not None:
        picture_folder(*png_every)
    states, actions = random_playout(game, seed, max_actions)
    final = states[-1]
    record = record_of(game, seed, actions, path, states)
    record = GameRecord(**{**record.__dict__, "notes": {"result": final.result(), "players": "random"}})
    if save is not None:
        record.save(save)
    def odds_before(n: int) -> dict[str, dict[str, Fraction]]:
        """The odds of the n-th action, shown to the umpire and to the side taking it."""
        before = states[n - 1]
        if not show_odds or (side is not None and before.to_act != side):
            return {}
        return before.odds(actions[n - 1])

    if as_json:
        out: dict[str, Any] = {"record": record.to_json(), "result": final.result(),
                               "narration": [state.narration(side) for state in states]}
        if show_odds:
            out["odds"] = [{label: {r: str(p) for r, p in dist.items()} for label, dist in odds_before(n).items()}
                           for n in range(1, len(states))]
        click.echo(json.dumps(out, ensure_ascii=False))
        return
    click.echo(f"{title_of(game)} ({game_id}@{game.version}), seed {seed}: random legal actions for both sides")
    tell(game, states, actions, side, odds_before, show_board)
    if png_every is not None:
        written = draw_every(game, states, png_every[0], png_every[1], side)
        click.echo(f"\n{len(written)} pictures of the board drawn to {png_every[1]}.")
    click.echo()
    if not final.is_terminal():
        click.echo(f"Stopped after {len(actions)} actions; the game is not over.")
    click.echo(result_line(final.result()))
    saved = f" Record saved to {save}." if save else " Save the record with --save FILE."
    click.echo(f"{len(actions)} actions.{saved}")


def verified(record: Any, given: str) -> str:
    """The seal on a record's dice checked: the commitment ``given`` (or, when empty, the one its notes keep) is the
    SHA-256 of its seed and set-up (:func:`warroom.core.game.seed_commitment`); one clear error when not."""
    from warroom.core.game import seed_commitment

    kept = record.notes.get("commitment")
    claimed = given.strip().lower() or kept
    if not claimed:
        raise UsageError("the record keeps no commitment (it was not played in a session that sealed its dice): "
                         "give the one the game showed with --verify COMMITMENT")
    if not isinstance(claimed, str) or not re.fullmatch(r"[0-9a-f]{64}", claimed):
        raise UsageError(f"--verify {given}: a commitment is 64 hexadecimal digits, as the game showed it")
    actual = seed_commitment(record.ruleset, record.version, record.scenario_sha256, record.seed)
    if claimed != actual or (kept is not None and kept != actual):
        raise UsageError(f"the seal does not match: the commitment {claimed[:16]}... is not of this record's seed "
                         f"{record.seed} and set-up (its seal is {actual[:16]}...): the seed or the record was changed")
    chosen = record.notes.get("seed") == "chosen"
    return (f"The seal holds: commitment {actual} is of seed {record.seed} and this set-up, so every die of the game "
            f"was that seed's" + (" (a seed chosen by a person: its dice could be foreseen)" if chosen else "") + ".")


@click.command()
@click.argument("record_file", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--scenario", "scenario_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="play the record on this scenario file (its SHA-256 must be the record's); by default the "
                   "record's own: a shipped scenario found by name, or the text the record holds")
@click.option("--json", "as_json", is_flag=True, help="print the result and the narration as JSON")
@click.option("--as", "viewer", default="umpire", show_default=True, metavar="SIDE",
              help="narrate as the umpire sees it, or as one side may: the scenario's own side names "
                   "(attacker, defender in Company Fire; german, soviet, british ... in Brigade)")
@click.option("--board", "show_board", is_flag=True,
              help="draw the board (text, as 'warroom play' does) at the start and after each card or phase")
@click.option("--at", "at", type=click.IntRange(0), default=None, metavar="K",
              help="stop the narration at action K (0: the set-up) and draw the board there (text, or --png)")
@click.option("--png", "picture", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="draw the board at action K (--at; the end when omitted) to FILE (.png or .svg)")
@click.option("--png-every", "png_every", type=(click.IntRange(1), click.Path(file_okay=False, path_type=Path)),
              default=None, metavar="N DIR",
              help="draw the board after every N-th action to DIR/action_NNNNN.png (the set-up and the end too)")
@click.option("--verify", "verify", default=None, metavar="COMMITMENT", is_flag=False, flag_value="",
              help="check the seal on the game's dice: that the commitment shown at its start (give it, or the "
                   "record's own is checked) is of the record's seed and set-up, so every die was the seed's")
def replay(record_file: Path, scenario_file: Path | None, as_json: bool, viewer: str, show_board: bool,
           at: int | None, picture: Path | None, png_every: tuple[int, Path] | None, verify: str | None) -> None:
    """Replay a saved game record exactly, narrating every ruling, and check it is the same game.

    A record names a shipped scenario by its name, found on any install, and holds the text of any other, so a
    record sent to a friend replays there; a scenario whose contents changed since is refused, naming both
    SHA-256s. Every action must be legal where it is played, and the position after each must match the
    record's digest of it: an edited, dropped or added action is reported at the first action that differs.
    Records saved before digests were kept replay with a notice that only their result can be checked.

    \b
      warroom replay game.json
      warroom replay game.json --as german --board
      warroom replay game.json --at 40 --png board.png
      warroom replay game.json --png-every 10 pictures/
      warroom replay game.json --verify 3f2a...   # the commitment the game showed at its start
    """
    from warroom.cli.game_views import draw_at, draw_every, picture_folder, tell, title_of, viewer_of
    from warroom.core.game import GameRecord as Record
    from warroom.core.game import replay_game

    record = Record.load(record_file)
    game, states = replay_game(record, scenario_file)
    sealed = verified(record, verify) if verify is not None else None
    side = viewer_of(game, viewer)
    if at is not None and at > len(record.actions):
        raise UsageError(f"--at {at}: the record has actions 0 (the set-up) to {len(record.actions)}")
    if png_every is not None:
        picture_folder(*png_every)
    final = states[-1]
    saved = record.notes.get("result")
    same = saved is None or json.loads(json.dumps(final.result())) == saved
    checked = "positions" if record.digests is not None else ("result" if saved is not None else "legality")
    actions = [game.decode(code) for code in record.actions]
    if as_json:
        click.echo(json.dumps({"result": final.result(), "matches_record": same, "checked": checked,
                               "narration": [s.narration(side) for s in states]}, ensure_ascii=False))
    else:
        click.echo(f"Replaying {title_of(game)} ({record.ruleset}@{record.version}), seed {record.seed}, "
                   f"{len(record.actions)} actions")
        tell(game, states, actions, side, board=show_board, last=at)
        if at is not None and not show_board and picture is None:
            from warroom.cli.game_views import board_text

            click.echo("")
            click.echo(board_text(game, states[at], side))
        click.echo()
        click.echo(result_line(final.result()))
    if picture is not None:
        drawn = draw_at(game, states, len(states) - 1 if at is None else at, side, picture)
        if not as_json:
            click.echo(f"Board at action {len(states) - 1 if at is None else at} drawn to {drawn}.")
    if png_every is not None:
        written = draw_every(game, states, png_every[0], png_every[1], side)
        if not as_json:
            click.echo(f"{len(written)} pictures of the board drawn to {png_every[1]}.")
    if not same:
        raise UsageError(f"the replay ended differently from the record's saved result ({saved})")
    if sealed is not None and not as_json:
        click.echo(sealed)
    if as_json:
        return
    n = len(record.actions)
    if checked == "positions":
        click.echo(f"The replay reproduces the recorded game exactly: all {n} actions are legal and every "
                   f"position matches the record.")
        return
    if checked == "result":
        click.echo(f"All {n} actions are legal and the game ends with the recorded result.")
    else:
        click.echo(f"All {n} actions are legal; the record holds no result to compare.")
    click.echo(f"Notice: this record ({record.format}) was saved without position digests, so an edited action "
               f"that leaves the same result cannot be told apart. Save the game again to keep them.")
