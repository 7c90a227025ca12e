"""A camera lost or faulty is said on every page players use, not on the health page alone: the table would wait
for rolls no one reads. A working camera, or none configured, says nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_web_calibrate import StillCamera, blue_and_orange

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app


class LostCamera(StillCamera):
    """A camera whose source cannot be opened (the frame is what it showed before)."""

    def status(self) -> dict[str, str]:
        return {"state": "lost", "error": "cannot open webcam 7 (is it plugged in and free?)"}


def _pages(tmp_path: Path, camera: StillCamera | None) -> dict[str, str]:
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        if camera is not None:
            service.devices["camera"] = camera
        game = service.create_game("free_dice", [{"name": "Ann"}, {"name": "Ben"}])
        client = create_app({"TESTING": True}, services=service).test_client()
        paths = {"camera": "/camera", "game": f"/games/{game['game_id']}", "calibrate": "/calibrate", "games": "/"}
        shown = {name: client.get(f"{path}?lang=en").get_data(as_text=True) for name, path in paths.items()}
        shown["game_fr"] = client.get(f"{paths['game']}?lang=fr").get_data(as_text=True)
    return shown


def test_a_lost_camera_is_said_on_the_camera_game_and_calibration_pages(tmp_path: Path) -> None:
    shown = _pages(tmp_path, LostCamera(blue_and_orange()))
    for name in ("camera", "game", "calibrate", "games"):
        assert "The camera is not working (cannot open webcam 7 (is it plugged in and free?))" in shown[name], name
    assert "no roll is read until it comes back" in shown["game"]
    assert "La caméra ne fonctionne pas (cannot open webcam 7" in shown["game_fr"]


@pytest.mark.parametrize("working", [True, False], ids=["camera working", "no camera"])
def test_a_working_camera_or_none_says_nothing(tmp_path: Path, working: bool) -> None:
    shown = _pages(tmp_path, StillCamera(blue_and_orange()) if working else None)
    assert all('id="camera-trouble"' not in page for page in shown.values())
