"""Markets: scoring one market per good (mixed) or several of one good (identical goods)."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import fact, player, require
from companion.games.rajas.definition import GOODS, ONCE_A_ROUND_COUNTS_PLACEMENTS_FROM
from companion.games.rajas.moves.dice import pay_dice
from companion.games.rajas.moves.tracks import add_money

MIXED = "market_mixed"
IDENTICAL = "market_identical"


def market_values(me: dict[str, Any], good: str) -> list[int]:
    """Values of a player's visible markets of one good, best first."""
    values = [m["value"] for t in me["tiles"] if not t["covered"] for m in t["markets"] if m["good"] == good]
    return sorted(values, reverse=True)


def market_count(me: dict[str, Any]) -> int:
    """Markets in a province (the Black Market tile counts as one)."""
    markets = sum(len(t["markets"]) for t in me["tiles"] if not t["covered"])
    return markets + sum(1 for t in me["tiles"] if t.get("name") == "black_market" and not t["covered"])


def is_market_tile(tile: dict[str, Any]) -> bool:
    """Whether a province tile counts as a market tile: one showing a market, or the Black Market (Goodie Box,
    Tiger tiles, Black Market note: it counts as a market tile wherever markets are counted)."""
    return bool(tile["markets"]) or tile.get("name") == "black_market"


def mixed_score(me: dict[str, Any], goods: list[str] | None = None) -> int:
    """Money for the best market of each good (or of the goods chosen)."""
    chosen = GOODS if goods is None else goods
    return sum(market_values(me, g)[0] for g in chosen if market_values(me, g))


def identical_score(me: dict[str, Any], limit: int, good: str | None = None) -> int:
    """Money for up to `limit` markets of one good (the best good when none is named)."""
    goods = GOODS if good is None else (good,)
    return max(sum(market_values(me, g)[:limit]) for g in goods)


def place_mixed(data: dict[str, Any], seat: int, move: dict[str, Any], again: bool = False) -> None:
    """Mixed goods: one market per good; at 3-4 players one own worker per round on this market."""
    # Used again through the Imperial Flag, no worker is placed, so the one-worker limit does not apply.
    if len(data["players"]) >= 3 and not again:
        check_once_a_round(data, seat, MIXED, "market.mixed_once", "mixed_market_once")
    me = player(data, seat)
    chosen = move.get("markets")
    if chosen is None:
        add_money(data, seat, mixed_score(me, move.get("goods")))
        return
    goods = [m["good"] for m in chosen]
    for good in goods:
        require(goods.count(good) == 1, "market.mixed", "one_market_per_good", good={"key": f"rajas.good.{good}"})
    add_money(data, seat, chosen_score(me, chosen, "market.mixed"))


def check_once_a_round(data: dict[str, Any], seat: int, area: str, rule: str, reason: str) -> None:
    """Refuse a second own worker placed on a once-a-round area (3-4 players), then mark the area placed this round."""
    me = player(data, seat)
    standing = seat in data["spaces"].get(area, [])
    # A Shalimar garden takes a worker back and frees his space, but the player has placed there in this round all
    # the same (quarry.recall_worker leaves no trace of him on the space): the round he placed there is kept.
    counted = data["version"] >= ONCE_A_ROUND_COUNTS_PLACEMENTS_FROM
    require(not standing and not (counted and me["placed_round"].get(area) == data["round"]), rule, reason)
    me["placed_round"][area] = data["round"]


def place_identical(data: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    """Identical goods: discard one die, score up to its value in markets of one good."""
    require(len(move["pay"]) == 1, "market.identical", "pay_one_die")
    # A parsed move always has its good (parse names it when left out): this guards a move built by hand.
    require(move.get("good") is not None, "market.identical", "good_needed")
    ((_, value),) = pay_dice(data, seat, move["pay"], "market.identical")
    chosen = move.get("markets")
    count = len(chosen) if chosen is not None else value if move.get("count") is None else move["count"]
    require(count <= value, "market.identical", "too_many_markets", count=count, value=value, n=value)
    me = player(data, seat)
    if chosen is None:
        add_money(data, seat, identical_score(me, count, move["good"]))
        return
    for market in chosen:
        require(
            market["good"] == move["good"],
            "market.identical",
            "market_other_good",
            good={"key": f"rajas.good.{move['good']}"},
            other={"key": f"rajas.good.{market['good']}"},
        )
    add_money(data, seat, chosen_score(me, chosen, "market.identical"))


def chosen_score(me: dict[str, Any], chosen: list[dict[str, Any]], rule: str) -> int:
    """Money for the markets a player named, each one of his province's (a market is told by its good and value).

    Without a choice the best markets are scored; but the worse can be wanted. With the Test of Fate (Goodie Box 1,
    note to the Test of Fate: at the two market spaces the player chooses which markets and how many), a player on
    money 22 with nobody behind and three market tiles (a penalty of 3), silk 5, silk 2 and tea 1, reaches the fate
    tile on 24 and falls back behind it, to earn a free tile later, only by scoring 2 to 4: the silk 2, alone or with
    the tea 1, never the best silk."""
    for good in GOODS:
        told = sorted((m["value"] for m in chosen if m["good"] == good), reverse=True)
        owned = market_values(me, good)
        for value in set(told):
            require(
                told.count(value) <= owned.count(value),
                rule,
                "no_such_market",
                good={"key": f"rajas.good.{good}"},
                value=value,
            )
    return sum(m["value"] for m in chosen)


def slot_count(data: dict[str, Any], area: str) -> int:
    """How many workers an area of the board takes (printed, per layout)."""
    return int(fact(data, f"{data['layout']}.{area}.slots", "placement.one_per_space"))


def slot_cost(data: dict[str, Any], area: str, held: list[int] | None, rule: str) -> int:
    """Money printed on the slot a worker takes (quarry, port), filled in order; or, for an action used again,
    on the cheapest slot where the player's workers already stand (any of them may be the one used again)."""
    if held is None:
        # Filled from the left; a slot freed by a Shalimar garden (None, see quarry.recall_worker) is taken first.
        occupants = data["spaces"].get(area, [])
        slot = occupants.index(None) + 1 if None in occupants else len(occupants) + 1
        full = {"key": f"rajas.area.{area}"}
        require(slot <= slot_count(data, area), "placement.one_per_space", "area_full", area=full)
        return int(fact(data, f"{data['layout']}.{area}.{slot}.cost", rule))
    return min(int(fact(data, f"{data['layout']}.{area}.{index + 1}.cost", rule)) for index in held)
