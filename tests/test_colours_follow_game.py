"""Dice already on the table take the new game's colour names when a game begins or ends, and stay the same roll."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from test_vision_settling import FPS, ROLL_A, ROLL_B, Placed, Table, feed_all, rolling, still

from companion.devices.camera import CameraWorker
from vision.calibration import Calibration
from vision.reading import DiceReading
from vision.settling import Settler
from vision.sources import ManualClock, SequenceSource

Shots = list[tuple[Any, DiceReading]]
Scene = Callable[[Table], Shots]

GAME = ("violet", "orange", "green")
"""The die colours of a game with no blue dice: told among them, the blue die of ROLL_A and ROLL_B is named
otherwise (see Scripted.read)."""


class Scripted:
    """Drawn scenes played as a camera one frame per step, a reader that names the dice among the colours it is
    given as a reader would, and what the worker reported."""

    def __init__(self, scenes: list[Shots], *, blue_among_game: str | None, motion_gate: bool = True) -> None:
        shots = [shot for scene in scenes for shot in scene]
        self.truth = [reading for _, reading in shots]
        self.blue_among_game = blue_among_game
        self.colours: tuple[str, ...] = ()
        clock = ManualClock()
        self.source = SequenceSource(
            [frame.image for frame, _ in shots],
            kind="replay",
            description="a scripted table",
            offsets=[n / FPS for n in range(len(shots))],
            hold=1 / FPS,
            loop=False,
            clock=clock,
            sleep=clock.sleep,
        )
        self.reads = 0
        self.settled: list[DiceReading] = []
        self.worker = CameraWorker(
            self.source,
            on_reading=lambda *_: None,
            on_settled=lambda reading, _frame_id: self.settled.append(reading),
            motion_gate=motion_gate,
            reader=self.read,
            die_colours=lambda: self.colours,
        )

    def read(self, _image: np.ndarray, calibration: Calibration | None) -> DiceReading:
        """The drawn truth, a blue die named as the colours told name it: blue when blue is among them, else
        `blue_among_game` (the nearest of the game's colours, or none)."""
        self.reads += 1
        told = calibration.colours if calibration is not None else ()
        truth = self.truth[self.source.position]
        dice = tuple(
            replace(die, color=self.blue_among_game) if die.color == "blue" and "blue" not in told else die
            for die in truth.dice
        )
        return replace(truth, dice=dice)

    def steps(self, count: int) -> None:
        for _ in range(count):
            self.worker.step()

    def colours_of_latest(self) -> list[str | None]:
        reading = self.worker.latest_reading()
        assert reading is not None, "no frame was read"
        return sorted((die.color for die in reading.dice), key=str)


def first_roll_then(*scenes: Scene) -> list[Shots]:
    """ROLL_A rolled and lying still 20 frames (settled and reused by then), then `scenes`."""
    table = Table()
    return [rolling(table, ROLL_A), still(table, ROLL_A, 20), *(scene(table) for scene in scenes)]


def lying(dice: list[Placed], frames: int = 12) -> Scene:
    """The dice lying still where they are, `frames` frames."""
    return lambda table: still(table, dice, frames)


def rolled(dice: list[Placed], frames: int = 12) -> Scene:
    """The dice rolled to these places, then lying still `frames` frames."""
    return lambda table: rolling(table, dice) + still(table, dice, frames)


FIRST_ROLL_FRAMES = 6 + 20
NAMES = pytest.mark.parametrize("blue_among_game", ["violet", None], ids=["named-another", "named-none"])


@NAMES
def test_dice_lying_there_are_shown_in_the_new_games_colours_at_the_next_frame(blue_among_game: str | None) -> None:
    table = Scripted(first_roll_then(lying(ROLL_A)), blue_among_game=blue_among_game)
    table.steps(FIRST_ROLL_FRAMES)
    assert table.colours_of_latest() == ["blue", "green", "orange"]
    reads = table.reads
    table.worker.step()
    assert table.reads == reads  # settled and unchanged: the last reading is shown again
    table.colours = GAME  # a game begins
    table.worker.step()
    assert table.reads == reads + 1
    assert table.colours_of_latest() == sorted(["green", "orange", blue_among_game], key=str)
    seen = table.worker.latest_frame()
    assert seen is not None and seen[1] == table.worker.latest_reading()  # what the calibration page is given
    table.colours = ()  # the game ends: the whole palette names the dice again
    table.worker.step()
    assert table.colours_of_latest() == ["blue", "green", "orange"]


@NAMES
def test_dice_renamed_by_a_game_beginning_are_no_new_roll(blue_among_game: str | None) -> None:
    table = Scripted(first_roll_then(lying(ROLL_A, 20)), blue_among_game=blue_among_game)
    table.steps(FIRST_ROLL_FRAMES)
    assert len(table.settled) == 1
    phases = []
    for colours in (GAME, ()):  # a game begins, then ends, the dice never touched
        table.colours = colours
        for _ in range(10):
            table.worker.step()
            phases.append(table.worker.settler.phase)
    assert table.reads >= 3  # both changes were read...
    assert len(table.settled) == 1  # ...and neither made a roll of the dice lying there
    assert set(phases) == {"settled"}  # nor a roll being decided, on the dashboard


@NAMES
def test_dice_renamed_then_picked_up_and_put_back_are_still_no_new_roll(blue_among_game: str | None) -> None:
    # Long enough for a die named none to settle so (Settler.unclear_patience), were it taken for a new roll.
    table = Scripted(first_roll_then(lying(ROLL_A, 4), rolled(ROLL_A, 20)), blue_among_game=blue_among_game)
    table.steps(FIRST_ROLL_FRAMES)
    table.colours = GAME
    table.steps(4 + 6 + 20)
    assert table.colours_of_latest() == sorted(["green", "orange", blue_among_game], key=str)
    assert len(table.settled) == 1


@NAMES
def test_a_real_roll_after_the_renaming_settles_in_the_new_games_colours(blue_among_game: str | None) -> None:
    # A die named none waits a while for a clear view before it settles so (Settler.unclear_patience).
    table = Scripted(first_roll_then(lying(ROLL_A, 4), rolled(ROLL_B, 20)), blue_among_game=blue_among_game)
    table.steps(FIRST_ROLL_FRAMES)
    table.colours = GAME
    table.steps(4)
    assert table.colours_of_latest() == sorted(["green", "orange", blue_among_game], key=str)
    assert len(table.settled) == 1
    table.steps(6 + 20)
    assert len(table.settled) == 2
    assert sorted((d.value, d.color or "") for d in table.settled[1].dice) == sorted(
        [(2, blue_among_game or ""), (5, "orange"), (4, "green")]
    )


def test_with_the_gate_off_dice_renamed_are_no_new_roll_either() -> None:
    # Every frame is read then: the renamed dice are read at once, and must not settle as a roll.
    table = Scripted(first_roll_then(lying(ROLL_A, 20)), blue_among_game="violet", motion_gate=False)
    table.steps(FIRST_ROLL_FRAMES)
    table.colours = GAME
    table.steps(20)
    assert table.colours_of_latest() == ["green", "orange", "violet"]
    assert len(table.settled) == 1


@pytest.mark.parametrize("motion_gate", [True, False], ids=["gate-on", "gate-off"])
def test_a_hand_passing_over_the_dice_as_a_game_begins_makes_no_new_roll_of_them(motion_gate: bool) -> None:
    # Dice are renamed from the first still frame after the hand: in motion, some are hidden under it.
    def hand_passing(table: Table) -> Shots:
        return [table.shot(ROLL_A, hand=(x, 120)) for x in range(100, 341, 40)]

    scenes = first_roll_then(hand_passing, lying(ROLL_A, 20))
    table = Scripted(scenes, blue_among_game="violet", motion_gate=motion_gate)
    table.steps(FIRST_ROLL_FRAMES)
    table.colours = GAME
    table.steps(7 + 20)
    assert table.colours_of_latest() == ["green", "orange", "violet"]
    assert len(table.settled) == 1


def test_the_settler_renames_the_dice_of_its_last_roll_alone() -> None:
    table = Table()
    shots = rolling(table, ROLL_A) + still(table, ROLL_A, 6)
    settler = Settler()
    assert [event.reading for event in feed_all(settler, shots)] == [shots[-1][1]]
    last = settler.last_settled
    assert last is not None
    renamed = replace(last, dice=tuple(replace(die, color=die.color and die.color.upper()) for die in last.dice))
    other_values = replace(last, dice=tuple(replace(die, value=(die.value or 0) % 6 + 1) for die in last.dice))
    elsewhere = table.shot(ROLL_B)[1]
    assert not settler.rename_roll(other_values) and not settler.rename_roll(elsewhere)
    assert settler.last_settled == last
    assert settler.rename_roll(renamed) and settler.last_settled == renamed
    assert not Settler().rename_roll(renamed)  # no roll known: nothing to rename


class Retaught(Scripted):
    """A table whose blue is taught anew, its name kept: the reader then names the blue die violet (the names the
    camera tells dice among are the same before and after)."""

    def read(self, image: np.ndarray, calibration: Calibration | None) -> DiceReading:
        reading = super().read(image, calibration)
        default = Calibration.default().centres["blue"]
        if calibration is None or calibration.centres.get("blue") == default:
            return reading
        renamed = tuple(replace(die, color="violet") if die.color == "blue" else die for die in reading.dice)
        return replace(reading, dice=renamed)


def test_dice_renamed_by_a_colour_taught_anew_then_put_back_are_no_new_roll() -> None:
    table = Retaught(first_roll_then(lying(ROLL_A, 4), rolled(ROLL_A, 20)), blue_among_game=None)
    table.steps(FIRST_ROLL_FRAMES)
    assert len(table.settled) == 1
    default = Calibration.default()
    told = table.worker.colours_told()
    blue = default.centres["blue"]
    table.worker.calibration = replace(default, centres={**default.centres, "blue": (blue[0] + 8, blue[1], blue[2])})
    assert table.worker.colours_told() == told  # the same names: only the colours taught changed
    table.steps(4 + 6 + 20)  # still, then picked up and put back where they lay
    assert table.colours_of_latest() == ["green", "orange", "violet"]
    assert len(table.settled) == 1
