"""The port: a die of 1-3 moves the boat that many free spaces (exactly for a 1, up to it for 2 and 3)."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import player, require
from companion.games.rajas.moves.dice import pay_dice
from companion.games.rajas.moves.market import slot_cost
from companion.games.rajas.moves.river import max_steps, move_boat, river_length
from companion.games.rajas.moves.tracks import pay_money


def place_port(data: dict[str, Any], seat: int, move: dict[str, Any], held: list[int] | None = None) -> None:
    """First worker free, later ones pay the slot's printed cost; then discard the die and sail."""
    # The die is judged first: a wrong die is refused at once, with no question about the river or the slot's price
    # (printed facts) that could not make the move legal.
    require(len(move["pay"]) == 1, "river.die", "pay_one_die")
    ((_, value),) = pay_dice(data, seat, move["pay"], "river.die")
    require(1 <= value <= 3, "river.die", "port_die", value=value)
    steps = move.get("steps") or value
    lowest = value if value == 1 else 1
    most = max_steps(data, seat, value)
    reason = "port_steps" if most == value else "port_steps_bridge"  # with Akbar's Bridge, one space further
    require(lowest <= steps <= most, "river.steps", reason, steps=steps, value=value, n=value, most=most)
    require(player(data, seat)["boat"] < river_length(data), "river.end", "river_at_end")
    pay_money(data, seat, slot_cost(data, "port", held, "river.port_cost"), "river.port_cost")
    move_boat(data, seat, steps)
