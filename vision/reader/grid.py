"""Points near a point found through a grid of square cells, not by measuring every pair: on a speckled stone table
the pips looked for number in the thousands, and measuring every pair of them took seconds (see proposals.py)."""

from __future__ import annotations

import math


class Grid:
    """Points added one by one (by index), each filed in the square cell of side `cell` that holds it. A point
    farther than `cell` from another along either axis lies in none of the nine cells around it."""

    def __init__(self, cell: float) -> None:
        self.cell = max(cell, 1e-6)
        self.cells: dict[tuple[int, int], list[int]] = {}

    def add(self, index: int, x: float, y: float) -> None:
        self.cells.setdefault(self._key(x, y), []).append(index)

    def around(self, x: float, y: float) -> list[int]:
        """The indices of the points in the nine cells around (x, y): every point within `cell` of it, and some
        farther, in the order they were added."""
        cx, cy = self._key(x, y)
        found = [i for dx in (-1, 0, 1) for dy in (-1, 0, 1) for i in self.cells.get((cx + dx, cy + dy), ())]
        return sorted(found)

    def _key(self, x: float, y: float) -> tuple[int, int]:
        return math.floor(x / self.cell), math.floor(y / self.cell)
