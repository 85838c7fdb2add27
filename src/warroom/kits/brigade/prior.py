"""What the search player weighs Brigade's action classes by where it has no heuristic's scores to go on (its
prior by kind and its cheap rollout policy, :mod:`warroom.ai.search_prior`)."""

from __future__ import annotations

KIND_WEIGHTS = {"Fire": 6.0, "Bombard": 5.0, "Request": 3.0, "Select": 3.0, "Move": 2.0, "Advance": 2.0,
                "End": 0.6, "Hold": 1.0}
"""The cheap policy's weights over Brigade's action classes (others 1): fire and artillery first (seed 004
"Fire", "Artillery"), then orders and moves; ending a phase only now and then."""
