"""The boat on the river: moving over free spaces, passing the bridge, and taking the space's reward."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import fact, player, require
from companion.games.rajas.moves.dice import has_tile


def river_length(data: dict[str, Any]) -> int:
    """Spaces after the start; the last one is the end space (shared, like the start)."""
    return int(fact(data, f"{data['river_side']}.river.length", "river.move"))


def is_free(data: dict[str, Any], seat: int, space: int, length: int) -> bool:
    """Whether a space can take this boat (start and end spaces hold any number of boats)."""
    if space in (0, length):
        return True
    return not any(p["boat"] == space for p in data["players"] if p["seat"] != seat)


def target_space(data: dict[str, Any], seat: int, steps: int) -> int:
    """The space reached by moving `steps` free spaces (occupied ones are skipped, the end stops the boat)."""
    length = river_length(data)
    space = player(data, seat)["boat"]
    while steps > 0 and space < length:
        space += 1
        if is_free(data, seat, space, length):
            steps -= 1
    return space


def move_boat(data: dict[str, Any], seat: int, steps: int) -> None:
    """Move `steps` free spaces, take the worker past the bridge, then the reward of the landing space."""
    length = river_length(data)
    me = player(data, seat)
    require(me["boat"] < length, "river.end", "river_at_end")
    land_on(data, seat, target_space(data, seat, steps))


def land_on(data: dict[str, Any], seat: int, space: int) -> None:
    """Put the boat on a space: worker at the bridge when passed, then the space's reward."""
    from companion.games.rajas.moves.earn import earn
    from companion.games.rajas.moves.tracks import gain_worker

    me = player(data, seat)
    start = me["boat"]
    bridge = int(fact(data, f"{data['river_side']}.river.bridge", "workers.extra"))
    me["boat"] = space
    if start <= bridge < space:
        gain_worker(data, seat, "bridge")
    earn(data, seat, space_reward(data, space))


def space_reward(data: dict[str, Any], space: int) -> dict[str, Any]:
    """What a river space gives: a river tile lying on it (Ganga modules), else what is printed."""
    tile = data["river_tiles"].get(str(space))
    if tile is not None:
        return dict(tile)
    return dict(fact(data, f"{data['river_side']}.river.{space}", "river.reward"))


def move_to_next_free(data: dict[str, Any], seat: int) -> None:
    """Track bonus and some rewards: the boat goes to the next free space (nothing when at the end)."""
    if player(data, seat)["boat"] >= river_length(data):
        return
    if has_tile(data, seat, "akbar_bridge"):
        # Akbar's Bridge: every boat move may go one free space further, so the player chooses 1 or 2.
        from companion.games.rajas.core import push

        push(data, {"kind": "boat", "seat": seat, "max": max_steps(data, seat, 1)})
    else:
        move_boat(data, seat, 1)


def max_steps(data: dict[str, Any], seat: int, steps: int) -> int:
    """Steps allowed with Akbar's Bridge (Tiger expansion): one more than the dice or rule say."""
    return steps + 1 if has_tile(data, seat, "akbar_bridge") else steps
