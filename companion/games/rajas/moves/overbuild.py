"""The Master Builder: cover one province tile with a costlier one, paying the difference in dice."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import player, require
from companion.games.rajas.moves.dice import pay_dice
from companion.games.rajas.moves.quarry import draw_tile, take_tile_gains


def overbuild(data: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    """Lay `tile` over tile `cover`; no special income; each tile is covered at most once."""
    me = player(data, seat)
    # Without a tile that can be covered, saying which tile to cover is no help: say there is none.
    require(any(can_be_covered(t) for t in me["tiles"]), "palace.master_builder", "nothing_to_cover")
    require(
        move.get("tile") is not None and move.get("cover") is not None, "palace.master_builder", "overbuild_needs_tile"
    )
    old = next((t for t in me["tiles"] if t["id"] == move["cover"] and not t["covered"]), None)
    require(old is not None, "palace.master_builder", "no_such_tile", tile=move["cover"])
    assert old is not None  # for the type checker: require() refused otherwise
    require(old["covers"] is None, "palace.master_builder", "covered_once")
    require(old["kind"] not in ("village", "shalimar"), "palace.master_builder", "never_overbuilt")
    new = move["tile"]
    # The rulebook's Master Builder section first rules that the new tile must cost more than the one it covers, and
    # only then how the difference is paid. No dice can make a tile no costlier legal, while dice missing can be
    # added: a tile no costlier is said first (a French tester covering a 6 with a 6, paying only the room's 5, was
    # told to add dice that could never have made it legal).
    if _is_priced_by_cost(old, new):
        require(new["cost"] > old["cost"], "palace.master_builder", "not_costlier", old=old["cost"], new=new["cost"])
    # The room's die (its 5) was paid for the room: the new tile needs dice of its own ("Pay with blue dice" was
    # said to a player who had paid a blue 5, for the room).
    require(bool(move["pay"]), "palace.master_builder", "tile_unpaid")
    _pay_difference(data, seat, old, new, move["pay"])
    draw_tile(data, new)
    old["covered"] = True
    placed = {**new, "id": data["next_tile_id"], "cell": old["cell"], "covered": False, "covers": old["id"]}
    data["next_tile_id"] += 1
    me["tiles"].append(placed)
    take_tile_gains(data, seat, placed, {"recall": move.get("recall")})  # a garden's bonus; no special income


def can_be_covered(tile: dict[str, Any]) -> bool:
    """Whether the Master Builder may lay a tile over this one: in sight, covering none itself, neither a village
    nor a garden."""
    return not tile["covered"] and tile["covers"] is None and tile["kind"] not in ("village", "shalimar")


def _is_priced_by_cost(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether covering `old` with `new` is priced by the tiles' costs (the base game), not by a Goodie Box rule: a
    Mango village costs another 5, a Shalimar garden or a tiger tile (laid or covered) one die of its colour."""
    return new["kind"] not in ("village", "shalimar", "tiger") and old["kind"] != "tiger"


def _pay_difference(
    data: dict[str, Any], seat: int, old: dict[str, Any], new: dict[str, Any], pay: list[dict[str, Any]]
) -> None:
    used = pay_dice(data, seat, pay, "palace.master_builder")
    colors = {c for c, _ in used}
    values = [v for _, v in used]
    if new["kind"] == "village":
        # Mango villages: another "5" of any colour instead of the difference.
        require(len(used) == 1 and values[0] == 5, "mango.overbuild", "village_overbuild")
        return
    if not _is_priced_by_cost(old, new):
        require(
            len(used) == 1 and colors == {new["color"]},
            "tiger.overbuild",
            "module_overbuild",
            color={"key": f"rajas.color.{new['color']}"},
        )
        return
    # The new tile is costlier (overbuild checked it before any die was paid).
    require(
        bool(used) and colors == {new["color"]},
        "palace.master_builder",
        "wrong_color",
        color={"key": f"rajas.colors.{new['color']}"},
    )
    require(
        sum(values) >= new["cost"] - old["cost"],
        "palace.master_builder",
        "short_of_pips",
        paid=sum(values),
        cost=new["cost"] - old["cost"],
    )
