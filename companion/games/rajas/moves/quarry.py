"""The quarry: pay money for the slot and dice for a province tile, place it, take what it shows."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.rajas.core import fact, has_module, player, push, require
from companion.games.rajas.definition import AKBAR_AT_START_FROM, TILES_PER_COLOR, VILLAGE_TILES
from companion.games.rajas.moves.dice import gain_dice, pay_dice
from companion.games.rajas.moves.earn import earn
from companion.games.rajas.moves.market import slot_cost
from companion.games.rajas.moves.tracks import add_fame, add_money, pay_money


def place_quarry(data: dict[str, Any], seat: int, move: dict[str, Any], held: list[int] | None = None) -> None:
    """Workers fill the quarry slot by slot; each slot's printed cost is paid in money, the tile in dice."""
    require(move.get("tile") is not None, "quarry.pay_pips", "tile_needed")
    tile, incomes = move["tile"], move.get("connects", [])
    # What needs no printed fact is judged first: dice that cannot pay for the tile are refused as such at once,
    # rather than after a question about the slot's price or an income's reward that could not make the move legal.
    check_incomes(data, seat, incomes)
    pay_for_tile(data, seat, tile, move["pay"])
    placed = put_tile(data, seat, tile, move.get("cell"))
    pay_money(data, seat, slot_cost(data, "quarry", held, "quarry.slot_cost"), "quarry.slot_cost")
    take_tile_gains(data, seat, placed, move)
    connect_incomes(data, seat, incomes)


def pay_for_tile(data: dict[str, Any], seat: int, tile: dict[str, Any], pay: list[dict[str, Any]]) -> None:
    """Dice for a tile: its colour with at least the printed total, or a module tile's own price."""
    require(
        tile["kind"] == "normal" or has_module(data, _MODULE_OF[tile["kind"]]),
        "modules.option",
        "module_not_in_play",
        module=tile["kind"],
    )
    used = pay_dice(data, seat, pay, "quarry.pay_pips")
    colors = [c for c, _ in used]
    values = [v for _, v in used]
    if tile["kind"] == "village":
        require(len(used) == 2 and values[0] == values[1], "mango.double", "needs_double")
    elif tile["kind"] == "shalimar":
        require(len(used) == 2 and tile["color"] in colors, "shalimar.cost", "shalimar_cost")
    elif tile["kind"] == "tiger":
        require(len(used) == 2 and set(colors) == {tile["color"]}, "tiger.cost", "tiger_cost")
    else:
        require(
            bool(used) and set(colors) == {tile["color"]},
            "quarry.pay_color",
            "wrong_color",
            color={"key": f"rajas.colors.{tile['color']}"},
        )
        require(sum(values) >= tile["cost"], "quarry.pay_pips", "short_of_pips", paid=sum(values), cost=tile["cost"])
    draw_tile(data, tile)


def draw_tile(data: dict[str, Any], tile: dict[str, Any]) -> None:
    """Take a tile from the display: 16 per colour; each Shalimar garden and tiger tile exists once, villages 10."""
    if tile["kind"] == "normal":
        color = {"key": f"rajas.color.{tile['color']}"}
        require(data["tiles_taken"][tile["color"]] < TILES_PER_COLOR, "quarry.tiles_left", "no_tiles_left", color=color)
        data["tiles_taken"][tile["color"]] += 1
        return
    taken = data["module_tiles"]
    if tile["kind"] == "village":
        require(taken.count("village") < VILLAGE_TILES, "quarry.tiles_left", "module_tile_gone", tile="village")
        taken.append("village")
        return
    # One garden per colour; the four tiger tiles are told apart by name (which colour each has is not known).
    which = f"shalimar.{tile['color']}" if tile["kind"] == "shalimar" else f"tiger.{tile['name']}"
    require(which not in taken, "quarry.tiles_left", "module_tile_gone", tile=which)
    taken.append(which)


_MODULE_OF = {"village": "mango", "shalimar": "shalimar", "tiger": "tiger"}


def put_tile(data: dict[str, Any], seat: int, tile: dict[str, Any], cell: str | None) -> dict[str, Any]:
    """Lay the tile in the province; a cell, when told, must be empty (the grid itself is unknown)."""
    me = player(data, seat)
    if cell is not None:
        require(all(t["cell"] != cell or t["covered"] for t in me["tiles"]), "province.place", "cell_taken", cell=cell)
    placed = {**tile, "id": data["next_tile_id"], "cell": cell, "covered": False, "covers": None}
    data["next_tile_id"] += 1
    me["tiles"].append(placed)
    return placed


def take_tile_gains(data: dict[str, Any], seat: int, tile: dict[str, Any], move: dict[str, Any]) -> None:
    """Money for markets, fame per building at its current upgrade level, then a module tile's yield."""
    me = player(data, seat)
    add_money(data, seat, sum(m["value"] for m in tile["markets"]))
    add_fame(data, seat, sum(me["upgrades"][b] for b in tile["buildings"]))
    if tile["kind"] == "village" and tile.get("reward"):
        earn(data, seat, tile["reward"])
    elif tile["kind"] == "tiger":
        _tiger_now(data, seat, tile["name"])
    elif tile["kind"] == "shalimar" and move.get("recall"):
        # Taken back once the worker that built the garden stands on the board too: it may be the one taken.
        data["turn"]["recall"] = move["recall"]


def _tiger_now(data: dict[str, Any], seat: int, name: str) -> None:
    me = player(data, seat)
    if name == "ashoka_pillar":
        add_money(data, seat, sum(1 for t in me["tiles"] if not t["covered"]))
    elif name == "akbar_bridge" and (me["boat"] > 0 or data["version"] >= AKBAR_AT_START_FROM):
        from companion.games.rajas.moves.river import space_reward

        if me["boat"] > 0:  # a boat still on the start space has no river reward to take again
            earn(data, seat, space_reward(data, me["boat"]))
    elif name == "black_market":
        gain_dice(data, seat, free=2, reason="tiger")
    else:
        push(data, {"kind": "flag", "seat": seat})


def recall_after_building(data: dict[str, Any], seat: int) -> None:
    """The worker a Shalimar garden built this turn takes back (see `take_tile_gains`), once the worker that built
    it is on the board: Goodie Box, Shalimar bonus, any worker of one's own already placed, the builder too."""
    space = data["turn"].pop("recall", None)
    if space is not None:
        recall_worker(data, seat, space)


PRICED_SLOTS = ("quarry", "port")
"""Areas whose slots are printed with a price and filled from the left: a worker taken back leaves a hole."""


def recall_worker(data: dict[str, Any], seat: int, space: str) -> None:
    """Shalimar: take one own worker back off the board; it may be placed again this round."""
    me = player(data, seat)
    mine = data["spaces"].get(space, []).count(seat)
    require(mine > 0, "shalimar.recall", "no_worker_there", space={"key": f"rajas.space.{space}"})
    # The Gemstone Trader works once per round: he cannot be the worker taken back.
    require(mine > 1 or me["gemstone_at"] != space, "gemstone.turn", "gemstone_recall")
    occupants = data["spaces"][space]
    if space in PRICED_SLOTS:
        # The slot itself is freed, its price with it: the next worker there takes it (see market.slot_cost).
        occupants[occupants.index(seat)] = None
    else:
        occupants.remove(seat)
    me["placed"] -= 1
    if has_module(data, "navaratnas"):
        # Navaratnas: that worker lies on the Kali and is placed after all the others (see turn.advance).
        me["recalled"] += 1


def check_incomes(data: dict[str, Any], seat: int, incomes: list[int]) -> None:
    """Refuse special incomes named twice or joined already (no printed fact is needed to tell)."""
    me = player(data, seat)
    require(len(set(incomes)) == len(incomes), "province.incomes", "income_twice")
    for income in incomes:
        require(income not in me["incomes"], "province.incomes", "income_already", income=income)


def connect_incomes(data: dict[str, Any], seat: int, incomes: list[int]) -> None:
    """Special incomes newly joined to the residence by road, taken after the tile's own gains."""
    me = player(data, seat)
    check_incomes(data, seat, incomes)
    for income in incomes:
        tile = me["yields"].get(str(income))
        if tile is not None:
            tile["connected"] = True
            reward = tile["reward"]
        else:
            reward = fact(data, f"{me['board']}.income.{income}", "province.incomes")
        me["incomes"].append(income)
        earn(data, seat, dict(reward))


def tile_counts(me: dict[str, Any]) -> Counter[str]:
    """Visible tiles of a province by kind."""
    return Counter(t["kind"] for t in me["tiles"] if not t["covered"])
