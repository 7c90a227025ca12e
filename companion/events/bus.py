"""In-process event bus with typed events: a failing subscriber is logged and never breaks the others."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger(__name__)

E = TypeVar("E")


@dataclass(frozen=True)
class GameEventAppended:
    """An event was acknowledged in a game's log; `view` is the game's view after it."""

    game_id: str
    seq: int
    type: str
    payload: dict[str, Any]
    view: dict[str, Any]


@dataclass(frozen=True)
class VerdictGiven:
    """A move was judged (allowed, refused or undecided)."""

    game_id: str
    verdict: dict[str, Any]


@dataclass(frozen=True)
class ReadingUpdated:
    """The camera produced a new reading (latest frame)."""

    reading: dict[str, Any]
    phase: str


@dataclass(frozen=True)
class RollSettled:
    """Dice came to rest and were read consistently."""

    reading: dict[str, Any]
    settled_at: float


@dataclass(frozen=True)
class ButtonPressed:
    """A physical button (GPIO or microcontroller) was pressed: confirm, undo or next."""

    name: str
    origin: str


@dataclass(frozen=True)
class DeviceFault:
    """A device reported a fault or came back."""

    device: str
    message: str
    is_fault: bool = True


@dataclass
class EventBus:
    """Publish/subscribe by event type, synchronously, isolating subscribers from each other."""

    _subscribers: dict[type, list[Callable[[Any], None]]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    failures: int = 0

    def subscribe(self, event_type: type[E], handler: Callable[[E], None]) -> Callable[[], None]:
        """Call handler for every published event of that type; returns a function that unsubscribes."""
        with self._lock:
            self._subscribers.setdefault(event_type, []).append(handler)

        def unsubscribe() -> None:
            with self._lock:
                handlers = self._subscribers.get(event_type, [])
                if handler in handlers:
                    handlers.remove(handler)

        return unsubscribe

    def publish(self, event: object) -> None:
        """Deliver to every subscriber of the event's type; exceptions are logged and counted, not raised."""
        with self._lock:
            handlers = list(self._subscribers.get(type(event), ()))
        for handler in handlers:
            try:
                handler(event)
            except Exception:
                self.failures += 1
                log.exception("subscriber %r failed on %s", handler, type(event).__name__)
