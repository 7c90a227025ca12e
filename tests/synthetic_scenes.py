"""Reading dice of the synthetic sets' scenes: a die found by its true box, and the dice read on it; the same for the
composites of real crops."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from vision.image_io import load_image
from vision.reader import read_dice
from vision.reading import SURE_VALUE, Die
from vision.synthetic.composite import load_crops, write_composites
from vision.synthetic.datasets import STORED_QUALITY, render_kind

CROP_LABELS = sorted((Path(__file__).resolve().parents[2] / "shared" / "data" / "dice").glob("*/labels.jsonl"))
"""The shared development photos' labels (real crops of one die each), when they lie beside the project."""
needs_photos = pytest.mark.skipif(not CROP_LABELS, reason="the shared development photos are not beside the project")


def composite(folder: Path, seed: int, index: int) -> tuple[list[dict[str, Any]], list[Die]]:
    """The true dice of a composite of real crops (the `index`-th of `seed`, as benchmarks/eval_synthetic.py draws
    them from the shared photos, written into `folder`) and the dice read in it."""
    pool = [crop for labels in CROP_LABELS for crop in load_crops(labels)]
    written = write_composites(folder, pool, index + 1, seed=seed)
    entry = json.loads(written.read_text().splitlines()[index])
    return entry["dice"], list(read_dice(load_image(written.parent / entry["image"])).dice)


def composite_values(folder: Path, seed: int, index: int) -> tuple[list[int], list[tuple[int | None, float]]]:
    """The true values of a composite of real crops (see `composite`), in order, and the value and confidence of each
    die read in it."""
    truth, dice = composite(folder, seed, index)
    return sorted(d["value"] for d in truth), [(d.value, d.confidence) for d in dice]


def assert_each_die_read_right(truth: list[int], read: list[tuple[int | None, float]], dice: int) -> None:
    """A composite's `dice` true values (see `composite_values`) are read, one die each, with their values."""
    assert len(truth) == dice
    assert sorted(value for value, _ in read if value is not None) == truth
    assert len(read) == len(truth)


def read_in(folder: Path, seed: int, index: int, value: int, box: tuple[int, int, int, int]) -> list[Die]:
    """The dice read with their centre in the box of a true die of a composite (see `composite`), checked to be there
    with that value."""
    truth, dice = composite(folder, seed, index)
    assert {"value": value, "bbox": list(box)} in [{"value": d["value"], "bbox": d["bbox"]} for d in truth]
    x0, y0, x1, y1 = box
    return [d for d in dice if x0 <= d.center[0] <= x1 and y0 <= d.center[1] <= y1]


def read_on(
    kind: str, seed: int, scene: int, box: tuple[int, int, int, int], as_stored: bool = False
) -> tuple[Die, list[Die]]:
    """A die of a scene of the synthetic sets (found by its box) and the dice read on it; `as_stored`: read from
    the JPEG the sets store (vision.synthetic.datasets), not from the picture as drawn."""
    image, truth = render_kind(kind, seed * 100_003 + scene)
    (die,) = [d for d in truth if d.bbox == box]
    return die, [d for d in read_dice(stored(image) if as_stored else image).dice if lies_on(d, die)]


def stored(image: np.ndarray) -> np.ndarray:
    """A scene as the synthetic sets store it: through a JPEG of their quality."""
    _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, STORED_QUALITY])
    return np.asarray(cv2.imdecode(np.asarray(data), cv2.IMREAD_COLOR))


def lies_on(read: Die, true: Die) -> bool:
    """Whether a die read has its centre inside a true die's box."""
    x0, y0, x1, y1 = true.bbox
    return x0 <= read.center[0] <= x1 and y0 <= read.center[1] <= y1


def assert_read_on(read: Sequence[Die], true: Die, reach: float | None = None) -> Die:
    """The die read nearest a true die lies on it (inside its box, or within `reach` pixels of its centre on each
    axis) and has its value; it is returned."""
    assert read
    nearest = min(read, key=lambda d: (d.center[0] - true.center[0]) ** 2 + (d.center[1] - true.center[1]) ** 2)
    if reach is None:
        assert lies_on(nearest, true)
    else:
        assert abs(nearest.center[0] - true.center[0]) < reach and abs(nearest.center[1] - true.center[1]) < reach
    assert nearest.value == true.value
    return nearest


def read_right(kind: str, seed: int, scene: int, box: tuple[int, int, int, int], value: int) -> Die:
    """The die read on a die of a stored scene (see `read_on`), whose truth is `value`, checked by `assert_read_on`
    and returned."""
    die, read = read_on(kind, seed, scene, box, as_stored=True)
    assert die.value == value
    return assert_read_on(read, die)


def assert_never_surely_wrong(read: Sequence[Die], value: int) -> None:
    """No die read on a true die of `value` gives another value surely: each has that value or is a guess."""
    assert all(d.value == value or d.confidence < SURE_VALUE for d in read)
