"""Shared fixtures: a service on a temporary store, and free-dice games in it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.events.store import EventStore
from companion.service import Companion

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
def free_game(service: Companion) -> dict[str, Any]:
    """A started free-dice game for Ann, Bob and Cy."""
    return service.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}])


def roll(*values: int, color: str | None = "blue") -> dict[str, Any]:
    """A roll move payload."""
    return {"move": {"type": "roll", "dice": [{"value": v, "color": color} for v in values]}}
