"""A game a person plays in the terminal (``warroom play``): a front end beside :mod:`warroom.web`, under
:mod:`warroom.cli`.

:mod:`.screen` shows a game of :mod:`warroom.play` (the session: its record, the opponent's moves, undo, save and
resume; the summary at its end) and reads the player's commands; the board, as one side sees it, is the game
kit's ``terminal_board`` (:func:`warroom.core.kit.kit_of`). See docs/architecture.md "Tools and front ends".
"""
