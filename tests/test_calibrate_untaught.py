"""The colour teaching page says which colours offered at the table are read only once taught (yellow: in no default
palette), before any teaching and after one, and stops saying so of a colour once it is taught."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from vision.calibration import Calibration

SAID = {"en": "Read only once taught here: yellow", "fr": "Reconnues seulement une fois apprises ici : jaune"}


class TaughtCamera:
    """A camera that has seen nothing yet, reading with the colours it was given."""

    def __init__(self) -> None:
        self.calibration: Calibration | None = None

    def latest_frame(self) -> None:
        return None


@pytest.fixture
def client_and_camera(tmp_path: Path) -> Iterator[tuple[FlaskClient, TaughtCamera]]:
    camera = TaughtCamera()
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        yield create_app({"TESTING": True}, services=service).test_client(), camera


def page(client: FlaskClient, lang: str) -> str:
    return html.unescape(client.get(f"/calibrate?lang={lang}").get_data(as_text=True))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_yellow_is_said_to_be_read_only_once_taught(
    client_and_camera: tuple[FlaskClient, TaughtCamera], lang: str
) -> None:
    client, _ = client_and_camera
    assert SAID[lang] in page(client, lang)


def test_a_yellow_taught_is_no_longer_said_untaught(client_and_camera: tuple[FlaskClient, TaughtCamera]) -> None:
    client, camera = client_and_camera
    default = Calibration.default()
    camera.calibration = Calibration({**default.centres, "yellow": (80.0, 20.0, 75.0)}, spread=default.spread)
    shown = page(client, "en")
    assert "yellow" in shown and "Read only once taught here" not in shown
