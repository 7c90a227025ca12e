"""The LED state the host asks the microcontroller to show: seats, current seat, status and verdict."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from firmware_bridge import codec
from firmware_bridge.errors import InvalidLedStateError

Colour = tuple[int, int, int]


def _refuse(field: str, value: object, allowed: str) -> InvalidLedStateError:
    return InvalidLedStateError(f"LedState.{field} = {value!r} is not allowed; expected {allowed}")


def _checked_colour(index: int, colour: Any) -> Colour:
    """Return colour as an (r, g, b) tuple of ints 0..255, or raise naming the seat."""
    try:
        channels = tuple(colour)
    except TypeError:
        raise _refuse(f"seat_colours[{index}]", colour, "an (r, g, b) tuple of ints 0..255") from None
    is_valid = len(channels) == 3 and all(
        isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in channels
    )
    if not is_valid:
        raise _refuse(f"seat_colours[{index}]", colour, "an (r, g, b) tuple of ints 0..255")
    return (channels[0], channels[1], channels[2])


@dataclass(frozen=True)
class LedState:
    """Full LED state (one message carries all of it); the firmware turns it into pixels (PROTOCOL.md)."""

    seat_colours: tuple[Colour, ...] = ()
    current_seat: int | None = None
    is_waiting: bool = False
    status: str = "ready"
    verdict: str | None = None
    brightness: int = 64

    def __post_init__(self) -> None:
        if isinstance(self.seat_colours, str | bytes) or not hasattr(self.seat_colours, "__iter__"):
            raise _refuse("seat_colours", self.seat_colours, "a sequence of (r, g, b) tuples")
        colours = tuple(_checked_colour(i, c) for i, c in enumerate(self.seat_colours))
        if len(colours) > codec.MAX_SEATS:
            raise _refuse("seat_colours", self.seat_colours, f"at most {codec.MAX_SEATS} seats")
        object.__setattr__(self, "seat_colours", colours)  # why: accept lists, store an immutable tuple
        self._check_scalars(len(colours))

    def _check_scalars(self, seats: int) -> None:
        seat = self.current_seat
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats):
            raise _refuse("current_seat", seat, f"None or a seat index 0..{seats - 1}")
        if not isinstance(self.is_waiting, bool):
            raise _refuse("is_waiting", self.is_waiting, "True or False")
        if self.status not in codec.STATUSES:
            raise _refuse("status", self.status, "one of " + ", ".join(codec.STATUSES))
        if self.verdict not in codec.VERDICTS:
            raise _refuse("verdict", self.verdict, "None or one of allowed, refused, undecided")
        brightness = self.brightness
        if isinstance(brightness, bool) or not isinstance(brightness, int) or not 0 <= brightness <= 255:
            raise _refuse("brightness", brightness, "an int 0..255")

    def to_message(self, generation: int) -> codec.Leds:
        """Return the wire message carrying this state, tagged with generation (0..65535)."""
        return codec.Leds(
            generation & 0xFFFF,
            self.seat_colours,
            self.current_seat,
            self.is_waiting,
            self.status,
            self.verdict,
            self.brightness,
        )

    @classmethod
    def from_message(cls, message: codec.Leds) -> LedState:
        """Return the state a decoded Leds message carries."""
        return cls(
            seat_colours=message.seat_colours,
            current_seat=message.current_seat,
            is_waiting=message.is_waiting,
            status=message.status,
            verdict=message.verdict,
            brightness=message.brightness,
        )
