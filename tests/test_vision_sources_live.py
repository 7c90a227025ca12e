"""Live cameras with injected fakes: losing the device, reopening with backoff, picamera2 and webcam setup."""

from __future__ import annotations

import sys
import types
from typing import Any

import numpy as np
import pytest

from vision.errors import CameraError
from vision.sources import LiveSource, open_source


class FakeClock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class FlakyCamera:
    """A fake device plug: serves `frames_before_failure` frames, then is unplugged until `back_at`."""

    def __init__(self, clock: FakeClock, frames_before_failure: int, back_at: float) -> None:
        self.clock = clock
        self.frames_left = frames_before_failure
        self.back_at = back_at
        self.open_times: list[float] = []
        self.open_captures = 0

    def open(self) -> FlakyCamera.Capture:
        self.open_times.append(self.clock.now)
        if self.frames_left <= 0 and self.clock.now < self.back_at:
            raise OSError("No such device")
        self.open_captures += 1
        return FlakyCamera.Capture(self)

    class Capture:
        def __init__(self, plug: FlakyCamera) -> None:
            self.plug = plug

        def read(self) -> np.ndarray:
            if self.plug.frames_left <= 0 and self.plug.clock.now < self.plug.back_at:
                raise CameraError("read failed")
            self.plug.frames_left -= 1
            return np.full((4, 6, 3), 7, np.uint8)

        def close(self) -> None:
            self.plug.open_captures -= 1


def test_lost_camera_reports_lost_and_reopens_with_doubling_backoff() -> None:
    clock = FakeClock()
    plug = FlakyCamera(clock, frames_before_failure=2, back_at=1010.0)
    source = LiveSource(plug.open, kind="webcam", description="fake cam", clock=clock)
    assert source.read() is not None and source.read() is not None
    assert source.read() is None  # unplugged
    status = source.status()
    assert status.state == "lost" and "read failed" in (status.error or "") and not status.is_working
    assert plug.open_captures == 0  # the broken device was released
    while clock.now < 1030.0:
        frame = source.read()
        if frame is not None:
            break
        assert source.status().state == "lost"
        clock.now += 0.25  # exact in binary, so the retry times below are exact too
    # First retry 0.5 s after the loss, then doubling; the camera is back at 1010, seen at 1015.5.
    assert plug.open_times[1:] == [1000.5, 1001.5, 1003.5, 1007.5, 1015.5]
    status = source.status()
    assert status.state == "ok" and status.reopen_attempts == 0 and status.frames_read == 3
    source.close()
    source.close()
    assert plug.open_captures == 0 and source.status().state == "closed"


def test_stays_lost_until_a_frame_really_arrives() -> None:
    clock = FakeClock()
    opened: list[int] = []

    class OpensButNeverDelivers:
        def read(self) -> np.ndarray:
            raise CameraError("timeout")

        def close(self) -> None:
            pass

    def open_capture() -> OpensButNeverDelivers:
        opened.append(1)
        return OpensButNeverDelivers()

    source = LiveSource(open_capture, kind="webcam", description="mute cam", clock=clock)
    for _ in range(40):
        assert source.read() is None
        assert source.status().state == "lost"
        clock.now += 0.5
    assert len(opened) > 5 and source.status().error == "CameraError: timeout"


def test_backoff_is_capped() -> None:
    clock = FakeClock()
    plug = FlakyCamera(clock, frames_before_failure=1, back_at=float("inf"))
    source = LiveSource(plug.open, kind="webcam", description="gone", clock=clock, backoff_max=10.0)
    source.read()
    for _ in range(2000):
        source.read()
        clock.now += 0.1
    gaps = np.diff(plug.open_times[1:])
    assert gaps.max() == pytest.approx(10.0, abs=0.11)
    assert source.status().reopen_attempts == len(plug.open_times) - 1


def test_first_open_failure_raises_camera_error() -> None:
    def broken() -> Any:
        raise RuntimeError("Camera __init__ sequence did not complete.")

    with pytest.raises(CameraError, match="cannot open cam 0: RuntimeError"):
        LiveSource(broken, kind="picamera2", description="cam 0")


def test_missing_picamera2_gives_a_clear_camera_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)  # makes the import fail
    with pytest.raises(CameraError, match="apt install python3-picamera2"):
        open_source("picamera2")


class FakePicamera2:
    instances: list[FakePicamera2] = []

    def __init__(self, camera_num: int) -> None:
        self.camera_num = camera_num
        self.calls: list[str] = []
        self.config: dict[str, Any] = {}
        FakePicamera2.instances.append(self)

    def create_video_configuration(self, **kwargs: Any) -> dict[str, Any]:
        return kwargs

    def configure(self, config: dict[str, Any]) -> None:
        self.config = config

    def start(self) -> None:
        self.calls.append("start")

    def capture_array(self, stream: str) -> np.ndarray:
        width, height = self.config["main"]["size"]
        return np.zeros((height, width, 3), np.uint8)

    def stop(self) -> None:
        self.calls.append("stop")

    def close(self) -> None:
        self.calls.append("close")


def test_picamera2_is_configured_for_bgr_at_the_requested_size(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    FakePicamera2.instances.clear()
    with open_source("picamera2:1", width=640, height=480, fps=15) as source:
        frame = source.read()
        assert source.kind == "picamera2" and not source.is_mock
    camera = FakePicamera2.instances[0]
    assert camera.camera_num == 1
    assert camera.config["main"] == {"format": "RGB888", "size": (640, 480)}
    assert camera.config["controls"] == {"FrameRate": 15.0}
    assert frame is not None and frame.image.shape == (480, 640, 3)
    assert camera.calls == ["start", "stop", "close"]


def test_absent_webcam_is_a_camera_error() -> None:
    with pytest.raises(CameraError, match="cannot open webcam"):
        open_source("webcam:/dev/video-does-not-exist")
