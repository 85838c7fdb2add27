"""The Gymnasium spaces of a :class:`~warroom.rl.core.Match`: its observation Dict and its action space."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from warroom.rl.core import Match


def observation_space(match: Match, extra: int = 0) -> spaces.Dict:
    """``planes`` (channels x rows x columns), ``vector``, ``action_mask`` (one per index, ``extra`` more for the
    wait index of the cyclic turn order; ``flat_mask`` in the structured form, with ``unit_verb_mask``); sizes
    fixed per scenario."""
    enc, table = match.encoder, match.table
    parts: dict[str, spaces.Space[np.ndarray]] = {
        "planes": spaces.Box(0.0, np.inf, enc.shape, dtype=np.float32),
        "vector": spaces.Box(-np.inf, np.inf, (len(enc.vector),), dtype=np.float32),
        match.mask_key: spaces.Box(0, 1, (table.size + extra,), dtype=np.int8),
    }
    if match.opts.actions == "structured":
        parts["unit_verb_mask"] = spaces.Box(0, 1, (len(table.units) + 1, len(table.verbs) + extra), dtype=np.int8)
    return spaces.Dict(parts)


def action_space(match: Match, extra: int = 0) -> spaces.Space[np.ndarray] | spaces.Discrete:
    """``Discrete(N)`` (plus ``extra`` wait indices), or ``MultiDiscrete([units + 1, verbs, targets])``."""
    table = match.table
    if match.opts.actions == "structured":
        return spaces.MultiDiscrete([len(table.units) + 1, len(table.verbs) + extra, table.max_targets])
    return spaces.Discrete(table.size + extra)
