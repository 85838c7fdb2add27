"""The ``warroom`` command line: one module per command group, assembled in :mod:`warroom.cli.app`.

``procedures`` (rulesets, procedures, odds, roll), ``rules`` (show, search, coverage), ``tables`` (the base-game
tables: list, export), ``scenario``, ``umpire`` (the desk), ``games`` (playout, simulate, replay) and ``demo``;
``common`` holds the console and the sentences they share. ``app`` assembles them, gives every argument that takes
a scenario its shell completion, and ends a command whose reader went away (``| head``) quietly.
"""

from warroom.cli.app import cli, main

__all__ = ["cli", "main"]
