"""The boat on the river: moving over free spaces, passing the bridge, and taking the space's reward."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from companion.games.rajas.core import Undecided, fact, known_fact, player, push, require
from companion.games.rajas.definition import BOAT_BONUS_ASKED_FROM
from companion.games.rajas.facts import with_why
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
    with asking_why("river_space"):
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
        push(data, {"kind": "boat", "seat": seat, "max": max_steps(data, seat, 1)})
    else:
        move_boat(data, seat, 1)


def max_steps(data: dict[str, Any], seat: int, steps: int) -> int:
    """Steps allowed with Akbar's Bridge (Tiger expansion): one more than the dice or rule say."""
    return steps + 1 if has_tile(data, seat, "akbar_bridge") else steps


@contextmanager
def asking_why(why: str) -> Iterator[None]:
    """A printed fact asked for inside says why it is needed (facts.with_why: a rajas.fact.why.<why> message)."""
    try:
        yield
    except Undecided as need:
        need.missing = with_why(need.missing, why)
        raise


def offer_boat_bonus(data: dict[str, Any], seat: int, track: str) -> None:
    """A track's boat bonus (money 12 and 44, fame 31): the player may move the boat to the next free space, so
    the table is asked (a game begun before that was asked moves the boat at once, as its log was played)."""
    if data["version"] < BOAT_BONUS_ASKED_FROM:
        with asking_why(f"{track}_boat"):
            move_to_next_free(data, seat)
        return
    # A boat on the end space goes no farther: nothing to offer. The river's length is not asked for here: a boat
    # that ever moved needed it, so while it is unknown the boat is still on the start space.
    length = known_fact(data, f"{data['river_side']}.river.length")
    most = max_steps(data, seat, 1)
    if length is not None:
        ahead = range(player(data, seat)["boat"] + 1, int(length) + 1)
        most = min(most, sum(1 for space in ahead if is_free(data, seat, space, int(length))))
    if most == 0:
        return
    # Akbar's Bridge's second space is offered only when there is one: the end space stops the boat.
    push(data, {"kind": "boat", "seat": seat, "max": most, "why": track, "optional": True})


def move_asked_boat(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    """The answer to a pending `boat`: move 1 to `max` free spaces; a track's boat bonus (`optional`) may also be
    declined (`decline`: the boat stays where it is), and the facts it needs are asked for that bonus (`why`: the
    track). A boat move the rules make (the port's, the Portuguese's) cannot be declined."""
    if move.get("decline"):
        require(bool(pending.get("optional")), "river.steps", "boat_must_move")
        return
    limit = pending["max"]  # Akbar's Bridge was counted when the move was offered
    if not pending.get("optional"):
        require(1 <= move["steps"] <= limit, "river.steps", "port_steps", steps=move["steps"], value=limit, n=limit)
        move_boat(data, pending["seat"], move["steps"])
        return
    require(1 <= move["steps"] <= limit, "tracks.boat_bonus", "bonus_steps", steps=move["steps"], n=limit)
    with asking_why(f"{pending['why']}_boat"):
        move_boat(data, pending["seat"], move["steps"])
