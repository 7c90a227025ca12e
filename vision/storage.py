"""Files written so that a power cut leaves either the old contents or the new ones, never half of them."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_atomically(path: Path, text: str) -> None:
    """Replace a file's text (UTF-8) all at once, as write_bytes_atomically does."""
    write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(path: Path, data: bytes) -> None:
    """Replace a file's contents all at once: a temporary file beside it, fsync, os.replace, fsync the folder.
    The temporary file is named `.<name>.<random>.tmp`: a power cut may leave one behind, never half of `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)  # the rename itself is on disk only once the folder is
    finally:
        os.close(folder)


def write_json_atomically(path: Path, data: Any) -> None:
    """Write JSON (indented, keys sorted) atomically."""
    write_atomically(path, json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n")
