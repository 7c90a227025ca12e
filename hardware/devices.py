"""Opening gpiozero devices so that a failure names the config key and pin that caused it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from gpiozero import GPIOZeroError

from .errors import DeviceOpenError
from .pins import PREFIX

T = TypeVar("T")


def open_device(key: str, pins: object, make: Callable[[], T]) -> T:
    """Call make() and return its device; a gpiozero or OS failure becomes DeviceOpenError."""
    try:
        return make()
    except (GPIOZeroError, OSError) as error:
        raise DeviceOpenError(f"cannot open {PREFIX}{key} = {pins!r}: {error}") from error
