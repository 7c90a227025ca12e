"""The labelled example of a corrected camera roll says what stands, whether a correction, an undo or a redo led to
it; a correction whose dice cannot be matched die for die to the boxes the camera saw leaves the roll no example."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.devices.examples import EXAMPLES, ExampleCollector
from companion.events.bus import RollSettled
from companion.service import Companion

FRAME = np.full((48, 64, 3), 90, np.uint8)
RED_BOX = [1, 2, 11, 12]


def examples(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """The dice of every example kept, by picture; each picture named must be on disk, and no picture unnamed."""
    path = folder / "labels.jsonl"
    found = {}
    for line in path.read_text().splitlines() if path.exists() else []:
        label = json.loads(line)
        assert (folder / label["image"]).exists(), f"{label['image']} is named but missing"
        assert label["image"] not in found, f"{label['image']} is named twice"
        found[label["image"]] = label["dice"]
    on_disk = {f"images/{p.name}" for p in (folder / "images").iterdir()} if (folder / "images").exists() else set()
    assert on_disk == set(found), "a picture is kept that no label line names"
    return found


def dice(*told: tuple[str, int]) -> dict[str, Any]:
    """A roll move payload of coloured dice."""
    return {"move": {"type": "roll", "dice": [{"value": value, "color": colour} for colour, value in told]}}


def camera_roll(companion: Companion, die: dict[str, Any], frame_id: str = "f1") -> int:
    """The camera plays a roll of one die it saw at RED_BOX; the seq of that move."""
    companion.bus.publish(RollSettled({"dice": [{**die, "bbox": RED_BOX}], "frame_id": frame_id}, time.time()))
    return companion.events(str(companion.active_id))[-1].seq


@pytest.fixture
def folder(companion: Companion) -> Path:
    assert companion.data_dir is not None
    return companion.data_dir / EXAMPLES


@pytest.fixture
def game(companion: Companion) -> str:
    return str(companion.create_game("free_dice", [{"name": "A"}])["game_id"])


def test_a_correction_adding_a_die_the_camera_missed_leaves_the_roll_no_example(
    companion: Companion, folder: Path, game: str
) -> None:
    # The red die read unread, told a 2: an example of one die. Then the table says a blue 6 lay beside it: the
    # camera missed that die, so the picture's boxes no longer hold the roll; the red-2-only labels must go.
    ExampleCollector(companion, {"f1": FRAME}.get, folder)
    rolled = camera_roll(companion, {"value": None, "color": "red"})
    companion.append(game, "correction", {"target": rolled, **dice(("red", 2))})
    assert examples(folder) == {f"images/{game}-{rolled}.jpg": [{"value": 2, "color": "red", "bbox": RED_BOX}]}
    companion.append(game, "correction", {"target": rolled, **dice(("red", 2), ("blue", 6))})
    assert examples(folder) == {}


def test_undo_and_redo_of_a_correction_adding_a_die_give_the_examples_of_what_stands(
    companion: Companion, folder: Path, game: str
) -> None:
    ExampleCollector(companion, {"f1": FRAME}.get, folder)
    rolled = camera_roll(companion, {"value": None, "color": "red"})
    companion.append(game, "correction", {"target": rolled, **dice(("red", 2))})
    one_die = examples(folder)
    companion.append(game, "correction", {"target": rolled, **dice(("red", 2), ("blue", 6))})
    two_dice = examples(folder)
    companion.append(game, "undo", {})
    assert examples(folder) == one_die  # the red 2 stands again: its example is back
    companion.append(game, "redo", {})
    assert examples(folder) == two_dice  # the same standing roll as before the undo: the same examples


def test_a_roll_read_surely_corrected_to_more_dice_has_no_example_before_or_after_undo_and_redo(
    companion: Companion, folder: Path, game: str
) -> None:
    collector = ExampleCollector(companion, {"f1": FRAME}.get, folder)
    rolled = camera_roll(companion, {"value": 2, "color": "red", "confidence": 0.95})
    companion.append(game, "correction", {"target": rolled, **dice(("red", 2), ("blue", 6))})
    assert examples(folder) == {}
    companion.append(game, "undo", {})
    companion.append(game, "redo", {})
    assert examples(folder) == {} and collector.saved == 0


def test_a_correction_back_to_as_many_dice_as_seen_saves_the_example_again(
    companion: Companion, folder: Path, game: str
) -> None:
    ExampleCollector(companion, {"f1": FRAME}.get, folder)
    rolled = camera_roll(companion, {"value": None, "color": "red"})
    companion.append(game, "correction", {"target": rolled, **dice(("red", 2), ("blue", 6))})
    assert examples(folder) == {}
    companion.append(game, "correction", {"target": rolled, **dice(("red", 3))})
    assert examples(folder) == {f"images/{game}-{rolled}.jpg": [{"value": 3, "color": "red", "bbox": RED_BOX}]}


def test_a_correction_after_the_frame_is_gone_still_relabels_the_kept_example(
    companion: Companion, folder: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The example's picture is on disk: its labels follow the roll even when the roll's frame is no longer kept,
    # as an undo and a redo would relabel it.
    collector = ExampleCollector(companion, {"f1": FRAME}.get, folder)
    rolled = camera_roll(companion, {"value": None, "color": "red"})
    companion.append(game, "correction", {"target": rolled, **dice(("red", 2))})
    monkeypatch.setattr(collector, "_frame", lambda frame_id: None)
    companion.append(game, "correction", {"target": rolled, **dice(("red", 5))})
    direct = examples(folder)
    assert direct == {f"images/{game}-{rolled}.jpg": [{"value": 5, "color": "red", "bbox": RED_BOX}]}
    companion.append(game, "undo", {})
    companion.append(game, "redo", {})
    assert examples(folder) == direct
