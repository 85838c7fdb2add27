"""What the search player weighs Company Fire's action kinds by where it has no heuristic's scores to go on
(its prior by kind and its cheap rollout policy, :mod:`warroom.ai.search_prior`)."""

from __future__ import annotations

KIND_WEIGHTS = {"fire": 6.0, "group_fire": 8.0, "assault": 6.0, "at_fire": 6.0, "snipe": 4.0, "rally": 6.0,
                "op_fire": 5.0, "declare_he": 3.0, "move": 2.0, "assault_move": 2.0, "leader_move": 1.5,
                "end": 0.6, "pass": 1.0}
"""The cheap policy's weights over Company Fire's action kinds (others 1): fire where a target is offered
(seed "Individual Unit Fire", "Group Fire"), rally the suppressed (seed "Unit Status, Hit Results and
Rallying"), end a segment only now and then."""
