"""Light pips looked for beside the dice read, on the parts of the mask their boxes leave over (proposals._left_over):
a die the table's colour touching a die of another colour is found, as a guess."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.synthetic_scenes import read_on
from vision.reader import read as read_module
from vision.reading import SURE_VALUE

GREEN_FIVE = ("rajas", 41, 0, (693, 159, 744, 210))
"""A green 5 on a green felt, touching an orange 5 (synthetic Rajas scene, seed 41, scene 0): its pips, the only part
of it in the mask, were joined to the orange dice's blob by the mask's closing and taken for theirs."""
ORANGE_FOUR = ("rajas", 97, 2, (132, 76, 194, 133))
"""An orange 4 half under the box of the orange 5 it touches (synthetic Rajas scene, seed 97, scene 2): only two of
its pips lie beside that box."""


def _read(scene: tuple[str, int, int, tuple[int, int, int, int]]) -> tuple[int | None, list[tuple[int | None, float]]]:
    kind, seed, index, box = scene
    die, read = read_on(kind, seed, index, box, as_stored=True)
    return die.value, [(d.value, d.confidence) for d in read]


def test_a_green_five_on_green_felt_touching_an_orange_die_is_found_as_a_guess() -> None:
    value, read = _read(GREEN_FIVE)
    assert value == 5
    assert [v for v, _ in read] == [5]
    assert all(confidence < SURE_VALUE for _, confidence in read)


def test_a_die_half_under_its_neighbour_is_never_a_sure_reading_of_the_pips_beside_it() -> None:
    value, read = _read(ORANGE_FOUR)
    assert value == 4
    assert read and all(confidence < SURE_VALUE for _, confidence in read)


def test_without_looking_beside_the_dice_read_that_green_five_is_missed(monkeypatch: pytest.MonkeyPatch) -> None:
    original = read_module.pip_proposals

    def without_boxes(*args: object, read_boxes: Sequence[object] = ()) -> object:
        return original(*args[:7])  # type: ignore[arg-type]

    monkeypatch.setattr(read_module, "pip_proposals", without_boxes)
    _, read = _read(GREEN_FIVE)
    assert read == []
