"""The health page does not say "no real device was found" of a replay the owner configured: a stand-in is so
because none was found or because the configuration asks for it, and each line says which."""

from __future__ import annotations

from pathlib import Path

from companion.devices.notices import DeviceChoice
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
