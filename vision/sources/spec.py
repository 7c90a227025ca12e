"""open_source(spec): one string chooses the camera ("picamera2", "webcam:0", "replay:DIR", ...)."""

from __future__ import annotations

import logging
import time
from functools import partial

from vision.errors import SourceSpecError
from vision.sources.base import Clock, Sleep, Summary
from vision.sources.frame import FrameSource
from vision.sources.live import CaptureFactory, LiveSource
from vision.sources.picamera import Picamera2Capture
from vision.sources.stills import FolderSource, ReplaySource, SyntheticSource
from vision.sources.webcam import WebcamCapture

log = logging.getLogger(__name__)

ALLOWED_FORMS = (
    "picamera2",
    "picamera2:N",
    "webcam:N",
    "webcam:/dev/videoN",
    "folder:DIR",
    "replay:DIR",
    "synthetic:SEED",
)


def spec_problem(spec: object) -> str | None:
    """What is wrong with a camera source spec (None when it has one of ALLOWED_FORMS); nothing is opened, so a
    camera unplugged or a folder missing is found only when the source is opened."""
    kind, _, argument = spec.partition(":") if isinstance(spec, str) else ("", "", "")
    if kind == "picamera2" and (not argument or argument.isdigit()):
        return None
    if kind == "webcam" and (argument.isdigit() or argument.startswith("/")):
        return None
    if kind in ("folder", "replay") and argument:
        return None
    if kind == "synthetic" and argument.isdigit():
        return None
    return str(_bad_spec(spec))


def open_source(
    spec: str,
    *,
    width: int | None = None,
    height: int | None = None,
    fps: float | None = None,
    settle_seconds: float | None = None,
    loop: bool = True,
    clock: Clock = time.monotonic,
    sleep: Sleep = time.sleep,
) -> FrameSource:
    """Open the source named by `spec`; SourceSpecError for a malformed spec, CameraError if it cannot open.

    width/height: the requested camera size (stills larger than it are shrunk to fit in it, their shape kept).
    fps: the camera frame rate; also the delivery rate of the stills of "folder:" and of "replay:" of a plain
    folder, and of "synthetic:" (default 10). A recording keeps its recorded pace.
    settle_seconds: how long dice must lie still before a roll counts (the settler's); each still stays in view
    long enough to settle as a roll: one picture after another for "folder:" (see still_seconds), two a second
    for "replay:" unless the settle time needs longer.
    Mock sources (folder/replay/synthetic) say so once in the log.
    """
    if spec_problem(spec) is not None:
        raise _bad_spec(spec)
    kind, _, argument = spec.partition(":")
    size = (width, height) if width and height else None
    source: FrameSource
    if kind in ("picamera2", "webcam"):
        source = _live_source(spec, kind, argument, width, height, fps, clock)
    elif kind == "folder" and argument:
        seconds = still_seconds("folder", settle_seconds)
        source = FolderSource(
            argument, seconds_per_still=seconds, camera_fps=fps or 10.0, loop=loop, size=size, clock=clock, sleep=sleep
        )
    elif kind == "replay" and argument:
        rate = 1 / still_seconds("replay", settle_seconds)
        source = ReplaySource(
            argument, stills_per_second=rate, camera_fps=fps or 10.0, loop=loop, size=size, clock=clock, sleep=sleep
        )
    elif kind == "synthetic" and argument:
        source = SyntheticSource(
            _integer(spec, argument), fps=fps or 10.0, loop=loop, size=size, clock=clock, sleep=sleep
        )
    else:
        raise _bad_spec(spec)
    if source.is_mock:  # at DEBUG: the program that chose it announces it, with why (companion.devices.notices)
        log.debug("camera: using %s, a %s source, not a live camera", source.description, source.kind)
    return source


STILL_SECONDS = {"folder": 3.0, "replay": 0.5}
"""How long each still of a "folder:" camera (time to see each picture on the table page) or of a "replay:" of a
plain folder (two a second, the demo's pace) stays in view at least."""
TIME_TO_SETTLE = {"folder": 1.5, "replay": 0.3}
"""What a still needs in view beyond the settle time to settle: the gate's stacked frames and the settler's
frames in agreement (0.3 s measured enough at 10 frames a second, tests/test_folder_camera_settles.py), and for a
folder's picture also the settler's wait for a clear view of a die it cannot read (Settler.unclear_patience, 1 s),
so that such a picture settles with the die unread rather than not at all."""


def still_seconds(kind: str, settle_seconds: float | None) -> float:
    """How long each still of a "folder:" or "replay:" source stays in view: its kind's least, or longer when the
    table's settle time needs it to settle as a roll."""
    least = STILL_SECONDS[kind]
    return least if settle_seconds is None else max(least, settle_seconds + TIME_TO_SETTLE[kind])


def _live_source(
    spec: str, kind: str, argument: str, width: int | None, height: int | None, fps: float | None, clock: Clock
) -> LiveSource:
    """A Pi camera ("picamera2:N") or a USB webcam ("webcam:N" or "webcam:/dev/videoN")."""
    if kind == "picamera2":
        number = _integer(spec, argument or "0")
        opener: CaptureFactory = partial(Picamera2Capture, number, width, height, fps)
        summary: Summary = ("picamera2", {"number": number})
        return LiveSource(opener, kind="picamera2", description=f"Pi camera {number}", summary=summary, clock=clock)
    device: int | str = argument if argument.startswith("/") else _integer(spec, argument or "0")
    opener = partial(WebcamCapture, device, width, height, fps)
    summary = ("webcam", {"device": device})
    return LiveSource(opener, kind="webcam", description=f"webcam {device}", summary=summary, clock=clock)


def _integer(spec: str, text: str) -> int:
    """The number in a spec such as webcam:0, or SourceSpecError."""
    if not text.isdigit():
        raise _bad_spec(spec)
    return int(text)


def _bad_spec(spec: object) -> SourceSpecError:
    return SourceSpecError(f"camera source {spec!r} is not valid; allowed forms: {', '.join(ALLOWED_FORMS)}")
