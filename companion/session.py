"""One game in play: its log, its standing moves and the cached state after each of them."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from companion.errors import Conflict, MalformedRequest
from companion.events.fold import UNDO_LAST_ACTION, Timeline, timeline_of
from companion.events.store import EventStore, StoredEvent
from companion.games.base import Game, Player, RefusedMove, Verdict
from companion.games.registry import game_kind


class GameSession:
    """A game rebuilt from its log; every change is checked in memory first and written only if it holds."""

    def __init__(self, store: EventStore, game_id: str) -> None:
        self.store = store
        self.game_id = game_id
        self.lock = threading.RLock()
        events = store.events(game_id)
        if not events or events[0].type != "game_started":
            raise Conflict(f"game {game_id} has no start event")
        start = events[0].payload
        self.game: Game = game_kind(start["kind"])
        self.players = [Player(**p) for p in start["players"]]
        self.options: dict[str, Any] = dict(start["options"])
        self.seed = int(start.get("seed", 0))
        self.initial = self.game.setup(self.players, self.options, self.seed)
        self.last_seq = events[-1].seq
        # When the last event was written (time.time()): a camera reading settled before it is of an earlier moment.
        self.last_at = events[-1].created_at
        self.timeline = timeline_of((e.seq, e.type, e.payload) for e in events)
        self.states = self._fold(self.initial, self.timeline.standing)

    @property
    def state(self) -> Any:
        """The current state (after every standing move)."""
        return self.states[-1]

    def _fold(self, start: Any, moves: list[tuple[int, dict[str, Any]]]) -> list[Any]:
        states = [start]
        for _, move in moves:
            states.append(self.game.apply(states[-1], move))
        return states

    def check(self, move: Mapping[str, Any]) -> Verdict:
        """Judge a move now without changing anything (MalformedRequest for a bad shape)."""
        with self.lock:
            return self.game.legal(self.state, self.game.parse_move(self.state, move))

    def append(self, type_: str, payload: dict[str, Any]) -> StoredEvent:
        """Check an event against the rules, write it, then update the cached states."""
        with self.lock:
            timeline, states, payload = self._try(type_, payload)
            stored = self.store.append(self.game_id, type_, payload, self.last_seq + 1)
            self.last_seq, self.last_at = stored.seq, stored.created_at
            self.timeline, self.states = timeline, states
            return stored

    def _try(self, type_: str, payload: dict[str, Any]) -> tuple[Timeline, list[Any], dict[str, Any]]:
        timeline = self.timeline.copy()
        if type_ == "move":
            move = self._parsed(payload.get("move"), self.state)
            payload = {**payload, "move": dict(move)}
            timeline.add(self.last_seq + 1, type_, payload)
            return timeline, [*self.states, self.game.apply(self.state, move)], payload
        if type_ == "correction":
            target = self._target(payload)
            index = timeline.index_of(target)
            # The corrected move is judged where it stands: after the moves before it.
            payload = {**payload, "target": target, "move": dict(self._parsed(payload["move"], self.states[index]))}
        elif type_ == "undo":
            # Every undo written now takes back the last action, whoever sends it (see events/fold.py).
            payload = {**payload, **UNDO_LAST_ACTION}
        before = len(timeline.standing)
        redo_from = timeline.add(self.last_seq + 1, type_, payload)
        if redo_from is not None:  # a correction made, taken back or made again: refold from its move
            return timeline, self._refold(timeline, redo_from), payload
        if len(timeline.standing) < before:
            return timeline, self.states[:-1], payload
        return timeline, [*self.states, self.game.apply(self.state, timeline.standing[-1][1])], payload

    def _refold(self, timeline: Timeline, index: int) -> list[Any]:
        states = self.states[: index + 1]
        for position, (later_seq, later) in enumerate(timeline.standing[index:]):
            try:
                states.append(self.game.apply(states[-1], later))
            except RefusedMove as exc:
                if position == 0:
                    raise
                raise Conflict(
                    f"the correction would make move {later_seq} illegal; undo back to it first",
                    verdict=exc.verdict.to_dict(),
                ) from exc
        return states

    def _target(self, payload: Mapping[str, Any]) -> int:
        target = payload.get("target")
        if not isinstance(target, int) or isinstance(target, bool):
            raise MalformedRequest("correction.target must be the seq number of the move to correct")
        if not isinstance(payload.get("move"), Mapping):
            raise MalformedRequest("correction.move must be the corrected move (an object)")
        return target

    def _parsed(self, move: Any, state: Any) -> Mapping[str, Any]:
        if not isinstance(move, Mapping):
            raise MalformedRequest("move must be an object with a 'type' field")
        return self.game.parse_move(state, move)

    def view(self) -> dict[str, Any]:
        """What the table shows, plus the log position and what can be undone or redone."""
        with self.lock:
            view = self.game.view(self.state)
            for shown in view.get("players", []):
                shown.update(self.players[shown["seat"]].to_dict())
            prompt = view.get("prompt")
            if prompt and isinstance(prompt.get("params", {}).get("seat"), int):
                # Games speak of seats; the table speaks of people.
                prompt["params"]["player"] = self.players[prompt["params"]["seat"]].name
            view.update(
                game_id=self.game_id,
                kind=self.game.id,
                seq=self.last_seq,
                can_undo=bool(self.timeline.standing),
                can_redo=bool(self.timeline.undone),
                options=self.options,
            )
            return view
