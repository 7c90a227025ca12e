"""Printed facts the table was asked for and has not told yet, per game (asked once, until answered).

A question opens when a verdict says "undecided" (a move played or checked needed the fact) and closes
when an `answer_fact` move for that key is acknowledged. The move that needed it is kept, so that it can be
played again right after the answer (one tap instead of describing it twice).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from companion.events.bus import EventBus, GameEventAppended, VerdictGiven


class OpenQuestions:
    """game id -> the missing fact asked (key, question) and the move waiting for it."""

    def __init__(self, bus: EventBus) -> None:
        self._asked: dict[str, dict[str, Any]] = {}
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

    def get(self, game_id: str) -> dict[str, Any] | None:
        """The open question of a game, or None."""
        with self._lock:
            found = self._asked.get(game_id)
            return dict(found) if found else None

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
