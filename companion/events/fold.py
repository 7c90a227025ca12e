"""From a game's event log to its state: which moves stand (after undo, redo and corrections), then their fold.

The log is never rewritten. `undo` takes back the last standing move, `redo` puts back the last one taken back
(any new move forgets what could be redone), and `correction` replaces the move of an earlier event, typically
the dice of a camera reading, so that everything computed after it is recomputed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.errors import Conflict, MalformedRequest

EVENT_TYPES = ("game_started", "move", "undo", "redo", "correction")


@dataclass
class Timeline:
    """The moves that stand, in order, and those that could be redone (newest last)."""

    standing: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    undone: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def copy(self) -> Timeline:
        """An independent copy, to try an event before acknowledging it."""
        return Timeline(list(self.standing), list(self.undone))

    def add(self, seq: int, type_: str, payload: Mapping[str, Any]) -> int | None:
        """Take one event into account; returns the index from which the fold must be recomputed, or None
        when only the last move was added or removed."""
        if type_ == "move":
            self.standing.append((seq, dict(payload["move"])))
            self.undone.clear()
            return None
        if type_ == "undo":
            if not self.standing:
                raise Conflict("there is no move to undo", said={"key": "error.said.nothing_to_undo", "params": {}})
            self.undone.append(self.standing.pop())
            return None
        if type_ == "redo":
            if not self.undone:
                said = {"key": "error.said.nothing_to_redo", "params": {}}
                raise Conflict("there is no undone move to redo", said=said)
            self.standing.append(self.undone.pop())
            return None
        if type_ == "correction":
            return self._correct(int(payload["target"]), dict(payload["move"]))
        raise MalformedRequest(f"unknown event type {type_!r}; allowed: {', '.join(EVENT_TYPES[1:])}")

    def _correct(self, target: int, move: dict[str, Any]) -> int:
        for index, (seq, _) in enumerate(self.standing):
            if seq == target:
                self.standing[index] = (seq, move)
                return index
        raise Conflict(f"event {target} is not a standing move of this game (only those can be corrected)")


def timeline_of(events: Iterable[tuple[int, str, Mapping[str, Any]]]) -> Timeline:
    """The timeline after a whole log (game_started excluded)."""
    timeline = Timeline()
    for seq, type_, payload in events:
        if type_ != "game_started":
            timeline.add(seq, type_, payload)
    return timeline
