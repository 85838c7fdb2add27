"""The kits of the games warroom ships: one adapter package a game (:mod:`warroom.core.kit`).

A kit holds, or points to, everything above a game's rules that the front ends, the AI, the lab, the tools
and the learning environments need of that game. The kits are found through the ``warroom.kits`` entry
points and imported by nothing else: they sit above every other layer, and may use any of them.
"""
