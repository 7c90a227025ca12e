"""From a game's event log to its state: which moves stand (after undo, redo and corrections), then their fold.

The log is never rewritten, so the meaning of an event cannot change once written; undo's meaning is told by its
payload instead:

- An undo whose payload holds `"last": "action"` (UNDO_LAST_ACTION, which every undo is written with now) takes back
  the last action still standing: a move, or a correction. A correction taken back gives its target the move it had
  just before that correction, and everything after the target is recomputed.
- An undo without it (written by older versions; the logs keep them) takes back the last standing move, with every
  correction of it, as it always did: old logs fold exactly as they were played.

`redo` puts back what the matching undo took back (a move, or a correction applied again to its target), newest
first, and any new move forgets what could be redone; a correction does not. `correction` replaces the move of an
earlier event, typically the dice of a camera reading, so that everything computed after it is recomputed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.errors import Conflict, MalformedRequest

EVENT_TYPES = ("game_started", "move", "undo", "redo", "correction")
UNDO_LAST_ACTION: dict[str, str] = {"last": "action"}
"""The payload field of an undo that takes back the last action (a move or a correction), not the last move."""


@dataclass(frozen=True)
class Action:
    """One thing an undo can take back: the move of event `seq` played (`before` None), or a correction that gave
    the standing move `seq` the move `move` in place of `before`."""

    seq: int
    move: dict[str, Any]
    before: dict[str, Any] | None = None

    @property
    def is_correction(self) -> bool:
        """Whether this is a correction of a move rather than the move itself."""
        return self.before is not None


@dataclass
class Timeline:
    """The moves that stand, in order; the actions that stand (moves and corrections, oldest first); and those that
    could be redone (newest last)."""

    standing: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    undone: list[Action] = field(default_factory=list)
    done: list[Action] = field(default_factory=list)

    def copy(self) -> Timeline:
        """An independent copy, to try an event before acknowledging it."""
        return Timeline(list(self.standing), list(self.undone), list(self.done))

    def add(self, seq: int, type_: str, payload: Mapping[str, Any]) -> int | None:
        """Take one event into account; returns the index from which the fold must be recomputed, or None
        when only the last move was added or removed."""
        if type_ == "move":
            move = dict(payload["move"])
            self.standing.append((seq, move))
            self.done.append(Action(seq, move))
            self.undone.clear()
            return None
        if type_ == "undo":
            return self._undo(takes_back_action(payload))
        if type_ == "redo":
            return self._redo()
        if type_ == "correction":
            return self._correct(int(payload["target"]), dict(payload["move"]))
        raise MalformedRequest(f"unknown event type {type_!r}; allowed: {', '.join(EVENT_TYPES[1:])}")

    def index_of(self, target: int) -> int:
        """Where the move of event `target` stands; Conflict when it does not (only standing moves change)."""
        for index, (seq, _) in enumerate(self.standing):
            if seq == target:
                return index
        raise Conflict(f"event {target} is not a standing move of this game (only those can be corrected)")

    def _undo(self, last_action: bool) -> int | None:
        if not self.standing:
            raise Conflict("there is no move to undo", said={"key": "error.said.nothing_to_undo", "params": {}})
        if not last_action or not self.done or not self.done[-1].is_correction:
            seq, move = self.standing.pop()
            # The move goes back as it stands, with its corrections: they are no longer actions of their own.
            self.done = [action for action in self.done if action.seq != seq]
            self.undone.append(Action(seq, move))
            return None
        correction = self.done.pop()
        assert correction.before is not None
        index = self.index_of(correction.seq)
        self.standing[index] = (correction.seq, correction.before)
        self.undone.append(correction)
        return index

    def _redo(self) -> int | None:
        if not self.undone:
            said = {"key": "error.said.nothing_to_redo", "params": {}}
            raise Conflict("there is no undone move to redo", said=said)
        action = self.undone[-1]
        if action.is_correction:
            index = self._correct(action.seq, action.move)
        else:
            self.standing.append((action.seq, action.move))
            self.done.append(action)
            index = None
        self.undone.pop()
        return index

    def _correct(self, target: int, move: dict[str, Any]) -> int:
        index = self.index_of(target)
        # What the move was just before: taking this correction back gives exactly that again.
        self.done.append(Action(target, move, before=self.standing[index][1]))
        self.standing[index] = (target, move)
        return index


def takes_back_action(payload: Mapping[str, Any]) -> bool:
    """Whether an undo takes back the last action (it carries UNDO_LAST_ACTION) rather than the last move."""
    return all(payload.get(key) == value for key, value in UNDO_LAST_ACTION.items())


def timeline_of(events: Iterable[tuple[int, str, Mapping[str, Any]]]) -> Timeline:
    """The timeline after a whole log (game_started excluded)."""
    timeline = Timeline()
    for seq, type_, payload in events:
        if type_ != "game_started":
            timeline.add(seq, type_, payload)
    return timeline
