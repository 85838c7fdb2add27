"""The ``warroom`` command line: one module per command group, assembled in :mod:`warroom.cli.app`.

``procedures`` (rulesets, procedures, odds, roll), ``rules`` (coverage), ``scenario``, ``umpire``
(the desk), ``games`` (playout, simulate, replay) and ``demo``; ``common`` holds the console and the
sentences they share.
"""

from warroom.cli.app import cli, main

__all__ = ["cli", "main"]
