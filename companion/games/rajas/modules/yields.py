"""Yield tiles: the white ones drawn at the Dancer, and the brown Navaratnas ones scored by development."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import player
from companion.games.rajas.definition import BROWN_YIELDS
from companion.games.rajas.moves.market import is_market_tile
from companion.games.rajas.moves.tracks import add_fame, add_money

WHITE_REWARDS: dict[str, dict[str, Any]] = {
    "die": {"kind": "dice", "count": 1},
    "money3": {"kind": "money", "amount": 3},
    "upgrade": {"kind": "upgrade", "count": 1},
    "karma": {"kind": "karma", "amount": 1},
}

COLORED_KINDS: tuple[str, ...] = (*dict.fromkeys(r["kind"] for r in WHITE_REWARDS.values()), "next_free")
"""What a white, yellow or red yield tile gives, each kind once: dice, money, an upgrade, karma, or the boat's move
to the next free river space (rulebook, Navaratnas variant, the list of those tiles' yields). A brown tile never
gives one of these: it scores by the player's development (BROWN_YIELDS)."""


def yield_kinds(color: str) -> tuple[str, ...]:
    """The kinds of reward a yield tile of this colour may show."""
    return tuple(BROWN_YIELDS) if color == "brown" else COLORED_KINDS


def brown_amount(data: dict[str, Any], seat: int, kind: str) -> tuple[str, int]:
    """Which track a brown yield tile moves, and by how much, from the player's development now."""
    me = player(data, seat)
    tiles = [t for t in me["tiles"] if not t["covered"]]
    amounts = {
        "fame_per_market_tile": ("fame", sum(1 for t in tiles if is_market_tile(t))),
        # The start space does not count: the boat's space number is the spaces travelled.
        "fame_per_3_river": ("fame", me["boat"] // 3),
        "money_per_building": ("money", sum(len(t["buildings"]) for t in tiles)),
        "money_per_yield_tile": ("money", 2 * sum(1 for y in me["yields"].values() if y["connected"])),
        "fame_per_curve": ("fame", 2 * sum(1 for t in tiles if t["roads"] == "curve")),
        "money_per_upgrade": ("money", 2 * me["upgrades_done"]),
        "fame_per_worker": ("fame", me["workers"]),
        "money_per_village": ("money", 3 * sum(1 for t in tiles if t["kind"] == "village")),
    }
    return amounts[kind]


def earn_yield(data: dict[str, Any], seat: int, reward: dict[str, Any]) -> None:
    """Score a brown yield tile."""
    track, amount = brown_amount(data, seat, reward["kind"])
    if track == "fame":
        add_fame(data, seat, amount)
    else:
        add_money(data, seat, amount)
