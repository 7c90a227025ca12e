"""The labelled examples of a game follow undo and redo: they always say what stands."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import roll

from companion.devices.examples import ExampleCollector
from companion.events.bus import RollSettled
from companion.service import Companion

FRAME = np.full((48, 64, 3), 90, np.uint8)
UNREAD_BLUE = [{"value": None, "color": "blue", "bbox": [1, 2, 11, 12]}]


def labels(folder: Path) -> dict[str, list[Any]]:
    """The values of every example kept, by picture; each picture named must be on disk."""
    path = folder / "labels.jsonl"
    found = {}
    for line in path.read_text().splitlines() if path.exists() else []:
        label = json.loads(line)
        assert (folder / label["image"]).exists(), f"{label['image']} is named but missing"
        found[label["image"]] = [die["value"] for die in label["dice"]]
    return found


def pictures(folder: Path) -> list[str]:
    return sorted(f"images/{p.name}" for p in (folder / "images").iterdir())


def camera_roll(service: Companion, frame_id: str = "f1") -> int:
    """The camera plays a blue die it could not read (its guess left out); the seq of that move."""
    service.bus.publish(RollSettled({"dice": UNREAD_BLUE, "frame_id": frame_id}, time.time()))
    return service.events(str(service.active_id))[-1].seq


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "examples"


def test_a_corrected_roll_undone_is_forgotten_and_redone_is_saved_again(service: Companion, folder: Path) -> None:
    collector = ExampleCollector(service, {"f1": FRAME}.get, folder)
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    rolled = camera_roll(service)
    service.append(gid, "correction", {"target": rolled, **roll(5)})
    assert labels(folder) == {f"images/{gid}-{rolled}.jpg": [5]}
    service.append(gid, "undo", {})
    assert labels(folder) == {} and pictures(folder) == []
    service.append(gid, "redo", {})
    assert labels(folder) == {f"images/{gid}-{rolled}.jpg": [5]}
    assert pictures(folder) == [f"images/{gid}-{rolled}.jpg"]
    assert collector.saved == 2


def test_a_roll_told_by_hand_undone_is_forgotten(service: Companion, folder: Path) -> None:
    ExampleCollector(service, {"f1": FRAME}.get, folder)
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    told = service.append(gid, "move", {**roll(4), "reading": {"dice": UNREAD_BLUE, "frame_id": "f1"}}, origin="web")
    assert labels(folder) == {f"images/{gid}-{told.seq}.jpg": [4]}
    service.append(gid, "undo", {})
    assert labels(folder) == {} and pictures(folder) == []


def test_undoing_the_later_of_two_corrected_rolls_keeps_the_earlier_example(service: Companion, folder: Path) -> None:
    frames = {"f1": FRAME, "f2": np.full((48, 64, 3), 30, np.uint8)}
    ExampleCollector(service, frames.get, folder)
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    first = camera_roll(service, "f1")
    service.append(gid, "correction", {"target": first, **roll(2)})
    service.append(gid, "move", {"move": {"type": "end_turn"}})
    second = camera_roll(service, "f2")
    assert second > first
    service.append(gid, "correction", {"target": second, **roll(6)})
    service.append(gid, "undo", {})
    assert labels(folder) == {f"images/{gid}-{first}.jpg": [2]}
    assert pictures(folder) == [f"images/{gid}-{first}.jpg"]


def test_a_camera_roll_as_read_gets_no_example_from_undo_and_redo(service: Companion, folder: Path) -> None:
    ExampleCollector(service, {"f1": FRAME}.get, folder)
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    service.bus.publish(RollSettled({"dice": [{**UNREAD_BLUE[0], "value": 3}], "frame_id": "f1"}, time.time()))
    service.append(gid, "undo", {})
    service.append(gid, "redo", {})
    assert labels(folder) == {}


def test_an_undo_in_one_game_leaves_the_examples_of_another(service: Companion, folder: Path) -> None:
    # Game ids alike but for a suffix must not share examples: "<id>-<seq>" names one game's roll only.
    ExampleCollector(service, {"f1": FRAME}.get, folder)
    one = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    other = service.create_game("free_dice", [{"name": "B"}])["game_id"]
    reading = {"dice": UNREAD_BLUE, "frame_id": "f1"}
    kept = service.append(other, "move", {**roll(1), "reading": reading}, origin="web")
    service.append(one, "move", {**roll(2), "reading": reading}, origin="web")
    service.append(one, "undo", {})
    assert labels(folder) == {f"images/{other}-{kept.seq}.jpg": [1]}


def test_a_roll_corrected_twice_then_undone_keeps_the_labels_of_what_stands(service: Companion, folder: Path) -> None:
    # Whether this undo takes back the whole roll or only its last correction, the example says what stands.
    ExampleCollector(service, {"f1": FRAME}.get, folder)
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    rolled = camera_roll(service)
    service.append(gid, "correction", {"target": rolled, **roll(5)})
    service.append(gid, "correction", {"target": rolled, **roll(2)})
    service.append(gid, "undo", {})
    standing = dict(service.session(gid).timeline.standing)
    expected = {f"images/{gid}-{rolled}.jpg": [5]} if rolled in standing else {}
    if rolled in standing:
        assert [die["value"] for die in standing[rolled]["dice"]] == [5]
    assert labels(folder) == expected


def test_examples_follow_what_stands_whatever_an_undo_took_back(service: Companion, folder: Path) -> None:
    # An undo may come to take back only the last correction of a roll: the earlier correction then stands again,
    # or the camera's reading as read. What stands is set here by hand, as such an undo would leave it.
    collector = ExampleCollector(service, {"f1": FRAME}.get, folder)
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    rolled = camera_roll(service)
    service.append(gid, "correction", {"target": rolled, **roll(5)})
    service.append(gid, "correction", {"target": rolled, **roll(2)})
    events = {event.seq: event for event in service.events(gid)}
    timeline = service.session(gid).timeline
    timeline.standing[-1] = (rolled, dict(events[rolled + 1].payload["move"]))
    collector.reconcile(gid)
    assert labels(folder) == {f"images/{gid}-{rolled}.jpg": [5]}
    timeline.standing[-1] = (rolled, dict(events[rolled].payload["move"]))
    collector.reconcile(gid)
    assert labels(folder) == {} and pictures(folder) == []


def test_a_power_cut_while_forgetting_leaves_no_line_naming_a_missing_picture(
    service: Companion, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ExampleCollector(service, {"f1": FRAME}.get, folder)
    gid = service.create_game("free_dice", [{"name": "A"}])["game_id"]
    rolled = camera_roll(service)
    service.append(gid, "correction", {"target": rolled, **roll(5)})

    def cut(self: Path, missing_ok: bool = False) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(Path, "unlink", cut)
    service.append(gid, "undo", {})
    monkeypatch.undo()
    # The picture outlived its line, never the other way round.
    assert labels(folder) == {} and pictures(folder) == [f"images/{gid}-{rolled}.jpg"]
