"""Rolling or settled? Turns a stream of (frame, reading) into one RollSettled per real roll.

How it decides:
- Motion: each frame is shrunk to 160 pixels wide and blurred, and compared with the previous one
  (vision.motion); the share of pixels that changed is the motion. Above `motion_threshold` the dice are
  rolling; above `hand_threshold` a hand (or anything big) is moving in view. A frame in motion needs no
  reading: ask needs_reading(frame) first and feed(frame, None) when it says no (vision.gate does).
- Drift: still frames must also find every die within `position_tolerance` die sides of where it was
  when the still period began, so a slow slide that differencing misses cannot settle mid-way.
- Stillness: still frames must also agree on the dice (matched by centre position, same values and
  colours; a die read once and unreadable in another frame still agrees) for `still_seconds` and at least
  `min_still_frames` frames (counting the frame before the first still one: the scene was already like
  that). At 10 fps the defaults settle 0.2 s after the dice stopped.
- Unreadable dice (value or colour None): the roll waits up to `unclear_patience` seconds more for a
  clear view, because a glint or a passing shadow usually clears in a few frames; after that it settles
  WITH the None, so that the companion asks for a correction rather than the game hanging on a die
  that is cocked or hidden for good. `is_waiting_for_clear_view` tells the dashboard in the meantime.
- A hand held still over the table: it causes no motion, so the last settled (or empty) scene is kept
  as a reference and a settle is held back while a large area outside the dice (more than
  `hand_threshold`, less than `scene_change_share` of it) differs from it; after `absorb_seconds` the
  change is accepted as the new table (a card laid down). A change over most of the view is a new
  scene (light switched on, camera moved, the next demo still), not a hand: it is accepted at once.
- Repeats: a scene with the same multiset of (value, colour) at about the same places as the last
  settled roll (dice picked up and put back) gives no event; any other change gives a new one.
  An empty table never gives an event. reset() forgets everything, including the last roll.
- Restarts: a settler just made remembers no roll, so the dice lying still on the table when the service
  starts again would be a new roll. remember_roll(reading) gives it the last roll the camera settled before
  (as the caller recorded it, plain data): the same dice at about the same places are then "put back",
  and give no event. A seed never replaces a roll this settler knows already (settled here, or an earlier
  seed): what lies on the table is what the camera saw settle last.
- Colour names: the colours a die may be named change with the active game (Calibration.only), so the dice of
  the last roll can read with other names once a game begins or ends, without having moved. rename_roll(reading)
  takes such a reading as the last roll under its new names: no event, then or when they are put back.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any, Literal

import cv2
import numpy as np

from vision.motion import MotionMeter
from vision.reading import DiceReading, Die
from vision.sources.frame import Frame

log = logging.getLogger(__name__)

Phase = Literal["empty", "rolling", "settling", "settled"]
TIME_SLACK = 0.01


@dataclass(frozen=True)
class RollSettled:
    """The dice came to rest and were read the same way long enough: a new roll to record."""

    reading: DiceReading
    settled_at: float
    still_since: float
    frame_index: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON form for the event log and the dashboard stream."""
        return {
            "type": "RollSettled",
            "reading": self.reading.to_dict(),
            "settled_at": round(self.settled_at, 4),
            "still_since": round(self.still_since, 4),
            "frame_index": self.frame_index,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RollSettled:
        """Inverse of to_dict."""
        return cls(
            reading=DiceReading.from_dict(data["reading"]),
            settled_at=float(data["settled_at"]),
            still_since=float(data["still_since"]),
            frame_index=int(data["frame_index"]),
        )


class Settler:
    """Feed it every frame with its reading; it returns a RollSettled exactly once per settled roll."""

    def __init__(
        self,
        still_seconds: float = 0.2,
        motion_threshold: float = 0.001,
        *,
        min_still_frames: int = 3,
        hand_threshold: float = 0.04,
        unclear_patience: float = 1.0,
        absorb_seconds: float = 3.0,
        scene_change_share: float = 0.5,
        position_tolerance: float = 0.35,
        same_place_tolerance: float = 1.0,
        motion_meter: MotionMeter | None = None,
    ) -> None:
        _check_settings(still_seconds, motion_threshold, hand_threshold, min_still_frames)
        self.still_seconds = still_seconds
        self.motion_threshold = motion_threshold
        self.min_still_frames = min_still_frames
        self.hand_threshold = hand_threshold
        self.unclear_patience = unclear_patience
        self.absorb_seconds = absorb_seconds
        self.scene_change_share = scene_change_share
        self.position_tolerance = position_tolerance
        self.same_place_tolerance = same_place_tolerance
        self.motion = motion_meter or MotionMeter()
        self.last_settled: DiceReading | None = None
        """The reading of the last roll emitted (kept across reset() of the stream, cleared by reset())."""
        self.reset()

    @property
    def phase(self) -> Phase:
        """ "empty" | "rolling" | "settling" | "settled"."""
        return self._phase

    @property
    def is_hand_in_view(self) -> bool:
        """True when something large is moving in view, or something still covers the table."""
        return self._is_hand_in_view

    @property
    def is_waiting_for_clear_view(self) -> bool:
        """True while a settled-looking roll is held back because a die could not be read."""
        return self._is_waiting_for_clear_view

    @property
    def last_motion(self) -> float | None:
        """The changed share of the last frame (None for the first frame)."""
        return self._last_motion

    def reset(self) -> None:
        """Forget the stream and the last roll (a new game, another camera)."""
        self.motion.reset()
        self.last_settled = None
        self._phase: Phase = "empty"
        self._candidate: DiceReading | None = None
        self._still_since = 0.0
        self._still_frames = 0
        self._previous_timestamp: float | None = None
        self._last_motion: float | None = None
        self._looked_at: Frame | None = None
        self._is_at_rest = False
        self._is_hand_in_view = False
        self._is_waiting_for_clear_view = False
        self._reference: np.ndarray | None = None
        self._reference_dice: tuple[Die, ...] = ()

    def remember_roll(self, reading: DiceReading | None) -> bool:
        """Take `reading` as the last settled roll, unless one is known already; whether it was taken.

        For a settler started after a restart: the dice still lying as at that roll are not a new one, just as
        dice picked up and put back are not (see the module's "Repeats"). A genuinely new roll of the same
        values at about the same places is taken for the same dice, as it is within one run; elsewhere on the
        table it is a new roll. A reading without dice is no roll, and is not taken.
        """
        if reading is None or not reading.dice or self.last_settled is not None:
            return False
        self.last_settled = reading
        return True

    def rename_roll(self, reading: DiceReading) -> bool:
        """Take `reading` as the last settled roll under other colour names, if it holds that roll's dice at about
        the same places with the same values; whether it did.

        For dice read again because the colours they are told among changed (a game began or ended): the names
        changed, not the dice. Renamed, the roll lying there stays settled, and picked up and put back it is
        still no new roll; without it, the new names alone would make it one (see "Repeats"). Anything else
        lying there, other values or other places, is for feed() to judge as usual.
        """
        last = self.last_settled
        pairs = match_dice(last, reading, self.same_place_tolerance) if last is not None and reading.dice else None
        if pairs is None or any(d.value != e.value for d, e in pairs):
            return False
        self.last_settled = reading
        if self._phase == "settled":
            # The roll at rest is now told by these names: the frames after it agree with it, and it stays settled.
            self._candidate = reading
        return True

    def look(self, frame: Frame) -> float | None:
        """The motion of this frame (measured once, however often asked); None for a first frame."""
        if frame is not self._looked_at:
            self._looked_at = frame
            self._last_motion = self.motion.measure(frame.image)
        return self._last_motion

    def needs_reading(self, frame: Frame) -> bool:
        """False for a frame in motion: its dice would be ignored, so feed(frame, None) needs no reading."""
        motion = self.look(frame)
        return motion is not None and motion <= self.motion_threshold

    @property
    def is_at_rest(self) -> bool:
        """True when nothing is being decided: a roll has settled, or the table has been seen empty long enough."""
        return self._is_at_rest

    def feed(self, frame: Frame, reading: DiceReading | None) -> RollSettled | None:
        """Take the next frame and its reading (None only when not needs_reading); the event of a new roll."""
        motion = self.look(frame)
        previous_timestamp, self._previous_timestamp = self._previous_timestamp, frame.timestamp
        self._is_hand_in_view = motion is not None and motion > self.hand_threshold
        self._is_waiting_for_clear_view = False
        if motion is None or motion > self.motion_threshold:
            self._candidate = None
            self._phase = "rolling"
            self._is_at_rest = False
            return None
        if reading is None:
            raise ValueError(f"frame {frame.index} is still: it needs its dice reading (see needs_reading)")
        self._follow(reading, frame.timestamp, previous_timestamp)
        if self._phase == "settled":
            return None
        return self._try_settle(frame)

    def _follow(self, reading: DiceReading, timestamp: float, previous_timestamp: float | None) -> None:
        """Extend the current still candidate with this reading, or start a new one."""
        candidate = self._candidate
        if candidate is not None and self._agree(candidate, reading, self.position_tolerance):
            self._candidate = merge_readings(candidate, reading, self.position_tolerance)
            self._still_frames += 1
            return
        # The first still frame after motion looks like the frame before it: still since then.
        is_after_motion = candidate is None and previous_timestamp is not None
        self._candidate = reading
        self._still_since = previous_timestamp if previous_timestamp is not None and is_after_motion else timestamp
        self._still_frames = 2 if is_after_motion else 1
        self._phase = "settling"

    def _try_settle(self, frame: Frame) -> RollSettled | None:
        """Settle the candidate if it has been still, clear and uncovered long enough."""
        candidate = self._candidate
        assert candidate is not None
        self._is_at_rest = False
        # 10 ms of slack: frame times jitter, and 1.0 - 0.8 < 0.2 in floating point.
        still_for = frame.timestamp - self._still_since + TIME_SLACK
        if still_for < self.still_seconds or self._still_frames < self.min_still_frames:
            self._phase = "empty" if not candidate.dice else "settling"
            return None
        if not candidate.dice:
            self._phase = "empty"
            self._is_at_rest = True
            self._remember_reference(candidate)
            return None
        if not candidate.is_certain and still_for < self.still_seconds + self.unclear_patience:
            self._is_waiting_for_clear_view = True
            return None
        if self._is_covered(candidate, still_for):
            self._is_hand_in_view = True
            return None
        self._phase = "settled"
        self._is_at_rest = True
        self._remember_reference(candidate)
        if self.last_settled is not None and self._is_repeat(self.last_settled, candidate):
            log.debug("dice back as they were at the last roll: no new event")
            return None
        self.last_settled = candidate
        return RollSettled(candidate, frame.timestamp, self._still_since, frame.index)

    def _is_covered(self, candidate: DiceReading, still_for: float) -> bool:
        """True while a large area outside the dice differs from the last settled or empty table."""
        current = self.motion.current
        if self._reference is None or current is None or self._reference.shape != current.shape:
            return False
        scale = current.shape[1] / max(1, candidate.width)
        mask = np.full(current.shape[:2], 255, np.uint8)
        for die in (*candidate.dice, *self._reference_dice):
            x0, y0, x1, y1 = (round(v * scale) for v in die.bbox)
            margin = max(2, round((x1 - x0) * 0.5))
            cv2.rectangle(mask, (x0 - margin, y0 - margin), (x1 + margin, y1 + margin), 0, -1)
        changed = self.motion.changed_share(self._reference, current, mask > 0)
        if changed <= self.hand_threshold or changed >= self.scene_change_share:
            return False
        if still_for >= self.still_seconds + self.absorb_seconds:
            log.info("the table looks different (%.0f %% changed) but still: taking it as the new table", changed * 100)
            return False
        return True

    def _remember_reference(self, reading: DiceReading) -> None:
        if self.motion.current is not None:
            self._reference = self.motion.current
            self._reference_dice = reading.dice

    def _agree(self, a: DiceReading, b: DiceReading, tolerance: float) -> bool:
        """Same dice in the same places with compatible values/colours (None agrees with anything)."""
        pairs = match_dice(a, b, tolerance)
        return pairs is not None and all(_compatible(d, e) for d, e in pairs)

    def _is_repeat(self, previous: DiceReading, current: DiceReading) -> bool:
        """Same multiset of (value, colour) at about the same places as `previous`."""
        if match_dice(previous, current, self.same_place_tolerance) is None:
            return False
        return sorted(map(_face_key, previous.dice)) == sorted(map(_face_key, current.dice))


def match_dice(a: DiceReading, b: DiceReading, tolerance: float) -> list[tuple[Die, Die]] | None:
    """Pair the dice of two readings by nearest centres (within tolerance x die side); None if they differ."""
    pairs = _match_indices(a, b, tolerance)
    return None if pairs is None else [(a.dice[i], b.dice[j]) for i, j in pairs]


def _match_indices(a: DiceReading, b: DiceReading, tolerance: float) -> list[tuple[int, int]] | None:
    """Index pairs (i in a, j in b), closest first; None when counts, frame sizes or places differ."""
    if len(a.dice) != len(b.dice) or (a.width, a.height) != (b.width, b.height):
        return None
    if not a.dice:
        return []
    limit = tolerance * _die_side(a.dice + b.dice)
    centres_a = np.array([d.center for d in a.dice], float)
    centres_b = np.array([d.center for d in b.dice], float)
    distances = np.linalg.norm(centres_a[:, None, :] - centres_b[None, :, :], axis=2)
    pairs: list[tuple[int, int]] = []
    used_a: set[int] = set()
    used_b: set[int] = set()
    # Greedy closest-first is enough here: dice are at least one die side apart.
    for flat in np.argsort(distances, axis=None, kind="stable"):
        i, j = divmod(int(flat), len(b.dice))
        if i in used_a or j in used_b:
            continue
        if distances[i, j] > limit:
            return None
        used_a.add(i)
        used_b.add(j)
        pairs.append((i, j))
    return pairs


def merge_readings(older: DiceReading, newer: DiceReading, tolerance: float) -> DiceReading:
    """The newer reading, with values/colours it could not read filled in from the older one.

    Dice keep the older positions: the candidate stays anchored where the still period began.
    """
    pairs = _match_indices(older, newer, tolerance)
    if pairs is None:
        return newer
    dice = list(newer.dice)
    for i, j in pairs:
        old, new = older.dice[i], newer.dice[j]
        value = new.value if new.value is not None else old.value
        color = new.color if new.color is not None else old.color
        dice[j] = replace(new, value=value, color=color, bbox=old.bbox, center=old.center)
    return replace(newer, dice=tuple(dice))


def _compatible(a: Die, b: Die) -> bool:
    return (a.value is None or b.value is None or a.value == b.value) and (
        a.color is None or b.color is None or a.color == b.color
    )


def _face_key(die: Die) -> tuple[int, str]:
    return (die.value if die.value is not None else 0, die.color or "")


def _die_side(dice: tuple[Die, ...]) -> float:
    """The typical die side in pixels (median of the box sides)."""
    sides = [((d.bbox[2] - d.bbox[0]) + (d.bbox[3] - d.bbox[1])) / 2 for d in dice]
    return float(np.median(sides)) if sides else 0.0


def _check_settings(still_seconds: float, motion: float, hand: float, frames: int) -> None:
    """Refuse settings that cannot work, naming the field and the allowed range."""
    if not still_seconds >= 0:
        raise ValueError(f"still_seconds must be >= 0, got {still_seconds}")
    if not 0 < motion < 1 or not 0 < hand <= 1 or hand < motion:
        raise ValueError(
            f"motion_threshold and hand_threshold must be shares in (0, 1] with hand >= motion, got {motion}, {hand}"
        )
    if frames < 1:
        raise ValueError(f"min_still_frames must be >= 1, got {frames}")
