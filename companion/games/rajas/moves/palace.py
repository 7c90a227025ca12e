"""The Great Mogul's palace: outer terrace, terraces, balconies and the six rooms."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import Refused, has_module, player, push, require
from companion.games.rajas.definition import BALCONIES, PORTUGUESE_LAST_SPACES, PORTUGUESE_STEPS, ROOM_VALUES
from companion.games.rajas.moves.dice import gain_dice, has_tile, pay_dice, reroll
from companion.games.rajas.moves.tracks import add_fame, add_karma, add_money, ask_upgrade


def place_outer_terrace(data: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    """2 money, and any of one's dice may be rolled again."""
    add_money(data, seat, 2)
    reroll(data, seat, move.get("reroll", []))


def place_terrace(data: dict[str, Any], seat: int, color: str) -> None:
    """One die of the terrace's colour from the supply."""
    gain_dice(data, seat, {color: 1}, reason="terrace")


def place_balcony(data: dict[str, Any], seat: int, color: str, move: dict[str, Any]) -> None:
    """Pay one die of the balcony's colour for two of the colour it shows (Black Market: any for any)."""
    black_market = has_tile(data, seat, "black_market") and move.get("black_market", False)
    require(len(move["pay"]) == 1, "palace.balcony", "pay_one_die")
    if not black_market and move["pay"][0]["color"] != color:
        # A die of another colour asked for with the Black Market, by a player without its tile: that is the reason.
        require(not move.get("black_market", False), "tiger.benefits", "no_black_market")
        raise Refused("palace.balcony", "wrong_color", color={"key": f"rajas.colors.{color}"})
    pay_dice(data, seat, move["pay"], "palace.balcony")
    if black_market:
        gain_dice(data, seat, free=2, reason="balcony")
    else:
        gain_dice(data, seat, {BALCONIES[color]: 2}, reason="balcony")


def place_room(data: dict[str, Any], seat: int, room: str, move: dict[str, Any]) -> None:
    """Pay one die of the room's exact value (Imperial Flag: one pip off is enough), then the room acts."""
    # The flag's pip either way runs round the rooms: a 1 also opens the Portuguese (6), as the Goodie Box says.
    require(len(move["pay"]) >= 1, "palace.room_value", "pay_one_die")
    extra = move["pay"][1:]
    require(not extra or room == "master_builder", "palace.room_value", "pay_one_die")
    ((_, value),) = pay_dice(data, seat, move["pay"][:1], "palace.room_value")
    needed = ROOM_VALUES[room]
    flag = has_tile(data, seat, "imperial_flag")
    require(
        value == needed or (flag and (value - needed) % 6 in (1, 5)),
        "palace.room_value",
        "room_value",
        value=value,
        needed=needed,
    )
    do_room(data, seat, room, {**move, "pay": extra})


def do_room(data: dict[str, Any], seat: int, room: str, move: dict[str, Any]) -> None:
    """What a room gives (also used by the river's palace reward, which pays no die)."""
    if room == "mogul":
        add_fame(data, seat, 2)
        data["mogul_seat"] = seat
    elif room == "dancer":
        gain_dice(data, seat, free=2, reason="dancer")
        if has_module(data, "navaratnas"):
            push(data, {"kind": "yield_pick", "seat": seat})
        else:
            push(data, {"kind": "yield_draw", "seat": seat})
    elif room == "yogi":
        add_karma(data, seat, 2)
        gain_dice(data, seat, free=1, reason="yogi")
    elif room == "raja":
        ask_upgrade(data, seat, 1, why="raja")
        add_money(data, seat, 3)
    elif room == "master_builder":
        from companion.games.rajas.moves.overbuild import overbuild

        overbuild(data, seat, move)
    else:
        _portuguese(data, seat, move)


def _portuguese(data: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    from companion.games.rajas.moves.river import max_steps, move_boat, river_length

    steps = move.get("steps") or PORTUGUESE_STEPS
    # The steps first: they need no printed fact, how far the boat may still go needs the river's length.
    require(
        steps in (PORTUGUESE_STEPS, max_steps(data, seat, PORTUGUESE_STEPS)),
        "palace.portuguese",
        "portuguese_steps",
        steps=steps,
    )
    boat = player(data, seat)["boat"]
    require(boat <= river_length(data) - PORTUGUESE_LAST_SPACES, "palace.portuguese", "portuguese_too_far")
    move_boat(data, seat, steps)
