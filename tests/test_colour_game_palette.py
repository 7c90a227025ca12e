"""Told among a game's colours, a die of no colour of the game's is named none, never the nearest of the game's."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from dev_photos import DICE, the_die

from companion.devices.camera import CameraWorker
from vision.calibration import Calibration
from vision.image_io import load_image
from vision.palette import RAJAS_COLOURS
from vision.reader import read_dice
from vision.reading import DiceReading
from vision.sources import ManualClock, SequenceSource

DEMO = Path(__file__).resolve().parents[1] / "vision" / "demo_frames"


def labelled(name: str) -> list[dict]:
    """The labelled dice of one demo frame."""
    for line in (DEMO / "labels.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry["image"] == name:
            return list(entry["dice"])
    raise LookupError(name)


def read_by_the_camera(name: str, die_colours: tuple[str, ...]) -> DiceReading:
    """One demo frame read by the camera worker, as the replay camera shows it, with the game's die colours."""
    clock = ManualClock()
    source = SequenceSource(
        [load_image(DEMO / name)], kind="replay", description=name, loop=False, clock=clock, sleep=clock.sleep
    )
    worker = CameraWorker(
        source,
        on_reading=lambda *_: None,
        on_settled=lambda *_: None,
        motion_gate=False,
        die_colours=lambda: die_colours,
    )
    try:
        reading = worker.step()
    finally:
        worker.close()
    assert reading is not None
    return reading


def truth_of(box: tuple[int, int, int, int], truth: list[dict]) -> str:
    """The labelled colour of the die whose box overlaps `box` most."""

    def overlap(other: list[int]) -> int:
        return max(0, min(box[2], other[2]) - max(box[0], other[0])) * max(
            0, min(box[3], other[3]) - max(box[1], other[1])
        )

    return str(max(truth, key=lambda d: overlap(d["bbox"]))["color"])


@pytest.mark.parametrize("frame", ["demo_02.jpg", "demo_05.jpg", "demo_07.jpg", "demo_08.jpg"])
def test_dice_of_no_rajas_colour_read_no_colour_and_say_so_the_others_their_own(frame: str) -> None:
    # A Rajas game active: the white dice of demo_02 were outlined "6 green" and "3 green", the red dice of demo_05
    # "orange", while `companion read-dice` reads them white and red.
    truth = labelled(frame)
    reading = read_by_the_camera(frame, RAJAS_COLOURS)
    assert len(reading.dice) == len(truth)
    for die in reading.dice:
        colour = truth_of(die.bbox, truth)
        if colour in RAJAS_COLOURS:
            assert die.color == colour, (die.bbox, colour)
        else:
            assert die.color is None and "ambiguous_color" in die.flags, (die.bbox, colour, die.color)


def test_without_a_game_the_camera_names_those_dice_as_the_reader_does() -> None:
    reading = read_by_the_camera("demo_02.jpg", ())
    assert sorted((d.bbox, d.color) for d in reading.dice) == sorted(
        (d.bbox, d.color) for d in read_dice(load_image(DEMO / "demo_02.jpg")).dice
    )
    assert sorted(d.color for d in reading.dice) == ["green", "orange", "violet", "violet", "white", "white"]


def features(a: float, b: float, lightness: float) -> np.ndarray:
    """A body's colour feature (a*, b*, L*/3) as vision.palette.features gives it."""
    return np.array([a, b, lightness], np.float32)


AMONG_RAJAS = Calibration.default().only(RAJAS_COLOURS)


@pytest.mark.parametrize(
    ("body", "looks", "named"),
    [
        # Bodies measured on the demo frames, the chase development photos and the synthetic dark trays.
        ((1.0, 3.3, 20.2), "white", None),  # a white die of demo_02: green among the Rajas colours alone
        ((2.0, 8.9, 19.9), "white", None),  # a white die under a warm lamp: orange among them alone
        ((48.2, 36.2, 11.8), "red", None),  # a red die of demo_05: orange among them alone
        ((1.2, -2.6, 4.5), "black", None),  # a black die on a dark tray: green among them alone, no hue to show
        ((0.5, -15.8, 10.1), "black", "blue"),  # a dark blue casino die in shade: its hue is blue's
        ((-2.3, -15.9, 2.1), "black", "blue"),
        ((15.0, -47.0, 11.8), "blue", "blue"),
        ((39.0, -36.0, 11.0), "violet", "violet"),
    ],
)
def test_a_die_is_told_among_the_games_colours_unless_it_reads_as_another(
    body: tuple[float, float, float], looks: str | None, named: str | None
) -> None:
    feature = features(*body)
    if looks is not None:
        assert Calibration.default().classify(feature)[0] == looks
    name, confidence = AMONG_RAJAS.among_game(feature, looks)
    assert (name if confidence >= 0.2 else None) == named


def test_told_among_a_games_colours_the_calibration_names_those_alone_and_keeps_the_others_to_compare() -> None:
    assert AMONG_RAJAS.colours == RAJAS_COLOURS
    assert set(AMONG_RAJAS.whole().colours) == set(Calibration.default().centres)
    assert AMONG_RAJAS.classify(features(1.0, 3.3, 20.2))[0] == "green"  # alone, the nearest is forced: see above
    assert Calibration.default().only(["pink"]) == Calibration.default()  # a game of colours no one knows


@pytest.mark.skipif(not DICE.exists(), reason="the shared development photos are not beside the project")
def test_a_dark_blue_die_in_shade_read_black_is_still_blue_among_a_games_colours() -> None:
    photo = "val/1/DJI_20241005231652_0122_D_detection_2"
    assert the_die(photo).color == "black"
    assert the_die(photo, Calibration.default().only(["blue", "red"])).color == "blue"
