"""Choosing the gpiozero pin factory from configuration: real pins on a Pi, mock pins elsewhere."""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass, replace
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

from gpiozero.pins.mock import MockFactory, MockPWMPin

from .errors import FactoryConfigError, FactoryUnavailableError

log = logging.getLogger(__name__)

FACTORY_NAMES: tuple[str, ...] = ("auto", "mock", "lgpio", "rpigpio", "native")
MODEL_PATH = Path("/proc/device-tree/model")

Cause = Literal["configured", "not_a_pi", "on_a_pi", "unusable_on_a_pi", "unusable_configured"]
"""Why a pin factory was chosen: named in the configuration; "auto" off a Raspberry Pi (mock pins); "auto" on one
(lgpio); "auto" on one whose lgpio cannot be used (mock pins, the error in the reason); a real factory named in the
configuration that cannot be used here (mock pins, the error in the reason and in `failure`)."""

# Module and class of each real factory, imported only when asked for: lgpio and RPi.GPIO come from
# apt on the Pi and are absent elsewhere.
_REAL_FACTORIES: dict[str, tuple[str, str]] = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
    "native": ("gpiozero.pins.native", "NativeFactory"),
}

# What Raspberry Pi OS installs each library from; gpiozero's own native factory needs none.
_APT_PACKAGES: dict[str, str] = {
    "lgpio": "python3-lgpio",
    "rpigpio": "python3-rpi-lgpio (or python3-rpi.gpio on a Pi 4 or older)",
}
_APT_HINT = "python3-lgpio (or python3-rpi-lgpio / python3-rpi.gpio)"


@dataclass(frozen=True)
class FactoryChoice:
    """The pin factory in use, its name, whether its pins are mock ones, and why it was chosen: `reason` in words
    for the log, `cause` as a code a page can say in its reader's language (see CAUSES), with the board's `model`."""

    factory: Any
    name: str
    is_mock: bool
    reason: str
    cause: Cause = "configured"
    model: str | None = None
    failure: str = ""
    """Why the real factory asked for could not be used, when mock pins stand in for it; "" otherwise."""

    def close(self) -> None:
        """Release the factory's pins and handles; safe to call twice."""
        self.factory.close()

    def __enter__(self) -> FactoryChoice:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def raspberry_pi_model(model_path: Path = MODEL_PATH) -> str | None:
    """The board's model string if this is a Raspberry Pi, else None."""
    try:
        model = model_path.read_bytes().rstrip(b"\0").decode("ascii", "replace").strip()
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


def mock_choice(reason: str, cause: Cause = "configured", model: str | None = None) -> FactoryChoice:
    """A MockFactory with PWM-capable pins, announced by one warning."""
    # Warn here, once per choice, so the log says why the lights will not light.
    log.warning("GPIO pins are MOCK pins (gpiozero MockFactory): %s", reason)
    return FactoryChoice(MockFactory(pin_class=MockPWMPin), "mock", True, reason, cause, model)


def real_choice(name: str, reason: str, cause: Cause = "configured", model: str | None = None) -> FactoryChoice:
    """The named real factory, or FactoryUnavailableError saying what is missing."""
    module_name, class_name = _REAL_FACTORIES[name]
    try:
        factory_class = getattr(importlib.import_module(module_name), class_name)
        factory = factory_class()
    except ImportError as error:
        raise FactoryUnavailableError(
            f"gpio pin factory {name!r} needs a library that is not installed ({error}); "
            f"on Raspberry Pi OS: sudo apt install {_APT_PACKAGES.get(name, _APT_HINT)} "
            "(a virtualenv sees it only when made with --system-site-packages)"
        ) from error
    except Exception as error:  # gpiozero raises many kinds here (no /dev/gpiomem, unknown board...)
        raise FactoryUnavailableError(f"gpio pin factory {name!r} cannot start here: {error}") from error
    return FactoryChoice(factory, name, False, reason, cause, model)


def make_pin_factory(name: str = "auto", model_path: Path = MODEL_PATH) -> FactoryChoice:
    """Return the pin factory for the config value `name`: auto, mock, lgpio, rpigpio or native."""
    if name not in FACTORY_NAMES:
        raise FactoryConfigError(f"gpio.factory = {name!r} is unknown; allowed: {', '.join(FACTORY_NAMES)}")
    if name == "mock":
        return mock_choice("configured (gpio.factory = 'mock')")
    if name != "auto":
        return configured_choice(name, model_path)
    model = raspberry_pi_model(model_path)
    if model is None:
        return mock_choice(f"not a Raspberry Pi ({model_path} does not name one)", "not_a_pi")
    try:
        return real_choice("lgpio", f"auto: {model}", "on_a_pi", model)
    except FactoryUnavailableError as error:
        # The rest of the service is still useful without lights; the mock is loud, not silent.
        return mock_choice(f"auto on {model}, but lgpio is unusable: {error}", "unusable_on_a_pi", model)


def configured_choice(name: str, model_path: Path = MODEL_PATH) -> FactoryChoice:
    """The real factory `name` the configuration asks for, or mock pins in its place when it cannot be used here."""
    try:
        return real_choice(name, f"configured (gpio.factory = {name!r})")
    except FactoryUnavailableError as error:
        # As a missing camera or serial port: the table still plays without lights, and the log and the health page
        # say why (mock_choice warns, naming the factory asked, the error and the package to install).
        reason = f"gpio.factory = {name!r} cannot be used here: {error}"
        choice = mock_choice(reason, "unusable_configured", raspberry_pi_model(model_path))
        return replace(choice, failure=str(error))
