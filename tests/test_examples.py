"""A corrected camera roll becomes a labelled example of the table's own dice."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
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
