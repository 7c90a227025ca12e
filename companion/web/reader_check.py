"""The dice reader checked on this table's own corrected rolls (vision/scoring.py), on a page of the dashboard: how
well the camera reads the dice, the light and the table it sees every evening, with every die it read wrong.
`companion check-reader` gives the same figures on the command line."""

from __future__ import annotations

import functools
from typing import Any

from flask import Blueprint, render_template

from companion.devices.calibration import load_calibration
from companion.devices.examples import EXAMPLES
from companion.web.context import service
from vision.errors import CalibrationError
from vision.reader import read_dice
from vision.scoring import LabelsError, read_labels, score

reader_check = Blueprint("reader_check", __name__)

CHECKED = 40
"""How many of the latest corrected rolls the page reads again: each is a full read of its picture (about 25 ms on
the development machine, four times that on a Raspberry Pi 4), so the page answers within seconds however many
rolls the table has corrected."""


@reader_check.get("/reader-check")
def reader_check_page() -> str:
    """The latest corrected rolls read again, with the camera's colour calibration: the figures and the dice not
    read right, and any line of the labels that cannot be used, named and left out; a word on how rolls get
    corrected when there are none yet."""
    companion = service()
    context: dict[str, Any] = {"result": None, "total": 0, "checked": 0, "error": None, "unusable": []}
    folder = companion.data_dir / EXAMPLES if companion.data_dir is not None else None
    labels = folder / "labels.jsonl" if folder is not None else None
    if folder is None or labels is None or not labels.exists():
        return render_template("reader_check.html", **context)
    worker = companion.devices.get("camera")
    try:
        read = read_labels(labels)
        context["unusable"] = read.unusable
        if not read.examples:  # every example forgotten (its roll taken back) leaves the file, empty
            return render_template("reader_check.html", **context)
        calibration = getattr(worker, "calibration", None) or load_calibration(folder.parent)
    except (LabelsError, CalibrationError) as exc:
        return render_template("reader_check.html", **{**context, "error": str(exc)})
    latest = read.examples[-CHECKED:]
    result = score(latest, functools.partial(read_dice, calibration=calibration), folder)
    return render_template(
        "reader_check.html", **{**context, "result": result, "total": len(read.examples), "checked": len(latest)}
    )
