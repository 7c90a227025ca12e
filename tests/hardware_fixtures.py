"""Helpers shared by the hardware tests: a private mock pin factory, pin probes, a fake clock."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware import FactoryChoice


def mock_choice() -> FactoryChoice:
    """A fresh MockFactory with PWM pins, private to one test (the global Device.pin_factory is untouched)."""
    return FactoryChoice(MockFactory(pin_class=MockPWMPin), "mock", True, "test")


def pin(choice: FactoryChoice, number: int) -> Any:
    """The mock pin with BCM number `number` of this factory."""
    return choice.factory.pin(number)


def press(choice: FactoryChoice, number: int) -> None:
    """Press and release the button on pin `number` (wired to ground, so pressed means low)."""
    mock = pin(choice, number)
    mock.drive_low()
    mock.drive_high()


def wait_for(condition: Callable[[], bool], timeout: float = 3.0) -> bool:
    """Poll condition until it holds or timeout passes; return whether it held."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def wait_for_changes(mock_pin: Any, count: int, timeout: float = 3.0) -> list[Any]:
    """Wait until the pin has recorded `count` states and return them."""
    assert wait_for(lambda: len(mock_pin.states) >= count, timeout), f"pin only recorded {mock_pin.states}"
    return list(mock_pin.states)


def values(mock_pin: Any) -> list[float]:
    """The values a pin went through, oldest first (PWM pins record floats, plain pins booleans)."""
    return [float(state.state) for state in mock_pin.states]


class FakeClock:
    """A monotonic clock that moves only when told to."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the clock forward."""
        self.now += seconds
