"""Lights that show patterns: one generic pattern player, the seat lights and the verdict signal."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from gpiozero import RGBLED, LEDBoard

from .devices import open_device
from .errors import UnknownSignalError
from .patterns import OFF, SEAT_ACTIVE, SEAT_WAITING, VERDICT_PATTERNS, Pattern
from .pins import VERDICT_KINDS, VerdictPins

Clock = Callable[[], float]


def pattern_named(patterns: Mapping[str, Pattern], what: str, name: object) -> Pattern:
    """The pattern called name, or UnknownSignalError naming the allowed names."""
    if not isinstance(name, str) or name not in patterns:
        raise UnknownSignalError(f"{what} {name!r} is unknown; allowed: {', '.join(patterns)}")
    return patterns[name]


def play(device: Any, pattern: Pattern) -> None:
    """Start pattern on a gpiozero LED, PWMLED, RGBLED or Buzzer (blinks run in gpiozero's threads)."""
    colour = {"on_color": pattern.colour} if isinstance(device, RGBLED) else {}
    if pattern.kind == "off":
        device.off()
    elif pattern.kind == "on":
        if colour:
            device.value = pattern.colour
        else:
            device.on()
    elif pattern.kind == "pulse" and hasattr(device, "pulse"):
        fade = pattern.fade_time
        device.pulse(fade_in_time=fade, fade_out_time=fade, n=pattern.repeats, **colour)
    elif pattern.kind == "pulse":
        # A plain LED cannot fade: blink at the same rhythm instead.
        device.blink(on_time=pattern.fade_time, off_time=pattern.fade_time, n=pattern.repeats)
    else:
        device.blink(on_time=pattern.on_time, off_time=pattern.off_time, n=pattern.repeats, **colour)


class PatternLight:
    """One gpiozero output showing a Pattern; asking again for the pattern it shows changes nothing."""

    def __init__(self, device: Any, clock: Clock = time.monotonic) -> None:
        self.device = device
        self._clock = clock
        self._pattern = OFF
        self._started = clock()

    @property
    def pattern(self) -> Pattern:
        """The pattern showing now; OFF once a pattern with an end has run out."""
        duration = self._pattern.duration
        if duration is not None and self._clock() - self._started >= duration:
            return OFF
        return self._pattern

    def show(self, pattern: Pattern) -> bool:
        """Start pattern unless it is showing already; return whether the output changed."""
        # Restarting a blink that already runs would make it flicker out of rhythm.
        if pattern == self.pattern:
            return False
        play(self.device, pattern)
        self._pattern, self._started = pattern, self._clock()
        return True


class SeatLights:
    """One LED per seat: the player whose turn it is lights up, blinking while their move is missing."""

    def __init__(self, pins: tuple[int, ...], pin_factory: Any, clock: Clock = time.monotonic) -> None:
        self._board = open_device("seats", list(pins), lambda: LEDBoard(*pins, pin_factory=pin_factory))
        self._lights = [PatternLight(led, clock) for led in self._board]
        self.seat: int | None = None
        self.is_waiting = False

    def __len__(self) -> int:
        return len(self._lights)

    def show(self, seat: int | None, waiting: bool = False) -> bool:
        """Light seat (0-based; None for nobody); return whether any output changed."""
        if seat is not None and (isinstance(seat, bool) or seat not in range(len(self._lights))):
            raise UnknownSignalError(f"seat {seat!r} is unknown; allowed: 0 to {len(self._lights) - 1} or None")
        lit = SEAT_WAITING if waiting else SEAT_ACTIVE
        changes = [light.show(lit if i == seat else OFF) for i, light in enumerate(self._lights)]
        self.seat, self.is_waiting = seat, bool(waiting) and seat is not None
        return any(changes)

    def close(self) -> None:
        """Turn the seat lights off and release their pins; safe to call twice."""
        self._board.close()


class VerdictSignal:
    """The verdict lights: one RGB LED in three colours, or three LEDs (allowed, refused, undecided).

    The verdict is a state: it lights for about two seconds when it changes, then goes dark. Showing the
    same verdict again changes nothing; to signal the same verdict twice, show None in between.
    """

    def __init__(self, pins: VerdictPins, pin_factory: Any, clock: Clock = time.monotonic) -> None:
        named = pins.named()
        self._device: Any
        if pins.is_rgb:
            self._device = open_device(
                "verdict", named, lambda: RGBLED(*pins.pins, active_high=pins.active_high, pin_factory=pin_factory)
            )
            self._targets = [(PatternLight(self._device, clock), frozenset(VERDICT_KINDS))]
        else:
            self._device = open_device(
                "verdict", named, lambda: LEDBoard(**named, active_high=pins.active_high, pin_factory=pin_factory)
            )
            self._targets = [
                (PatternLight(getattr(self._device, kind), clock), frozenset({kind})) for kind in VERDICT_KINDS
            ]
        self.kind: str | None = None

    @property
    def is_lit(self) -> bool:
        """Whether the current verdict is still showing (it goes dark after about two seconds)."""
        return any(light.pattern != OFF for light, _ in self._targets)

    def show(self, kind: str | None) -> bool:
        """Change the verdict to kind (None: dark now); return whether any output changed."""
        pattern = OFF if kind is None else pattern_named(VERDICT_PATTERNS, "verdict", kind)
        if kind == self.kind:
            return False
        changes = [light.show(pattern if kind in kinds else OFF) for light, kinds in self._targets]
        self.kind = kind
        return any(changes)

    def close(self) -> None:
        """Turn the verdict lights off and release their pins; safe to call twice."""
        self._device.close()
