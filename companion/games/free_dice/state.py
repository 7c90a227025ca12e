"""State of a free-dice game: whose turn, the rolls so far and each player's running tally."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Roll = tuple[tuple[int | None, str | None], ...]
"""One roll: (value, colour) per die; a value is None while a die the camera could not read is not corrected."""


@dataclass(frozen=True)
class FreeDiceState:
    """Immutable state; every move returns a new one."""

    seats: int
    current: int
    tallies: tuple[int, ...]
    rolls: tuple[tuple[int, Roll], ...]
    has_rolled: bool
    is_over: bool
    turn: int = 1
    max_turns: int = 0
    names: tuple[str, ...] = ()
    """The players' names by seat: a refusal names the player, as the table does, never a seat number."""

    def to_dict(self) -> dict[str, Any]:
        """Complete JSON form."""
        return {
            "seats": self.seats,
            "current": self.current,
            "tallies": list(self.tallies),
            "rolls": [[seat, [list(d) for d in roll]] for seat, roll in self.rolls],
            "has_rolled": self.has_rolled,
            "is_over": self.is_over,
            "turn": self.turn,
            "max_turns": self.max_turns,
            "names": list(self.names),
        }
