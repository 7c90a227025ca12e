"""Settler on sequences drawn here: one event per roll, none for hands or dice put back, a new one on change."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.reading import DiceReading, Die
from vision.settling import RollSettled, Settler, match_dice
from vision.sources import Frame, ManualClock, ReplaySource

WIDTH, HEIGHT, SIDE, FPS = 320, 240, 28, 10.0
COLOURS = {"blue": (200, 90, 30), "orange": (30, 140, 240), "green": (60, 170, 40), "violet": (160, 50, 120)}
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


@dataclass(frozen=True)
class Placed:
    """A die in a drawn scene: centre, value (None = drawn but unreadable), colour."""

    x: float
    y: float
    value: int | None
    color: str = "blue"


@dataclass
class Table:
    """Draws frames of a felt table with dice and an optional hand, and the reading a perfect reader gives."""

    seed: int = 1
    felt_colour: tuple[int, int, int] = (60, 110, 50)
    time: float = 0.0
    index: int = 0
    rng: np.random.Generator = field(init=False)
    felt: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)
        noise = self.rng.normal(0, 6, (HEIGHT, WIDTH, 1))
        self.felt = np.clip(np.array(self.felt_colour) + noise, 0, 255).astype(np.uint8)

    def shot(self, dice: Iterable[Placed], hand: tuple[int, int] | None = None) -> tuple[Frame, DiceReading]:
        image = self.felt.copy()
        readings = [self._draw_die(image, die) for die in dice]
        if hand is not None:
            cv2.ellipse(image, hand, (70, 45), 20, 0, 360, (140, 170, 220), -1)
            readings = [d for d in readings if not _under(d, hand)]
        sensor = self.rng.normal(0, 2.0, image.shape)  # camera noise: still frames are never identical
        image = np.clip(image + sensor, 0, 255).astype(np.uint8)
        frame = Frame(image, self.time, self.index)
        self.time += 1 / FPS
        self.index += 1
        return frame, DiceReading(tuple(readings), WIDTH, HEIGHT)

    def _draw_die(self, image: np.ndarray, die: Placed) -> Die:
        half = SIDE / 2
        x0, y0 = round(die.x - half), round(die.y - half)
        cv2.rectangle(image, (x0, y0), (x0 + SIDE, y0 + SIDE), COLOURS[die.color], -1)
        for dx, dy in PIPS[die.value or 5]:
            cv2.circle(image, (round(die.x + dx * SIDE * 0.28), round(die.y + dy * SIDE * 0.28)), 3, (255,) * 3, -1)
        bbox = (x0, y0, x0 + SIDE, y0 + SIDE)
        return Die(die.value, die.color, bbox, (die.x, die.y), 0.95 if die.value else 0.3)


def _under(die: Die, hand: tuple[int, int]) -> bool:
    return abs(die.center[0] - hand[0]) < 70 and abs(die.center[1] - hand[1]) < 45


def rolling(table: Table, final: list[Placed], frames: int = 6) -> list[tuple[Frame, DiceReading]]:
    """Dice tumbling towards their final places (moving several pixels a frame, values changing)."""
    shots = []
    for step in range(frames, 0, -1):
        moving = [Placed(d.x - 9 * step, d.y + 5 * step, (step % 6) + 1, d.color) for d in final]
        shots.append(table.shot(moving))
    return shots


def still(table: Table, dice: list[Placed], frames: int, hand: tuple[int, int] | None = None) -> list:
    return [table.shot(dice, hand) for _ in range(frames)]


def feed_all(settler: Settler, shots: list[tuple[Frame, DiceReading]]) -> list[RollSettled]:
    return [event for frame, reading in shots if (event := settler.feed(frame, reading)) is not None]


ROLL_A = [Placed(100, 80, 3, "blue"), Placed(180, 120, 6, "orange"), Placed(240, 170, 1, "green")]
ROLL_B = [Placed(120, 150, 2, "blue"), Placed(200, 60, 5, "orange"), Placed(260, 120, 4, "green")]


@pytest.mark.parametrize("still_seconds", [0.2, 0.25])
def test_roll_then_still_gives_exactly_one_event_within_300_ms(still_seconds: float) -> None:
    table, settler = Table(), Settler(still_seconds)
    events = feed_all(settler, rolling(table, ROLL_A))
    first_still = table.time
    phases = []
    for frame, reading in still(table, ROLL_A, 15):
        event = settler.feed(frame, reading)
        phases.append(settler.phase)
        events += [event] if event else []
    assert len(events) == 1
    event = events[0]
    assert sorted((d.value, d.color) for d in event.reading.dice) == [(1, "green"), (3, "blue"), (6, "orange")]
    assert event.still_since == pytest.approx(first_still)
    assert 0 < event.settled_at - first_still <= 0.3
    assert phases[0] == "rolling" and "settling" in phases and phases[-1] == "settled"


def test_dice_picked_up_and_put_back_give_no_new_event() -> None:
    table, settler = Table(), Settler()
    shots = rolling(table, ROLL_A) + still(table, ROLL_A, 6)
    shots += [table.shot(ROLL_A[1:], hand=(90 + 10 * i, 80)) for i in range(5)]  # a hand takes die 1
    back = [Placed(d.x + 3, d.y - 2, d.value, d.color) for d in ROLL_A]  # put back a few pixels off
    shots += still(table, back, 10)
    events = feed_all(settler, shots)
    assert len(events) == 1 and settler.phase == "settled"


def test_moving_hand_in_view_holds_the_event_back_until_it_leaves() -> None:
    table, settler = Table(), Settler()
    shots = rolling(table, ROLL_A)
    shots += [table.shot(ROLL_A, hand=(60 + 25 * i, 200)) for i in range(8)]
    assert feed_all(settler, shots) == []
    assert settler.phase == "rolling" and settler.is_hand_in_view
    events = feed_all(settler, still(table, ROLL_A, 6))
    assert len(events) == 1


def test_hand_held_still_over_the_table_gives_no_event_while_there() -> None:
    table, settler = Table(), Settler()
    assert len(feed_all(settler, rolling(table, ROLL_A) + still(table, ROLL_A, 5))) == 1
    reroll = rolling(table, ROLL_B)
    resting_hand = (70, 60)  # away from every die of ROLL_B, not moving at all
    reroll += [table.shot(ROLL_B, hand=(70 + 4 * i, 60)) for i in range(3)]
    reroll += still(table, ROLL_B, 15, hand=resting_hand)
    assert feed_all(settler, reroll) == []
    assert settler.is_hand_in_view and settler.phase == "settling"
    events = feed_all(settler, still(table, ROLL_B, 6))
    assert len(events) == 1 and {d.value for d in events[0].reading.dice} == {2, 4, 5}


def test_a_still_change_of_the_table_is_absorbed_after_a_while() -> None:
    table, settler = Table(), Settler(absorb_seconds=1.0)
    feed_all(settler, rolling(table, ROLL_A) + still(table, ROLL_A, 5))
    events = feed_all(settler, rolling(table, ROLL_B) + still(table, ROLL_B, 20, hand=(70, 60)))
    assert len(events) == 1 and events[0].settled_at - events[0].still_since >= 1.0


def test_reroll_with_different_values_gives_a_new_event() -> None:
    table, settler = Table(), Settler()
    shots = rolling(table, ROLL_A) + still(table, ROLL_A, 6) + rolling(table, ROLL_B) + still(table, ROLL_B, 6)
    events = feed_all(settler, shots)
    assert [sorted(d.value or 0 for d in e.reading.dice) for e in events] == [[1, 3, 6], [2, 4, 5]]
    assert events[1].frame_index > events[0].frame_index


def test_same_values_elsewhere_is_a_new_roll() -> None:
    table, settler = Table(), Settler()
    moved = [Placed(d.x - 60, d.y + 40, d.value, d.color) for d in ROLL_A]
    shots = rolling(table, ROLL_A) + still(table, ROLL_A, 6) + rolling(table, moved) + still(table, moved, 6)
    assert len(feed_all(settler, shots)) == 2


def test_empty_table_never_settles() -> None:
    table, settler = Table(), Settler()
    assert feed_all(settler, still(table, [], 20)) == []
    assert settler.phase == "empty"


def test_unreadable_die_waits_for_a_clear_view_then_settles_with_none() -> None:
    table, settler = Table(), Settler(unclear_patience=0.5)
    cocked = [ROLL_A[0], ROLL_A[1], Placed(240, 170, None, "green")]
    feed_all(settler, rolling(table, cocked))
    start = table.time
    waiting, events = [], []
    for frame, reading in still(table, cocked, 12):
        events += [e] if (e := settler.feed(frame, reading)) else []
        waiting.append(settler.is_waiting_for_clear_view)
    assert any(waiting) and len(events) == 1
    assert not events[0].reading.is_certain
    assert events[0].settled_at - start >= 0.5


def test_die_read_once_is_enough_when_other_frames_miss_it() -> None:
    table, settler = Table(), Settler(unclear_patience=5.0)
    feed_all(settler, rolling(table, ROLL_A))
    shots = still(table, ROLL_A, 5)
    for number in (0, 1, 3, 4):  # the reader saw the green die's value only in frame 2 (glare otherwise)
        frame, reading = shots[number]
        blind = tuple(replace(d, value=None) if d.color == "green" else d for d in reading.dice)
        shots[number] = (frame, replace(reading, dice=blind))
    events = feed_all(settler, shots)
    assert len(events) == 1 and events[0].reading.is_certain


def test_reset_forgets_the_last_roll() -> None:
    table, settler = Table(), Settler()
    assert len(feed_all(settler, rolling(table, ROLL_A) + still(table, ROLL_A, 5))) == 1
    settler.reset()
    assert settler.last_settled is None and settler.phase == "empty"
    assert len(feed_all(settler, still(table, ROLL_A, 5))) == 1


def test_replay_that_ends_settles_once_per_still_scene(tmp_path: Path) -> None:
    truth: list[DiceReading] = []
    felt, wood = Table(), Table(felt_colour=(60, 120, 170))  # demo stills need not share a background
    for number, (table, roll) in enumerate([(felt, ROLL_A), (wood, ROLL_B), (felt, ROLL_A)]):
        frame, reading = table.shot(roll)
        cv2.imwrite(str(tmp_path / f"demo_{number}.png"), frame.image)
        truth.append(reading)
    clock = ManualClock()
    source = ReplaySource(tmp_path, stills_per_second=2, camera_fps=10, loop=False, clock=clock, sleep=clock.sleep)
    settler = Settler()
    events = []
    while (delivered := source.read()) is not None:
        events += [e] if (e := settler.feed(delivered, truth[source.position])) else []
    assert source.status().state == "ended"
    assert [e.reading for e in events] == truth
    assert all(e.settled_at - e.still_since <= 0.3 for e in events)


def test_event_round_trips_through_json_form() -> None:
    table, settler = Table(), Settler()
    (event,) = feed_all(settler, rolling(table, ROLL_A) + still(table, ROLL_A, 5))
    again = RollSettled.from_dict(event.to_dict())
    assert again.to_dict() == event.to_dict() and again.frame_index == event.frame_index


def test_match_dice_refuses_different_counts_or_far_places() -> None:
    table = Table()
    _, a = table.shot(ROLL_A)
    _, b = table.shot(ROLL_A[:2])
    _, c = table.shot([Placed(d.x + SIDE, d.y, d.value, d.color) for d in ROLL_A])
    assert match_dice(a, b, 1.0) is None and match_dice(a, c, 0.5) is None
    pairs = match_dice(a, a, 0.1)
    assert pairs is not None and all(x == y for x, y in pairs)


@pytest.mark.parametrize(
    "kwargs", [{"still_seconds": -1}, {"motion_threshold": 0}, {"hand_threshold": 0.0001}, {"min_still_frames": 0}]
)
def test_impossible_settings_are_refused(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        Settler(**kwargs)  # type: ignore[arg-type]


def test_flickering_reading_does_not_settle_until_it_agrees() -> None:
    table, settler = Table(), Settler()
    feed_all(settler, rolling(table, ROLL_A))
    shots = still(table, ROLL_A, 12)
    for number in range(0, 8, 2):  # the reader hesitates between 3 and 4 on the blue die for 8 frames
        frame, reading = shots[number]
        hesitant = tuple(replace(d, value=4) if d.color == "blue" else d for d in reading.dice)
        shots[number] = (frame, replace(reading, dice=hesitant))
    events = [(n, e) for n, (f, r) in enumerate(shots) if (e := settler.feed(f, r)) is not None]
    assert len(events) == 1 and events[0][0] >= 9
    assert {d.value for d in events[0][1].reading.dice if d.color == "blue"} == {3}


@pytest.mark.parametrize("seed", [0, 1])
def test_synthetic_sequence_settles_only_on_still_frames(seed: int) -> None:
    synthetic = pytest.importorskip("vision.synthetic")
    sequence = synthetic.render_sequence(seed)
    settler = Settler()
    events = []
    for index, (image, dice, is_moving) in enumerate(sequence):
        reading = DiceReading(tuple(dice), image.shape[1], image.shape[0])
        event = settler.feed(Frame(image, index / FPS, index), reading)
        if event is not None:
            assert not is_moving, f"event on moving frame {index}"
            events.append(event)
    assert events, "a rendered roll should settle"
    assert len(events) <= sum(1 for a, b in zip(sequence, sequence[1:], strict=False) if a[2] and not b[2]) + 1
