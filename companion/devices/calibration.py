"""Where a table's colour calibration is kept, and loading it."""

from __future__ import annotations

from pathlib import Path

from vision.calibration import Calibration

CALIBRATION_FILE = "calibration.json"


def calibration_path(data_dir: Path) -> Path:
    """The calibration file of the table whose data lives in data_dir."""
    return data_dir / CALIBRATION_FILE


def load_calibration(data_dir: Path) -> Calibration | None:
    """The table's colour calibration, if one was made (CalibrationError if the file is damaged)."""
    path = calibration_path(data_dir)
    return Calibration.load(path) if path.exists() else None
