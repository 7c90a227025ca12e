"""Files written so that a power cut leaves either the old contents or the new ones, never half of them."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from vision.errors import SaidText


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


_PLAIN_REASONS = {
    errno.EROFS: ("read_only", "the folder {folder} is read-only"),
    errno.ENOSPC: ("full", "the disk that holds {folder} is full"),
    errno.EDQUOT: ("full", "the disk that holds {folder} is full"),
    errno.EACCES: ("denied", "the companion is not allowed to write in the folder {folder}"),
    errno.EPERM: ("denied", "the companion is not allowed to write in the folder {folder}"),
}
"""What the commonest reasons a file cannot be written mean, said of its folder (a key under vision.storage.)."""


def unwritten_reason(exc: OSError, path: Path) -> SaidText:
    """Why `path` could not be written, in plain words: English, with the same as a catalogue key and its
    parameters for a page to say in its reader's language (vision.storage.*)."""
    folder = str(Path(path).parent)
    name, text = _PLAIN_REASONS.get(exc.errno or 0, ("failed", "the system could not write in the folder {folder}"))
    params = {"folder": folder}
    if name == "failed":  # an error without plain words of its own: the system's, lower-cased as in a sentence
        params["problem"] = (exc.strerror or str(exc) or type(exc).__name__).lower()
        text += " ({problem})"
    return SaidText(text.format(**params), (f"vision.storage.{name}", params))
