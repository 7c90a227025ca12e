"""Annotated frames: every die outlined, its label readable (over no other label) and inside the frame."""

from __future__ import annotations

import itertools

import numpy as np

from vision.annotate import annotate, label_places
from vision.reading import DiceReading, Die


def die(x0: int, y0: int, side: int = 40, value: int | None = 5) -> Die:
    return Die(value, "green", (x0, y0, x0 + side, y0 + side), (x0 + side / 2, y0 + side / 2), 0.9)


def overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def test_the_labels_of_a_clump_of_dice_cover_no_other_label() -> None:
    # Four dice touching in a row, a fifth tucked under them: each label would be drawn above its die, the wide
    # labels of dice 40 pixels apart over one another.
    clump = DiceReading((die(100, 100), die(140, 100), die(180, 100), die(220, 100), die(140, 140)), 640, 480)
    places = label_places(clump, 640, 480, 0.45, 1)
    assert len(places) == 5
    assert not any(overlaps(a, b) for a, b in itertools.combinations(places, 2))


def test_a_label_at_the_frame_edge_lies_inside_the_frame() -> None:
    edge = DiceReading((die(610, 0, side=30), die(0, 450, side=30)), 640, 480)
    for x0, y0, x1, y1 in label_places(edge, 640, 480, 0.45, 1):
        assert 0 <= x0 < x1 <= 640 and 0 <= y0 < y1 <= 480


def test_annotate_outlines_every_die_and_leaves_the_rest_of_the_frame_as_it_was() -> None:
    frame = np.full((480, 640, 3), 128, np.uint8)
    drawn = annotate(frame, DiceReading((die(100, 200), die(400, 200, value=None)), 640, 480))
    assert drawn.shape == frame.shape and not np.array_equal(drawn, frame)
    assert (frame == 128).all()  # a copy: the frame itself is untouched
    changed = np.argwhere((drawn != frame).any(axis=2))
    assert changed[:, 0].min() >= 150 and changed[:, 0].max() <= 280  # around the dice and their labels only
