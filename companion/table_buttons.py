"""What the table's physical buttons (GPIO or microcontroller) do, and what the table is told when a press does nothing.

confirm plays the last roll the camera saw settle again, undo takes back the last move, and next is whatever the
active game says it stands for now (`Game.button_move`: ending the turn in free dice, declining or passing in Rajas).
A press that cannot be played is never silent: the verdict light turns red (a VerdictGiven "refused" on the bus)
and the table pages show why (`refusal`), until something else happens in that game.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from companion.errors import Conflict, MalformedRequest, StoreError
from companion.events.bus import ButtonPressed, EventBus, VerdictGiven
from companion.games.base import Message, RefusedMove, Verdict, verdict_in_words

log = logging.getLogger(__name__)


class ButtonTable(Protocol):
    """What the buttons need of the service (companion.service.Companion)."""

    bus: EventBus
    last_settled: dict[str, Any] | None

    @property
    def active_id(self) -> str | None: ...

    def session(self, game_id: str) -> Any: ...

    def append(self, game_id: str, type_: str, payload: Mapping[str, Any], origin: str = "api") -> Any: ...

    def play_settled(self, reading: Mapping[str, Any], settled_at: float) -> bool: ...


class TableButtons:
    """Plays the buttons' presses into the active game and keeps, per game, the last press refused."""

    def __init__(self, table: ButtonTable, changed: Callable[[], None]) -> None:
        """`changed`: wakes the table pages' streams (a refusal writes no event of its own)."""
        self._table = table
        self._changed = changed
        self._refused: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()
        table.bus.subscribe(ButtonPressed, self.on_press)

    def on_press(self, event: ButtonPressed) -> None:
        """Play one press; a press refused is logged, lit red and kept for the table pages."""
        table = self._table
        game_id = table.active_id
        if game_id is None:  # lit red all the same: a press that did nothing is never silent at the table
            log.info("button %s pressed with no game on the table", event.name)
            nothing = Verdict.refuse(Message("button.no_game", {"button": {"key": f"button.name.{event.name}"}}))
            table.bus.publish(VerdictGiven("", nothing.to_dict()))
            return
        session = table.session(game_id)
        try:
            verdict = self._play(game_id, session, event)
        except RefusedMove as exc:  # the service has lit the verdict already (or asked the table for a fact)
            verdict = exc.verdict
        except (Conflict, MalformedRequest) as exc:
            said = exc.details.get("said")
            reason = Message(said["key"], said.get("params", {})) if isinstance(said, Mapping) else _pressed(event)
            verdict = Verdict.refuse(reason)
            table.bus.publish(VerdictGiven(game_id, verdict.to_dict()))
        except StoreError as exc:  # a read-only or full store: the move could not be written, so it was not played
            # One line, without a traceback: the store's path and SQLite's words are for the host, not the table.
            log.error("button %s: the move could not be saved: %s", event.name, exc)
            verdict = Verdict.refuse(Message("button.not_saved", {"button": _button(event)}))
            table.bus.publish(VerdictGiven(game_id, verdict.to_dict()))
            self._keep(game_id, session.last_seq, event, verdict)
            return
        if verdict is None:
            return
        log.info("button %s refused: %s", event.name, verdict_in_words(verdict))
        self._keep(game_id, session.last_seq, event, verdict)  # a printed fact told meanwhile is written already

    def _keep(self, game_id: str, seq: int, event: ButtonPressed, verdict: Verdict) -> None:
        """Keep a refused press for the table pages while the game's last event is `seq`, and wake them."""
        with self._lock:
            self._refused[game_id] = {"button": event.name, "seq": seq, "at": time.time(), **verdict.to_dict()}
        self._changed()

    def refusal(self, game_id: str, last_seq: int) -> dict[str, Any] | None:
        """The last press refused in a game (a verdict dict, with "button" and "at"), while nothing has been
        written to the game since (`last_seq`: the game's last event now), else None."""
        with self._lock:
            found = self._refused.get(game_id)
        return dict(found) if found is not None and found["seq"] == last_seq else None

    def _play(self, game_id: str, session: Any, event: ButtonPressed) -> Verdict | None:
        """Play a press; the verdict of a press that means nothing now (published, to light it), or None."""
        table = self._table
        if event.name == "undo":
            table.append(game_id, "undo", {}, origin=event.origin)
            return None
        if event.name == "confirm" and table.last_settled is not None:
            verdict = self._confirm(table.last_settled)
            if verdict is not None:
                table.bus.publish(VerdictGiven(game_id, verdict.to_dict()))
            return verdict
        move = session.game.button_move(session.state, event.name) if event.name == "next" else None
        if move is not None:
            table.append(game_id, "move", {"move": dict(move)}, origin=event.origin)
            return None
        button = {"key": f"button.name.{event.name}", "params": {}}
        if event.name == "confirm":
            verdict = Verdict.refuse(Message("button.no_roll", {"button": button}))
        else:  # what the game awaits instead, in its own words: "Asha rolls one die of each colour"
            prompt = session.view().get("prompt")
            said = Message("button.means_nothing_now", {"button": button, "prompt": prompt})
            verdict = Verdict.refuse(
                said if isinstance(prompt, Mapping) else Message("button.means_nothing", {"button": button})
            )
        table.bus.publish(VerdictGiven(game_id, verdict.to_dict()))
        return verdict

    def _confirm(self, settled: dict[str, Any]) -> Verdict | None:
        """The last settled roll, settled again and played (the roll form fills in with it too); None when it was
        played, else the verdict saying the game took no roll from it (for the caller to publish). A roll the rules
        refuse raises RefusedMove, its verdict published by the service."""
        if self._table.play_settled(settled, time.time()):
            return None
        reason = Message("button.roll_not_taken", {"button": {"key": "button.name.confirm", "params": {}}})
        return Verdict.refuse(reason)


def _button(event: ButtonPressed) -> dict[str, Any]:
    """The button pressed, as a catalogue message (its name in the table's language)."""
    return {"key": f"button.name.{event.name}", "params": {}}


def _pressed(event: ButtonPressed) -> Message:
    """The reason given for a press refused without one of its own."""
    return Message("button.refused", {"button": _button(event)})
