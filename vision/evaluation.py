"""The reader as the evaluation harness calls it: `read_path(image_path) -> [{"value", "color", "bbox", ...}]`.

Same reader and defaults as the service. Usage (from the repository):
    python ../shared/eval/eval_reader.py --labels ../shared/data/dice/<set>/labels.jsonl \
        --python vision.evaluation:read_path --pypath .
A table's own corrected examples (<data>/examples/labels.jsonl) are scored the same way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from vision.calibration import Calibration
from vision.image_io import load_image
from vision.reader import read_dice

CALIBRATION_ENV = "COMPANION_CALIBRATION"
"""Path of a calibration to score with (a table's own), instead of the default palette."""


def _calibration() -> Calibration | None:
    path = os.environ.get(CALIBRATION_ENV)
    return Calibration.load(Path(path)) if path else None


def read_path(image_path: str) -> list[dict[str, Any]]:
    """Every die in the image at `image_path`."""
    reading = read_dice(load_image(image_path), _calibration())
    return [
        {"value": d.value, "color": d.color, "bbox": list(d.bbox), "confidence": d.confidence, "flags": sorted(d.flags)}
        for d in reading.dice
    ]
