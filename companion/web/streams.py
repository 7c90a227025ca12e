"""Live streams (/stream): a game's events and the dice reading as Server-Sent Events, the camera as MJPEG.

Nothing is ever queued for a slow client: each loop sends what is newest when the client can take it (the
events after the last one sent, the latest reading, the latest frame). Each open stream holds one server
thread, so their number is capped (MAX_STREAMS, 503 beyond). A gone client is noticed within a second
under waitress (see server.py), elsewhere at the next write (one heartbeat at most), and its generator ends;
an SSE connection also ends after STREAM_MAX_SECONDS and EventSource comes back with Last-Event-ID; so does the
camera's MJPEG, which the camera page opens again (static/camera.js), and it is refused at once (503) while the camera
has no picture to show.
No lock is held while yielding.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, request

from companion.errors import CompanionError, MalformedRequest
from companion.service import Companion
from companion.web import sse
from companion.web.bodies import MAX_WHOLE, int_arg
from companion.web.context import CameraFeed, camera, service, setting, slots
from companion.web.errors import NoCamera, error_response
from companion.web.health_view import camera_trouble, is_camera_lost

streams = Blueprint("streams", __name__)

_SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
BOUNDARY = "frame"
RETRY_MS = 2000
"""How long EventSource waits before reconnecting."""
SLICE_SECONDS = 1.0
"""Longest wait between two checks that the client is still there."""

ClientGone = Callable[[], bool]


def _client_gone() -> ClientGone:
    # waitress offers this check when channel_request_lookahead > 0 (see server.py); other servers notice
    # a gone client at the next write only.
    check = request.environ.get("waitress.client_disconnected")
    return check if callable(check) else (lambda: False)


def _streamed(body: Iterator[Any], mimetype: str, release: Callable[[], None]) -> Response:
    response = Response(body, mimetype=mimetype, headers=_SSE_HEADERS)
    response.call_on_close(release)  # the server closes the response when the client goes away
    return response


@streams.get("/games/<game_id>")
def game(game_id: str) -> Response:
    """SSE of a game: its events after Last-Event-ID (or ?after=N), then each new one as it is written."""
    companion = service()
    companion.session(game_id)  # 404 before the stream starts
    after = _last_event_id() if "Last-Event-ID" in request.headers else int_arg("after", 0)
    release = slots().take()
    body = game_events(companion, game_id, after, _timing(), _client_gone())
    return _streamed(body, "text/event-stream", release)


def _last_event_id() -> int:
    raw = request.headers.get("Last-Event-ID", "")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 18 or int(raw) > MAX_WHOLE:  # SQLite: 64-bit numbers
        raise MalformedRequest(f"Last-Event-ID must be an event seq, got {raw!r}", field="Last-Event-ID", value=raw)
    return int(raw)


@dataclass(frozen=True)
class Timing:
    """How often an idle SSE stream sends a comment, and how long one connection lasts at most."""

    heartbeat: float = 15.0
    lifetime: float = 600.0


def _timing() -> Timing:
    return Timing(float(setting("HEARTBEAT_SECONDS")), float(setting("STREAM_MAX_SECONDS")))


def game_events(
    companion: Companion, game_id: str, after: int, timing: Timing = Timing(), is_gone: ClientGone = lambda: False
) -> Iterator[str]:
    """Events of a game after `after`, each with the game's current view; a "settled" message when the camera's
    dice settle (a roll it could not play is then asked on the table page, filled in); a "button" message when a table
    button pressed in this game is refused and when that stops standing (with "at", the refusal's time or "0.0": the
    page draws itself again if it shows another); a comment when idle.

    The connection ends after `timing.lifetime`: EventSource reconnects by itself with Last-Event-ID, and
    the thread is never held for ever by a client that vanished without a word."""
    yield sse.retry(RETRY_MS)
    last = after
    settled = _settled_at(companion)
    refused = 0.0
    end = time.monotonic() + timing.lifetime
    while not is_gone() and time.monotonic() < end:
        version = companion.version  # read before the store, so that no change slips between the two
        try:
            events = companion.events(game_id, last)
            view = companion.view(game_id) if events else None
        except CompanionError:
            return  # the service is closing
        for event in events:
            yield sse.message({"event": event.to_dict(), "view": view}, event="game", id_=event.seq)
            last = event.seq
        if (now := _settled_at(companion)) > settled:
            settled = now
            yield sse.message({"at": now}, event="settled")
        if (pressed := _button_refused_at(companion, game_id, last)) != refused:
            refused = pressed  # sent on every connection while it stands: the page knows whether it shows it
            yield sse.message({"at": str(pressed)}, event="button")
        if not _changed_within(companion, version, min(timing.heartbeat, end - time.monotonic()), is_gone):
            yield sse.comment()


def _settled_at(companion: Companion) -> float:
    """When the camera's dice last settled (0 before they ever did)."""
    return float((companion.last_settled or {}).get("at", 0.0))


def _button_refused_at(companion: Companion, game_id: str, last_seq: int) -> float:
    """When a table button pressed in this game was last refused, while nothing was written since (0 if not: a page
    showing a refusal is then told, and draws itself again without it)."""
    return float((companion.buttons.refusal(game_id, last_seq) or {}).get("at", 0.0))


def _changed_within(companion: Companion, version: int, timeout: float, is_gone: ClientGone) -> bool:
    """Wait for any game to change, in slices, so that a gone client frees its thread within a slice."""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0 and not is_gone():
        if companion.wait_for_change(version, min(left, SLICE_SECONDS)) != version:
            return True
    return False


@streams.get("/reading")
def reading() -> Response:
    """SSE of the latest dice reading (only the latest, at most READING_HZ per second), and whether the camera is lost
    (a "camera" message each time that changes, the first when it is lost)."""
    release = slots().take()
    body = readings(service(), float(setting("READING_HZ")), _timing(), _client_gone())
    return _streamed(body, "text/event-stream", release)


def readings(
    companion: Companion, hz: float, timing: Timing = Timing(), is_gone: ClientGone = lambda: False
) -> Iterator[str]:
    """The service's latest reading each time it changes, throttled to `hz`; a comment when idle."""
    yield sse.retry(RETRY_MS)
    sent: Any = None
    lost = False  # a page is drawn as the camera was: said only once it is lost, and again once it is back
    quiet_since = time.monotonic()
    end = quiet_since + timing.lifetime
    while not is_gone() and time.monotonic() < end:
        if (now_lost := is_camera_lost(companion.devices.get("camera"))) != lost:
            # The camera page puts "no picture" in place of the frame the camera last showed (static/camera.js).
            lost = now_lost
            yield sse.message({"lost": lost}, event="camera")
        time.sleep(1.0 / hz)
        latest = companion.last_reading
        if latest is not None and latest is not sent:
            yield sse.message(latest, event="reading")
            sent, quiet_since = latest, time.monotonic()
        elif time.monotonic() - quiet_since >= timing.heartbeat:
            yield sse.comment()
            quiet_since = time.monotonic()


@streams.get("/camera.mjpg")
def camera_mjpeg() -> Response:
    """MJPEG of the camera's latest frame with the dice outlined; 503 at once while it has no picture to show (the
    camera page then says so and asks again: static/camera.js), as a stream would send nothing and never end."""
    worker = camera()
    if worker is None:
        raise NoCamera("the service runs without a camera")
    if worker.latest_jpeg() is None or camera_trouble() is not None:  # a lost camera's last frame is no picture
        return _no_picture()
    release = slots().take()
    fps, keepalive = float(setting("CAMERA_FPS")), float(setting("CAMERA_KEEPALIVE_SECONDS"))
    body = frames(service(), worker, fps, keepalive, _client_gone(), lifetime=float(setting("STREAM_MAX_SECONDS")))
    return _streamed(body, f"multipart/x-mixed-replace; boundary={BOUNDARY}", release)


def _no_picture() -> Response:
    """503 no_picture: answered, not raised, as the camera page asks again every few seconds while the camera is lost
    and an error raised is logged at every ask (the camera's loss is logged once, by the camera)."""
    said = {"key": "error.no_picture", "params": {}}
    response = error_response("no_picture", "the camera has no picture to show now", 503, {"said": said})
    response.headers.update({"Retry-After": "3", "Cache-Control": "no-cache"})
    return response


def frames(
    companion: Companion,
    worker: CameraFeed,
    fps: float,
    keepalive: float,
    is_gone: ClientGone = lambda: False,
    lifetime: float = Timing.lifetime,
) -> Iterator[bytes]:
    """Multipart JPEG parts: the newest frame at most `fps` times a second, stale ones skipped.

    The stream ends after `lifetime` seconds, as an SSE connection does: a tab left open does not hold a server thread
    for ever (the camera page opens it again), nor one whose client vanished without a word. It ends too when the
    camera is lost: its last frame is no picture of the table any more (the page learns it from /stream/reading)."""
    period = 1.0 / fps
    version, sent_at = -1, 0.0
    end = time.monotonic() + lifetime
    # Ends when the client goes, when the camera is closed, replaced or lost, or at the end of its lifetime.
    while companion.devices.get("camera") is worker and not is_gone() and time.monotonic() < end:
        if is_camera_lost(worker):
            return
        worker.wait_for_frame(version, timeout=max(0.0, min(keepalive, SLICE_SECONDS, end - time.monotonic())))
        wait = period - (time.monotonic() - sent_at)
        if wait > 0:
            time.sleep(wait)  # cap the rate; frames arriving meanwhile replace each other
        latest = worker.latest_jpeg()
        if latest is None or (latest[0] == version and time.monotonic() - sent_at < keepalive):
            time.sleep(period)  # a stopped camera answers at once: never spin
            continue
        version, jpeg = latest
        sent_at = time.monotonic()
        head = f"--{BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: {len(jpeg)}\r\n\r\n"
        yield head.encode("ascii") + jpeg + b"\r\n"
