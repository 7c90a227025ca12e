"""LedState: refused whole with the field named, and carried unchanged by the wire message."""

import pytest

from firmware_bridge import codec
from firmware_bridge.errors import InvalidLedStateError
from firmware_bridge.state import LedState

GOOD = LedState(
    seat_colours=((255, 0, 0), (0, 0, 255), (0, 200, 0)),
    current_seat=2,
    is_waiting=True,
    status="waiting",
    verdict="refused",
    brightness=128,
)


def test_state_round_trips_through_its_frame() -> None:
    frame = codec.encode_frame(GOOD.to_message(77))
    (message,) = codec.FrameDecoder().feed(frame)
    assert message.generation == 77
    assert LedState.from_message(message) == GOOD


def test_lists_are_accepted_and_stored_as_tuples() -> None:
    state = LedState(seat_colours=[[1, 2, 3], (4, 5, 6)], current_seat=0)  # type: ignore[arg-type]
    assert state.seat_colours == ((1, 2, 3), (4, 5, 6))
    assert hash(state) == hash(LedState(seat_colours=((1, 2, 3), (4, 5, 6)), current_seat=0))


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"seat_colours": [(256, 0, 0)]}, "seat_colours[0]"),
        ({"seat_colours": [(1, 2)]}, "seat_colours[0]"),
        ({"seat_colours": [(1, 2, 3), "red"]}, "seat_colours[1]"),
        ({"seat_colours": "red"}, "seat_colours"),
        ({"seat_colours": [(0, 0, 0)] * 9}, "seat_colours"),
        ({"seat_colours": [(0, 0, 0)], "current_seat": 1}, "current_seat"),
        ({"current_seat": True}, "current_seat"),
        ({"is_waiting": 1}, "is_waiting"),
        ({"status": "sleeping"}, "status"),
        ({"verdict": "maybe"}, "verdict"),
        ({"brightness": 300}, "brightness"),
    ],
)
def test_bad_fields_are_refused_naming_field_and_allowed_values(kwargs: dict, field: str) -> None:
    with pytest.raises(InvalidLedStateError, match=r"LedState\." + field.replace("[", r"\[") + " = .*expected"):
        LedState(**kwargs)


def test_invalid_state_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        LedState(status="?")
