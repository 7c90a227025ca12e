"""What machine the service runs on: a Raspberry Pi or not, and why we think so."""

from __future__ import annotations

from pathlib import Path

_MODEL_FILE = Path("/proc/device-tree/model")


def pi_model(model_file: Path = _MODEL_FILE) -> str | None:
    """The Raspberry Pi model string, or None off a Pi."""
    try:
        model = model_file.read_bytes().decode("ascii", "replace").strip("\x00 \n")
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None
