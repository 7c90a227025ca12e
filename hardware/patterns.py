"""What each state looks (or sounds) like: patterns as data, played by gpiozero's blink/pulse threads.

Each signal differs by rhythm, not only by colour, so colour-blind players can tell them apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

PatternKind = Literal["off", "on", "blink", "pulse"]
Colour = tuple[float, float, float]

WHITE: Colour = (1.0, 1.0, 1.0)
GREEN: Colour = (0.0, 1.0, 0.0)
RED: Colour = (1.0, 0.0, 0.0)
AMBER: Colour = (1.0, 0.5, 0.0)

VERDICT_SECONDS = 2.0


@dataclass(frozen=True)
class Pattern:
    """How one output behaves over time: off, steady on, blinking or pulsing, for ever or n times."""

    kind: PatternKind = "off"
    on_time: float = 0.0
    off_time: float = 0.0
    fade_time: float = 0.0
    repeats: int | None = None
    colour: Colour = WHITE

    @property
    def duration(self) -> float | None:
        """Seconds until the pattern ends by itself, or None when it lasts until replaced."""
        if self.repeats is None or self.kind in ("off", "on"):
            return None
        return self.repeats * (self.on_time + self.off_time + 2 * self.fade_time)


OFF = Pattern()
ON = Pattern("on")

STATUS_PATTERNS: Mapping[str, Pattern] = MappingProxyType(
    {
        "off": OFF,
        "ready": ON,  # steady: all is well, roll when you like
        "reading": Pattern("blink", on_time=0.1, off_time=0.1),  # quick flicker: busy reading dice
        "waiting": Pattern("pulse", fade_time=1.0),  # slow breathing: tap a button
        "refused": Pattern("blink", on_time=0.5, off_time=0.5),  # slow blink: look at the screen
        "fault": Pattern("blink", on_time=0.1, off_time=0.9),  # one short flash a second: something broke
    }
)
STATUS_STATES: tuple[str, ...] = tuple(STATUS_PATTERNS)

SEAT_ACTIVE = ON
SEAT_WAITING = Pattern("blink", on_time=0.3, off_time=0.3)  # this player's move is missing

# Every verdict lasts VERDICT_SECONDS and then goes dark.
VERDICT_PATTERNS: Mapping[str, Pattern] = MappingProxyType(
    {
        "allowed": Pattern("blink", on_time=VERDICT_SECONDS, repeats=1, colour=GREEN),
        "refused": Pattern("blink", on_time=0.25, off_time=0.25, repeats=4, colour=RED),
        "undecided": Pattern("blink", on_time=0.5, off_time=0.5, repeats=2, colour=AMBER),
    }
)

BEEP_PATTERNS: Mapping[str, Pattern] = MappingProxyType(
    {
        "press": Pattern("blink", on_time=0.05, repeats=1),
        "allowed": Pattern("blink", on_time=0.1, off_time=0.05, repeats=2),
        "refused": Pattern("blink", on_time=0.4, repeats=1),
        "undecided": Pattern("blink", on_time=0.1, off_time=0.2, repeats=3),
        "fault": Pattern("blink", on_time=0.6, off_time=0.2, repeats=3),
    }
)
BEEP_KINDS: tuple[str, ...] = tuple(BEEP_PATTERNS)
