"""A lost camera on the dashboard: the camera page says "no picture" (not a broken image) and shows the picture again
once the camera is back, its stream is refused at once rather than open for ever without a frame, a working stream
ends after STREAM_MAX_SECONDS, the health page keeps the table zones' line, and on the picture a zone's name lies
where no die's label hides it."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import json
import os
import re
import signal
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask import request
from flask.testing import FlaskClient
from flask.typing import ResponseReturnValue
from test_browser_dashboard import CHROMIUM, PHONE, Served
from test_web_fixtures import FAST, FakeCamera, app, client, service  # noqa: F401  (fixtures)

from companion.config import load_config
from companion.devices.platform import pi_model
from companion.devices.waiting_camera import WaitingCamera
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app, streams
from companion.web.server import make_server, serve_in_thread
from companion.wiring import build_service
from vision.annotate import annotate
from vision.errors import CameraError
from vision.reading import DiceReading, Die
from vision.sources import FrameSource
from vision.zones import Zones

LOST = "cannot open webcam '/dev/video7' (is it plugged in and free?)"
ORANGE = {"name": "player:orange", "polygon": [[0.2, 0.2], [0.5, 0.2], [0.5, 0.6], [0.2, 0.6]]}


def never_opens() -> FrameSource:
    raise CameraError(LOST)


def lost_camera() -> WaitingCamera:
    """A camera that could not be opened, as the service keeps it while it tries again (not within the test)."""
    return WaitingCamera(never_opens, lambda source: None, LOST, first_delay=3600.0)


class PictureCamera(FakeCamera):
    """A working camera whose frames are real JPEG pictures (a browser shows them)."""

    def latest_jpeg(self) -> tuple[int, bytes] | None:
        ok, data = cv2.imencode(".jpg", np.full((48, 64, 3), 90, np.uint8))
        assert ok
        return self.version, data.tobytes()


@pytest.fixture(autouse=True)
def _no_companion_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in os.environ if name.startswith("COMPANION_")]:
        monkeypatch.delenv(name)


def _tag(page: str, element_id: str) -> str:
    found = re.search(rf'<[a-z]+ [^>]*id="{element_id}"[^>]*>', page)
    assert found, f"no element #{element_id} in the page"
    return found.group(0)


@pytest.mark.parametrize(("lang", "said"), [("en", "No picture from the camera"), ("fr", "Pas d'image de la caméra")])
def test_the_camera_page_says_no_picture_while_the_camera_is_lost(
    service: Companion, client: FlaskClient, lang: str, said: str
) -> None:
    service.devices["camera"] = lost_camera()
    page = html.unescape(client.get(f"/camera?lang={lang}").get_data(as_text=True))
    picture = _tag(page, "picture")
    assert " hidden" in picture and " src=" not in picture, picture  # no broken image asked for
    assert 'data-src="/stream/camera.mjpg"' in picture  # camera.js asks for it again
    assert " hidden" not in _tag(page, "no-picture")
    assert f"<strong>{said}</strong>" in page


def test_the_camera_page_shows_the_picture_while_the_camera_works(service: Companion, client: FlaskClient) -> None:
    service.devices["camera"] = PictureCamera()
    page = client.get("/camera?lang=en").get_data(as_text=True)
    picture = _tag(page, "picture")
    assert 'src="/stream/camera.mjpg"' in picture and " hidden" not in picture
    assert " hidden" in _tag(page, "no-picture")


def test_the_stream_of_a_lost_camera_is_refused_at_once(service: Companion, client: FlaskClient) -> None:
    service.devices["camera"] = lost_camera()
    answers: list[Any] = []
    # In a thread of its own: a stream opened would send nothing and never end, and the test would wait with it.
    asking = threading.Thread(target=lambda: answers.append(client.get("/stream/camera.mjpg")), daemon=True)
    asking.start()
    asking.join(timeout=5.0)
    assert answers, "the camera stream of a lost camera answered nothing within 5 s"
    refused = answers[0]
    assert refused.status_code == 503
    assert refused.get_json()["error"]["code"] == "no_picture"
    assert refused.get_json()["error"]["details"]["said"] == {"key": "error.no_picture", "params": {}}
    assert refused.headers["Retry-After"] == "3"


def test_a_working_camera_stream_ends_after_its_lifetime(service: Companion) -> None:
    camera = PictureCamera()
    service.devices["camera"] = camera
    parts: list[bytes] = []
    worker = threading.Thread(target=lambda: parts.extend(streams.frames(service, camera, 50.0, 1.0, lifetime=0.5)))
    worker.start()
    worker.join(timeout=5.0)
    assert not worker.is_alive(), "the camera stream was still open 5 s after a 0.5 s lifetime"
    assert parts and all(part.startswith(b"--frame\r\nContent-Type: image/jpeg") for part in parts)
    camera.close()


def test_the_stream_is_given_the_stream_lifetime(service: Companion, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float] = []

    def noted(*args: Any, lifetime: float = 600.0, **kwargs: Any) -> Iterator[bytes]:
        asked.append(lifetime)
        yield b""

    monkeypatch.setattr(streams, "frames", noted)
    service.devices["camera"] = PictureCamera()
    answered = create_app({**FAST, "STREAM_MAX_SECONDS": 7.5}, service).test_client().get("/stream/camera.mjpg")
    answered.close()
    assert asked == [7.5]


@pytest.fixture
def lost_with_zones(tmp_path: Path) -> Iterator[tuple[Companion, Path]]:
    """The service as `companion serve` builds it with a webcam that is not there, and a zones file in its data
    directory."""
    if pi_model() is not None:
        pytest.skip("the built-in stand-ins are chosen off a Raspberry Pi only")
    path = tmp_path / "zones.json"
    path.write_text(json.dumps({"version": 1, "zones": [ORANGE]}), encoding="utf-8")
    env = {"COMPANION_DATA__DIR": str(tmp_path), "COMPANION_CAMERA__SOURCE": "webcam:/dev/video7"}
    service = build_service(load_config(env=env))
    try:
        yield service, path
    finally:
        service.close()


def test_the_health_page_names_the_zones_file_while_the_camera_is_lost(
    lost_with_zones: tuple[Companion, Path],
) -> None:
    service, path = lost_with_zones
    assert service.health()["devices"]["camera"]["state"] == "lost"
    client = create_app(FAST, service).test_client()
    for lang, said in (("en", f"<dt>Table zones</dt><dd>{path}: 1 zone</dd>"), ("fr", f"<dd>{path} : 1 zone</dd>")):
        assert said in html.unescape(client.get(f"/health?lang={lang}").get_data(as_text=True))


def test_the_health_page_says_no_zones_file_while_the_camera_is_lost(service: Companion, tmp_path: Path) -> None:
    lost = Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path)
    lost.devices["camera"] = lost_camera()
    try:
        page = html.unescape(create_app(FAST, lost).test_client().get("/health?lang=en").get_data(as_text=True))
    finally:
        lost.close()
    assert "<dd>No zones file: every die the camera sees counts</dd>" in page


def _teal(picture: np.ndarray) -> np.ndarray:
    blue, green, red = (picture[..., channel].astype(int) for channel in range(3))
    return (blue - red > 60) & (green - red > 60)


def test_a_zone_name_is_not_hidden_under_a_die_label() -> None:
    width, height = 1280, 720
    zones = Zones.from_dict({"version": 1, "zones": [ORANGE]})
    x, y = round(0.2 * (width - 1)), round(0.2 * (height - 1))
    # A die just inside the zone's top-left corner: its label, above it, lies where the zone's name was written.
    die = Die(5, "orange", (x + 6, y + 60, x + 66, y + 120), (x + 36, y + 90), 0.95)
    table = np.full((height, width, 3), 120, np.uint8)
    inside = (slice(y + 4, round(0.6 * (height - 1)) - 4), slice(x + 4, round(0.5 * (width - 1)) - 4))
    alone = _teal(annotate(table, DiceReading((), width, height), words=False, zones=zones))[inside].sum()
    beside = _teal(annotate(table, DiceReading((die,), width, height), words=False, zones=zones))[inside].sum()
    assert alone > 500  # the name, written inside the zone
    assert beside >= 0.95 * alone, f"the zone's name lost {alone - beside} of its {alone} pixels under the die's label"


browser = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")


@pytest.fixture
def served_lost(tmp_path: Path) -> Iterator[Served]:
    """The app under waitress with a lost camera; short stream lifetimes let Chromium's virtual clock run."""
    service = Companion(EventStore(tmp_path / "events.db"))
    service.devices["camera"] = lost_camera()
    app = create_app({"STREAM_MAX_SECONDS": 0.4, "HEARTBEAT_SECONDS": 0.2}, service)
    server = make_server(app, port=0, threads=6)
    stop = serve_in_thread(server)
    yield Served(f"http://127.0.0.1:{server.effective_port}", service, app)
    stop()
    service.close()


def chromium(tmp_path: Path, url: str, *args: str, timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
    """Headless Chromium once on a page, in a session of its own: on timeout the whole session is killed (its
    renderers too, which keep the pipes open: subprocess.run's own timeout then waits on them) and the test fails."""
    command = [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
    command += ["--disable-background-networking", "--disable-component-update", "--disable-sync"]
    command += [f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={PHONE}", *args, url]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    ) as run:
        try:
            out, err = run.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            run.communicate()
            pytest.fail(f"Chromium still on {url} after {timeout:g} s: the page waits on a stream that never ends")
    return subprocess.CompletedProcess(command, run.returncode, out, err)


def _shown(dom: str) -> tuple[bool, bool]:
    """Whether the picture and the "no picture" placeholder are shown in a dumped DOM."""
    return " hidden" not in _tag(dom, "picture"), " hidden" not in _tag(dom, "no-picture")


@browser
def test_the_browser_shows_no_picture_and_does_not_hang(served_lost: Served, tmp_path: Path) -> None:
    result = chromium(tmp_path, f"{served_lost.url}/camera?lang=fr", "--dump-dom", "--virtual-time-budget=8000")
    dom = html.unescape(result.stdout)
    assert _shown(dom) == (False, True), result.stderr[-2000:]
    assert "Pas d'image de la caméra" in dom


@browser
def test_the_picture_comes_back_with_the_camera(served_lost: Served, tmp_path: Path) -> None:
    asked: list[int] = []

    @served_lost.app.before_request
    def camera_back_after_one_refusal() -> ResponseReturnValue | None:
        if request.path == "/stream/camera.mjpg":
            asked.append(1)
            if len(asked) == 2:  # the first ask was refused: the camera is back for the page's next one
                served_lost.service.devices["camera"] = PictureCamera()
        return None

    result = chromium(tmp_path, f"{served_lost.url}/camera?lang=en", "--dump-dom", "--virtual-time-budget=9000")
    dom = html.unescape(result.stdout)
    assert len(asked) >= 2, "the page never asked for the picture again"
    assert _shown(dom) == (True, False), result.stderr[-2000:]
