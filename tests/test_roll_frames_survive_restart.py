"""The frames of the last camera rolls outlive a restart or a power cut: a roll played before it is still saved."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from conftest import roll
from test_examples_follow_undo import UNREAD_BLUE, labels

from companion.devices import examples, roll_frames
from companion.devices.examples import EXAMPLES, ExampleCollector
from companion.devices.roll_frames import FRAMES, RollFrames, file_name
from companion.events.bus import RollSettled
from companion.events.store import EventStore
from companion.service import Companion

FRAME = np.zeros((48, 64, 3), np.uint8)
FRAME[10:30, 10:40] = (200, 120, 40)
READ_THREE = [{**UNREAD_BLUE[0], "value": 3, "confidence": 0.99}]


class Table:
    """A companion on one data folder, which can be started again as after a restart: its event log and examples
    folder are kept, everything it held in memory (and the camera's settled scenes) is gone."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.service: Companion | None = None

    def start(self, camera_frames: dict[str, np.ndarray] | None = None) -> Companion:
        self.close()
        self.service = Companion(EventStore(self.data / "events.db"), data_dir=self.data)
        self.collector = ExampleCollector(self.service, (camera_frames or {}).get, self.data / EXAMPLES)
        return self.service

    def close(self) -> None:
        if self.service is not None:
            self.service.close()
            self.service = None


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    started = Table(tmp_path / "data")
    yield started
    started.close()


def camera_roll(service: Companion, frame_id: str, dice: list[dict[str, Any]] = UNREAD_BLUE) -> int:
    """The camera plays its dice (a blue die it could not read, unless told); the seq of that move."""
    service.bus.publish(RollSettled({"dice": dice, "frame_id": frame_id}, time.time()))
    played = service.events(str(service.active_id))[-1]
    assert played.type == "move" and played.payload["reading"]["frame_id"] == frame_id
    return played.seq


def frame_files(table: Table) -> list[str]:
    folder = table.data / EXAMPLES / FRAMES
    return sorted(path.name for path in folder.iterdir()) if folder.exists() else []


def test_a_roll_played_before_a_restart_is_saved_when_corrected_after_it(table: Table) -> None:
    service = table.start({"f1": FRAME})
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    rolled = camera_roll(service, "f1")
    service = table.start()  # the camera's settled scenes are gone with the process
    service.append(gid, "correction", {"target": rolled, **roll(4)})
    folder = table.data / EXAMPLES
    assert table.collector.saved == 1
    assert labels(folder) == {f"images/{gid}-{rolled}.jpg": [4]}
    saved = cv2.imread(str(folder / "images" / f"{gid}-{rolled}.jpg"))
    assert saved is not None and saved.shape == FRAME.shape
    # The frame, through JPEG twice: alike but for the edges of the block's colour.
    assert np.abs(saved.astype(int) - FRAME.astype(int)).mean() < 3


def test_an_example_undone_then_redone_after_a_restart_comes_back(table: Table) -> None:
    service = table.start({"f1": FRAME})
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    rolled = camera_roll(service, "f1")
    service.append(gid, "correction", {"target": rolled, **roll(5)})
    service.append(gid, "undo", {})
    assert labels(table.data / EXAMPLES) == {}
    service = table.start()
    service.append(gid, "redo", {})
    assert labels(table.data / EXAMPLES) == {f"images/{gid}-{rolled}.jpg": [5]}
    assert table.collector.saved == 1


def test_only_the_last_rolls_keep_a_frame_on_disk_counting_those_from_before_a_restart(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(examples, "KEPT_ROLL_FRAMES", 3)
    writes: list[Path] = []
    write = roll_frames.write_bytes_atomically

    def counted(path: Path, data: bytes) -> None:
        writes.append(path)
        write(path, data)

    monkeypatch.setattr(roll_frames, "write_bytes_atomically", counted)
    frames = {f"f{n}": np.full((8, 8, 3), 40 * n, np.uint8) for n in range(1, 5)}
    service = table.start(frames)
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    seqs = {}
    for frame_id in ("f1", "f2"):
        seqs[frame_id] = camera_roll(service, frame_id, READ_THREE)
        service.append(gid, "move", {"move": {"type": "end_turn"}})
        time.sleep(0.01)  # the files' times tell which is older
    service = table.start(frames)
    for frame_id in ("f3", "f4"):
        seqs[frame_id] = camera_roll(service, frame_id, READ_THREE)
        service.append(gid, "move", {"move": {"type": "end_turn"}})
    assert frame_files(table) == sorted(file_name(frame_id) for frame_id in ("f2", "f3", "f4"))
    assert len(writes) == 4  # once per camera roll
    service = table.start()
    with caplog.at_level(logging.WARNING, logger="companion.devices.examples"):
        service.append(gid, "correction", {"target": seqs["f1"], **roll(6)})
        service.append(gid, "correction", {"target": seqs["f2"], **roll(3)})
    assert labels(table.data / EXAMPLES) == {f"images/{gid}-{seqs['f2']}.jpg": [3]}
    assert "its roll's frame is no longer kept" in caplog.text
    assert len(writes) == 4 and len(frame_files(table)) == 3  # a correction writes no frame


def test_a_frame_id_naming_another_folder_stays_inside_the_frames_folder(table: Table) -> None:
    sneaky = ["../../x", "/tmp/x", "..", "a/../../b\\c", "\ud800 \x00 é"]
    service = table.start({frame_id: FRAME for frame_id in sneaky})
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    seqs = []
    for frame_id in sneaky:
        seqs.append(camera_roll(service, frame_id, READ_THREE))
        service.append(gid, "move", {"move": {"type": "end_turn"}})
    outside = table.data / EXAMPLES / FRAMES
    written = [p for p in table.data.parent.rglob("*") if p.is_file() and not p.name.startswith("events.db")]
    assert written and all(p.parent == outside for p in written)
    assert len(frame_files(table)) == len(sneaky)
    service = table.start()
    for seq in seqs:
        service.append(gid, "correction", {"target": seq, **roll(2)})
    assert len(labels(table.data / EXAMPLES)) == len(sneaky)


def test_a_frame_half_written_when_the_power_was_cut_is_never_read(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def cut(path: Path, data: bytes) -> None:
        # What a cut leaves mid-write: part of the temporary file, never renamed to the frame's name.
        path.parent.mkdir(parents=True, exist_ok=True)
        (path.parent / f".{path.name}.k3x9q.tmp").write_bytes(data[: len(data) // 2])
        raise OSError("power cut")

    service = table.start({"f1": FRAME, "f2": FRAME})
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    kept = camera_roll(service, "f1", READ_THREE)
    service.append(gid, "move", {"move": {"type": "end_turn"}})
    monkeypatch.setattr(roll_frames, "write_bytes_atomically", cut)
    half = camera_roll(service, "f2")
    monkeypatch.undo()
    assert frame_files(table) == sorted([file_name("f1"), f".{file_name('f2')}.k3x9q.tmp"])
    service = table.start()
    assert frame_files(table) == [file_name("f1")]  # the leftover cleaned on start
    with caplog.at_level(logging.WARNING, logger="companion.devices.examples"):
        service.append(gid, "correction", {"target": half, **roll(1)})
        service.append(gid, "correction", {"target": kept, **roll(2)})
    assert labels(table.data / EXAMPLES) == {f"images/{gid}-{kept}.jpg": [2]}
    assert f"correction of roll {gid}-{half} not saved as an example" in caplog.text


def test_a_leftover_temporary_file_is_not_a_frame_even_named_for_one(tmp_path: Path) -> None:
    # Found on start beside the frames, however it is named, a temporary file is neither read nor counted.
    folder = tmp_path / FRAMES
    folder.mkdir()
    (folder / file_name("f1")).write_bytes(b"whole")
    leftover = folder / f".{file_name('f2')}.abc.tmp"
    leftover.write_bytes(b"half")
    frames = RollFrames(folder, kept=1)
    assert frames.get("f2") is None and frames.get("f1") == b"whole"
    assert not leftover.exists() and os.listdir(folder) == [file_name("f1")]


def test_a_correction_whose_frame_is_gone_names_the_roll_it_corrects(
    service: Companion, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    ExampleCollector(service, lambda frame_id: None, tmp_path / "examples")
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    rolled = camera_roll(service, "gone", READ_THREE)
    service.append(gid, "move", {"move": {"type": "end_turn"}})  # the correction comes some turns later
    camera_roll(service, "later", READ_THREE)
    with caplog.at_level(logging.WARNING, logger="companion.devices.examples"):
        correction = service.append(gid, "correction", {"target": rolled, **roll(6)})
    assert correction.seq != rolled
    said = [record.getMessage() for record in caplog.records if "frame is no longer kept" in record.getMessage()]
    assert said == [f"correction of roll {gid}-{rolled} not saved as an example: its roll's frame is no longer kept"]
