"""Where the Rajas pages find their helpers: the app's extensions, never globals."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask, current_app

from companion.errors import CompanionError
from companion.events.bus import EventBus, GameEventAppended
from companion.service import Companion
from companion.session import GameSession
from companion.web.rajas.questions import OpenQuestions, Settings

QUESTIONS = "companion.web.rajas.questions"


class TableQuestions(OpenQuestions):
    """The open fact questions, less a question whose waiting move a later event made stale (an undo, a redo, a
    correction, or another move played instead): the move was tried on a table that is no longer there (the rules now
    refuse it, or it no longer waits for that fact), so answering must not play it. A question without a waiting move
    (asked by "Can I...?", or for a camera roll) stays."""

    def __init__(self, bus: EventBus, settings: Settings | None, sessions: Callable[[str], GameSession]) -> None:
        super().__init__(bus, settings)
        self._sessions = sessions
        self._unsubscribe.append(bus.subscribe(GameEventAppended, self._on_step))

    def _on_step(self, event: GameEventAppended) -> None:
        # The answer itself closed the question already (see OpenQuestions._on_event); any other event may have
        # moved the table away from the waiting move.
        asked = self.get(event.game_id)
        if asked is None or not isinstance(asked.get("move"), Mapping):
            return
        if not self._still_waits(event.game_id, asked):
            self.drop(event.game_id, asked)

    def _still_waits(self, game_id: str, asked: Mapping[str, Any]) -> bool:
        """Whether the waiting move, tried on the table as it is now, waits for the fact asked (and for it alone)."""
        try:
            verdict = self._sessions(game_id).check(asked["move"])
        except CompanionError:  # no longer even a move of this table (a malformed one after the step)
            return False
        return verdict.status == "undecided" and verdict.missing is not None and verdict.missing.key == asked["key"]


def install(app: Flask, companion: Companion) -> None:
    """Give an app its tracker of open fact questions (listening to the service's bus)."""
    app.extensions[QUESTIONS] = TableQuestions(companion.bus, companion.store, companion.session)


def questions() -> OpenQuestions:
    """The open fact questions of the current app."""
    found: OpenQuestions = current_app.extensions[QUESTIONS]
    return found
