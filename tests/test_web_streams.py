"""The streams: a game's events by SSE (resume after Last-Event-ID), the reading, the camera as MJPEG."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import threading
import time

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_web_fixtures import FakeCamera, app, client, game_id, roll, service, sse_messages  # noqa: F401  (fixtures)

from companion.events.bus import RollSettled
from companion.service import Companion
from companion.web.context import SLOTS
from companion.web.streams import Timing, frames, game_events


def test_game_stream_sends_the_log_then_closes_its_slot(
    app: Flask, client: FlaskClient, service: Companion, game_id: str
) -> None:
    service.append(game_id, "move", {"move": roll(0, 4)["move"]})
    response = client.get(f"/stream/games/{game_id}?after=0", buffered=False)
    assert response.mimetype == "text/event-stream"
    assert app.extensions[SLOTS].open == 1
    messages = sse_messages(response.iter_encoded(), 2)
    assert [m["id"] for m in messages] == ["1", "2"]
    assert {m["event"] for m in messages} == {"game"}
    assert messages[1]["data"]["event"]["payload"]["move"]["dice"] == [{"value": 4, "color": "blue"}]
    assert messages[1]["data"]["view"]["players"][0]["score"] == 4
    response.close()
    assert app.extensions[SLOTS].open == 0


def test_last_event_id_wins_over_after(client: FlaskClient, service: Companion, game_id: str) -> None:
    service.append(game_id, "move", {"move": roll(0, 4)["move"]})
    service.append(game_id, "move", {"move": {"type": "end_turn"}})
    response = client.get(f"/stream/games/{game_id}?after=0", headers={"Last-Event-ID": "2"}, buffered=False)
    assert [m["id"] for m in sse_messages(response.iter_encoded(), 1)] == ["3"]
    response.close()


def test_new_events_wake_the_stream(service: Companion, game_id: str) -> None:
    stream = game_events(service, game_id, after=1, timing=Timing(heartbeat=30.0))
    assert next(stream).startswith("retry:")
    timer = threading.Timer(0.2, lambda: service.append(game_id, "move", {"move": roll(0, 6)["move"]}))
    timer.start()
    try:
        first = next(stream)  # must be the event, not a heartbeat comment: the wait woke up
    finally:
        timer.join()
        stream.close()
    assert first.startswith("id: 2\nevent: game\n")


def test_dice_settling_wake_the_game_stream_with_a_settled_message(service: Companion, game_id: str) -> None:
    # A roll the camera could not play writes no event: the table page still learns that the dice settled, to show
    # the roll to finish by hand, filled in with what the camera read.
    stream = game_events(service, game_id, after=1, timing=Timing(heartbeat=30.0))
    assert next(stream).startswith("retry:")
    reading = {"dice": [], "width": 640, "height": 480}  # no roll to play: no event is written
    timer = threading.Timer(0.2, lambda: service.bus.publish(RollSettled(reading, time.time())))
    timer.start()
    try:
        first = next(stream)  # the settled message, not a heartbeat comment: the wait woke up
    finally:
        timer.join()
        stream.close()
    assert first.startswith('event: settled\ndata: {"at":')


def test_idle_stream_sends_heartbeats_and_ends_when_client_is_gone(service: Companion, game_id: str) -> None:
    gone = threading.Event()
    stream = game_events(service, game_id, after=1, timing=Timing(heartbeat=0.05), is_gone=gone.is_set)
    assert next(stream).startswith("retry:")
    assert next(stream) == ": keep-alive\n\n"
    gone.set()
    assert list(stream) == []


def test_bad_last_event_id_and_unknown_game(client: FlaskClient, game_id: str) -> None:
    bad = client.get(f"/stream/games/{game_id}", headers={"Last-Event-ID": "x"})
    assert bad.status_code == 400 and bad.get_json()["error"]["details"]["field"] == "Last-Event-ID"
    missing = client.get("/stream/games/nope")
    assert missing.status_code == 404 and missing.get_json()["error"]["code"] == "not_found"


def test_streams_past_the_limit_are_refused(app: Flask, client: FlaskClient, game_id: str) -> None:
    opened = [client.get(f"/stream/games/{game_id}", buffered=False) for _ in range(3)]
    refused = client.get(f"/stream/games/{game_id}")
    assert refused.status_code == 503
    assert refused.get_json()["error"]["code"] == "too_many_streams"
    for response in opened:
        response.close()
    assert app.extensions[SLOTS].open == 0


def test_reading_stream_sends_only_the_latest(client: FlaskClient, service: Companion) -> None:
    service.reading_updated({"dice": [{"value": 1}]}, "rolling")
    service.reading_updated({"dice": [{"value": 2}]}, "settled")
    response = client.get("/stream/reading", buffered=False)
    messages = sse_messages(response.iter_encoded(), 1)
    response.close()
    assert messages[0]["event"] == "reading"
    assert messages[0]["data"]["dice"] == [{"value": 2}] and messages[0]["data"]["phase"] == "settled"


def test_camera_stream_without_camera_is_404(client: FlaskClient) -> None:
    response = client.get("/stream/camera.mjpg")
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "no_camera"


def test_camera_stream_sends_jpeg_parts(app: Flask, client: FlaskClient, service: Companion) -> None:
    service.devices["camera"] = FakeCamera()
    response = client.get("/stream/camera.mjpg", buffered=False)
    assert response.mimetype == "multipart/x-mixed-replace"
    chunks = response.iter_encoded()
    first, second = next(chunks), next(chunks)
    response.close()
    assert first.startswith(b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: ")
    assert b"\xff\xd8frame-1\xff\xd9" in first and b"frame-2" in second
    assert app.extensions[SLOTS].open == 0


@pytest.mark.parametrize("fps", [5.0, 50.0])
def test_camera_stream_skips_stale_frames(service: Companion, fps: float) -> None:
    class BusyCamera(FakeCamera):
        def wait_for_frame(self, after_version: int, timeout: float) -> int:
            self.version += 7  # many frames arrive between two sends: only the newest is sent
            return self.version

    camera = BusyCamera()
    service.devices["camera"] = camera
    stream = frames(service, camera, fps=fps, keepalive=1.0)
    parts = [next(stream), next(stream)]
    stream.close()
    assert b"frame-7\xff" in parts[0] and b"frame-14\xff" in parts[1]


def test_camera_stream_ends_when_the_camera_goes(service: Companion) -> None:
    camera = FakeCamera()
    service.devices["camera"] = camera
    stream = frames(service, camera, fps=50.0, keepalive=1.0)
    next(stream)
    del service.devices["camera"]
    assert list(stream) == []


def test_game_stream_ends_after_its_lifetime(service: Companion, game_id: str) -> None:
    stream = game_events(service, game_id, after=0, timing=Timing(heartbeat=0.05, lifetime=0.2))
    sent = list(stream)  # ends by itself: the browser reconnects with Last-Event-ID
    assert sent[0].startswith("retry:") and sent[1].startswith("id: 1\n")
    assert all(chunk == ": keep-alive\n\n" for chunk in sent[2:])
