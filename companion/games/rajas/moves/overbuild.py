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
    if new["kind"] in ("shalimar", "tiger") or old["kind"] == "tiger":
        require(
            len(used) == 1 and colors == {new["color"]},
            "tiger.overbuild",
            "module_overbuild",
            color={"key": f"rajas.color.{new['color']}"},
        )
        return
    require(new["cost"] > old["cost"], "palace.master_builder", "not_costlier", old=old["cost"], new=new["cost"])
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
