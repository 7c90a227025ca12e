"""What the dice reader sees in one frame: plain, immutable, JSON-friendly records."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

BBox = tuple[int, int, int, int]
"""Axis-aligned box in pixels: (x0, y0, x1, y1), x1 and y1 exclusive."""

SURE_VALUE = 0.6
"""Confidence from which a die's value counts as read. Under it the value is a guess: shown with the reading, but
a game asks the table for it before counting it (when it was set, about 3 such guesses in 10 were wrong on the
synthetic sets, against 1 in 50 of the values above it: see the commit that brought it in)."""

GUESS = round(0.9 * SURE_VALUE, 3)
"""The confidence the reader brings a sure reading down to when it raises a doubt about it: a guess, just under
SURE_VALUE."""

KNOWN_FLAGS = frozenset({"tilted", "touching", "partly_hidden", "blurred", "ambiguous_value", "ambiguous_color"})


def sure_value(die: Mapping[str, Any]) -> int | None:
    """The value of a die (in its JSON form) when it was read surely enough to be counted, else None (a reading
    without a confidence was given by a person: it is sure)."""
    value = die.get("value")
    return None if value is None or is_guess(float(die.get("confidence", 1.0))) else value


def is_guess(confidence: float) -> bool:
    """Whether a value read with this confidence is only a guess (under SURE_VALUE)."""
    return confidence < SURE_VALUE


@dataclass(frozen=True)
class Die:
    """One die found in a frame; value or colour is None when it could not be read with confidence."""

    value: int | None
    color: str | None
    bbox: BBox
    center: tuple[float, float]
    confidence: float
    flags: frozenset[str] = frozenset()
    zone: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used by the API, the command line and labels.jsonl."""
        return {
            "value": self.value,
            "color": self.color,
            "bbox": list(self.bbox),
            "center": [round(self.center[0], 1), round(self.center[1], 1)],
            "confidence": round(self.confidence, 3),
            "flags": sorted(self.flags),
            "zone": self.zone,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Die:
        """Inverse of to_dict (missing optional fields take their defaults)."""
        bbox = tuple(int(v) for v in data["bbox"])
        if len(bbox) != 4:
            raise ValueError(f"bbox must have 4 numbers, got {data['bbox']!r}")
        center = data.get("center") or ((bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2)
        return cls(
            value=data.get("value"),
            color=data.get("color"),
            bbox=(bbox[0], bbox[1], bbox[2], bbox[3]),
            center=(float(center[0]), float(center[1])),
            confidence=float(data.get("confidence", 1.0)),
            flags=frozenset(data.get("flags", ())),
            zone=data.get("zone"),
        )


@dataclass(frozen=True)
class DiceReading:
    """Every die read in one frame, with the frame size and how long reading took."""

    dice: tuple[Die, ...]
    width: int
    height: int
    ms: float = 0.0
    warnings: tuple[str, ...] = field(default=())

    def scaled(self, scale: float) -> DiceReading:
        """The reading of the frame scaled by `scale`: each die's box and centre, and the frame's size, with it."""
        dice = tuple(
            dataclasses.replace(
                die,
                bbox=(
                    round(die.bbox[0] * scale),
                    round(die.bbox[1] * scale),
                    round(die.bbox[2] * scale),
                    round(die.bbox[3] * scale),
                ),
                center=(die.center[0] * scale, die.center[1] * scale),
            )
            for die in self.dice
        )
        return dataclasses.replace(self, dice=dice, width=round(self.width * scale), height=round(self.height * scale))

    @property
    def is_certain(self) -> bool:
        """True when every die has both a value and a colour."""
        return all(d.value is not None and d.color is not None for d in self.dice)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used by the API and the command line."""
        return {
            "dice": [d.to_dict() for d in self.dice],
            "width": self.width,
            "height": self.height,
            "ms": round(self.ms, 2),
            "warnings": list(self.warnings),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DiceReading:
        """Inverse of to_dict."""
        return cls(
            dice=tuple(Die.from_dict(d) for d in data.get("dice", [])),
            width=int(data.get("width", 0)),
            height=int(data.get("height", 0)),
            ms=float(data.get("ms", 0.0)),
            warnings=tuple(data.get("warnings", ())),
        )
