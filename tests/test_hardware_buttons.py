"""Buttons: one callback per press, contact chatter ignored, a failing handler does not stop the buttons."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from hardware_fixtures import FakeClock, mock_choice, pin, press

from hardware import DEFAULT_PIN_MAP, FactoryChoice, TableButtons

CONFIRM, UNDO, NEXT = (DEFAULT_PIN_MAP.buttons.named()[name] for name in ("confirm", "undo", "next"))


@pytest.fixture
def choice() -> Iterator[FactoryChoice]:
    with mock_choice() as made:
        yield made


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def pressed(choice: FactoryChoice, clock: FakeClock) -> Iterator[list[str]]:
    """Names reported by a TableButtons on the default pins, in order."""
    names: list[str] = []
    with_buttons = TableButtons(DEFAULT_PIN_MAP.buttons, choice.factory, names.append, clock=clock)
    yield names
    with_buttons.close()


def test_each_button_reports_its_own_name_once(choice: FactoryChoice, clock: FakeClock, pressed: list[str]) -> None:
    for number in (CONFIRM, UNDO, NEXT, CONFIRM):
        press(choice, number)
        clock.advance(0.2)
    assert pressed == ["confirm", "undo", "next", "confirm"]


def test_holding_a_button_is_one_press(choice: FactoryChoice, clock: FakeClock, pressed: list[str]) -> None:
    pin(choice, CONFIRM).drive_low()
    clock.advance(3.0)
    pin(choice, CONFIRM).drive_high()
    assert pressed == ["confirm"]


def test_contact_chatter_counts_as_one_press(choice: FactoryChoice, clock: FakeClock, pressed: list[str]) -> None:
    button = pin(choice, UNDO)
    for _ in range(4):  # make, bounce open, make again... within a few milliseconds
        button.drive_low()
        clock.advance(0.002)
        button.drive_high()
        clock.advance(0.002)
    clock.advance(0.3)
    press(choice, UNDO)
    assert pressed == ["undo", "undo"]


def test_presses_are_counted_and_the_last_one_kept(choice: FactoryChoice, clock: FakeClock) -> None:
    buttons = TableButtons(DEFAULT_PIN_MAP.buttons, choice.factory, clock=clock)
    try:
        for number in (NEXT, NEXT, UNDO):
            press(choice, number)
            clock.advance(0.2)
        assert buttons.counts() == {"confirm": 0, "undo": 1, "next": 2}
        assert buttons.last == "undo"
    finally:
        buttons.close()


def test_a_failing_handler_is_logged_and_the_buttons_keep_working(
    choice: FactoryChoice, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(name: str) -> None:
        raise RuntimeError(f"handler broke on {name}")

    buttons = TableButtons(DEFAULT_PIN_MAP.buttons, choice.factory, broken, clock=clock)
    try:
        with caplog.at_level(logging.ERROR, logger="hardware.buttons"):
            press(choice, CONFIRM)
            clock.advance(0.2)
            press(choice, CONFIRM)
        assert buttons.counts()["confirm"] == 2
        assert len(caplog.records) == 2
        assert "'confirm' press" in caplog.records[0].getMessage()
    finally:
        buttons.close()


def test_after_close_presses_are_not_reported_and_close_twice_is_fine(choice: FactoryChoice) -> None:
    names: list[str] = []
    buttons = TableButtons(DEFAULT_PIN_MAP.buttons, choice.factory, names.append)
    press(choice, CONFIRM)
    buttons.close()
    buttons.close()
    press(choice, CONFIRM)
    assert names == ["confirm"]
