"""TablePanel on mock pins: what each state looks like over time, no flicker on repeats, buttons, close."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from gpiozero import LED, Device
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hardware_fixtures import mock_choice, pin, press, values, wait_for, wait_for_changes

from hardware import (
    DeviceOpenError,
    FactoryChoice,
    PanelClosedError,
    PinConfigError,
    PinMap,
    TablePanel,
    UnknownSignalError,
)
from hardware.pins import ButtonPins

STATUS, RED, GREEN, BLUE, BUZZER = 17, 22, 27, 16, 12
SEATS = (5, 6, 13, 26)
CONFIRM, UNDO, NEXT = 23, 24, 25
PIN_MAP = PinMap(buzzer=BUZZER)


@dataclass
class Table:
    """A panel on private mock pins plus the button names it reported."""

    panel: TablePanel
    choice: FactoryChoice
    pressed: list[str]

    def pin(self, number: int) -> MockPWMPin:
        return pin(self.choice, number)


@pytest.fixture
def table() -> Iterator[Table]:
    with mock_choice() as choice:
        pressed: list[str] = []
        with TablePanel(PIN_MAP, choice, on_button=pressed.append) as panel:
            yield Table(panel, choice, pressed)


def expect_rhythm(mock_pin: MockPWMPin, on_time: float, off_time: float, cycles: int = 2) -> None:
    """Assert the pin went on at once, then alternated off/on with these phase lengths."""
    expected = [(0.0, 0.0), (0.0, 1.0)]
    for _ in range(cycles):
        expected += [(on_time, 0.0), (off_time, 1.0)]
    wait_for_changes(mock_pin, len(expected), timeout=3 * cycles * (on_time + off_time) + 1)
    mock_pin.assert_states_and_times(expected)


def test_ready_is_steady_on(table: Table) -> None:
    assert table.panel.show_status("ready") is True
    time.sleep(0.25)
    assert values(table.pin(STATUS)) == [0.0, 1.0]


@pytest.mark.parametrize(("state", "on_time", "off_time"), [("reading", 0.1, 0.1), ("fault", 0.1, 0.9)])
def test_busy_states_blink_at_their_rhythm(table: Table, state: str, on_time: float, off_time: float) -> None:
    table.pin(STATUS).clear_states()
    table.panel.show_status(state)
    expect_rhythm(table.pin(STATUS), on_time, off_time, cycles=1 if off_time > 0.5 else 2)


def test_refused_blinks_slowly(table: Table) -> None:
    table.pin(STATUS).clear_states()
    table.panel.show_status("refused")
    expect_rhythm(table.pin(STATUS), 0.5, 0.5, cycles=1)


def test_waiting_for_a_tap_breathes(table: Table) -> None:
    table.panel.show_status("waiting")
    wait_for_changes(table.pin(STATUS), 12)
    rising = values(table.pin(STATUS))[1:12]
    assert rising == sorted(rising)
    assert 0.0 < rising[5] < 1.0


def test_off_darkens_the_status_light(table: Table) -> None:
    table.panel.show_status("reading")
    table.panel.show_status("off")
    time.sleep(0.15)
    assert table.pin(STATUS).state == 0.0
    assert table.panel.status()["state"] == "off"


def test_turn_lights_only_that_seat_and_moves_with_the_turn(table: Table) -> None:
    table.panel.show_turn(2)
    assert [values(table.pin(n)) for n in SEATS] == [[0.0], [0.0], [0.0, 1.0], [0.0]]
    table.panel.show_turn(3)
    assert [values(table.pin(n)) for n in SEATS] == [[0.0], [0.0], [0.0, 1.0, 0.0], [0.0, 1.0]]
    table.panel.show_turn(None)
    assert all(table.pin(n).state == 0.0 for n in SEATS)


def test_a_seat_whose_move_is_missing_blinks(table: Table) -> None:
    table.pin(SEATS[1]).clear_states()
    table.panel.show_turn(1, waiting=True)
    expect_rhythm(table.pin(SEATS[1]), 0.3, 0.3)
    assert table.panel.status()["turn"] == {"seat": 1, "waiting": True}


REPEATS: dict[str, tuple[Callable[[TablePanel], bool], int]] = {
    "status": (lambda panel: panel.show_status("refused"), STATUS),
    "seat": (lambda panel: panel.show_turn(1, waiting=True), SEATS[1]),
    "verdict": (lambda panel: panel.show_verdict("refused"), RED),
}


@pytest.mark.parametrize("output", sorted(REPEATS))
def test_repeating_a_blinking_state_does_not_restart_it(table: Table, output: str) -> None:
    show, number = REPEATS[output]
    assert show(table.panel) is True
    wait_for_changes(table.pin(number), 3)  # on, then off: a restart now would switch it on at once
    recorded = len(table.pin(number).states)
    assert show(table.panel) is False
    time.sleep(0.08)
    assert len(table.pin(number).states) == recorded
    assert table.pin(number).state == 0.0


def test_repeating_a_steady_state_leaves_the_history_alone(table: Table) -> None:
    table.panel.show_status("ready")
    table.panel.show_turn(0)
    before = [list(table.pin(n).states) for n in (STATUS, *SEATS)]
    assert table.panel.show_status("ready") is False
    assert table.panel.show_turn(0) is False
    assert [list(table.pin(n).states) for n in (STATUS, *SEATS)] == before


@pytest.mark.parametrize(
    ("kind", "colour"),
    [("allowed", (0.0, 1.0, 0.0)), ("refused", (1.0, 0.0, 0.0)), ("undecided", (1.0, 0.5, 0.0))],
)
def test_each_verdict_has_its_colour(table: Table, kind: str, colour: tuple[float, float, float]) -> None:
    for number in (RED, GREEN, BLUE):
        table.pin(number).clear_states()
    table.panel.show_verdict(kind)
    # The first level each pin took, not its level now: a blinking verdict may already be in its dark half
    # when a loaded machine gets round to looking.
    assert wait_for(
        lambda: all(len(table.pin(n).states) > 1 or colour[i] == 0.0 for i, n in enumerate((RED, GREEN, BLUE)))
    )
    first = tuple(table.pin(n).states[1].state if len(table.pin(n).states) > 1 else 0.0 for n in (RED, GREEN, BLUE))
    assert first == colour
    assert table.panel.status()["verdict"] == kind


def test_a_verdict_goes_dark_after_two_seconds(table: Table) -> None:
    table.pin(GREEN).clear_states()
    table.panel.show_verdict("allowed")
    wait_for_changes(table.pin(GREEN), 3)
    table.pin(GREEN).assert_states_and_times([(0.0, 0.0), (0.0, 1.0), (2.0, 0.0)])
    assert wait_for(lambda: not table.panel.status()["is_verdict_lit"], timeout=0.5)
    assert table.panel.status()["verdict"] == "allowed"


def test_the_same_verdict_again_lights_only_after_none(table: Table) -> None:
    assert table.panel.show_verdict("allowed") is True
    table.panel.show_verdict(None)
    assert table.panel.show_verdict("allowed") is True
    assert table.panel.show_verdict("allowed") is False
    assert values(table.pin(GREEN)) == [0.0, 1.0, 0.0, 1.0]


def test_a_new_verdict_replaces_the_old_and_none_darkens_at_once(table: Table) -> None:
    table.panel.show_verdict("allowed")
    table.panel.show_verdict("refused")
    assert (table.pin(RED).state, table.pin(GREEN).state) == (1.0, 0.0)
    table.panel.show_verdict(None)
    assert all(table.pin(n).state == 0.0 for n in (RED, GREEN, BLUE))
    assert table.panel.status()["verdict"] is None


def test_three_led_verdict_lights_the_led_of_that_verdict() -> None:
    pin_map = PinMap(verdict=PinMap.from_dict({"verdict": {"allowed": 22, "refused": 27, "undecided": 16}}).verdict)
    with mock_choice() as choice, TablePanel(pin_map, choice) as panel:
        panel.show_verdict("undecided")
        assert [pin(choice, n).state for n in (22, 27, 16)] == [0, 0, 1]
        panel.show_verdict("allowed")
        assert [pin(choice, n).state for n in (22, 27, 16)] == [1, 0, 0]


def test_common_anode_rgb_verdict_lights_by_pulling_low() -> None:
    pin_map = PinMap.from_dict({"verdict": {"red": 22, "green": 27, "blue": 16, "active_high": False}})
    with mock_choice() as choice, TablePanel(pin_map, choice) as panel:
        panel.show_verdict("allowed")
        assert [pin(choice, n).state for n in (RED, GREEN, BLUE)] == [1.0, 0.0, 1.0]


def test_each_button_press_calls_on_button_once(table: Table) -> None:
    for number in (CONFIRM, UNDO, NEXT):
        press(table.choice, number)
    assert table.pressed == ["confirm", "undo", "next"]
    report = table.panel.status()
    assert report["presses"] == {"confirm": 1, "undo": 1, "next": 1}
    assert report["last_button"] == "next"


def test_a_bouncing_button_calls_on_button_once(table: Table) -> None:
    for _ in range(3):
        press(table.choice, CONFIRM)
    time.sleep(0.08)  # released longer than the bounce time: the next press is a new one
    press(table.choice, CONFIRM)
    assert table.pressed == ["confirm", "confirm"]


def test_beeps_sound_once_and_end(table: Table) -> None:
    assert table.panel.beep("refused") is True
    assert table.panel.beep("refused") is False  # still sounding: not restarted
    assert table.pin(BUZZER).state == 1
    assert wait_for(lambda: table.pin(BUZZER).state == 0, timeout=1.0)
    assert values(table.pin(BUZZER)) == [0.0, 1.0, 0.0]


def test_without_a_buzzer_beep_does_nothing() -> None:
    with mock_choice() as choice, TablePanel(PinMap(), choice) as panel:
        assert panel.beep("fault") is False
        assert panel.status()["has_buzzer"] is False
        assert "buzzer" not in panel.status()["pins"]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda p: p.show_status("sleeping"), r"status 'sleeping' is unknown; allowed: off, ready, reading, waiting"),
        (lambda p: p.show_verdict("maybe"), r"verdict 'maybe' is unknown; allowed: allowed, refused, undecided"),
        (lambda p: p.show_turn(4), r"seat 4 is unknown; allowed: 0 to 3 or None"),
        (lambda p: p.beep("boom"), r"beep 'boom' is unknown; allowed: press, allowed, refused"),
    ],
)
def test_unknown_names_are_refused_and_change_nothing(
    table: Table, call: Callable[[TablePanel], object], message: str
) -> None:
    table.panel.show_status("ready")
    before = table.panel.status()
    with pytest.raises(UnknownSignalError, match=message) as caught:
        call(table.panel)
    assert isinstance(caught.value, ValueError)
    assert table.panel.status() == before


def test_status_reports_factory_pins_and_state(table: Table) -> None:
    table.panel.show_status("reading")
    report = table.panel.status()
    assert (report["factory"], report["is_mock"], report["reason"]) == ("mock", True, "test")
    assert report["pins"] == PIN_MAP.pins_in_use()
    assert report["seats"] == table.panel.seat_count == 4
    assert report["state"] == "reading"
    assert report["last_button"] is None
    assert table.panel.is_mock


def test_fewer_seats_use_fewer_pins() -> None:
    with mock_choice() as choice, TablePanel(PinMap(), choice, seats=2) as panel:
        assert panel.seat_count == 2
        assert [k for k in panel.status()["pins"] if k.startswith("seats")] == ["seats[0]", "seats[1]"]
        with pytest.raises(UnknownSignalError, match="allowed: 0 to 1 or None"):
            panel.show_turn(2)
        with LED(SEATS[2], pin_factory=choice.factory) as free_pin:  # the third seat pin stays free
            assert not free_pin.closed


@pytest.mark.parametrize("seats", [0, 5, True])
def test_more_seats_than_seat_pins_stops_start_up(seats: int) -> None:
    with mock_choice() as choice, pytest.raises(PinConfigError, match=r"gpio\.pins\.seats lists 4 pins"):
        TablePanel(PinMap(), choice, seats=seats)


def test_close_twice_is_fine_and_use_after_close_is_refused(table: Table) -> None:
    table.panel.show_status("reading")
    table.panel.close()
    table.panel.close()
    assert table.panel.status()["is_closed"] is True
    with pytest.raises(PanelClosedError, match="closed") as caught:
        table.panel.show_status("ready")
    assert isinstance(caught.value, RuntimeError)
    with TablePanel(PIN_MAP, table.choice) as again:  # every pin was released
        assert again.show_status("ready") is True


def test_a_device_that_cannot_open_releases_those_opened_before(table: Table) -> None:
    # The fixture's panel holds every default pin: a second panel on the same pins fails at the status light.
    with pytest.raises(DeviceOpenError, match=r"gpio\.pins\.status = 17"):
        TablePanel(PIN_MAP, table.choice)
    table.panel.close()
    with LED(NEXT, pin_factory=table.choice.factory), pytest.raises(DeviceOpenError, match=r"buttons\.next = 25"):
        TablePanel(PIN_MAP, table.choice)  # fails at the last device, after all the lights opened
    with TablePanel(PinMap(buttons=ButtonPins(next=4)), table.choice) as panel:
        assert panel.show_status("ready") is True


def test_a_plain_gpiozero_factory_is_accepted_and_the_global_factory_untouched() -> None:
    before = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    with TablePanel(PinMap(), factory) as panel:
        report = panel.status()
        assert (report["factory"], report["is_mock"]) == ("MockFactory", True)
    assert Device.pin_factory is before
    factory.close()


def test_without_a_factory_the_panel_chooses_one_and_closes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    chosen: list[FactoryChoice] = []

    def choose(name: str = "auto") -> FactoryChoice:
        chosen.append(mock_choice())
        assert name == "auto"
        return chosen[-1]

    monkeypatch.setattr("hardware.panel.make_pin_factory", choose)
    with TablePanel() as panel:
        panel.show_status("ready")
        assert chosen[0].factory.pins
    assert chosen[0].factory.pins == {}
