"""Free dice behind the general Game interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import MalformedRequest, shown
from companion.games.base import Game, Message, OptionField, Player, RefusedMove, RolledDie, Verdict
from companion.games.free_dice import rules
from companion.games.free_dice.state import FreeDiceState

MAX_TURNS = 1000
"""The most rounds a game may be given (0: no limit)."""


@dataclass(frozen=True)
class NumberField(OptionField):
    """A whole-number option of the start form, from `low` to `high` (the form's box takes no other)."""

    low: int = 0
    high: int = 0


class FreeDice:
    """Players take turns rolling any dice; the pips add up to a running tally."""

    id = "free_dice"
    title = Message("free_dice.title")
    min_players = 1
    max_players = 8
    die_colours: tuple[str, ...] = ()

    def default_options(self) -> dict[str, Any]:
        """No turn limit by default: the table finishes when it wants."""
        return {"max_turns": 0}

    def option_fields(self) -> tuple[OptionField, ...]:
        """The number of rounds."""
        return (NumberField("max_turns", "number", low=0, high=MAX_TURNS),)

    def setup(self, players: Sequence[Player], options: Mapping[str, Any], seed: int) -> FreeDiceState:
        """Everyone at 0, the first seat starts."""
        unknown = set(options) - {"max_turns"}
        if unknown:
            raise MalformedRequest(f"unknown option(s) {sorted(unknown)} for free_dice; allowed: max_turns")
        max_turns = options.get("max_turns", 0)
        if not isinstance(max_turns, int) or isinstance(max_turns, bool) or not 0 <= max_turns <= MAX_TURNS:
            raise MalformedRequest(
                f"option max_turns must be 0 (no limit) to {MAX_TURNS}, got {shown(max_turns)}",
                said={"key": "free_dice.error.max_turns", "params": {"high": MAX_TURNS, "value": shown(max_turns)}},
            )
        if not self.min_players <= len(players) <= self.max_players:
            raise MalformedRequest(
                f"free_dice takes 1 to 8 players, got {len(players)}",
                said={"key": "error.said.player_count", "params": {"low": 1, "high": 8, "n": len(players)}},
            )
        seats = len(players)
        names = tuple(p.name for p in players)
        return FreeDiceState(seats, 0, (0,) * seats, (), False, False, 1, max_turns, names)

    def parse_move(self, state: FreeDiceState, data: Mapping[str, Any]) -> dict[str, Any]:
        """Normalise a move."""
        return rules.parse(data)

    def legal(self, state: FreeDiceState, move: Mapping[str, Any]) -> Verdict:
        """Judge a move."""
        return rules.legal(state, move)

    def apply(self, state: FreeDiceState, move: Mapping[str, Any]) -> FreeDiceState:
        """The next state, or RefusedMove."""
        verdict = rules.legal(state, move)
        if not verdict.is_allowed:
            raise RefusedMove(verdict)
        return rules.apply(state, move)

    def roll_move(self, state: FreeDiceState, dice: Sequence[RolledDie]) -> dict[str, Any] | None:
        """A settled reading is the current player's roll, if they have not rolled yet.

        Unread dice stay in the roll with no value: the table is asked to correct them before the turn ends."""
        if state.is_over or state.has_rolled or not dice:
            return None
        return {"type": "roll", "seat": state.current, "dice": [{"value": d.value, "color": d.color} for d in dice]}

    def button_move(self, state: FreeDiceState, button: str) -> dict[str, Any] | None:
        """next ends the turn (judged as the page's "end turn" is: refused before the roll)."""
        return {"type": "end_turn"} if button == "next" else None

    def view(self, state: FreeDiceState) -> dict[str, Any]:
        """Players with their tallies, whose turn, the last roll and what the table should do next."""
        last = state.rolls[-1] if state.rolls else None
        if state.is_over:
            prompt = Message("free_dice.prompt.over")
        elif unread := rules.unread_dice(state):
            key = "free_dice.prompt.fix_dice" if unread == 1 else "free_dice.prompt.fix_dice_many"
            prompt = Message(key, {"seat": state.current, "n": unread})
        elif state.has_rolled:
            prompt = Message("free_dice.prompt.next", {"seat": state.current})
        else:
            prompt = Message("free_dice.prompt.roll", {"seat": state.current})
        return {
            "players": [{"seat": s, "score": state.tallies[s]} for s in range(state.seats)],
            "current_seat": None if state.is_over else state.current,
            "is_over": state.is_over,
            "turn": state.turn,
            "prompt": prompt.to_dict(),
            "last_roll": None
            if last is None
            else {"seat": last[0], "dice": [{"value": v, "color": c} for v, c in last[1]]},
            "ranking": rules.ranking(state) if state.is_over else None,
        }

    def state_to_dict(self, state: FreeDiceState) -> dict[str, Any]:
        """Complete JSON form."""
        return state.to_dict()


GAME: Game = FreeDice()
