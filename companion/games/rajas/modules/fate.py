"""The Test of Fate (Goodie Box 1): passing one's fate tile costs points first, and may later pay a tile."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import player, push, require
from companion.games.rajas.definition import FATE_FAME_SPACE, FATE_MONEY_SPACE
from companion.games.rajas.moves.market import is_market_tile
from companion.games.rajas.moves.quarry import draw_tile, put_tile

SPACES = {"fame": FATE_FAME_SPACE, "money": FATE_MONEY_SPACE}
# The free tile: one with a building from a tiger or snake stack (fame), a market from cow or snake (money).
FREE_STACKS = {"fame": ("tiger", "snake"), "money": ("cow", "snake")}


def pass_fate(data: dict[str, Any], seat: int, track: str, before: int) -> None:
    """Called after a marker moved forward from `before`: the fate tile acts when reached or passed."""
    me = player(data, seat)
    space = SPACES[track]
    if not before < space <= me[track]:
        return
    state = me["fate"][track]
    if state == "ready":
        me[track] = max(0, me[track] - fate_penalty(data, seat, track))
        if me[track] < space:
            me["fate"][track] = "flipped"
        elif me[track] == space:
            _earn_free_tile(data, seat, track)
        else:
            me["fate"][track] = "done"
    elif state == "flipped":
        _earn_free_tile(data, seat, track)


def fate_penalty(data: dict[str, Any], seat: int, track: str) -> int:
    """One point per other player behind on that track, one per own tile with a building (or market)."""
    me = player(data, seat)
    behind = sum(1 for p in data["players"] if p["seat"] != seat and p[track] < me[track])
    counted = (lambda t: bool(t["buildings"])) if track == "fame" else is_market_tile
    return behind + sum(1 for t in me["tiles"] if not t["covered"] and counted(t))


def _earn_free_tile(data: dict[str, Any], seat: int, track: str) -> None:
    player(data, seat)["fate"][track] = "done"
    push(data, {"kind": "fate_tile", "seat": seat, "track": track})


def build_free(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    """Lay the free tile: its fame and money count, special incomes do not; or build none (`decline`)."""
    from companion.games.rajas.moves.tracks import add_fame, add_money

    if move.get("decline"):
        # The free tile is built "if possible", and the player "may" place it (Goodie Box 1, "L'Épreuve du Destin"):
        # with no suitable tile on display, or none left in its stacks, or by choice, none is built; the fate tile
        # was taken out of the game all the same (_earn_free_tile).
        return
    tile, track, seat = move["tile"], pending["track"], pending["seat"]
    require(tile["stack"] in FREE_STACKS[track], "fate.free_tile", "fate_stack", stack=tile["stack"])
    require(bool(tile["buildings"] if track == "fame" else tile["markets"]), "fate.free_tile", "fate_contents")
    draw_tile(data, tile)
    placed = put_tile(data, seat, tile, move.get("cell"))
    me = player(data, seat)
    add_money(data, seat, sum(m["value"] for m in placed["markets"]))
    add_fame(data, seat, sum(me["upgrades"][b] for b in placed["buildings"]))
