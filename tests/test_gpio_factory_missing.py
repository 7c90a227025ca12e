"""A real pin factory named in gpio.factory that cannot be loaded here: the service still starts, on mock pins, and
says so in the log and on the health page, as it does for a missing camera or serial port. A bad pin map or an
unknown factory name stays a configuration error."""

from __future__ import annotations

import html
import logging
import re
import sys
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import load_config
from companion.devices.lights import open_panel
from companion.errors import ConfigError
from companion.events.bus import EventBus
from companion.web import create_app
from companion.wiring import build_service
from hardware import make_pin_factory

# The gpiozero module of each real factory and the module whose import fails when its library is missing; gpiozero's
# own native factory needs no library, so its module itself is made to fail.
BLOCKED = {
    "lgpio": ("gpiozero.pins.lgpio", "lgpio"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPi"),
    "native": ("gpiozero.pins.native", "gpiozero.pins.native"),
}
APT = {"lgpio": "python3-lgpio", "rpigpio": "python3-rpi-lgpio", "native": None}


def block_import(monkeypatch: pytest.MonkeyPatch, factory: str) -> None:
    """Make importing the factory's gpiozero module fail as it does when its library is not installed."""
    module, missing = BLOCKED[factory]
    monkeypatch.delitem(sys.modules, module, raising=False)  # imported afresh, so its own imports run again
    monkeypatch.setitem(sys.modules, missing, None)  # None in sys.modules: importing it raises ImportError


def served_env(tmp_path: Path, factory: str) -> dict[str, str]:
    """`companion serve`'s settings with only the GPIO panel: the camera and the serial link switched off."""
    return {
        "COMPANION_DATA__DIR": str(tmp_path),
        "COMPANION_GPIO__FACTORY": factory,
        "COMPANION_CAMERA__SOURCE": "off",
        "COMPANION_SERIAL__PORT": "off",
    }


@pytest.mark.parametrize("factory", sorted(BLOCKED))
def test_a_configured_factory_that_cannot_be_imported_gives_mock_pins_and_says_why(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path: Path, factory: str
) -> None:
    block_import(monkeypatch, factory)
    with caplog.at_level(logging.WARNING, logger="hardware.factory"):
        choice = make_pin_factory(factory, model_path=tmp_path / "absent")
    with choice:
        assert isinstance(choice.factory, MockFactory)
        assert (choice.name, choice.is_mock, choice.cause) == ("mock", True, "unusable_configured")
        assert f"gpio pin factory {factory!r} needs a library that is not installed" in choice.failure
        assert choice.failure in choice.reason and f"gpio.factory = {factory!r}" in choice.reason
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert f"gpio.factory = {factory!r}" in warnings[0]
    assert f"import of {BLOCKED[factory][1]} halted" in warnings[0]  # the import error itself
    assert "sudo apt install" in warnings[0]
    package = APT[factory]
    if package is not None:
        assert package in warnings[0]


def test_lgpio_missing_is_a_stand_in_on_the_panel_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    block_import(monkeypatch, "lgpio")
    panel, choice = open_panel("lgpio", {}, EventBus())
    try:
        assert panel.panel.is_mock
        said = choice.to_dict()
    finally:
        panel.close()
    assert (said["device"], said["implementation"], said["is_stand_in"]) == ("gpio", "mock", True)
    assert not said["is_asked"]  # not the mock asked for by name: one taken for want of lgpio
    assert said["why"]["key"] == "device.why.gpio.unusable_configured"
    assert "gpio.factory = 'lgpio' cannot be used here" in said["reason"]
    assert "No module named" in said["reason"] or "halted" in said["reason"]
    assert "sudo apt install python3-lgpio" in said["reason"]


def test_the_service_starts_and_its_health_says_the_pins_are_simulated(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    block_import(monkeypatch, "lgpio")
    with caplog.at_level(logging.WARNING):
        service = build_service(load_config(env=served_env(tmp_path, "lgpio")))
    try:
        client = create_app({"TESTING": True}, services=service).test_client()
        health = client.get("/api/health").get_json()
        pages = {lang: client.get(f"/health?lang={lang}").get_data(as_text=True) for lang in ("en", "fr")}
    finally:
        service.close()
    gpio = next(choice for choice in health["choices"] if choice["device"] == "gpio")
    assert (gpio["implementation"], gpio["is_stand_in"]) == ("mock", True)
    assert "gpio.factory = 'lgpio' cannot be used here" in gpio["reason"]
    assert "sudo apt install python3-lgpio" in gpio["reason"]
    assert health["devices"]["gpio"]["is_mock"] is True
    said = {lang: html.unescape(re.sub(r"\s+", " ", page)) for lang, page in pages.items()}
    assert "The settings ask for the pin library lgpio, and simulated pins stand in" in said["en"]
    assert "Les réglages demandent la bibliothèque de broches lgpio, et des broches simulées" in said["fr"]
    assert "sudo apt install python3-lgpio" in said["en"]  # what to do, on the page, not only in the log
    logged = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING and r.name == "hardware.factory"]
    assert any("'lgpio'" in line and "python3-lgpio" in line for line in logged)


def test_a_pin_out_of_range_is_still_a_config_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    block_import(monkeypatch, "lgpio")
    config = tmp_path / "config.toml"
    config.write_text('[gpio]\nfactory = "lgpio"\n[gpio.pins]\nstatus = 99\n')
    with pytest.raises(ConfigError, match=r"gpio.pins.status = 99 is not a usable GPIO"):
        build_service(load_config(path=config, env={"COMPANION_DATA__DIR": str(tmp_path)}))
    with pytest.raises(ConfigError, match=r"gpio.pins.status = 99 is not a usable GPIO"):
        open_panel("lgpio", {"status": 99}, EventBus())


def test_an_unknown_factory_name_is_still_a_config_error() -> None:
    with pytest.raises(ConfigError, match=r"'pigpio' is unknown; allowed: auto, mock, lgpio, rpigpio, native"):
        open_panel("pigpio", {}, EventBus())
    with pytest.raises(ConfigError, match=r"gpio.factory"):
        load_config(env={"COMPANION_GPIO__FACTORY": "pigpio"})
