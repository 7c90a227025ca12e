"""The camera worker's loop, stepped by hand: the read gate's counts, what the dashboard is given, one roll."""

from __future__ import annotations

import time
from pathlib import Path
from typing import get_args

import numpy as np
import pytest
from test_vision_settling import FPS, ROLL_A, ROLL_B, Placed, Table, rolling, still

from companion.config import load_config
from companion.devices.camera import CameraWorker
from companion.wiring import build_service
from vision.calibration import Calibration
from vision.reading import DiceReading
from vision.settling import Phase
from vision.sources import ManualClock, SequenceSource

COCKED = [ROLL_A[0], ROLL_A[1], Placed(240, 170, None, "green")]
"""ROLL_A with its green die drawn but unreadable (cocked against another, or in glare)."""


class Recorded:
    """A table recording played as a camera, a reader that knows its truth, and what the worker reported."""

    def __init__(self, *, motion_gate: bool, dice: list[Placed] = ROLL_A, then: list[Placed] | None = None) -> None:
        table = Table()
        shots = rolling(table, dice) + still(table, dice, 14) + (rolling(table, then) if then else [])
        self.truth = [reading for _, reading in shots]
        self.images = [frame.image for frame, _ in shots]
        clock = ManualClock()
        self.source = SequenceSource(
            [frame.image for frame, _ in shots],
            kind="replay",
            description="a recorded roll",
            offsets=[n / FPS for n in range(len(shots))],
            hold=1 / FPS,
            loop=False,
            clock=clock,
            sleep=clock.sleep,
        )
        self.reads = 0
        self.shown: list[tuple[DiceReading, str]] = []
        self.settled: list[DiceReading] = []
        self.worker = CameraWorker(
            self.source,
            on_reading=lambda reading, phase: self.shown.append((reading, phase)),
            on_settled=lambda reading, _frame_id: self.settled.append(reading),
            motion_gate=motion_gate,
            reader=self.read,
        )

    def read(self, image: np.ndarray, _calibration: Calibration | None) -> DiceReading:
        self.reads += 1
        return self.truth[self.source.position]

    def play(self) -> None:
        while self.source.status().state != "ended":
            self.worker.step()


@pytest.mark.parametrize("motion_gate", [True, False])
def test_worker_settles_one_roll_and_says_how_many_frames_it_read(motion_gate: bool) -> None:
    recorded = Recorded(motion_gate=motion_gate)
    recorded.play()
    status = recorded.worker.status()
    frames = len(recorded.shown)
    assert len(recorded.settled) == 1 and recorded.settled[0] == recorded.truth[-1]
    assert status["motion_gate"] == ("on" if motion_gate else "off")
    assert status["frames_dice_read"] == recorded.reads
    assert status["frames_dice_read"] + status["frames_skipped_moving"] + status["frames_reused"] == frames
    if motion_gate:
        assert status["frames_skipped_moving"] >= 6 and status["frames_reused"] >= 8
    else:
        assert recorded.reads == frames


def test_dashboard_shows_no_dice_while_rolling_then_the_roll() -> None:
    recorded = Recorded(motion_gate=True)
    recorded.play()
    rolling_shown = [reading for reading, phase in recorded.shown if phase == "rolling"]
    assert len(rolling_shown) >= 6 and all(reading.dice == () for reading in rolling_shown)
    assert recorded.shown[-1] == (recorded.truth[-1], "settled")


def test_the_calibration_page_is_given_the_last_frame_whose_dice_were_read_not_one_in_motion() -> None:
    # The dice rolled again after a settled roll: frames in motion are not read, and the page that names the dice
    # in view would have shown a picture of dice over the words that none was seen.
    recorded = Recorded(motion_gate=True, then=ROLL_B)
    recorded.play()
    assert recorded.worker.latest_reading() == DiceReading((), 320, 240)  # the last frame, in motion
    seen = recorded.worker.latest_frame()
    settled = recorded.truth[-7]  # the last still frame of the first roll
    assert seen is not None and seen[1] == settled and seen[1].dice != ()
    assert np.array_equal(seen[0], recorded.images[-7])


def test_new_calibration_makes_the_worker_read_an_unchanged_picture_again() -> None:
    recorded = Recorded(motion_gate=True)
    for _ in range(16):
        recorded.worker.step()
    reads = recorded.reads
    recorded.worker.step()
    assert recorded.reads == reads  # settled and unchanged: the reading is reused
    recorded.worker.calibration = None
    recorded.worker.step()
    assert recorded.reads == reads + 1


def test_worker_says_when_it_waits_for_a_clear_view_of_a_die() -> None:
    recorded = Recorded(motion_gate=True, dice=COCKED)
    waiting: list[tuple[str, bool]] = []
    while recorded.source.status().state != "ended":
        recorded.worker.step()
        waiting.append((recorded.worker.settler.phase, recorded.worker.is_waiting_for_clear_view))
    assert ("settling", True) in waiting  # held back a while...
    assert waiting[-1] == ("settled", False)  # ...then settled with the unreadable die
    assert len(recorded.settled) == 1 and recorded.worker.status()["is_waiting_for_clear_view"] is False


def test_built_service_hands_the_phase_and_the_wait_to_the_dashboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(CameraWorker, "is_waiting_for_clear_view", property(lambda _worker: True))
    config = load_config(env={"COMPANION_DATA__DIR": str(tmp_path), "COMPANION_CAMERA__SOURCE": "synthetic:1"})
    service = build_service(config)
    try:
        deadline = time.monotonic() + 20
        while service.last_reading is None and time.monotonic() < deadline:
            time.sleep(0.02)
        reading = service.last_reading
    finally:
        service.close()
    assert reading is not None, "the camera loop gave no reading"
    assert reading["phase"] in get_args(Phase) and reading["is_waiting_for_clear_view"] is True


def test_the_worker_tells_colours_among_the_active_games_dice() -> None:
    recorded = Recorded(motion_gate=False)
    told: list[tuple[str, ...]] = []
    colours: tuple[str, ...] = ()

    def read(image: np.ndarray, calibration: Calibration | None) -> DiceReading:
        told.append(calibration.colours if calibration is not None else ())
        return recorded.read(image, calibration)

    worker = CameraWorker(
        recorded.source,
        on_reading=lambda *_: None,
        on_settled=lambda *_: None,
        motion_gate=False,
        reader=read,
        die_colours=lambda: colours,
    )
    worker.step()
    assert set(told[-1]) == set(Calibration.default().centres)  # no game: the whole palette
    colours = ("blue", "green", "orange", "violet")  # a game of Rajas becomes the active one
    worker.step()
    assert told[-1] == ("blue", "green", "orange", "violet")
    assert worker.status()["colours_told"] == ["blue", "green", "orange", "violet"]
