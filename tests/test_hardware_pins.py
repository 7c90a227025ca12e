"""The pin map: defaults, parsing the [gpio.pins] table, and refusing bad maps with clear messages."""

from __future__ import annotations

import pytest

from hardware import DEFAULT_PIN_MAP, ButtonPins, HardwareError, PinConfigError, PinMap, VerdictPins

GOOD = {
    "status": 17,
    "seats": [5, 6, 13, 19],
    "verdict": {"red": 22, "green": 27, "blue": 16},
    "buttons": {"confirm": 23, "undo": 24, "next": 25},
    "buzzer": 12,
}


def with_key(key: str, value: object) -> dict[str, object]:
    """GOOD with one top-level key replaced."""
    return {**GOOD, key: value}


def test_default_map_uses_each_pin_once_and_avoids_hat_pins() -> None:
    used = list(DEFAULT_PIN_MAP.pins_in_use().values())
    assert len(used) == len(set(used))
    hat_pins = {0, 1, 2, 3, 7, 8, 9, 10, 11, 14, 15, 18, 19, 20, 21}
    assert not hat_pins & set(used)
    assert DEFAULT_PIN_MAP.buzzer is None


def test_full_table_is_read_in_config_order() -> None:
    pin_map = PinMap.from_dict(GOOD)
    assert pin_map.pins_in_use() == {
        "status": 17,
        "seats[0]": 5,
        "seats[1]": 6,
        "seats[2]": 13,
        "seats[3]": 19,
        "verdict.red": 22,
        "verdict.green": 27,
        "verdict.blue": 16,
        "buttons.confirm": 23,
        "buttons.undo": 24,
        "buttons.next": 25,
        "buzzer": 12,
    }
    assert pin_map.verdict.is_rgb


def test_empty_table_gives_the_default_map() -> None:
    assert PinMap.from_dict({}) == DEFAULT_PIN_MAP


def test_absent_keys_keep_their_defaults() -> None:
    pin_map = PinMap.from_dict({"status": 4, "seats": [5, 6]})
    assert (pin_map.status, pin_map.seats) == (4, (5, 6))
    assert pin_map.buttons == DEFAULT_PIN_MAP.buttons


def test_verdict_with_one_led_per_verdict() -> None:
    pin_map = PinMap.from_dict({"verdict": {"allowed": 22, "refused": 27, "undecided": 16}})
    assert not pin_map.verdict.is_rgb
    assert pin_map.verdict.named() == {"allowed": 22, "refused": 27, "undecided": 16}


def test_common_anode_verdict_leds() -> None:
    pin_map = PinMap.from_dict({"verdict": {"allowed": 22, "refused": 27, "undecided": 16, "active_high": False}})
    assert not pin_map.verdict.active_high
    assert DEFAULT_PIN_MAP.verdict.active_high


def test_the_product_issue_example_is_refused_because_24_is_used_twice() -> None:
    example = with_key("verdict", {"red": 22, "green": 27, "blue": 24})
    with pytest.raises(
        PinConfigError, match=r"gpio\.pins\.buttons\.undo = 24 is already used by gpio\.pins\.verdict\.blue"
    ):
        PinMap.from_dict(example)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (with_key("status", 1), r"gpio\.pins\.status = 1 is not a usable GPIO; allowed: BCM 2 to 27"),
        (with_key("status", 28), r"gpio\.pins\.status = 28 is not a usable GPIO"),
        (with_key("status", "17"), r'gpio\.pins\.status = "17" is a string; expected a BCM GPIO number'),
        (with_key("status", True), r"gpio\.pins\.status = true is a boolean"),
        (with_key("status", 17.0), r"gpio\.pins\.status = 17\.0 is a decimal number"),
        (with_key("buzzer", 17), r"gpio\.pins\.buzzer = 17 is already used by gpio\.pins\.status"),
        (with_key("seats", [5, 5]), r"gpio\.pins\.seats\[1\] = 5 is already used by gpio\.pins\.seats\[0\]"),
        (with_key("seats", [5, 40]), r"gpio\.pins\.seats\[1\] = 40 is not a usable GPIO"),
        (with_key("seats", 5), r"gpio\.pins\.seats = 5 is a whole number; expected a list of 1 to 8"),
        (with_key("seats", "5,6"), r'gpio\.pins\.seats = "5,6" is a string'),
        (with_key("seats", []), r"gpio\.pins\.seats lists 0 pins; expected a list of 1 to 8"),
        (with_key("seats", list(range(2, 11))), r"gpio\.pins\.seats lists 9 pins"),
        (with_key("lights", 4), r"gpio\.pins has unknown key 'lights'; allowed: status, seats, verdict"),
        (with_key("buttons", {"confirm": 23, "undo": 24}), r"gpio\.pins\.buttons is missing 'next'"),
        (
            with_key("buttons", {"confirm": 23, "undo": 24, "next": 25, "reset": 4}),
            r"gpio\.pins\.buttons has unknown key 'reset'; allowed: confirm, undo, next",
        ),
        (with_key("buttons", [23, 24, 25]), r"gpio\.pins\.buttons = \[23, 24, 25\] is a list; expected a table"),
        (with_key("verdict", {"red": 22, "green": 27}), r"gpio\.pins\.verdict is missing 'blue'; needed: either"),
        (
            with_key("verdict", {"red": 22, "allowed": 27, "refused": 16}),
            r"gpio\.pins\.verdict has unknown key 'red'; allowed: either red, green, blue \(one RGB LED\)",
        ),
        (with_key("verdict", {"red": 22, "green": 27, "blue": 99}), r"gpio\.pins\.verdict\.blue = 99"),
        ([17, 5], r"gpio\.pins = \[17, 5\] is a list; expected a table"),
        (
            with_key("verdict", {"red": 22, "green": 27, "blue": 16, "active_high": "no"}),
            r'gpio\.pins\.verdict\.active_high = "no" is a string; allowed: true .* or false',
        ),
    ],
)
def test_bad_tables_are_refused_naming_key_value_and_what_is_allowed(table: object, message: str) -> None:
    with pytest.raises(PinConfigError, match=message) as caught:
        PinMap.from_dict(table)
    assert isinstance(caught.value, HardwareError)
    assert isinstance(caught.value, ValueError)


def test_direct_construction_is_checked_too() -> None:
    with pytest.raises(PinConfigError, match=r"gpio\.pins\.buttons\.confirm = 17 is already used"):
        PinMap(buttons=ButtonPins(confirm=17))
    with pytest.raises(PinConfigError, match=r"gpio\.pins\.verdict\.green = 0"):
        VerdictPins("rgb", (22, 0, 16))
