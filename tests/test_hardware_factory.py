"""Choosing the pin factory: mock off a Pi (announced once), lgpio on a Pi, clear errors otherwise."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

import hardware.factory as factory_module
from hardware import FactoryConfigError, FactoryUnavailableError, HardwareError, make_pin_factory
from hardware.factory import raspberry_pi_model, real_choice

PI_MODEL = b"Raspberry Pi 4 Model B Rev 1.4\x00"


@pytest.fixture
def pi_model(tmp_path: Path) -> Path:
    """A device-tree model file as a Raspberry Pi 4 has it (NUL-terminated)."""
    path = tmp_path / "model"
    path.write_bytes(PI_MODEL)
    return path


@pytest.fixture
def pretend_lgpio(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the 'lgpio' factory name load a MockFactory, so the Pi path can run off a Pi."""
    monkeypatch.setitem(factory_module._REAL_FACTORIES, "lgpio", ("gpiozero.pins.mock", "MockFactory"))


@pytest.fixture
def missing_lgpio(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the 'lgpio' factory name fail as it does when python3-lgpio is not installed."""
    monkeypatch.setitem(factory_module._REAL_FACTORIES, "lgpio", ("no_such_lgpio_module", "LGPIOFactory"))


def test_mock_factory_has_pwm_pins_and_is_announced_once(caplog: pytest.LogCaptureFixture) -> None:
    before = Device.pin_factory
    with caplog.at_level(logging.WARNING, logger="hardware.factory"), make_pin_factory("mock") as choice:
        assert (choice.name, choice.is_mock) == ("mock", True)
        assert isinstance(choice.factory, MockFactory)
        assert isinstance(choice.factory.pin(17), MockPWMPin)
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "MOCK" in warnings[0].getMessage()
    assert Device.pin_factory is before


def test_auto_off_a_pi_chooses_the_mock_and_says_why(tmp_path: Path) -> None:
    choice = make_pin_factory("auto", model_path=tmp_path / "absent")
    assert choice.is_mock
    assert "not a Raspberry Pi" in choice.reason
    assert (choice.cause, choice.model) == ("not_a_pi", None)


def test_auto_on_a_pi_chooses_lgpio(pi_model: Path, pretend_lgpio: None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="hardware.factory"):
        choice = make_pin_factory("auto", model_path=pi_model)
    assert (choice.name, choice.is_mock) == ("lgpio", False)
    assert "Raspberry Pi 4 Model B" in choice.reason
    assert choice.cause == "on_a_pi" and choice.model is not None and choice.model.startswith("Raspberry Pi 4")
    assert not caplog.records


def test_auto_on_a_pi_without_lgpio_falls_back_to_a_loud_mock(pi_model: Path, missing_lgpio: None) -> None:
    choice = make_pin_factory("auto", model_path=pi_model)
    assert choice.is_mock
    assert "lgpio is unusable" in choice.reason
    assert "apt install" in choice.reason
    assert choice.cause == "unusable_on_a_pi"


def test_a_real_factory_that_cannot_load_is_an_os_error_and_configured_it_gives_mock_pins(missing_lgpio: None) -> None:
    with pytest.raises(FactoryUnavailableError, match="'lgpio' needs a library that is not installed") as caught:
        real_choice("lgpio", "configured (gpio.factory = 'lgpio')")
    assert isinstance(caught.value, OSError)
    # Named in the settings, it leaves the table playing on simulated pins, saying why (as a missing camera does).
    choice = make_pin_factory("lgpio")
    assert choice.is_mock and choice.cause == "unusable_configured" and str(caught.value) == choice.failure


def test_unknown_factory_name_lists_the_allowed_ones() -> None:
    with pytest.raises(FactoryConfigError, match=r"'pigpio' is unknown; allowed: auto, mock, lgpio, rpigpio, native"):
        make_pin_factory("pigpio")
    assert issubclass(FactoryConfigError, HardwareError)
    assert issubclass(FactoryConfigError, ValueError)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (PI_MODEL, "Raspberry Pi 4 Model B Rev 1.4"),
        (b"Raspberry Pi 5 Model B Rev 1.0\x00", "Raspberry Pi 5 Model B Rev 1.0"),
        (b"Generic x86 board\x00", None),
    ],
)
def test_model_detection(tmp_path: Path, content: bytes, expected: str | None) -> None:
    path = tmp_path / "model"
    path.write_bytes(content)
    assert raspberry_pi_model(path) == expected


def test_closing_a_choice_twice_is_fine() -> None:
    choice = make_pin_factory("mock")
    choice.factory.pin(17)
    assert choice.factory.pins
    choice.close()
    choice.close()
    assert choice.factory.pins == {}
