"""The health page does not say "no real device was found" of a replay the owner configured: a stand-in is so
because none was found or because the configuration asks for it, and each line says which."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.config import load_config
from companion.devices import choose
from companion.devices.lights import open_panel
from companion.devices.notices import DeviceChoice
from companion.events.bus import EventBus
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app


def test_the_stand_ins_hint_allows_for_a_source_the_configuration_chose(tmp_path: Path) -> None:
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        spec = f"folder:{tmp_path}"
        said = {"why": "device.why.camera.configured", "why_params": {"spec": spec, "origin": "companion.toml"}}
        service.choices = [DeviceChoice("camera", spec, "camera.source (companion.toml)", True, **said)]
        client = create_app({"TESTING": True}, services=service).test_client()
        english = client.get("/health?lang=en").get_data(as_text=True)
        french = client.get("/health?lang=fr").get_data(as_text=True)
    assert "No real device was found" not in english
    assert "because none was found or because the configuration asks for it" in english
    assert "faute d&#39;appareil trouvé ou parce que la configuration le demande" in french


def _badges(tmp_path: Path, env: dict[str, str], lang: str) -> list[str]:
    """The badge of each device line of the health page, for a service chosen as `serve` chooses from `env`."""
    config = load_config(env={"COMPANION_DATA__DIR": str(tmp_path / "data"), **env})
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.choices = [choose.choose_camera(config)[0], choose.choose_serial(config)]
        page = create_app({"TESTING": True}, services=service).test_client().get(f"/health?lang={lang}")
    return re.findall(r'<span class="badge badge--\w+">([^<]+)</span>', page.get_data(as_text=True))


def test_a_stand_in_the_configuration_names_is_not_called_built_in(tmp_path: Path) -> None:
    asked = {"COMPANION_CAMERA__SOURCE": f"folder:{tmp_path}", "COMPANION_SERIAL__PORT": "virtual"}
    assert _badges(tmp_path, asked, "en") == ["Stand-in, as configured"] * 2
    assert _badges(tmp_path, asked, "fr") == ["Remplaçant, comme configuré"] * 2


def test_a_stand_in_taken_for_want_of_a_device_is_still_built_in(tmp_path: Path) -> None:
    assert _badges(tmp_path, {}, "en") == ["Built-in stand-in"] * 2  # off a Pi: the demo replay, the virtual board


@pytest.mark.parametrize(("factory", "asked"), [("mock", True), ("auto", False)])
def test_mock_pins_are_asked_for_only_when_the_configuration_names_them(factory: str, asked: bool) -> None:
    config = load_config(env={})
    panel, choice = open_panel(factory, config.get("gpio", "pins"), EventBus())
    panel.close()
    assert choice.is_stand_in and choice.is_asked is asked  # off a Pi, "auto" takes mock pins for want of a board
