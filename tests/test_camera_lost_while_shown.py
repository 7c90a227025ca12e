"""A camera lost while the camera page shows its picture: the MJPEG stream ends rather than keep sending the last
frame as if live, /stream/reading says the camera is lost (and back), and the page puts "no picture" in place of
the frozen frame and asks for the picture again."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import request
from flask.typing import ResponseReturnValue
from test_browser_dashboard import Served
from test_camera_lost_page import PictureCamera, _shown, browser, chromium
from test_web_fixtures import service  # noqa: F401  (fixture)

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app, streams
from companion.web.server import make_server, serve_in_thread


class LosingCamera(PictureCamera):
    """A working camera that is lost once `lost` is set: its source then says so, as a LiveSource does while it
    tries to reopen, and its last frame is still there to be sent."""

    def __init__(self) -> None:
        super().__init__()
        self.lost = threading.Event()

    def status(self) -> dict[str, Any]:
        if self.lost.is_set():
            return {"state": "lost", "error": "webcam unplugged", "last_frame_at": None}
        return {"state": "streaming", "last_frame_at": None}


def test_the_camera_stream_ends_once_the_camera_is_lost(service: Companion) -> None:
    camera = LosingCamera()
    service.devices["camera"] = camera
    parts: list[bytes] = []

    def watch() -> None:
        for part in streams.frames(service, camera, 50.0, 1.0, lifetime=30.0):
            parts.append(part)
            if len(parts) == 3:
                camera.lost.set()

    worker = threading.Thread(target=watch, daemon=True)
    worker.start()
    worker.join(timeout=5.0)
    assert not worker.is_alive(), "the stream kept sending the lost camera's last frame"
    assert len(parts) == 3


def test_the_reading_stream_says_the_camera_is_lost_then_back(service: Companion) -> None:
    camera = LosingCamera()
    service.devices["camera"] = camera
    said: list[str] = []

    def listen() -> None:
        for message in streams.readings(service, 50.0, streams.Timing(heartbeat=0.05, lifetime=3.0)):
            if "event: camera" in message:
                said.append(message.split("data: ", 1)[1].strip())
                if len(said) == 1:
                    camera.lost.clear()
                if len(said) == 2:
                    return

    camera.lost.set()
    worker = threading.Thread(target=listen, daemon=True)
    worker.start()
    worker.join(timeout=5.0)
    assert said == ['{"lost":true}', '{"lost":false}']


def test_a_working_camera_is_not_said_lost(service: Companion) -> None:
    service.devices["camera"] = LosingCamera()
    messages = list(streams.readings(service, 50.0, streams.Timing(heartbeat=0.05, lifetime=0.3)))
    assert not any("event: camera" in message for message in messages)


@pytest.fixture
def served_losing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Served, LosingCamera]]:
    """The app under waitress with a working camera, lost once the page has shown its picture. The picture's stream
    lasts a minute (the page would open it again only then), the SSE streams 0.4 s, so that Chromium's virtual clock
    runs on whenever no picture is streamed (it waits while a fetch is pending)."""
    monkeypatch.setattr(streams, "_timing", lambda: streams.Timing(0.2, 0.4))
    service = Companion(EventStore(tmp_path / "events.db"))
    camera = LosingCamera()
    service.devices["camera"] = camera
    app = create_app({"STREAM_MAX_SECONDS": 60.0, "HEARTBEAT_SECONDS": 0.2, "READING_HZ": 20.0}, service)
    server = make_server(app, port=0, threads=6)
    stop = serve_in_thread(server)
    yield Served(f"http://127.0.0.1:{server.effective_port}", service, app), camera
    stop()
    service.close()


@browser
def test_the_page_says_no_picture_once_the_camera_shown_is_lost(
    served_losing: tuple[Served, LosingCamera], tmp_path: Path
) -> None:
    served, camera = served_losing
    asked: list[str] = []

    @served.app.before_request
    def lost_once_the_picture_is_shown() -> ResponseReturnValue | None:
        asked.append(request.path)
        if request.path == "/stream/reading" and "/stream/camera.mjpg" in asked:
            camera.lost.set()  # the picture is on the page: the camera goes now
        return None

    result = chromium(tmp_path, f"{served.url}/camera?lang=fr", "--dump-dom", "--virtual-time-budget=6000")
    dom = html.unescape(result.stdout)
    assert "/stream/camera.mjpg" in asked, "the page never showed the picture"
    assert _shown(dom) == (False, True), result.stderr[-2000:]
    assert "Pas d'image de la caméra" in dom
