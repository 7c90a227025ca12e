"""Reading dice of the synthetic sets' scenes: a die found by its true box, and the dice read on it."""

from __future__ import annotations

from vision.reader import read_dice
from vision.reading import Die
from vision.synthetic.datasets import render_kind


def read_on(kind: str, seed: int, scene: int, box: tuple[int, int, int, int]) -> tuple[Die, list[Die]]:
    """A die of a scene of the synthetic sets (found by its box) and the dice read on it."""
    image, truth = render_kind(kind, seed * 100_003 + scene)
    (die,) = [d for d in truth if d.bbox == box]
    return die, [d for d in read_dice(image).dice if lies_on(d, die)]


def lies_on(read: Die, true: Die) -> bool:
    """Whether a die read has its centre inside a true die's box."""
    x0, y0, x1, y1 = true.bbox
    return x0 <= read.center[0] <= x1 and y0 <= read.center[1] <= y1
