"""Errors of the camera sources; they hang under the vision package's root error."""

from __future__ import annotations

from vision.errors import VisionError


class SourceSpecError(VisionError, ValueError):
    """A camera source spec string that is malformed (names the spec and the allowed forms)."""


class RecordingError(VisionError, ValueError):
    """A recorded session on disk that is malformed (bad index file, missing frame file)."""
