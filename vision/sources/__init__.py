"""Camera sources behind one interface: live cameras (picamera2, webcam), folders, replays, synthetic scenes."""

from vision.errors import RecordingError, SourceSpecError
from vision.sources.base import ManualClock
from vision.sources.frame import Frame, FrameSource, SourceStatus
from vision.sources.live import Capture, LiveSource
from vision.sources.sequence import SequenceSource
from vision.sources.spec import ALLOWED_FORMS, open_source, spec_problem
from vision.sources.stills import FolderSource, ReplaySource, SyntheticSource

__all__ = [
    "ALLOWED_FORMS",
    "Capture",
    "FolderSource",
    "Frame",
    "FrameSource",
    "LiveSource",
    "ManualClock",
    "RecordingError",
    "ReplaySource",
    "SequenceSource",
    "SourceSpecError",
    "SourceStatus",
    "SyntheticSource",
    "open_source",
    "spec_problem",
]
