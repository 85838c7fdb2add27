"""A game people play, below both front ends (the terminal's ``warroom play`` and the web's ``warroom serve``).

:mod:`.session` holds the game (its record, the opponent's moves, undo, save and resume; what each side has
seen), :mod:`.summary` tells how a finished game went (the result, each side's losses, the decisive moments).
Neither draws anything: what a side's observation says of the board (what it knows of the enemy, for undo; its
units lost, for the summary) is asked of the game's kit (:func:`warroom.core.kit.kit_of`), what an action is of
the game (``game.facts_of``). See docs/architecture.md "Tools and front ends".
"""
