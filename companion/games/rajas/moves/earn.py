"""Taking a printed reward (river space, special income, river tile, yield tile) for a player."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import has_module, player, push
from companion.games.rajas.definition import COLORS, GOODS
from companion.games.rajas.moves.dice import gain_dice
from companion.games.rajas.moves.market import identical_score, market_count, market_values, mixed_score
from companion.games.rajas.moves.tracks import add_fame, add_karma, add_money, ask_upgrade

PALACE_REWARD_ROOMS = ("dancer", "yogi", "raja", "master_builder", "portuguese")


def earn(data: dict[str, Any], seat: int, reward: dict[str, Any]) -> None:
    """Give one reward; choices and rolls it needs are queued for the table."""
    kind = reward["kind"]
    me = player(data, seat)
    if kind == "all":
        for part in reward["of"]:
            earn(data, seat, part)
    elif kind in _SIMPLE:
        _SIMPLE[kind](data, seat, reward)
    elif kind in ("money_per_market", "market_mixed", "market_identical", "market_best"):
        add_money(data, seat, _market_money(me, reward))
    elif kind in ("fame_per_upgrade", "fame_per_karma"):
        add_fame(data, seat, me["upgrades_done"] if kind == "fame_per_upgrade" else 2 * me["karma"])
    elif kind == "money_per_upgrade":
        add_money(data, seat, 2 * me["upgrades_done"])
    else:
        from companion.games.rajas.modules.yields import earn_yield

        earn_yield(data, seat, reward)


def _market_money(me: dict[str, Any], reward: dict[str, Any]) -> int:
    # A printed reward pays in full, its best markets: choosing which markets to score is for the two market action
    # spaces only (Goodie Box 1, note to the Test of Fate; see market.chosen_score).
    if reward["kind"] == "money_per_market":
        return market_count(me)
    if reward["kind"] == "market_mixed":
        return mixed_score(me)
    if reward["kind"] == "market_best":
        return sum(sorted((v for g in GOODS for v in market_values(me, g)), reverse=True)[: reward["max"]])
    return identical_score(me, reward["max"])


def _dice(data: dict[str, Any], seat: int, reward: dict[str, Any]) -> None:
    # Printed colours: a list ("colors"), or one colour for every die counted ("color", as the table's form tells
    # "1 violet die"); the rest are of the player's choice.
    colors = reward.get("colors") or ([reward["color"]] * reward.get("count", 1) if reward.get("color") else [])
    fixed = {c: colors.count(c) for c in COLORS}
    gain_dice(data, seat, fixed, reward.get("count", len(colors)) - sum(fixed.values()))


def _karma_dice(data: dict[str, Any], seat: int, reward: dict[str, Any]) -> None:
    karma = player(data, seat)["karma"]
    if reward.get("color"):
        gain_dice(data, seat, {reward["color"]: karma})
    else:
        gain_dice(data, seat, free=karma)


def _room(data: dict[str, Any], seat: int, reward: dict[str, Any]) -> None:
    rooms = list(PALACE_REWARD_ROOMS) if reward["kind"] == "palace" else [reward["room"]]
    push(data, {"kind": "room", "seat": seat, "rooms": rooms})


def _boat(data: dict[str, Any], seat: int, reward: dict[str, Any]) -> None:
    if reward["kind"] == "next_free":
        from companion.games.rajas.moves.river import move_to_next_free

        move_to_next_free(data, seat)
    else:
        from companion.games.rajas.moves.river import max_steps

        # The most spaces the boat may move, Akbar's Bridge included (the dolphin does not move the boat).
        most = max_steps(data, seat, reward["max"]) if reward["kind"] == "boat" else 0
        push(data, {"kind": reward["kind"], "seat": seat, "max": most})


def _white(data: dict[str, Any], seat: int, reward: dict[str, Any]) -> None:
    if has_module(data, "navaratnas"):
        push(data, {"kind": "yield_use", "seat": seat})
    else:
        push(data, {"kind": "yield_draw", "seat": seat})


_SIMPLE = {
    "dice": _dice,
    "karma": lambda d, s, r: add_karma(d, s, r["amount"]),
    "money": lambda d, s, r: add_money(d, s, r["amount"]),
    "fame": lambda d, s, r: add_fame(d, s, r["amount"]),
    "upgrade": lambda d, s, r: ask_upgrade(d, s, r["count"]),
    "palace": _room,
    "room": _room,
    "karma_dice": _karma_dice,
    "boat": _boat,
    "dolphin": _boat,
    "next_free": _boat,
    "yield_white": _white,
}
