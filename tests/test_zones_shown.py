"""The table's zones where the owner can check them: outlined on the camera's picture, the dice left out as off the
table said on the camera page (at first and live), the zones file named on the health page and by `companion doctor`."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask import request
from flask.testing import FlaskClient
from flask.typing import ResponseReturnValue
from test_browser_dashboard import CHROMIUM, Served, chromium
from test_web_fixtures import FAST, FakeCamera, app, client, service  # noqa: F401  (fixtures)

from companion.cli import main
from companion.config import load_config
from companion.devices.camera import CameraWorker
from companion.devices.platform import pi_model
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app, streams
from companion.web.language import js_texts
from companion.web.server import make_server, serve_in_thread
from companion.wiring import build_service
from vision.reading import DiceReading
from vision.sources import SequenceSource
from vision.zones import Zones

TABLE = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]]
ORANGE = {"name": "player:orange", "polygon": [[0.2, 0.2], [0.5, 0.2], [0.5, 0.6], [0.2, 0.6]]}
KALI = {"name": "kali:green", "polygon": [[0.6, 0.6], [0.8, 0.6], [0.8, 0.8], [0.6, 0.8]]}
LAYOUT = {"version": 1, "table": TABLE, "zones": [ORANGE, KALI]}
GREY = 120


@pytest.fixture(autouse=True)
def _no_companion_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in os.environ if name.startswith("COMPANION_")]:
        monkeypatch.delenv(name)


def worker_showing(zones: Zones | None, width: int = 1280, height: int = 720) -> CameraWorker:
    """A camera worker whose latest frame is a plain grey table with no dice read on it."""
    image = np.full((height, width, 3), GREY, np.uint8)
    worker = CameraWorker(
        SequenceSource([image], kind="replay", description="a grey table"),
        lambda *_: None,
        lambda *_: None,
        zones=zones,
    )
    worker._frame, worker._reading, worker._version = image, DiceReading((), width, height), 1
    return worker


def zone_ink(picture: np.ndarray) -> np.ndarray:
    """Where a decoded picture is drawn in the zones' teal (a grey table has equal channels)."""
    blue, green, red = (picture[..., channel].astype(int) for channel in range(3))
    return (blue - red > 60) & (green - red > 60)


def decoded(jpeg: bytes) -> np.ndarray:
    picture = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert picture is not None
    return picture


@pytest.mark.parametrize(("width", "height"), [(640, 480), (1280, 720), (4032, 3024)])
def test_the_camera_picture_outlines_the_table_and_each_zone(width: int, height: int) -> None:
    shown = worker_showing(Zones.from_dict(LAYOUT), width, height).latest_jpeg()
    assert shown is not None
    picture = decoded(shown[1])
    inked = zone_ink(picture)
    h, w = inked.shape
    # Midpoints of the table's four edges and of the zones' edges away from their names, a few pixels around each.
    for x, y in [(0.5, 0.1), (0.9, 0.5), (0.5, 0.9), (0.1, 0.5), (0.5, 0.4), (0.35, 0.6), (0.8, 0.7), (0.7, 0.8)]:
        px, py = round(x * (w - 1)), round(y * (h - 1))
        assert inked[py - 3 : py + 4, px - 3 : px + 4].any(), f"no zone line drawn at {(x, y)} of a {width}x{height}"
    # Inside the zones and off the table, nothing is drawn: the lines are thin and the rest of the picture is left.
    for x, y in [(0.05, 0.05), (0.35, 0.45), (0.7, 0.7), (0.95, 0.5)]:
        px, py = round(x * (w - 1)), round(y * (h - 1))
        assert not inked[py - 3 : py + 4, px - 3 : px + 4].any(), f"zone ink at {(x, y)}"


def test_the_zones_names_are_written_at_their_corners() -> None:
    shown = worker_showing(Zones.from_dict(LAYOUT)).latest_jpeg()
    assert shown is not None
    inked = zone_ink(decoded(shown[1]))
    h, w = inked.shape
    for corner in ([0.2, 0.2], [0.6, 0.6]):
        x0, y0 = round(corner[0] * (w - 1)), round(corner[1] * (h - 1))
        # The name, inside the zone just below and right of its top-left corner, inks many pixels there.
        assert inked[y0 + 4 : y0 + 40, x0 + 4 : x0 + 120].sum() > 80


def test_the_zones_are_drawn_only_from_a_zones_file() -> None:
    drawn = [worker_showing(zones).latest_jpeg() for zones in (Zones.from_dict(LAYOUT), None)]
    with_zones, without = (zone_ink(decoded(shown[1])) for shown in drawn if shown is not None)
    assert with_zones.sum() > 1000
    assert not without.any()


def test_the_mjpeg_stream_sends_the_picture_with_its_zones(service: Companion) -> None:
    worker = worker_showing(Zones.from_dict(LAYOUT))
    service.devices["camera"] = worker
    part = next(streams.frames(service, worker, fps=50.0, keepalive=0.3))
    jpeg = part[part.index(b"\r\n\r\n") + 4 : -2]
    assert zone_ink(decoded(jpeg)).sum() > 1000
    again = worker.latest_jpeg()
    assert again is not None and again[1] == jpeg  # encoded once for the frame, not again for each client


@pytest.mark.parametrize(
    ("lang", "count", "said"),
    [
        ("en", 1, "1 die outside the table is not counted."),
        ("en", 3, "3 dice outside the table are not counted."),
        ("fr", 1, "1 dé hors de la table n'est pas compté."),
        ("fr", 2, "2 dés hors de la table ne sont pas comptés."),
    ],
)
def test_the_camera_page_says_how_many_dice_lie_outside_the_table(
    client: FlaskClient, service: Companion, lang: str, count: int, said: str
) -> None:
    service.devices["camera"] = FakeCamera()
    service.reading_updated({"dice": [], "warnings": [f"dice_outside_table:{count}"]}, "empty")
    page = html.unescape(client.get(f"/camera?lang={lang}").get_data(as_text=True))
    assert f'<p class="reading__outside small" id="outside">{said}</p>' in page


def test_the_outside_sentence_is_hidden_while_all_dice_are_on_the_table(
    client: FlaskClient, service: Companion
) -> None:
    service.devices["camera"] = FakeCamera()
    service.reading_updated({"dice": [], "warnings": ["dim_light"]}, "empty")
    page = client.get("/camera?lang=en").get_data(as_text=True)
    assert '<p class="reading__outside small" id="outside" hidden></p>' in page


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_camera_script_is_given_both_forms_of_the_outside_sentence(app: Any, lang: str) -> None:
    with app.test_request_context(f"/camera?lang={lang}"):
        app.preprocess_request()
        texts = js_texts()
    assert "{n}" in texts["page.camera.outside_table"] and "{n}" in texts["page.camera.outside_table_one"]
    assert texts["page.camera.outside_table"] != texts["page.camera.outside_table_one"]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's headless Chromium at /usr/bin/chromium (apt-get install -y chromium)")
    service = Companion(EventStore(tmp_path / "events.db"))
    app = create_app({"STREAM_MAX_SECONDS": 0.4, "HEARTBEAT_SECONDS": 0.2}, service)
    server = make_server(app, port=0, threads=6)
    stop = serve_in_thread(server)
    yield Served(f"http://127.0.0.1:{server.effective_port}", service, app)
    stop()
    service.close()


@pytest.mark.parametrize(
    ("lang", "count", "said"),
    [("en", 2, "2 dice outside the table are not counted."), ("fr", 1, "1 dé hors de la table n'est pas compté.")],
)
def test_dice_left_outside_the_table_are_said_live(
    served: Served, tmp_path: Path, lang: str, count: int, said: str
) -> None:
    served.service.reading_updated({"dice": [], "warnings": []}, "empty")

    @served.app.after_request
    def push_dice_off_the_table(response: ResponseReturnValue) -> ResponseReturnValue:
        # The page was rendered with every die on the table; the dice off it can reach it only by the stream.
        if request.path == "/camera" and not (served.service.last_reading or {}).get("warnings"):
            served.service.reading_updated({"dice": [], "warnings": [f"dice_outside_table:{count}"]}, "empty")
        return response

    result = chromium(tmp_path, f"{served.url}/camera?lang={lang}", "--dump-dom", "--virtual-time-budget=4000")
    dom = html.unescape(result.stdout)
    assert f'<p class="reading__outside small" id="outside">{said}</p>' in dom, result.stderr[-2000:]


@pytest.fixture
def built_with_zones(tmp_path: Path) -> Iterator[tuple[Companion, Path]]:
    """The service as `companion serve` builds it, with a zones file in its data directory."""
    if pi_model() is not None:
        pytest.skip("the built-in stand-ins are chosen off a Raspberry Pi only")
    path = tmp_path / "zones.json"
    path.write_text(json.dumps(LAYOUT), encoding="utf-8")
    service = build_service(load_config(env={"COMPANION_DATA__DIR": str(tmp_path)}))
    try:
        yield service, path
    finally:
        service.close()


def _health(service: Companion, lang: str) -> str:
    return html.unescape(create_app(FAST, service).test_client().get(f"/health?lang={lang}").get_data(as_text=True))


def test_the_health_page_names_the_zones_file_in_use(built_with_zones: tuple[Companion, Path]) -> None:
    service, path = built_with_zones
    assert f"<dt>Table zones</dt><dd>{path}: 2 zones</dd>" in _health(service, "en")
    assert f"<dt>Zones de la table</dt><dd>{path} : 2 zones</dd>" in _health(service, "fr")


def test_the_health_page_says_one_zone_in_the_singular(service: Companion, tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    Zones.from_dict({"version": 1, "zones": [KALI]}).save(path)
    service.devices["camera"] = worker_showing(Zones.load(path))
    assert f"<dd>{path}: 1 zone</dd>" in _health(service, "en")
    assert f"<dd>{path} : 1 zone</dd>" in _health(service, "fr")


def test_the_health_page_says_when_there_is_no_zones_file(service: Companion) -> None:
    service.devices["camera"] = worker_showing(None)
    assert "<dd>No zones file: every die the camera sees counts</dd>" in _health(service, "en")
    assert "<dd>Aucun fichier de zones : chaque dé que voit la caméra compte</dd>" in _health(service, "fr")


def test_doctor_names_the_zones_file_and_its_zones(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "zones.json"
    path.write_text(json.dumps(LAYOUT), encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "doctor"]) == 0
    out = capsys.readouterr().out
    assert f"zones            {path}\n{'':<16} why: 2 zones, the table outlined" in out


def test_doctor_says_when_there_is_no_zones_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "doctor"]) == 0
    out = capsys.readouterr().out
    assert f"zones            none\n{'':<16} why: no zones file ({tmp_path / 'zones.json'}): every die" in out


def test_doctor_says_no_zones_are_used_without_a_camera(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "off"\n')
    assert main(["--config", str(config), "--data-dir", str(tmp_path), "doctor"]) == 0
    assert f"zones            none\n{'':<16} why: camera.source = off" in capsys.readouterr().out
