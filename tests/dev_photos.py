"""The shared development photos (REAL), as the tests that read them find them."""

from __future__ import annotations

from pathlib import Path

from vision.calibration import Calibration, calibrate_from_examples
from vision.image_io import load_image
from vision.reader import read_dice
from vision.reading import Die

DICE = Path(__file__).resolve().parents[2] / "shared" / "data" / "dice"
"""Beside the project; tests that need it are skipped when it is not there."""
CHASE = DICE / "chaseelliottpatterson__dice-reader" / "images"
"""Crops of one casino die each, by split and value: 'train/5/<name>' names one (without '.jpg')."""


def taught(shown: list[tuple[str, str]]) -> Calibration:
    """The colours taught with the chase photos `shown` (colour, photo), each die where the reader finds it."""
    examples = []
    for colour, photo in shown:
        image = load_image(CHASE / f"{photo}.jpg")
        (die,) = read_dice(image).dice
        examples.append((image, die.bbox, colour))
    return calibrate_from_examples(examples)


def the_die(photo: str, calibration: Calibration | None = None) -> Die:
    """The one die read on a chase photo."""
    (die,) = read_dice(load_image(CHASE / f"{photo}.jpg"), calibration).dice
    return die
