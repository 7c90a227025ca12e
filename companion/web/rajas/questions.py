"""Printed facts the table was asked for and has not told yet, per game (asked once, until answered).

A question opens when a verdict says "undecided" (a move played or checked needed the fact) and closes
when an `answer_fact` move for that key is acknowledged. The move that needed it is kept, so that it can be
played again right after the answer (one tap instead of describing it twice). The open questions are kept in
the store's settings, so a restart (a power cut) leaves them asked.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Mapping
from typing import Any, Protocol

from companion.errors import CompanionError
from companion.events.bus import EventBus, GameEventAppended, VerdictGiven

log = logging.getLogger(__name__)
SETTING = "rajas.open_questions"
"""The store setting holding the open questions (JSON: game id -> key, question, waiting move)."""


class Settings(Protocol):
    """Where the open questions are kept (the event store's small settings)."""

    def get_setting(self, name: str) -> str | None: ...

    def set_setting(self, name: str, value: str) -> None: ...


class OpenQuestions:
    """game id -> the missing fact asked (key, question) and the move waiting for it."""

    def __init__(self, bus: EventBus, settings: Settings | None = None) -> None:
        self._settings = settings
        self._asked: dict[str, dict[str, Any]] = _loaded(settings)
        self._lock = threading.Lock()
        self._unsubscribe = [
            bus.subscribe(VerdictGiven, self._on_verdict),
            bus.subscribe(GameEventAppended, self._on_event),
        ]

    def ask(self, game_id: str, missing: Mapping[str, Any], move: Mapping[str, Any] | None = None) -> None:
        """Open (or refresh) the question of a game; the waiting move is kept when given."""
        with self._lock:
            earlier = self._asked.get(game_id, {})
            same_key = earlier.get("key") == missing.get("key")
            waiting = dict(move) if move is not None else (earlier.get("move") if same_key else None)
            self._asked[game_id] = {"key": missing["key"], "question": missing["question"], "move": waiting}
            self._keep()

    def get(self, game_id: str) -> dict[str, Any] | None:
        """The open question of a game, or None."""
        with self._lock:
            found = self._asked.get(game_id)
            return dict(found) if found else None

    def drop(self, game_id: str, asked: Mapping[str, Any]) -> None:
        """Close the question of a game when it is still `asked` (one asked anew meanwhile stays open)."""
        with self._lock:
            if self._asked.get(game_id) == asked:
                del self._asked[game_id]
                self._keep()

    def close(self) -> None:
        """Stop listening to the bus; safe to call twice."""
        for unsubscribe in self._unsubscribe:
            unsubscribe()

    def _on_verdict(self, event: VerdictGiven) -> None:
        missing = event.verdict.get("missing")
        if event.verdict.get("status") == "undecided" and isinstance(missing, Mapping):
            self.ask(event.game_id, missing)

    def _on_event(self, event: GameEventAppended) -> None:
        move = event.payload.get("move") if event.type == "move" else None
        with self._lock:
            asked = self._asked.get(event.game_id)
            is_answer = isinstance(move, Mapping) and move.get("type") == "answer_fact"
            if asked and is_answer and move.get("key") == asked["key"]:  # type: ignore[union-attr]
                del self._asked[event.game_id]
                self._keep()

    def _keep(self) -> None:
        """Write the open questions to the settings (under the lock); a store that cannot be written is said in
        the log and on the health page (see EventStore), and the questions stay open in memory."""
        if self._settings is None:
            return
        try:
            self._settings.set_setting(SETTING, json.dumps(self._asked, sort_keys=True))
        except CompanionError as exc:
            log.warning("open fact questions not kept: %s", exc)


def _loaded(settings: Settings | None) -> dict[str, dict[str, Any]]:
    """The open questions kept before a restart (none when there are none, or they cannot be read)."""
    text = settings.get_setting(SETTING) if settings is not None else None
    try:
        found = json.loads(text) if text else {}
    except json.JSONDecodeError:
        log.warning("the open fact questions kept were unreadable; none are asked again")
        return {}
    return {str(k): dict(v) for k, v in found.items() if isinstance(v, dict)} if isinstance(found, dict) else {}
