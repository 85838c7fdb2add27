"""The umpire's desk: every procedure of every ruleset at the table, with its ruling, its odds, trackers
that carry a procedure's state from turn to turn, and the umpire's own base-game tables."""

from warroom.umpire.desk import Desk, Reply, Tracker
from warroom.umpire.prompt import run_interactive, run_json_lines

__all__ = ["Desk", "Reply", "Tracker", "run_interactive", "run_json_lines"]
