"""`camera.source = folder:DIR` (and `replay:DIR` of plain stills) settle each picture as a roll in the camera loop,
whatever the table's settle time: a folder delivered as fast as asked looked like dice forever moving, and a
settle time longer than a replay's still never let one settle, while the health page said the camera worked."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from test_vision_settling import ROLL_A, ROLL_B, Placed, Table

from companion import wiring
from companion.config import load_config
from companion.devices.camera import CameraWorker
from companion.events.store import EventStore
from companion.service import Companion
from vision.reading import DiceReading
from vision.sources import ManualClock, open_source

ROLL_C = [Placed(90, 60, 4, "blue"), Placed(250, 180, 2, "orange")]
BACKGROUNDS = [(60, 110, 50), (60, 120, 170), (150, 80, 60)]


def pictures(folder: Path) -> dict[tuple[int, int, int], DiceReading]:
    """Three pictures of different rolls on different backgrounds; what a perfect reader reads on each, by the
    background's colour."""
    truth = {}
    for number, (colour, roll) in enumerate(zip(BACKGROUNDS, [ROLL_A, ROLL_B, ROLL_C], strict=True)):
        frame, reading = Table(felt_colour=colour).shot(roll)
        cv2.imwrite(str(folder / f"roll_{number}.png"), frame.image)
        truth[colour] = reading
    return truth


def settled_rolls(spec: str, truth: dict[tuple[int, int, int], DiceReading], settle_seconds: float) -> list:
    """The rolls the camera loop settles on one pass through the source (a perfect reader, a clock that jumps)."""

    def reader(image: np.ndarray, _calibration: object) -> DiceReading:
        corner = image[:8, :8].reshape(-1, 3).mean(axis=0)
        return truth[min(truth, key=lambda colour: float(np.abs(corner - np.array(colour)).sum()))]

    clock = ManualClock()
    source = open_source(spec, loop=False, settle_seconds=settle_seconds, clock=clock, sleep=clock.sleep)
    settled: list[DiceReading] = []
    worker = CameraWorker(
        source,
        on_reading=lambda reading, phase: None,
        on_settled=lambda reading, frame_id: settled.append(reading),
        settle_seconds=settle_seconds,
        reader=reader,
    )
    while source.status().state != "ended" and clock.now < 600:
        worker.step()
    return settled


@pytest.mark.parametrize("settle_seconds", [0.2, 1.0, 4.0])
def test_a_folder_settles_each_picture_as_one_roll(tmp_path: Path, settle_seconds: float) -> None:
    truth = pictures(tmp_path)
    assert settled_rolls(f"folder:{tmp_path}", truth, settle_seconds) == list(truth.values())


@pytest.mark.parametrize("settle_seconds", [0.2, 1.0, 4.0])
def test_a_replay_of_stills_settles_each_whatever_the_settle_time(tmp_path: Path, settle_seconds: float) -> None:
    truth = pictures(tmp_path)
    assert settled_rolls(f"replay:{tmp_path}", truth, settle_seconds) == list(truth.values())


def test_a_folder_opened_without_a_settle_time_still_holds_each_picture(tmp_path: Path) -> None:
    pictures(tmp_path)
    clock = ManualClock()
    with open_source(f"folder:{tmp_path}", clock=clock, sleep=clock.sleep) as source:
        shown = [(source.read(), source.position) for _ in range(12)]
    assert [position for frame, position in shown if frame is not None][:10] == [0] * 10


@pytest.mark.parametrize("settle_seconds", [0.2, 4.0])
def test_a_folder_picture_with_a_die_never_read_settles_with_it_unread(tmp_path: Path, settle_seconds: float) -> None:
    frame, reading = Table().shot([Placed(100, 80, None), Placed(200, 150, 5)])
    cv2.imwrite(str(tmp_path / "cocked.png"), frame.image)
    settled = settled_rolls(f"folder:{tmp_path}", {BACKGROUNDS[0]: reading}, settle_seconds)
    assert [[die.value for die in roll.dice] for roll in settled] == [[None, 5]]


def test_the_service_opens_its_camera_with_the_tables_settle_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pictures(tmp_path)
    opened: list[dict[str, object]] = []

    def open_and_note(spec: str, **options: object) -> object:
        opened.append({"spec": spec, **options})
        return open_source(spec, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(wiring, "open_source", open_and_note)
    monkeypatch.setattr(wiring, "_start_camera", lambda service, config, source: source.close())
    env = {"COMPANION_DATA__DIR": str(tmp_path / "data")}
    env |= {"COMPANION_CAMERA__SOURCE": f"folder:{tmp_path}", "COMPANION_CAMERA__SETTLE_SECONDS": "2.5"}
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        wiring._attach_camera(service, load_config(env=env))
    assert [(o["spec"], o["settle_seconds"]) for o in opened] == [(f"folder:{tmp_path}", 2.5)]
