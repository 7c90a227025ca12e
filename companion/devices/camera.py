"""The camera loop: frames from a source, dice read when it matters, rolls settled, the latest frame kept."""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from vision.annotate import annotate
from vision.calibration import Calibration
from vision.gate import ReadGate
from vision.reader import read_dice
from vision.reading import DiceReading
from vision.settling import Settler
from vision.sources import FrameSource
from vision.zones import Zones

log = logging.getLogger(__name__)

KEPT_SETTLED_FRAMES = 16


_DEFAULT_PALETTE = Calibration.default()
"""The built-in palette, made once: the camera reads every frame with it until the table is taught its colours."""


class CameraWorker:
    """Reads frames in a background thread; keeps only the latest frame and reading (stale ones are dropped)."""

    def __init__(
        self,
        source: FrameSource,
        on_reading: Callable[[DiceReading, str], None],
        on_settled: Callable[[DiceReading, str], None],
        *,
        calibration: Calibration | None = None,
        zones: Zones | None = None,
        settle_seconds: float = 0.2,
        fps: float = 10.0,
        motion_gate: bool = True,
        reader: Callable[[np.ndarray, Calibration | None], DiceReading] = read_dice,
        die_colours: Callable[[], tuple[str, ...]] = tuple,
    ) -> None:
        self.source = source
        self._calibration = calibration
        self._die_colours = die_colours
        self.zones = zones
        self._reader = reader
        self.settler = Settler(still_seconds=settle_seconds)
        self.gate = ReadGate(self.settler, self._read, is_enabled=motion_gate)
        self._on_reading = on_reading
        self._on_settled = on_settled
        self._period = 1.0 / fps
        self._changed = threading.Condition()
        self._version = 0
        self._frame: np.ndarray | None = None
        self._reading: DiceReading | None = None
        self._seen: tuple[np.ndarray, DiceReading] | None = None
        self._jpeg: tuple[int, bytes] | None = None
        self._settled_frames: OrderedDict[str, np.ndarray] = OrderedDict()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._seeds: list[DiceReading] = []  # rolls to remember, handed to the settler by the loop's own thread
        self._told: tuple[str, ...] | None = None  # the colours the last frame's dice were told among
        self.errors = 0
        self.last_error: str | None = None

    def start(self) -> None:
        """Start the background loop (once)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            started = time.monotonic()
            try:
                self.step()
            except Exception as exc:  # a bad frame or a reader bug must not stop the camera
                self.errors += 1
                self.last_error = f"{type(exc).__name__}: {exc}"
                log.exception("camera step failed")
            self._stop.wait(max(0.0, self._period - (time.monotonic() - started)))

    @property
    def calibration(self) -> Calibration | None:
        """The die colours the reader uses."""
        return self._calibration

    @calibration.setter
    def calibration(self, calibration: Calibration | None) -> None:
        self._calibration = calibration
        # A reading kept for an unchanged picture was made with the old colours; the dice lying there, read with
        # the new ones, are the same roll renamed (as when a game begins: see _follow_colours), not a new one.
        self.gate.forget_reading()
        self.gate.rename_dice()

    def colours_told(self) -> tuple[str, ...]:
        """The colours a die can be named now: the active game's dice's (see `die_colours`), else every colour of
        the table's calibration or of the default palette."""
        return self._told_among().colours

    def _told_among(self) -> Calibration:
        # Every colour known stays known to the reader: a die read as one of the game's has its colour told among
        # them alone, one read as another colour (a white die among Rajas dice) none (Calibration.among_game).
        return (self._calibration or _DEFAULT_PALETTE).only(self._die_colours())

    def _read(self, image: np.ndarray) -> DiceReading:
        """The dice of one frame, with their zones; their colours told among those of the active game's dice, a die
        of another colour named none."""
        reading = self._reader(image, self._told_among())
        return self.zones.assign(reading) if self.zones is not None else reading

    def remember_roll(self, reading: DiceReading | None) -> None:
        """Have the settler take `reading` as the last roll settled, unless it knows one already (see
        Settler.remember_roll): the dice of that roll still lying on the table are then not a new roll."""
        if reading is not None:
            with self._changed:
                self._seeds.append(reading)

    def step(self) -> DiceReading | None:
        """Take one frame if there is one, read its dice if the gate lets it, and feed the settler."""
        with self._changed:
            seeds, self._seeds = self._seeds, []
        for seed in seeds:
            if self.settler.remember_roll(seed):
                log.info("camera: dice lying as at the last camera roll (%d dice) are not a new roll", len(seed.dice))
        self._follow_colours()
        frame = self.source.read()
        if frame is None:
            return None
        gated = self.gate.step(frame)
        reading, settled = gated.reading, gated.settled
        with self._changed:
            self._frame, self._reading = frame.image, reading
            if gated.how != "moving":
                self._seen = frame.image, reading
            self._version += 1
            self._changed.notify_all()
        self._on_reading(reading, self.settler.phase)
        if settled is not None:
            self._keep_settled_frame(frame.image, settled.reading)
        return reading

    def _follow_colours(self) -> None:
        """Have the gate read the dice again when the colours they are told among changed (a game began, ended or
        gave way to another): the reading kept for an unchanged picture names them the old way. Dice lying there
        since before stay the last roll, renamed (ReadGate.rename_dice): a game's roll is the one its player makes."""
        told = self.colours_told()
        if self._told is not None and told != self._told:
            log.info("camera: dice now told among %s: read again", ", ".join(told))
            self.gate.rename_dice()
        self._told = told

    def _keep_settled_frame(self, image: np.ndarray, reading: DiceReading) -> None:
        # The frame of a settled roll is kept a while, so that a correction can save it as a labelled example.
        frame_id = uuid.uuid4().hex[:12]
        with self._changed:
            self._settled_frames[frame_id] = image
            while len(self._settled_frames) > KEPT_SETTLED_FRAMES:
                self._settled_frames.popitem(last=False)
        self._on_settled(reading, frame_id)

    def settled_frame(self, frame_id: str) -> np.ndarray | None:
        """The frame of a recent settled roll, or None once it is forgotten."""
        with self._changed:
            return self._settled_frames.get(frame_id)

    @property
    def version(self) -> int:
        """Increases with every frame read."""
        return self._version

    def latest_frame(self) -> tuple[np.ndarray, DiceReading] | None:
        """The latest frame whose dice were looked at, and their reading, together (for the colour calibration
        page). A frame in motion is passed over: its dice are not read, and the page would show dice under the
        words that none is in view."""
        with self._changed:
            return self._seen

    @property
    def is_waiting_for_clear_view(self) -> bool:
        """True while the settler holds a still roll back because a die could not be read yet."""
        return self.settler.is_waiting_for_clear_view

    def latest_reading(self) -> DiceReading | None:
        """The reading of the latest frame."""
        return self._reading

    def wait_for_frame(self, after_version: int, timeout: float) -> int:
        """Block until a frame newer than after_version exists (or timeout); returns the current version."""
        with self._changed:
            self._changed.wait_for(lambda: self._version > after_version or self._stop.is_set(), timeout)
            return self._version

    def latest_jpeg(self) -> tuple[int, bytes] | None:
        """The latest frame with its dice outlined, and the table's zones under them, as JPEG; encoded once per frame,
        only when asked for."""
        with self._changed:
            version, frame, reading, cached = self._version, self._frame, self._reading, self._jpeg
        if frame is None or reading is None:
            return None
        if cached is not None and cached[0] == version:
            return cached
        small, seen = shown_size(frame, reading)
        picture = annotate(small, seen, words=False, zones=self.zones)
        ok, data = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 75])
        if not ok:
            return None
        self._jpeg = (version, data.tobytes())
        return self._jpeg

    def status(self) -> dict[str, Any]:
        """What the health page shows of the camera."""
        data = self.source.status().to_dict()
        # A source may tell itself as a name and its figures too (vision.sources.base.SourceBase.summary), for the
        # health page to say it in its reader's language.
        summary = getattr(self.source, "summary", None)
        data.update(
            description=self.source.description,
            summary={"key": f"health.source.{summary[0]}", "params": summary[1]} if summary else None,
            kind=self.source.kind,
            is_mock=self.source.is_mock,
            phase=self.settler.phase,
            is_waiting_for_clear_view=self.is_waiting_for_clear_view,
            reader_errors=self.errors,
            last_reader_error=self.last_error,
            motion_gate="on" if self.gate.is_enabled else "off",
            colours_told=list(self.colours_told()),
            zones=self._zones_status(),
            **self.gate.counts.to_dict(),
        )
        return data

    def _zones_status(self) -> dict[str, Any] | None:
        return zones_status(self.zones)

    def close(self) -> None:
        """Stop the loop and close the source; safe to call twice."""
        self._stop.set()
        with self._changed:
            self._changed.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        self.source.close()


PICTURE_WIDTH = 1280
"""Widest the camera page's picture is sent: twice a 640-pixel tablet's width in CSS pixels, sharp on its screen. A
12-megapixel frame was sent whole, megabytes a frame to every phone on the table's Wi-Fi, and encoded whole on the
Pi; the labels are sized for the width the picture is shown at (vision/annotate.py), so they read the same."""


def shown_size(frame: np.ndarray, reading: DiceReading) -> tuple[np.ndarray, DiceReading]:
    """A frame scaled down to PICTURE_WIDTH (as it is when narrower) and its reading with it."""
    width = frame.shape[1]
    if width <= PICTURE_WIDTH:
        return frame, reading
    scale = PICTURE_WIDTH / width
    small = cv2.resize(frame, (PICTURE_WIDTH, round(frame.shape[0] * scale)), interpolation=cv2.INTER_AREA)
    return small, reading.scaled(scale)


def zones_status(zones: Zones | None) -> dict[str, Any] | None:
    """The zones file in use and how many zones it holds, as a camera's status says them (the health page's "Table
    zones" line); None without zones (every die in view counts)."""
    if zones is None:
        return None
    path = zones.path
    return {"file": str(path) if path is not None else None, "count": len(zones.zones)}
