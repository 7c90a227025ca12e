"""A box far larger than the dice read surely, not read surely itself, is no die: a hand resting on the table
(vision.reader.found.without_giants)."""

from __future__ import annotations

import math

import pytest

from tests.synthetic_scenes import stored
from vision.reader import found, read_dice
from vision.reading import SURE_VALUE
from vision.synthetic.datasets import render_kind

HAND = ("rajas", 7, 18)
"""A Rajas table at 1280x720 (synthetic seed 7, scene 18) with a hand resting beside the dice, all of them still:
the hand was read as a guessed 1 in a box 231 x 406 pixels."""


def _read_hand_scene() -> tuple[list[tuple[int, ...]], list[tuple[int | None, float, tuple[int, ...]]]]:
    kind, seed, scene = HAND
    image, truth = render_kind(kind, seed * 100_003 + scene)
    read = read_dice(stored(image)).dice
    return [d.bbox for d in truth], [(d.value, d.confidence, d.bbox) for d in read]


def _longest(box: tuple[int, ...]) -> int:
    return max(box[2] - box[0], box[3] - box[1])


def test_a_hand_resting_beside_the_dice_is_not_read_as_a_die() -> None:
    truth, read = _read_hand_scene()
    largest_die = max(_longest(box) for box in truth)
    assert all(_longest(box) <= 1.5 * largest_die for _, _, box in read)
    assert sum(confidence >= SURE_VALUE for _, confidence, _ in read) >= found.FEWEST_TO_COMPARE


def test_without_the_size_test_the_hand_was_a_die(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(found, "GIANT", math.inf)
    truth, read = _read_hand_scene()
    largest_die = max(_longest(box) for box in truth)
    assert any(_longest(box) > 3 * largest_die for _, _, box in read)
