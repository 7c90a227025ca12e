"""A dark pip the lamp's reflection has turned grey is taken for the pip it is when the other pips leave its place
for it (vision.reader.pips._completed, FAINT_PIP): the die is read as a guess for the table to confirm, not left
unread."""

from __future__ import annotations

import pytest

from tests.synthetic_scenes import read_on
from vision.reader import pips
from vision.reading import GUESS, SURE_VALUE

GREYED_SIX = ("webcam-slight", 5, 25, (418, 154, 475, 207))
"""A white 6 on wood, one of its pips greyed by the lamp to about a fifth of the others' contrast."""


@pytest.mark.parametrize("as_stored", [False, True])
def test_a_six_with_a_pip_greyed_by_the_lamp_is_read_as_a_guess(as_stored: bool) -> None:
    kind, seed, scene, box = GREYED_SIX
    die, read = read_on(kind, seed, scene, box, as_stored=as_stored)
    assert die.value == 6
    assert [(d.value, d.confidence <= GUESS) for d in read] == [(6, True)]


def test_at_a_quarter_of_the_contrast_the_greyed_pip_was_missed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pips, "FAINT_PIP", 0.25)
    kind, seed, scene, box = GREYED_SIX
    _, read = read_on(kind, seed, scene, box)
    assert all(d.value is None or d.confidence < SURE_VALUE for d in read)
    assert [d.value for d in read] != [6]
