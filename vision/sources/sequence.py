"""Frames from a list of stills (files or arrays): as fast as asked, or paced like a camera watching them."""

from __future__ import annotations

import bisect
import logging
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import cv2
import numpy as np

from vision.errors import CameraError, UnreadableImageError
from vision.image_io import decode_quietly
from vision.sources.base import Clock, Sleep, SourceBase, Summary
from vision.sources.frame import Frame

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff"})
ImageRef = np.ndarray | Path
Loader = Callable[[Path], np.ndarray]


def read_image_file(path: Path) -> np.ndarray:
    """Decode an image file to BGR, raising UnreadableImageError naming the path."""
    try:
        data = np.fromfile(str(path), dtype=np.uint8)
    except OSError as exc:
        said = ("vision.image.unreadable", {"path": str(path), "problem": str(exc)})
        raise UnreadableImageError(f"cannot read image {path}: {exc}", said=said) from exc
    image = decode_quietly(data) if data.size else None
    if image is None:
        said = ("vision.image.undecodable", {"path": str(path)})
        raise UnreadableImageError(f"{path}: not a decodable image", said=said)
    return image


def natural_key(path: Path) -> list[int | str]:
    """Sort key so that frame2.jpg comes before frame10.jpg."""
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", path.name)]


def list_images(directory: Path) -> list[Path]:
    """The image files of a folder in natural order; CameraError if it is missing or has none."""
    if not directory.is_dir():
        said = ("vision.camera.folder_missing", {"folder": str(directory)})
        raise CameraError(f"image folder {directory} does not exist", said=said)
    paths = sorted((p for p in directory.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES), key=natural_key)
    if not paths:
        suffixes = ", ".join(sorted(IMAGE_SUFFIXES))
        said = ("vision.camera.folder_empty", {"folder": str(directory), "suffixes": suffixes})
        raise CameraError(f"no images ({suffixes}) in {directory}", said=said)
    return paths


def fitted(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A still shrunk to fit within `size` (width, height), its shape kept; one that fits already is left as it is.

    A still is a picture of a table, not a camera's raw frame: stretched to another shape, its square dice become
    oblongs, read as dice seen at an angle (a 640x480 demo frame stretched to 1280x720 read four sure 6s as guesses
    and a sure 4 where no die lies); enlarged, it only costs the reader time."""
    width, height = image.shape[1], image.shape[0]
    scale = min(size[0] / width, size[1] / height)
    if scale >= 1.0:
        return image
    shrunk = (max(1, round(width * scale)), max(1, round(height * scale)))
    return np.asarray(cv2.resize(image, shrunk, interpolation=cv2.INTER_AREA))


class SequenceSource(SourceBase):
    """A list of stills delivered in order; `offsets` (seconds from the start) makes it paced.

    Unpaced: each read() returns the next still at once. Paced: the source behaves like a camera looking
    at the stills, still i being in view from offsets[i] until the next one (the last for `hold` s).
    read() then sleeps (injected `sleep`) until the next delivery is due, but never longer than
    `max_wait`; if it is still not due it returns None (so close() from another thread is never held
    up for long). Deliveries happen at each offset, or every `tick` seconds when given (a still then
    comes back several times, as a camera would see it). A slow reader skips stills, like a live camera.
    """

    def __init__(
        self,
        images: Sequence[ImageRef],
        *,
        kind: str,
        description: str,
        summary: Summary | None = None,
        offsets: Sequence[float] | None = None,
        hold: float = 0.5,
        tick: float | None = None,
        loop: bool = True,
        size: tuple[int, int] | None = None,
        clock: Clock = time.monotonic,
        sleep: Sleep = time.sleep,
        max_wait: float = 0.5,
        cache_limit: int = 32,
        loader: Loader = read_image_file,
    ) -> None:
        super().__init__(clock=clock)
        _check_timing(description, len(images), offsets, hold, tick, max_wait)
        self.kind = kind
        self.description = description
        self.summary = summary
        self.is_mock = True
        self.position = -1
        """Index of the still delivered last (-1 before the first)."""
        self._images = list(images)
        self._offsets = list(offsets) if offsets is not None else None
        self._duration = (self._offsets[-1] + hold) if self._offsets is not None else 0.0
        self._tick = tick
        self._loop = loop
        self._size = size
        self._sleep = sleep
        self._max_wait = max_wait
        self._loader = loader
        self._cache: dict[int, np.ndarray] | None = {} if len(images) <= cache_limit else None
        self._bad: set[int] = set()
        self._start: float | None = None
        self._next_due = 0.0

    def __len__(self) -> int:
        return len(self._images)

    def _next_frame(self) -> Frame | None:
        # Unpaced, an unreadable still is skipped within the same read(); paced, its time slot stays empty.
        attempts = 1 if self._offsets is not None else len(self._images)
        for _ in range(attempts):
            index = self._next_paced_index() if self._offsets is not None else self._next_unpaced_index()
            if index is None:
                return None
            self.position = index
            image = self._image_at(index)
            if image is not None:
                return self._deliver(image)
        return None

    def _next_unpaced_index(self) -> int | None:
        """The next still in order, skipping unreadable ones; None at the end without loop."""
        for _ in range(len(self._images)):
            index = self.position + 1
            if index >= len(self._images):
                if not self._loop:
                    self._state = "ended"
                    return None
                index = 0
            if index not in self._bad:
                return index
            self.position = index
        self._state = "ended"  # every still is unreadable; status().error says why
        return None

    def _next_paced_index(self) -> int | None:
        """Wait for the next delivery and return the still in view then; None if not due or ended."""
        assert self._offsets is not None
        if self._start is None:
            self._start = self._clock()
        elapsed = self._clock() - self._start
        wait = self._next_due - elapsed
        if wait > self._max_wait:
            self._sleep(self._max_wait)
            return None
        if wait > 0:
            self._sleep(wait)
            # Rounding of the clock must not make a due frame look early.
            elapsed = max(self._clock() - self._start, self._next_due)
        if elapsed >= self._duration:
            if not self._loop:
                self._state = "ended"
                return None
            cycles = int(elapsed // self._duration)
            self._start += cycles * self._duration
            elapsed -= cycles * self._duration
            self._next_due = elapsed  # due times start again with the new cycle
        index = bisect.bisect_right(self._offsets, elapsed) - 1
        if self._tick is not None:
            self._next_due = max(self._next_due + self._tick, elapsed)
        else:
            self._next_due = self._offsets[index + 1] if index + 1 < len(self._offsets) else self._duration
        return index

    def _image_at(self, index: int) -> np.ndarray | None:
        """Still number `index`, decoded, resized and cached; None (and status error) if unreadable."""
        if self._cache is not None and index in self._cache:
            return self._cache[index]
        ref = self._images[index]
        try:
            image = self._loader(ref) if isinstance(ref, Path) else ref
        except UnreadableImageError as exc:
            if index not in self._bad:
                log.warning("%s: skipping %s", self.description, exc)
            self._bad.add(index)
            self._error = str(exc)
            return None
        if self._size is not None:
            image = fitted(image, self._size)
        if self._cache is not None:
            self._cache[index] = image
        return image

    def _release(self) -> None:
        self._cache = {} if self._cache is not None else None


def _check_timing(
    description: str, count: int, offsets: Sequence[float] | None, hold: float, tick: float | None, max_wait: float
) -> None:
    """Refuse an empty sequence, bad offsets, or a hold, tick or wait that is not a positive time."""
    if not count:
        raise CameraError(f"{description}: no images", said=("vision.camera.no_images", {"source": description}))
    if offsets is not None:
        _check_offsets(offsets, count)
    if hold <= 0 or (tick is not None and tick <= 0) or max_wait <= 0:
        raise ValueError(f"hold, tick and max_wait must be > 0 seconds, got {hold}, {tick}, {max_wait}")


def _check_offsets(offsets: Sequence[float], count: int) -> None:
    """Offsets must match the stills one to one, start at >= 0 and never go back in time."""
    if len(offsets) != count:
        raise ValueError(f"offsets: {len(offsets)} values for {count} images; one per image is required")
    if offsets[0] < 0 or any(b < a for a, b in zip(offsets, offsets[1:], strict=False)):
        raise ValueError("offsets: must be >= 0 and non-decreasing (seconds from the first frame)")
