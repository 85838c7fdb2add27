"""A game a person plays in the terminal (``warroom play``): a front end beside :mod:`warroom.cli`.

:mod:`.session` holds the game (its record, the opponent's moves, undo, save and resume), :mod:`.screen` shows it
and reads the player's commands, :mod:`.boards` draws each game's board as one side sees it
(:mod:`.board_cf`, :mod:`.board_brigade`), :mod:`.summary` tells how a finished game went. See
docs/architecture.md "Tools and front ends".
"""
