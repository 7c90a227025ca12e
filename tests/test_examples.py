"""A corrected camera roll becomes a labelled example of the table's own dice."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import cv2
import numpy as np
import pytest
from conftest import roll

from companion.devices.examples import ExampleCollector
from companion.events.bus import RollSettled
from companion.service import Companion


def test_a_correction_saves_the_frame_with_the_corrected_dice(service: Companion, tmp_path: Path) -> None:
    frame = np.full((48, 64, 3), 90, np.uint8)
    collector = ExampleCollector(service, {"f1": frame}.get, tmp_path / "examples")
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    dice = [
        {"value": 3, "color": "blue", "bbox": [1, 2, 11, 12]},
        {"value": None, "color": None, "bbox": [20, 2, 30, 12]},
    ]
    service.bus.publish(RollSettled({"dice": dice, "frame_id": "f1"}, time.time()))
    target = service.events(gid)[-1].seq
    service.append(gid, "correction", {"target": target, **roll(3, 5, color="blue")})
    lines = (tmp_path / "examples" / "labels.jsonl").read_text().splitlines()
    assert collector.saved == 1
    label = json.loads(lines[0])
    assert [d["value"] for d in label["dice"]] == [3, 5]
    assert label["dice"][1]["bbox"] == [20, 2, 30, 12]
    assert label["size"] == [64, 48]
    assert (tmp_path / "examples" / label["image"]).exists()


def test_a_forgotten_frame_or_a_manual_roll_saves_nothing(service: Companion, tmp_path: Path) -> None:
    collector = ExampleCollector(service, {}.get, tmp_path / "examples")
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    first = service.append(gid, "move", roll(2))
    service.append(gid, "correction", {"target": first.seq, **roll(4)})
    assert collector.saved == 0
    assert not (tmp_path / "examples").exists()


def test_a_roll_corrected_after_the_camera_forgot_its_frame_is_still_saved(service: Companion, tmp_path: Path) -> None:
    # The camera keeps its last few settled scenes only; dice put down after the roll settle new ones.
    frame = np.zeros((48, 64, 3), np.uint8)
    frame[10:30, 10:40] = (200, 120, 40)
    camera_frames = {"f1": frame}
    collector = ExampleCollector(service, camera_frames.get, tmp_path / "examples")
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    dice = [{"value": 2, "color": "blue", "bbox": [10, 10, 40, 30]}]
    service.bus.publish(RollSettled({"dice": dice, "frame_id": "f1"}, time.time()))
    target = service.events(gid)[-1].seq
    camera_frames.clear()
    service.append(gid, "correction", {"target": target, **roll(4, color="blue")})
    assert collector.saved == 1
    label = json.loads((tmp_path / "examples" / "labels.jsonl").read_text())
    saved = cv2.imread(str(tmp_path / "examples" / label["image"]))
    assert label["dice"][0]["value"] == 4 and label["size"] == [64, 48]
    # The frame, through JPEG twice: alike but for the edges of the block's colour.
    assert np.abs(saved.astype(int) - frame.astype(int)).mean() < 3
    assert np.abs(saved[20, 25].astype(int) - [200, 120, 40]).max() <= 6


def test_a_correction_whose_frame_is_gone_says_so(
    service: Companion, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    collector = ExampleCollector(service, {}.get, tmp_path / "examples")
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    dice = [{"value": None, "color": "blue", "bbox": [1, 2, 11, 12]}]
    service.bus.publish(RollSettled({"dice": dice, "frame_id": "gone"}, time.time()))
    target = service.events(gid)[-1].seq
    with caplog.at_level(logging.WARNING, logger="companion.devices.examples"):
        service.append(gid, "correction", {"target": target, **roll(6, color="blue")})
    assert collector.saved == 0
    assert "not saved as an example: its roll's frame is no longer kept" in caplog.text
