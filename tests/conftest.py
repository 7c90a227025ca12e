"""Shared fixtures: a service on a temporary store, and free-dice games in it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app

SHARED = Path(__file__).resolve().parents[2] / "shared"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    """An event store in a temporary folder."""
    with EventStore(tmp_path / "events.db") as opened:
        yield opened


@pytest.fixture
def service(store: EventStore) -> Iterator[Companion]:
    """A service without devices."""
    with Companion(store) as companion:
        yield companion


@pytest.fixture
def companion(tmp_path: Path) -> Iterator[Companion]:
    """A service keeping its data (examples, board facts) in the temporary folder, without devices."""
    with Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path) as service:
        yield service


@pytest.fixture
def client(companion: Companion) -> FlaskClient:
    """The dashboard of `companion`, to post forms to."""
    return create_app({"TESTING": True}, companion).test_client()


@pytest.fixture
def free_game(service: Companion) -> dict[str, Any]:
    """A started free-dice game for Ann, Bob and Cy."""
    return service.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}])


def roll(*values: int, color: str | None = "blue") -> dict[str, Any]:
    """A roll move payload."""
    return {"move": {"type": "roll", "dice": [{"value": v, "color": color} for v in values]}}
