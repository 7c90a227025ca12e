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

from companion.devices import examples
from companion.devices.examples import ExampleCollector, labelled
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


def test_a_roll_corrected_twice_keeps_one_example_with_the_latest_values(service: Companion, tmp_path: Path) -> None:
    # A mis-tap corrected at once: two examples of one picture with contradictory labels would count as misreads.
    frame = np.full((48, 64, 3), 90, np.uint8)
    ExampleCollector(service, {"f1": frame}.get, tmp_path / "examples")
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    dice = [{"value": None, "color": "blue", "bbox": [1, 2, 11, 12]}]
    service.bus.publish(RollSettled({"dice": dice, "frame_id": "f1"}, time.time()))
    target = service.events(gid)[-1].seq
    service.append(gid, "correction", {"target": target, **roll(5, color="blue")})
    service.append(gid, "correction", {"target": target, **roll(2, color="blue")})
    lines = (tmp_path / "examples" / "labels.jsonl").read_text().splitlines()
    assert len(lines) == 1 and [d["value"] for d in json.loads(lines[0])["dice"]] == [2]
    assert len(list((tmp_path / "examples" / "images").iterdir())) == 1


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


def test_a_corrected_rajas_roll_is_saved_with_the_dice_kept_on_the_kalis_as_read(
    service: Companion, tmp_path: Path
) -> None:
    # In Rajas only the dice on the open table are the roll; the camera sees the Kali statues' dice too, so the
    # roll has fewer dice than the reading, and the correction was never saved.
    frame = np.full((48, 64, 3), 90, np.uint8)
    collector = ExampleCollector(service, {"f1": frame}.get, tmp_path / "examples")
    gid = service.create_game("rajas", [{"name": "A", "color": "blue"}, {"name": "B", "color": "green"}])["game_id"]
    on_table = [
        {"value": v, "color": c, "bbox": [10 * i, 0, 10 * i + 8, 8], "confidence": 0.9, "zone": "table"}
        for i, (v, c) in enumerate([(1, "blue"), (2, "green"), (3, "orange"), (4, "violet")])
    ]
    kept = [
        {"value": 6, "color": "green", "bbox": [0, 30, 8, 38], "confidence": 0.95, "zone": "kali:green"},
        {"value": 2, "color": "blue", "bbox": [20, 30, 28, 38], "confidence": 0.4, "zone": "kali:green"},
    ]
    service.bus.publish(RollSettled({"dice": [kept[0], *on_table, kept[1]], "frame_id": "f1"}, time.time()))
    played = service.events(gid)[-1]
    assert played.payload["origin"] == "camera" and len(played.payload["move"]["dice"]) == 4
    move = {**played.payload["move"], "dice": [{**d, "value": 5} for d in played.payload["move"]["dice"]]}
    service.append(gid, "correction", {"target": played.seq, "move": move})
    assert collector.saved == 1
    label = json.loads((tmp_path / "examples" / "labels.jsonl").read_text())
    # The Kali's sure 6 as read, its guessed die unknown, the roll's dice as corrected, each at its own box.
    assert [(d["value"], d["bbox"][0], d["bbox"][1]) for d in label["dice"]] == [
        (6, 0, 30),
        (5, 0, 0),
        (5, 10, 0),
        (5, 20, 0),
        (5, 30, 0),
        (None, 20, 30),
    ]


def test_a_correction_that_changes_how_many_dice_were_rolled_is_not_saved() -> None:
    seen = [{"value": 3, "bbox": [0, 0, 8, 8], "zone": "table"}, {"value": 4, "bbox": [9, 0, 17, 8], "zone": None}]
    assert labelled(seen, [{"value": 3}]) is None
    assert labelled(seen, [{"value": 3}, {"value": 4}, {"value": 5}]) is None
    assert labelled(seen, [{"value": 1}, {"value": 2}]) == [
        {"value": 1, "color": None, "bbox": [0, 0, 8, 8]},
        {"value": 2, "color": None, "bbox": [9, 0, 17, 8]},
    ]


def test_only_the_latest_examples_are_kept_with_their_pictures(
    service: Companion, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(examples, "KEPT_EXAMPLES", 2)
    collector = ExampleCollector(service, {}.get, tmp_path / "examples")
    frame = np.full((8, 8, 3), 90, np.uint8)
    for name in ("first", "second", "third"):
        collector.save(frame, [{"value": 1, "color": None, "bbox": [0, 0, 4, 4]}], name)
    lines = [json.loads(line) for line in (tmp_path / "examples" / "labels.jsonl").read_text().splitlines()]
    assert [line["image"] for line in lines] == ["images/second.jpg", "images/third.jpg"]
    assert sorted(p.name for p in (tmp_path / "examples" / "images").iterdir()) == ["second.jpg", "third.jpg"]
