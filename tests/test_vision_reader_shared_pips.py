"""A pip belongs to one die: a box cut across two dice of a clump that reads their pips a second time is no die of
its own (vision.reader.found.SHARED_PIPS)."""

from __future__ import annotations

import pytest

from tests.synthetic_scenes import stored
from vision.reader import found, read_dice, side_face
from vision.synthetic.datasets import render_kind


def _scene() -> tuple[list[tuple[int, int, int, int]], list[tuple[float, float]]]:
    """A webcam scene seen slightly off overhead (synthetic seed 5, scene 19, as stored): a 5 touching a 4, another
    4 beside them. The true boxes, and the centres of the dice read."""
    image, truth = render_kind("webcam-slight", 5 * 100_003 + 19)
    return [d.bbox for d in truth], [d.center for d in read_dice(stored(image)).dice]


def _on_a_die(point: tuple[float, float], boxes: list[tuple[int, int, int, int]]) -> bool:
    return any(x0 <= point[0] <= x1 and y0 <= point[1] <= y1 for x0, y0, x1, y1 in boxes)


def test_a_two_read_from_a_pip_of_a_five_and_a_pip_of_the_four_beside_it_is_left_out() -> None:
    boxes, read = _scene()
    assert len(read) == len(boxes)
    assert all(_on_a_die(centre, boxes) for centre in read)


def test_without_the_check_the_two_stands_beside_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(found, "SHARED_PIPS", 1.0)  # no die has more than all its pips taken
    # That 2, darker than the 5 and less sure, would now go as its side face too (side_face.SURER_THAN_SIDE).
    monkeypatch.setattr(side_face, "SURER_THAN_SIDE", False)
    boxes, read = _scene()
    assert len(read) == len(boxes) + 1
    # The box cut across them lies on the seam between the 5 and the 4 (centre near 548, 170).
    assert any(abs(x - 548) < 6 and abs(y - 170) < 6 for x, y in read)
