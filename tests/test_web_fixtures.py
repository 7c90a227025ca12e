"""Shared fixtures of the web tests: a service on a temporary store, the app, its client, a fake camera."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app

FAST = {"TESTING": True, "HEARTBEAT_SECONDS": 0.3, "READING_HZ": 50.0, "CAMERA_FPS": 50.0, "MAX_STREAMS": 3}
PLAYERS = [{"name": "Asha", "color": "blue"}, {"name": "Bruno", "color": "green"}]


class FakeCamera:
    """Stands in for CameraWorker: numbered frames, one new frame per wait."""

    is_mock = True

    def __init__(self) -> None:
        self.version = 0
        self.closed = False
        self._lock = threading.Lock()

    def latest_jpeg(self) -> tuple[int, bytes] | None:
        with self._lock:
            return self.version, b"\xff\xd8frame-%d\xff\xd9" % self.version

    def wait_for_frame(self, after_version: int, timeout: float) -> int:
        with self._lock:
            self.version += 1
            return self.version

    def status(self) -> dict[str, Any]:
        return {"kind": "fake", "is_mock": True, "frames": self.version, "reader_errors": 2, "last_frame_at": None}

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Companion]:
    with Companion(EventStore(tmp_path / "events.db")) as companion:
        yield companion


@pytest.fixture
def app(service: Companion) -> Flask:
    return create_app(FAST, service)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def game_id(service: Companion) -> str:
    return str(service.create_game("free_dice", PLAYERS)["game_id"])


def roll(seat: int, *values: int, color: str = "blue") -> dict[str, Any]:
    """An API event body playing a roll."""
    return {
        "type": "move",
        "move": {"type": "roll", "seat": seat, "dice": [{"value": v, "color": color} for v in values]},
    }


def sse_messages(chunks: Iterator[bytes], count: int, max_chunks: int = 40) -> list[dict[str, Any]]:
    """The next `count` SSE messages (comments and retry lines skipped), parsed; bounded by `max_chunks` reads."""
    found: list[dict[str, Any]] = []
    for _, chunk in zip(range(max_chunks), chunks, strict=False):
        for block in chunk.decode().split("\n\n"):
            fields = dict(line.split(": ", 1) for line in block.splitlines() if not line.startswith(("retry", ":")))
            if "data" in fields:
                fields["data"] = json.loads(fields["data"])
                found.append(fields)
        if len(found) >= count:
            return found
    return found
