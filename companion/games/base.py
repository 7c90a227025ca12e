"""The interface every game implements: a fixed definition, a state, moves, verdicts.

A game is a set of pure functions over an immutable state. The service never mutates a state: it asks
`legal(state, move)`, then `apply(state, move)` returns the next state. Dice readings from the camera become
chance moves through `roll_move`. The event log, undo and redo live outside the game (companion.session).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from companion.errors import IllegalMove
from companion.i18n import DEFAULT_LOCALE, translate

VerdictStatus = Literal["allowed", "refused", "undecided"]


@dataclass(frozen=True)
class Message:
    """Player-facing text as a catalogue key plus parameters, translated when shown."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: {"key": ..., "params": {...}}."""
        return {"key": self.key, "params": dict(self.params)}


@dataclass(frozen=True)
class Citation:
    """Where a rule comes from: the game, the rulebook section, and the rules-reference entry."""

    game: str
    section: str
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"game": self.game, "section": self.section, "rule": self.rule}


@dataclass(frozen=True)
class MissingFact:
    """A fact printed on the board or a tile that the software does not know yet, and how to ask for it."""

    key: str
    question: Message

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"key": self.key, "question": self.question.to_dict()}


@dataclass(frozen=True)
class Verdict:
    """The answer to "may this move be played now?": allowed, refused with a reason, or undecided."""

    status: VerdictStatus
    reason: Message | None = None
    citation: Citation | None = None
    missing: MissingFact | None = None

    @property
    def is_allowed(self) -> bool:
        """True only for an outright allowed move."""
        return self.status == "allowed"

    @classmethod
    def allow(cls, reason: Message | None = None, citation: Citation | None = None) -> Verdict:
        """An allowed move."""
        return cls("allowed", reason, citation)

    @classmethod
    def refuse(cls, reason: Message, citation: Citation | None = None) -> Verdict:
        """A move the rules forbid, with the reason in plain words and its source."""
        return cls("refused", reason, citation)

    @classmethod
    def undecided(cls, missing: MissingFact, citation: Citation | None = None) -> Verdict:
        """A move that cannot be judged until one printed fact is known."""
        return cls("undecided", Message("verdict.missing_fact"), citation, missing)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "status": self.status,
            "reason": self.reason.to_dict() if self.reason else None,
            "citation": self.citation.to_dict() if self.citation else None,
            "missing": self.missing.to_dict() if self.missing else None,
        }


def verdict_in_words(verdict: Verdict) -> str:
    """A verdict as the log says it: its status, the English words of its reason, the reason's key in brackets."""
    if verdict.reason is None:
        return f"move {verdict.status}"
    reason = verdict.reason
    return f"move {verdict.status}: {translate(DEFAULT_LOCALE, reason.key, reason.params)} [{reason.key}]"


class RefusedMove(IllegalMove):
    """A move refused by a game's rules; carries the full verdict."""

    def __init__(self, verdict: Verdict) -> None:
        reason = verdict.reason.key if verdict.reason else verdict.status
        super().__init__(f"move {verdict.status}: {reason}", verdict=verdict.to_dict())
        self.verdict = verdict
        self.code = "move_undecided" if verdict.status == "undecided" else "illegal_move"


@dataclass(frozen=True)
class Player:
    """A seat at the table: its position (0-based, in seat order), a name and a colour."""

    seat: int
    name: str
    color: str

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"seat": self.seat, "name": self.name, "color": self.color}


@dataclass(frozen=True)
class RolledDie:
    """One die of a settled camera reading, as a game sees it."""

    value: int | None
    color: str | None
    zone: str | None = None


OptionKind = Literal["number", "several", "seats"]


@dataclass(frozen=True)
class OptionField:
    """How the start form asks for one of a game's options: a whole `number`, `several` of its `choices`
    (a list of them), or some of the `seats` (a list of seat numbers from 0). `needs` is (key, choice): the option
    applies only with that choice ticked in that other field, and is shown only then. An option with no field
    (Rajas's board facts, learnt on the board page) keeps its default when a game starts from the form."""

    key: str
    kind: OptionKind
    choices: tuple[str, ...] = ()
    needs: tuple[str, str] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "choices": list(self.choices), "needs": self.needs}


@runtime_checkable
class Game(Protocol):
    """A game definition: pure functions from (state, move) to verdicts and new states.

    Moves are plain JSON objects (`{"type": ..., ...}`); `parse_move` validates their shape and raises
    `companion.errors.MalformedRequest` naming the field; `legal` judges them against the rules; `apply`
    returns the next state and raises `RefusedMove` for a move `legal` does not allow.
    """

    id: str
    title: Message
    min_players: int
    max_players: int
    die_colours: tuple[str, ...]
    """The colours the game's dice come in, as the camera names them (empty: any dice). The camera tells a die's
    colour among these alone while the game is the table's active one."""

    def default_options(self) -> dict[str, Any]:
        """Options a new game starts with when none are given."""
        ...

    def option_fields(self) -> tuple[OptionField, ...]:
        """The options the start form asks for, in order (see OptionField)."""
        ...

    def setup(self, players: Sequence[Player], options: Mapping[str, Any], seed: int) -> Any:
        """The state before the first move. Raises MalformedRequest for bad players or options."""
        ...

    def parse_move(self, state: Any, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """Check the shape of a move and return it normalised; MalformedRequest names what is wrong."""
        ...

    def legal(self, state: Any, move: Mapping[str, Any]) -> Verdict:
        """Judge a well-formed move without changing anything."""
        ...

    def apply(self, state: Any, move: Mapping[str, Any]) -> Any:
        """The next state; raises RefusedMove when `legal` does not allow the move."""
        ...

    def roll_move(self, state: Any, dice: Sequence[RolledDie]) -> Mapping[str, Any] | None:
        """The chance move a settled camera reading stands for now, or None if the game expects no roll."""
        ...

    def button_move(self, state: Any, button: str) -> Mapping[str, Any] | None:
        """The move a table button other than confirm and undo ("next") stands for now, or None when it means
        nothing in this game now (the press is then refused, lit red and said on the table page)."""
        ...

    def view(self, state: Any) -> dict[str, Any]:
        """Everything the table shows, as JSON: players, whose turn, scores, prompts, last roll, ranking.

        Required keys: "players" (list of {seat, name, color, score}), "current_seat" (int | None),
        "is_over" (bool), "prompt" (Message dict | None), "ranking" (list of seats | None).
        """
        ...

    def state_to_dict(self, state: Any) -> dict[str, Any]:
        """The complete state as JSON: two equal states give equal dicts (used to check replays)."""
        ...


def apply_checked(game: Game, state: Any, move: Mapping[str, Any], do_apply: Any) -> Any:
    """Apply a move through `do_apply(state, move)` only when the game allows it."""
    verdict = game.legal(state, move)
    if not verdict.is_allowed:
        raise RefusedMove(verdict)
    return do_apply(state, move)
