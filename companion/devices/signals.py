"""What the lights should show, derived once from the service's events and handed to every light device.

The GPIO panel and the microcontroller's strip are sinks of the same `TableSignal`; each renders it its own
way. Only a change of signal is passed on, so identical events never make anything flicker. A hub following the
service (`SignalHub.follow`) shows the active game's turn from the start and after every change of active game,
not only after the next move.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from companion.events.bus import (
    DeviceFault,
    EventBus,
    GameEventAppended,
    ReadingUpdated,
    RollSettled,
    VerdictGiven,
)

log = logging.getLogger(__name__)

SEAT_RGB = {
    "blue": (0, 70, 255),
    "green": (0, 200, 40),
    "orange": (255, 110, 0),
    "violet": (150, 0, 220),
    "red": (255, 0, 0),
    "yellow": (255, 200, 0),
    "white": (255, 255, 255),
    "black": (40, 40, 40),
}


@dataclass(frozen=True)
class TableSignal:
    """Everything the table's lights show at one moment."""

    status: str = "ready"  # ready | reading | waiting | refused | fault
    current_seat: int | None = None
    is_waiting: bool = False
    verdict: str | None = None  # allowed | refused | undecided
    seat_colors: tuple[tuple[int, int, int], ...] = ()


Sink = Callable[[TableSignal], None]


class ActiveGames(Protocol):
    """The part of the service a hub follows: which game is the table's active one, and its view."""

    @property
    def active_id(self) -> str | None:
        """The table's active game, None when there is none."""
        ...

    def view(self, game_id: str) -> dict[str, Any]:
        """What the table shows for a game."""
        ...

    def when_active_changes(self, listener: Callable[[str], None]) -> None:
        """Call listener(game_id) whenever a game becomes the active game."""
        ...


class SignalHub:
    """Listens to the bus, keeps the current TableSignal and pushes every change to the sinks."""

    def __init__(self, bus: EventBus) -> None:
        self.signal = TableSignal()
        self._sinks: list[Sink] = []
        self._lock = threading.Lock()
        self._is_following = False
        self._active: str | None = None  # the game whose turn is shown, once following
        bus.subscribe(GameEventAppended, self._on_game_event)
        bus.subscribe(VerdictGiven, self._on_verdict)
        bus.subscribe(ReadingUpdated, self._on_reading)
        bus.subscribe(RollSettled, lambda _: self._change(status="ready"))
        bus.subscribe(DeviceFault, lambda e: self._change(status="fault" if e.is_fault else "ready"))

    def add_sink(self, sink: Sink) -> None:
        """Render every future change on this sink, starting with the current signal."""
        self._sinks.append(sink)
        sink(self.signal)

    def follow(self, games: ActiveGames) -> None:
        """Show the active game's turn now, again whenever another game becomes active, and from then on the
        events of the active game alone; no game active, no seat."""
        # A game's events alone would leave the lights dark after a restart, and on the game shown before after a
        # resume, until the next move: the turn is shown from the game's view as soon as it is the active one.
        self._is_following = True
        games.when_active_changes(lambda game_id: self._show_game(games, game_id))
        try:
            self._show_game(games, games.active_id)
        except Exception:  # the lights must not keep the service from starting
            log.exception("the turn of the active game cannot be shown")

    def _show_game(self, games: ActiveGames, game_id: str | None) -> None:
        """Show a game that just became the active one: its turn, no verdict of the game shown before."""
        self._active = game_id  # first, so that a move played into it meanwhile is shown, not dropped
        self._change(verdict=None, **_turn_of({} if game_id is None else games.view(game_id)))

    def _on_game_event(self, event: GameEventAppended) -> None:
        if self._is_following and event.game_id != self._active:
            return  # a move played into another game than the table's (through the API) is not the table's turn
        if event.type == "move":
            self._change(verdict=None)  # so that two allowed moves in a row each light the verdict
        self._change(verdict="allowed" if event.type == "move" else None, **_turn_of(event.view))

    def _on_verdict(self, event: VerdictGiven) -> None:
        status = event.verdict.get("status")
        self._change(verdict=status, status="refused" if status == "refused" else self.signal.status)

    def _on_reading(self, event: ReadingUpdated) -> None:
        if event.phase in ("rolling", "settling"):
            self._change(status="reading")
        elif self.signal.status == "reading":
            self._change(status="ready")

    def _change(self, **changes: object) -> None:
        with self._lock:
            new = replace(self.signal, **changes)  # type: ignore[arg-type]
            if new == self.signal:
                return
            self.signal = new
            sinks = list(self._sinks)
        for sink in sinks:
            try:
                sink(new)
            except Exception:
                log.exception("a light device failed to show %s", new)


def _turn_of(view: Mapping[str, Any]) -> dict[str, Any]:
    """The part of the signal a game's view decides: whose turn, the seats' colours, whether a die needs fixing."""
    colors = tuple(SEAT_RGB.get(p.get("color", ""), (255, 255, 255)) for p in view.get("players", []))
    needs_fix = any(d.get("value") is None for d in (view.get("last_roll") or {}).get("dice", []))
    return {
        "current_seat": view.get("current_seat"),
        "seat_colors": colors,
        "is_waiting": needs_fix,
        "status": "waiting" if needs_fix else "ready",
    }
