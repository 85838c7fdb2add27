"""The board picture of the ``rgb_array`` render mode: an RGB image drawn from one side's observation planes.

Each plane cell is a square of :data:`PIXELS` pixels coloured by its terrain; own units are a blue square in
its middle, enemy units the side has seen a red one, blinds and enemies it is only aware of a lighter square,
smoke a grey frame, objectives a yellow frame. It is drawn from the planes, so it shows only what the side sees.
"""

from __future__ import annotations

from typing import Any

import numpy as np

PIXELS = 16

_GROUND = np.array([214, 206, 170], dtype=np.uint8)
_PALETTE = np.array([[190, 200, 140], [120, 150, 120], [170, 140, 100], [200, 190, 120], [180, 170, 90],
                     [160, 150, 60], [110, 160, 90], [40, 100, 50], [170, 150, 120], [140, 110, 100],
                     [90, 90, 160], [130, 130, 130]], dtype=np.uint8)


def _fill(img: np.ndarray, mask: np.ndarray, colour: tuple[int, int, int], inset: int) -> None:
    rows, cols = np.nonzero(mask)
    for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
        img[r * PIXELS + inset:(r + 1) * PIXELS - inset, c * PIXELS + inset:(c + 1) * PIXELS - inset] = colour


def _frame(img: np.ndarray, mask: np.ndarray, colour: tuple[int, int, int]) -> None:
    rows, cols = np.nonzero(mask)
    for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
        y, x = r * PIXELS, c * PIXELS
        img[y:y + 2, x:x + PIXELS] = colour
        img[y + PIXELS - 2:y + PIXELS, x:x + PIXELS] = colour
        img[y:y + PIXELS, x:x + 2] = colour
        img[y:y + PIXELS, x + PIXELS - 2:x + PIXELS] = colour


def picture(encoder: Any, planes: np.ndarray) -> np.ndarray:
    """The picture (rows x columns x 3, ``uint8``) of one side's planes from ``encoder`` (either game's)."""
    p = encoder.p
    terrain = [k for k in encoder.planes if k.startswith("terrain:")]
    h, w = planes.shape[1:]
    cells = np.broadcast_to(_GROUND, (h, w, 3)).copy()
    for k, name in enumerate(terrain):
        cells[planes[p[name]] > 0] = _PALETTE[k % len(_PALETTE)]
    img = np.repeat(np.repeat(cells, PIXELS, axis=0), PIXELS, axis=1)

    if "objective_points" in p:
        _frame(img, planes[p["objective_points"]] > 0, (230, 200, 0))
    if "smoke" in p:
        _frame(img, planes[p["smoke"]] > 0, (150, 150, 150))
    for name, colour in (("blind_own", (150, 180, 255)), ("blind_enemy", (255, 170, 170)),
                         ("enemy:aware", (255, 170, 170))):
        if name in p:
            _fill(img, planes[p[name]] > 0, colour, PIXELS // 4)
    own = sum((planes[p[n]] for n in encoder.own_units), np.zeros((h, w), dtype=np.float32))
    enemy = sum((planes[p[n]] for n in encoder.enemy_units), np.zeros((h, w), dtype=np.float32))
    _fill(img, enemy > 0, (200, 30, 30), PIXELS // 4)
    _fill(img, own > 0, (30, 60, 200), PIXELS // 4)
    return img
