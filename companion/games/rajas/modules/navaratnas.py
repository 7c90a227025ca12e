"""Navaratnas variant: yield tiles laid on the province board and scored when joined by road."""

from __future__ import annotations

from typing import Any

from companion.games.base import Message
from companion.games.rajas.core import fact, player, require
from companion.games.rajas.definition import BROWN_YIELDS, YIELD_KINDS_CHECKED_FROM
from companion.games.rajas.modules.yields import yield_kinds
from companion.games.rajas.moves.earn import earn
from companion.games.rajas.moves.tracks import add_money
from companion.games.rajas.rewards import joined

# Yield tiles in the box by colour (rulebook contents list; the Mango box adds one brown tile).
YIELD_TILES = {"white": 8, "yellow": 9, "red": 6, "brown": 7}


def resolve_yield(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    """Take a yield tile onto a free income space, or (Mango village) use one already lying there."""
    if pending["kind"] == "yield_use":
        _use(data, pending["seat"], move)
        return
    if move.get("decline"):
        require(pending["kind"] == "yield_pick", "navaratnas.yield_tiles", "must_take_yield")
        return
    tile, income = move["tile"], move["income"]
    me = player(data, pending["seat"])
    if pending["kind"] == "yield_place":
        require(tile["color"] == "brown", "navaratnas.setup", "start_tile_brown")
    _check_kind(data, tile["color"], str(tile["reward"].get("kind")))
    limit = YIELD_TILES[tile["color"]] + (1 if tile["color"] == "brown" and "mango" in data["modules"] else 0)
    taken = data.setdefault("yields_taken", {})
    require(taken.get(tile["color"], 0) < limit, "navaratnas.yield_tiles", "no_yield_left")
    # A tile already laid is never covered; a space a road already joins is not free either (our reading: rule
    # navaratnas.joined_space), since a tile pays only when a road joins it and that space is joined once only.
    require(str(income) not in me["yields"], "navaratnas.yield_tiles", "yield_space_holds_tile", income=income)
    require(income not in me["incomes"], "navaratnas.joined_space", "yield_space_joined", income=income)
    # A yield tile goes only on a free income space of its own colour (printed on the Navaratnas side).
    color = fact(data, f"navaratnas.income.{income}.color", "navaratnas.yield_tiles")
    require(
        color == tile["color"],
        "navaratnas.yield_tiles",
        "yield_space_color",
        income=income,
        color={"key": f"rajas.yield_color.{tile['color']}"},
    )
    taken[tile["color"]] = taken.get(tile["color"], 0) + 1
    me["yields"][str(income)] = {"color": tile["color"], "reward": tile["reward"], "connected": False}


MANGO_BROWN = "money_per_village"
"""The brown yield tile the Mango village module adds to the brown ones (Goodie Box 1, Mango village: the new yield
tile)."""


def _check_kind(data: dict[str, Any], color: str, kind: str) -> None:
    """A tile of this colour shows this kind of reward, and it is in the box: the Mango village's brown tile only
    with that module. Brown tiles score by development and the others give a plain gain, never the reverse."""
    in_box = [k for k in yield_kinds("brown") if k != MANGO_BROWN or "mango" in data["modules"]]
    if color == "brown":
        require(kind != MANGO_BROWN or kind in in_box, "navaratnas.yield_tiles", "brown_needs_mango")
    if data["version"] < YIELD_KINDS_CHECKED_FROM:
        return  # a game begun before the kinds were checked (see definition.RULES_VERSION)
    if color == "brown":
        kinds = joined([Message(f"rajas.reward_kind.{k}") for k in in_box]).to_dict()
        require(kind in in_box, "navaratnas.yield_tiles", "yield_kind_brown", kind=_kind(kind), kinds=kinds)
        return
    # Not every white, yellow and red tile printed is known (BOARD-FACTS): only a brown tile's kind is refused here.
    kinds = joined([Message(f"rajas.reward_kind.{k}") for k in yield_kinds(color)]).to_dict()
    color_said = {"key": f"rajas.yield_color.{color}"}
    require(
        kind not in BROWN_YIELDS,
        "navaratnas.yield_tiles",
        "yield_kind_colored",
        kind=_kind(kind),
        color=color_said,
        kinds=kinds,
    )


def _kind(kind: str) -> dict[str, Any]:
    return {"key": f"rajas.reward_kind.{kind}"}


def _use(data: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    # Mango village in the Navaratnas variant: a white tile of one's province gives its yield again, or 2 money.
    if move.get("income") is None:
        add_money(data, seat, 2)
        return
    tile = player(data, seat)["yields"].get(str(move["income"]))
    require(tile is not None and tile["color"] == "white", "mango.village", "no_white_yield", income=move["income"])
    assert tile is not None  # for the type checker: require() refused otherwise
    earn(data, seat, tile["reward"])
