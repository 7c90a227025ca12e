"""What every camera source delivers: a frame, a status and the FrameSource interface."""

from __future__ import annotations

from dataclasses import dataclass
from types import TracebackType
from typing import Any, Literal, Protocol, Self, runtime_checkable

import numpy as np

SourceState = Literal["ok", "lost", "ended", "closed"]


@dataclass(frozen=True)
class Frame:
    """One image from a source: BGR uint8, monotonic capture time in seconds, running index from 0."""

    image: np.ndarray
    timestamp: float
    index: int


@dataclass(frozen=True)
class SourceStatus:
    """The health of a source, for the health page: state, last frame (time.time()), counts, last error."""

    state: SourceState
    last_frame_at: float | None
    frames_read: int
    error: str | None = None
    reopen_attempts: int = 0

    @property
    def is_working(self) -> bool:
        """True only while the source is delivering frames."""
        return self.state == "ok"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used by the health page."""
        return {
            "state": self.state,
            "last_frame_at": self.last_frame_at,
            "frames_read": self.frames_read,
            "error": self.error,
            "reopen_attempts": self.reopen_attempts,
        }


@runtime_checkable
class FrameSource(Protocol):
    """A camera, a folder of stills, a recorded session or a synthetic scene, all read the same way."""

    kind: str
    is_mock: bool
    description: str

    def read(self) -> Frame | None:
        """The next frame, or None when none is available right now (see status()) or the source ended."""
        ...

    def status(self) -> SourceStatus:
        """The current health of the source."""
        ...

    def close(self) -> None:
        """Release the device or files; safe to call twice."""
        ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None: ...


def as_bgr(image: np.ndarray) -> np.ndarray:
    """The image as 3-channel BGR uint8 (grey is expanded, a 4th alpha/padding channel dropped)."""
    if image.dtype != np.uint8:
        raise ValueError(f"frame dtype must be uint8, got {image.dtype}")
    if image.ndim == 2:
        return np.repeat(image[:, :, None], 3, axis=2)
    if image.ndim == 3 and image.shape[2] == 4:
        # XRGB8888 from picamera2 is [B, G, R, X] in memory: dropping the last channel leaves BGR.
        return np.ascontiguousarray(image[:, :, :3])
    if image.ndim == 3 and image.shape[2] == 3:
        return image
    raise ValueError(f"frame shape must be HxW, HxWx3 or HxWx4, got {image.shape}")
