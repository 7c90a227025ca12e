"""Folder, replay and recorded sources: order, pace, loop/end, status, spec parsing (no camera needed)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.errors import CameraError, VisionError
from vision.recording import Recording, SessionRecorder, record
from vision.sources import (
    FolderSource,
    Frame,
    FrameSource,
    ManualClock,
    RecordingError,
    ReplaySource,
    SourceSpecError,
    open_source,
)


def still(shade: int, size: tuple[int, int] = (64, 48)) -> np.ndarray:
    """A small BGR image whose blue channel encodes `shade` so it can be recognised after a round trip."""
    image = np.zeros((size[1], size[0], 3), np.uint8)
    image[:, :, 0] = shade
    cv2.circle(image, (20, 20), 8, (255, 255, 255), -1)
    return image


def shade_of(frame: Frame) -> int:
    return int(round(float(np.median(frame.image[:, :, 0]))))


def write_stills(folder: Path, names: list[str], shades: list[int]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, shade in zip(names, shades, strict=True):
        assert cv2.imwrite(str(folder / name), still(shade))


def write_recording(folder: Path, shades: list[int], times: list[float]) -> None:
    with SessionRecorder(folder, image_format="png", description="test session") as recorder:
        for index, (shade, t) in enumerate(zip(shades, times, strict=True)):
            recorder.write(Frame(still(shade), 50.0 + t, index))


@pytest.mark.parametrize(
    "spec", ["", "camera", "webcam:abc", "folder:", "replay:", "synthetic:x", "picamera2:a", "webcam:-1"]
)
def test_bad_spec_is_refused_naming_spec_and_forms(spec: str) -> None:
    with pytest.raises(SourceSpecError) as caught:
        open_source(spec)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, VisionError)
    assert repr(spec) in str(caught.value) and "replay:DIR" in str(caught.value)


def test_folder_reads_in_natural_order_and_loops(tmp_path: Path) -> None:
    write_stills(tmp_path, ["f10.png", "f2.png", "f1.png"], [30, 20, 10])
    (tmp_path / "notes.txt").write_text("not an image")
    with FolderSource(tmp_path) as source:
        assert isinstance(source, FrameSource)
        assert source.kind == "folder" and source.is_mock
        frames = [source.read() for _ in range(4)]
    assert [shade_of(f) for f in frames if f] == [10, 20, 30, 10]
    assert [f.index for f in frames if f] == [0, 1, 2, 3]
    assert frames[0] is not None and frames[0].image.dtype == np.uint8 and frames[0].image.shape == (48, 64, 3)


def test_folder_without_loop_ends(tmp_path: Path) -> None:
    write_stills(tmp_path, ["a.png", "b.png"], [10, 20])
    source = FolderSource(tmp_path, loop=False)
    assert source.read() is not None and source.read() is not None
    assert source.read() is None
    status = source.status()
    assert status.state == "ended" and status.frames_read == 2 and not status.is_working
    source.close()
    source.close()
    assert source.status().state == "closed" and source.read() is None


def test_folder_skips_unreadable_file_and_reports_it(tmp_path: Path) -> None:
    write_stills(tmp_path, ["a.png", "c.png"], [10, 30])
    (tmp_path / "b.jpg").write_bytes(b"\xff\xd8 not really a jpeg")
    source = FolderSource(tmp_path, loop=False)
    shades = [shade_of(f) for f in iter(source.read, None)]
    assert shades == [10, 30]
    assert source.status().error is None  # a good frame after the bad one clears the error
    source.close()


def test_folder_of_only_unreadable_files_ends_with_error(tmp_path: Path) -> None:
    (tmp_path / "b.jpg").write_bytes(b"garbage")
    source = FolderSource(tmp_path)
    assert source.read() is None and source.read() is None
    assert source.status().state == "ended" and "b.jpg" in (source.status().error or "")


def test_missing_or_empty_folder_is_a_camera_error(tmp_path: Path) -> None:
    with pytest.raises(CameraError, match="does not exist"):
        open_source(f"folder:{tmp_path / 'nope'}")
    with pytest.raises(CameraError, match="no images"):
        open_source(f"replay:{tmp_path}")


def test_from_paths_keeps_given_order_and_refuses_missing(tmp_path: Path) -> None:
    write_stills(tmp_path, ["a.png", "b.png"], [10, 20])
    source = FolderSource.from_paths([tmp_path / "b.png", tmp_path / "a.png"], loop=False)
    assert [shade_of(f) for f in iter(source.read, None)] == [20, 10]
    with pytest.raises(CameraError, match="missing.png"):
        FolderSource.from_paths([tmp_path / "missing.png"])


def test_size_shrinks_larger_stills_to_fit_keeping_their_shape(tmp_path: Path) -> None:
    write_stills(tmp_path, ["a.png"], [10])  # 64x48
    with open_source(f"folder:{tmp_path}", width=40, height=24) as source:
        frame = source.read()
    assert frame is not None and frame.image.shape == (24, 32, 3)
    assert shade_of(frame) == 10


def test_size_never_stretches_nor_enlarges_a_still(tmp_path: Path) -> None:
    # A 4:3 still replayed by a camera configured for 16:9 stays 4:3 and its own size: stretched, its square dice
    # would be read as oblongs, dice seen at an angle.
    write_stills(tmp_path, ["a.png"], [10])  # 64x48
    with open_source(f"replay:{tmp_path}", width=1280, height=720) as source:
        frame = source.read()
    assert frame is not None and frame.image.shape == (48, 64, 3)


def test_replay_of_plain_folder_holds_each_still_like_a_camera(tmp_path: Path) -> None:
    write_stills(tmp_path, ["a.png", "b.png"], [10, 20])
    clock = ManualClock(100.0)
    source = ReplaySource(tmp_path, stills_per_second=2, camera_fps=10, loop=False, clock=clock, sleep=clock.sleep)
    frames = list(iter(source.read, None))
    assert [shade_of(f) for f in frames] == [10] * 5 + [20] * 5
    gaps = np.diff([f.timestamp for f in frames])
    assert np.allclose(gaps, 0.1)
    assert source.status().state == "ended"


def test_open_source_fps_is_the_camera_rate_of_a_plain_folder_replay(tmp_path: Path) -> None:
    write_stills(tmp_path, ["a.png", "b.png"], [10, 20])
    clock = ManualClock(100.0)
    source = open_source(f"replay:{tmp_path}", fps=20, loop=False, clock=clock, sleep=clock.sleep)
    frames = list(iter(source.read, None))
    assert [shade_of(f) for f in frames] == [10] * 10 + [20] * 10  # each still in view 0.5 s, seen at 20 fps


def test_replay_of_recording_follows_recorded_offsets(tmp_path: Path) -> None:
    write_recording(tmp_path, [10, 20, 30], [0.0, 0.1, 0.35])
    clock = ManualClock(100.0)
    source = open_source(f"replay:{tmp_path}", loop=False, clock=clock, sleep=clock.sleep)
    assert source.kind == "replay" and "test session" in source.description
    start = clock.now
    frames = list(iter(source.read, None))
    assert [shade_of(f) for f in frames] == [10, 20, 30]
    assert [round(f.timestamp - start, 6) for f in frames] == [0.0, 0.1, 0.35]
    assert source.status().state == "ended"


def test_replay_loops_back_to_the_start(tmp_path: Path) -> None:
    write_recording(tmp_path, [10, 20], [0.0, 0.2])
    clock = ManualClock(100.0)
    source = ReplaySource(tmp_path, clock=clock, sleep=clock.sleep)
    shades = [shade_of(f) for f in (source.read() for _ in range(5)) if f]
    assert shades == [10, 20, 10, 20, 10]
    assert source.status().state == "ok"


def test_slow_reader_skips_to_the_latest_recorded_frame(tmp_path: Path) -> None:
    write_recording(tmp_path, [10, 20, 30, 40], [0.0, 0.1, 0.2, 0.3])
    clock = ManualClock(100.0)
    source = ReplaySource(tmp_path, loop=False, clock=clock, sleep=clock.sleep)
    first = source.read()
    clock.now += 0.25  # the reader was busy for 250 ms
    late = source.read()
    assert first is not None and late is not None
    assert (shade_of(first), shade_of(late)) == (10, 30)


def test_replay_waits_at_most_max_wait_then_returns_none(tmp_path: Path) -> None:
    write_recording(tmp_path, [10, 20], [0.0, 2.0])
    clock = ManualClock(100.0)
    source = ReplaySource(tmp_path, clock=clock, sleep=clock.sleep)
    assert source.read() is not None
    assert source.read() is None  # 2 s away: slept only max_wait (0.5 s)
    assert clock.sleeps[-1] == pytest.approx(0.5)
    assert source.status().state == "ok"


def test_recording_round_trip_and_metadata(tmp_path: Path) -> None:
    write_recording(tmp_path, [10, 20, 30], [0.0, 0.1, 0.2])
    recording = Recording.load(tmp_path)
    assert recording.offsets == (0.0, 0.1, 0.2) and len(recording.files) == 3
    assert recording.frame_interval == pytest.approx(0.1)
    assert recording.description == "test session"
    meta = json.loads((tmp_path / "session.json").read_text())
    assert meta["frames"] == 3 and meta["format"] == "dice-companion-recording"
    with pytest.raises(FileExistsError):
        SessionRecorder(tmp_path)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "line 2: not JSON"),
        ('{"file": "frame_000000.png", "t": -1}', "line 2: 't' must be"),
        ('{"file": "../x.png", "t": 1}', "line 2: 'file' must be"),
        ('{"file": "gone.png", "t": 1}', "line 2: frame file gone.png is missing"),
        ('["file", 1]', "line 2: expected an object"),
    ],
)
def test_malformed_recording_is_refused_naming_the_line(tmp_path: Path, line: str, message: str) -> None:
    write_recording(tmp_path, [10], [0.0])
    with (tmp_path / "frames.jsonl").open("a") as index:
        index.write(line + "\n")
    with pytest.raises(RecordingError, match=message):
        Recording.load(tmp_path)


def test_record_helper_copies_a_source(tmp_path: Path) -> None:
    write_stills(tmp_path / "in", ["a.png", "b.png", "c.png"], [10, 20, 30])
    with FolderSource(tmp_path / "in", loop=False) as source:
        recording = record(source, tmp_path / "out", max_frames=10, image_format="png")
    assert len(recording.files) == 3
    with FolderSource.from_paths(recording.files, loop=False) as copy:
        assert [shade_of(f) for f in iter(copy.read, None)] == [10, 20, 30]


def test_mock_source_announces_itself_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    write_stills(tmp_path, ["a.png"], [10])
    # At DEBUG: a program using the source announces it with why it chose it (companion.devices.notices).
    with caplog.at_level(logging.DEBUG, logger="vision.sources"):
        source = open_source(f"replay:{tmp_path}")
    assert source.is_mock
    assert sum("not a live camera" in r.getMessage() for r in caplog.records) == 1
    source.close()


def test_synthetic_source_renders_a_sequence() -> None:
    pytest.importorskip("vision.synthetic")
    clock = ManualClock(100.0)
    source = open_source("synthetic:3", loop=False, clock=clock, sleep=clock.sleep)
    frames = list(iter(source.read, None))
    assert source.kind == "synthetic" and source.is_mock
    assert len(frames) == len(source.truth) > 0  # type: ignore[attr-defined]
    assert frames[0].image.ndim == 3
