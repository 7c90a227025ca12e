"""Errors of the vision package: one root, specific errors also inherit the matching built-in."""


class VisionError(Exception):
    """Root of every error raised by the vision package."""


class UnreadableImageError(VisionError, ValueError):
    """An image file or frame that cannot be decoded or has no usable pixels."""


class CameraError(VisionError, OSError):
    """A camera source that cannot be opened or has stopped delivering frames."""


class CalibrationError(VisionError, ValueError):
    """A colour calibration or zone definition that is malformed."""


class SourceSpecError(VisionError, ValueError):
    """A camera source spec string that is malformed (names the spec and the allowed forms)."""


class RecordingError(VisionError, ValueError):
    """A recorded session on disk that is malformed (bad index file, missing frame file)."""
