"""The Rajas state: an immutable wrapper around plain JSON data (the rules work on a private copy)."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

from companion.games.rajas.definition import BUILDINGS, COLORS, DICE_PER_COLOR, KALI_CAPACITY, START_KARMA


@dataclass(frozen=True, eq=False)
class RajasState:
    """One moment of a game; never changed once made (apply returns a new one)."""

    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """A deep copy of the complete state as JSON-ready data."""
        return copy.deepcopy(self.data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RajasState) and self.data == other.data

    def __hash__(self) -> int:
        return hash(json.dumps(self.data, sort_keys=True))

    def player(self, seat: int) -> dict[str, Any]:
        """A player's data (read only)."""
        return dict(self.data["players"][seat])

    @property
    def is_over(self) -> bool:
        """Whether the game has ended and been ranked."""
        return bool(self.data["phase"] == "over")


def new_player(seat: int, name: str, color: str, board_side: str) -> dict[str, Any]:
    """A player before the start rolls: fame 0, karma 1, cubes on level 2, three workers."""
    return {
        "seat": seat,
        "name": name,
        "color": color,
        "board": board_side,
        "capacity": KALI_CAPACITY[board_side],
        "money": 0,
        "fame": 0,
        "karma": START_KARMA,
        "dice": {c: [] for c in COLORS},
        "rerolling": [],
        "upgrades": {b: 2 for b in BUILDINGS},
        "upgrades_done": 0,
        "workers": 3,
        "placed": 0,
        "extra_workers": [],
        "extra_removed": False,
        "boat": 0,
        "money_bonus": 0,
        "fame_bonuses": [],
        "tiles": [],
        "incomes": [],
        "yields": {},
        "fate": {"fame": "ready", "money": "ready"},
        "gemstone": None,
        "gemstone_at": None,
        "recalled": 0,
        # area -> the round the player last placed a worker there (once-a-round areas: market.check_once_a_round)
        "placed_round": {},
        "short_tiles": 0,
        "seen": -1,
        "crossed_at": None,
    }


def new_data(players: list[dict[str, Any]], options: dict[str, Any], seed: int) -> dict[str, Any]:
    """The whole state before the start rolls."""
    return {
        "version": options.get("rules", 1),  # the rules the game is played by (definition.RULES_VERSION)
        "seed": seed,
        "players": players,
        "layout": options["layout"],
        "river_side": options["river_side"],
        "modules": options["modules"],
        "facts": dict(options["facts"]),
        "supply": {c: DICE_PER_COLOR for c in COLORS},
        "tiles_taken": {c: 0 for c in COLORS},
        "module_tiles": [],
        "next_tile_id": 1,
        "river_tiles": {},
        "phase": "setup",
        "round": 0,
        "first_seat": 0,
        "turn_seat": None,
        "turn": {"placed": False, "gemstone": False, "worker": None},
        "spaces": {},
        "mogul_seat": None,
        "pending": [],
        "end": None,
        "ranking": None,
        "moves": 0,
        "placements": 0,
    }


def dice_count(player: dict[str, Any]) -> int:
    """How many dice a player holds: on the Kali, plus those in hand being rolled again."""
    return sum(len(values) for values in player["dice"].values()) + len(player["rerolling"])
