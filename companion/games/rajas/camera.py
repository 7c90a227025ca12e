"""Which dice of a settled camera reading are a Rajas roll, and whether the camera may play that roll by itself."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.base import RolledDie
from companion.games.rajas.definition import COLORS

TABLE_ZONE = "table"
"""The zone of a die lying on the open table (vision.zones.TABLE); without a zones file every die is there."""


def is_rolled(zone: str | None) -> bool:
    """Whether a die lying in this zone belongs to the roll (None: the reading has no zones)."""
    # Every named zone ("kali:green", "player:orange") holds dice a player keeps, in the camera's view all game long.
    return zone is None or zone == TABLE_ZONE


def rolled_dice(dice: Sequence[RolledDie]) -> list[RolledDie]:
    """The dice of the roll: those on the open table, in the reading's order."""
    return [die for die in dice if is_rolled(die.zone)]


def is_read(die: RolledDie) -> bool:
    """Whether the camera read a die's value surely and named it with one of the game's colours."""
    return die.value is not None and die.color in COLORS
