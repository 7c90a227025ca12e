"""The read gate: the dice reader runs only on frames whose reading can matter to the settler.

Reading the dice costs tens of milliseconds a frame (several times that on a Raspberry Pi); measuring motion
on the settler's shrunk frames costs a fraction of one. So every frame's motion is measured first:
- In motion (above the settler's rolling threshold): not read. The settler counts the frame as rolling and
  would ignore its dice anyway.
- Unchanged since the last frame that WAS read (under `unchanged_share` on the same shrunk frames) while
  the settler is at rest (a roll settled, or the table seen empty long enough): that reading is used
  again. Comparing with the last read frame, not the previous one, makes a slow slide add up until it
  forces a new read. While a roll is being decided every still frame is read, as the settler's agreement
  between frames guards against a misread or a glint only if the frames are really looked at; except a
  frame identical to the last one read, pixel for pixel (a replayed still), which would read the same.
- Otherwise: read. What is read is the mean of the still frames so far (the last `stacked_frames`, older
  ones fading out; see StillStack), the frame itself first: the same dice with less of the camera's noise,
  so a die on the edge of being read stops flickering between readings and the roll settles sooner.
Turned off (`is_enabled=False`), every frame is read alone, as before the gate existed (for diagnosis).

When the colours the dice are told among change (a game began or ended), rename_dice() has the next still frame
read afresh, reused reading or not, and its reading offered to the settler as its last roll under the new names
(Settler.rename_roll): dice lying there since before, or put back, are no new roll for being named otherwise.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

import cv2
import numpy as np

from vision.reading import DiceReading
from vision.settling import RollSettled, Settler
from vision.sources.frame import Frame

log = logging.getLogger(__name__)

Reader = Callable[[np.ndarray], DiceReading]
How = Literal["read", "moving", "reused"]


@dataclass(frozen=True)
class GatedFrame:
    """One frame through the gate: the reading to show, how it was obtained, and the roll it settled."""

    reading: DiceReading
    how: How
    settled: RollSettled | None


@dataclass
class GateCounts:
    """How many frames were read, skipped because in motion, and given the last reading again."""

    read: int = 0
    moving: int = 0
    reused: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form for the health page."""
        return {"frames_dice_read": self.read, "frames_skipped_moving": self.moving, "frames_reused": self.reused}


class LastRead(NamedTuple):
    """The last frame read (shrunk as the motion meter sees it, and whole) and its reading."""

    shrunk: np.ndarray
    image: np.ndarray
    reading: DiceReading


class ReadGate:
    """Feeds a settler frame by frame, calling `read` only when the reading can matter."""

    def __init__(
        self,
        settler: Settler,
        read: Reader,
        *,
        is_enabled: bool = True,
        unchanged_share: float = 0.0005,
        stacked_frames: int = 4,
    ) -> None:
        if not 0 <= unchanged_share <= settler.motion_threshold:
            # Unchanged must be stricter than still, or a slide that never counts as motion could go unread.
            raise ValueError(f"unchanged_share must be in [0, {settler.motion_threshold}], got {unchanged_share}")
        self.settler = settler
        self.read = read
        self.is_enabled = is_enabled
        self.unchanged_share = unchanged_share
        self.counts = GateCounts()
        self._stack = StillStack(stacked_frames)
        self._last_read: LastRead | None = None
        self._forgotten = 0
        self._is_renaming = False

    def step(self, frame: Frame) -> GatedFrame:
        """Pass one frame: read it, skip it or reuse the last reading, and feed the settler."""
        if self.is_enabled and not self.settler.needs_reading(frame):
            self.counts.moving += 1
            self._stack.clear()
            # Dice in motion have no value yet, and outlines left where they were would sit beside the dice
            # on the live picture: the dashboard shows no dice and the "rolling" phase until they stop.
            height, width = frame.image.shape[:2]
            return GatedFrame(DiceReading((), width, height), "moving", self.settler.feed(frame, None))
        last = self._last_read
        if self.is_enabled and last is not None and not self._is_renaming and self._is_unchanged(frame, last):
            self.counts.reused += 1
            return GatedFrame(last.reading, "reused", self.settler.feed(frame, last.reading))
        self.counts.read += 1
        forgotten = self._forgotten
        reading = self.read(self._stack.add(frame.image) if self.is_enabled else frame.image)
        self._rename_roll(frame, reading)
        settled = self.settler.feed(frame, reading)
        shrunk = self.settler.motion.current
        # Not kept if forget_reading() was called (from another thread) during the read: it was made the old way.
        # A copy of the image: a live source may fill the same buffer with the next frame.
        is_kept = forgotten == self._forgotten
        self._last_read = LastRead(shrunk, frame.image.copy(), reading) if shrunk is not None and is_kept else None
        return GatedFrame(reading, "read", settled)

    def forget_reading(self) -> None:
        """Read the next still frame afresh (the reader changed, e.g. a new colour calibration)."""
        self._forgotten += 1
        self._last_read = None

    def rename_dice(self) -> None:
        """Read the next still frame afresh, its dice named among other colours (a game began or ended), and offer
        its reading to the settler as the last roll renamed (see the module)."""
        self._is_renaming = True

    def _rename_roll(self, frame: Frame, reading: DiceReading) -> None:
        """Offer the first still frame's reading after rename_dice() to the settler as its last roll renamed."""
        if not self._is_renaming or not self.settler.needs_reading(frame):
            return  # dice in motion (read when the gate is off) are no roll yet: the first still frame decides
        self._is_renaming = False
        if self.settler.rename_roll(reading):
            log.info("the dice of the last roll read with other colour names: the same roll, renamed")

    def _is_unchanged(self, frame: Frame, last: LastRead) -> bool:
        """True when this frame looks like the last frame read, closely enough for what the settler is doing."""
        current = self.settler.motion.current
        if current is None or current.shape != last.shrunk.shape:
            return False
        if self.settler.motion.changed_share(last.shrunk, current) > self.unchanged_share:
            return False
        # While a roll is being decided, only the very same pixels (a replayed still) may skip the reader,
        # which would give the same reading again; any other frame is a fresh look the settler relies on.
        return self.settler.is_at_rest or np.array_equal(frame.image, last.image)


class StillStack:
    """The mean of the last still frames (up to `size`; older ones fade out): the same dice with less sensor
    noise, so that a die on the edge of being read (a faint pip, a die close to the table's colour) is read the
    same way from one frame to the next instead of flickering, and the roll settles sooner and surer.

    Only frames in which nothing moved are stacked (the gate clears it on motion), so no die is smeared."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"stacked_frames must be >= 1, got {size}")
        self.size = size
        self._mean: np.ndarray | None = None
        self._count = 0

    def clear(self) -> None:
        self._mean = None
        self._count = 0

    def add(self, image: np.ndarray) -> np.ndarray:
        """Take a still frame; the image to read: the frame itself first, then the mean of the stack."""
        if self.size == 1:
            return image
        if self._mean is None or self._mean.shape != image.shape:
            self._mean = image.astype(np.float32)
            self._count = 1
            return image
        self._count = min(self._count + 1, self.size)
        cv2.accumulateWeighted(image, self._mean, 1.0 / self._count)
        return np.asarray(np.round(self._mean), np.uint8)
