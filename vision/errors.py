"""Errors of the vision package: one root, specific errors also inherit the matching built-in.

An error a player may meet also carries its message as a catalogue key and parameters (`said`), for a page to say
it in its reader's language; its text stays English, for the log and the command line. The catalogues belong to
the web layer (companion/web/locale): vision only names the keys, the pages fill in the words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Said = tuple[str, Mapping[str, Any]]
"""A message as a catalogue key and its parameters: ("vision.camera.folder_missing", {"folder": "/x"})."""


class SaidText(str):
    """An English text that also carries the same message as a key and parameters (`said`, None: the text alone).

    A camera's trouble mostly travels as text (str(exc), a status' "error" entry, a device choice's failure): kept
    as this, it keeps its key on the way to the page."""

    said: Said | None

    def __new__(cls, text: str, said: Said | None = None) -> SaidText:
        made = super().__new__(cls, text)
        made.said = said
        return made


class VisionError(Exception):
    """Root of every error raised by the vision package."""

    def __init__(self, message: str = "", *, said: Said | None = None) -> None:
        """`message`: in English. `said`: the same as a catalogue key and its parameters, for a page to say."""
        super().__init__(message)
        self.said = said

    def __str__(self) -> str:
        # A SaidText, so that whoever keeps only str(exc) keeps the key too.
        return SaidText(super().__str__(), self.said)


class UnreadableImageError(VisionError, ValueError):
    """An image file or frame that cannot be decoded or has no usable pixels."""


class CameraError(VisionError, OSError):
    """A camera source that cannot be opened or has stopped delivering frames."""


class CalibrationError(VisionError, ValueError):
    """A colour calibration or zone definition that is malformed."""


class SourceSpecError(VisionError, ValueError):
    """A camera source spec string that is malformed (names the spec and the allowed forms)."""


class RecordingError(CameraError, ValueError):
    """A recorded session on disk that is malformed (bad index file, missing frame file).

    Also a CameraError: a replay camera whose recording is broken is a camera that cannot be opened, said as one on
    the pages and kept trying, not a service that fails to start."""
