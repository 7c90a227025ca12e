"""Placing a worker: whose turn, a free space, then the space's cost and action."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import has_module, known_fact, name_of, player, require
from companion.games.rajas.definition import BALCONIES, TERRACES
from companion.games.rajas.moves import market, palace, port, quarry
from companion.games.rajas.moves.market import slot_count

# Spaces that take exactly one worker in all; the others have printed slots (facts per layout).
SINGLE_SPACES = (
    *(f"terrace.{c}" for c in TERRACES),
    *(f"balcony.{c}" for c in BALCONIES),
    *(f"room.{r}" for r in ("mogul", "dancer", "yogi", "raja", "master_builder", "portuguese")),
)
AREAS = ("quarry", "market_mixed", "market_identical", "outer_terrace", "port", "village")
SPACES = (*AREAS, *SINGLE_SPACES)


def place(data: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    """A worker goes on a space; its cost is paid and its action done at once."""
    me = player(data, seat)
    require(data["phase"] == "play", "round.order", "not_playing")
    require(
        data["turn_seat"] == seat and not data["turn"]["placed"],
        "round.order",
        "not_your_turn",
        name=name_of(data, seat),
        current=name_of(data, data["turn_seat"]),
    )
    require(me["placed"] < me["workers"], "round.order", "no_worker_left")
    _take_worker(data, seat, move.get("worker", "normal"))
    space = move["space"]
    occupants = data["spaces"].setdefault(space, [])
    if space in SINGLE_SPACES:
        require(not occupants, "placement.one_per_space", "space_taken", space={"key": f"rajas.space.{space}"})
    if me["recalled"] > 0 and me["placed"] >= me["workers"] - me["recalled"]:
        # Navaratnas: a worker taken back by the Shalimar gardens is placed after all the others.
        me["recalled"] -= 1
    # Counted before acting: a Gemstone Trader gained by this action finds this worker already placed.
    me["placed"] += 1
    _act(data, seat, space, move, None)
    occupants = data["spaces"][space]
    if None in occupants:  # the slot a Shalimar garden freed (see quarry.recall_worker)
        occupants[occupants.index(None)] = seat
    else:
        occupants.append(seat)
    if move.get("worker") == "gemstone":
        me["gemstone_at"] = space  # known before a garden takes a worker back: never the trader (once a round)
    quarry.recall_after_building(data, seat)
    data["placements"] += 1
    me["seen"] = data["placements"]  # this seat's turn in the phase: see turn.advance
    data["turn"]["placed"] = True


def use_again(data: dict[str, Any], seat: int, move: dict[str, Any]) -> None:
    """Imperial Flag: the action of a space where one of the player's workers stands, done again and paid again."""
    space = move["space"]
    held = [i for i, s in enumerate(data["spaces"].get(space, [])) if s == seat]
    require(bool(held), "tiger.benefits", "reuse_no_worker", space={"key": f"rajas.space.{space}"})
    _act(data, seat, space, move, held)
    quarry.recall_after_building(data, seat)


def _take_worker(data: dict[str, Any], seat: int, worker: str) -> None:
    me = player(data, seat)
    data["turn"]["worker"] = worker
    if worker == "gemstone":
        require(me["gemstone"] == "ready", "gemstone.turn", "gemstone_unavailable")
        me["gemstone"] = "used"


def _act(data: dict[str, Any], seat: int, space: str, move: dict[str, Any], held: list[int] | None) -> None:
    # `held`: the slots (0-based) where the player's workers already stand when the action is used again.
    area, _, which = space.partition(".")
    if area == "quarry":
        quarry.place_quarry(data, seat, move, held)
    elif area == "port":
        port.place_port(data, seat, move, held)
    elif area == "terrace":
        palace.place_terrace(data, seat, which)
    elif area == "balcony":
        palace.place_balcony(data, seat, which, move)
    elif area == "room":
        palace.place_room(data, seat, which, move)
    else:
        _act_in_slots(data, seat, area, move, again=held is not None)


def _act_in_slots(data: dict[str, Any], seat: int, area: str, move: dict[str, Any], again: bool) -> None:
    """The action of an area of printed slots (markets, outer terrace, villages); an action used again takes none."""
    # How many workers the area takes is a printed fact. Known, a full area is refused first; unknown, it is asked
    # only after the action's own rules let the move through (the action leaves the area's workers as they were),
    # so that a move they refuse is refused at once, never after a question that could not make it legal.
    is_known = known_fact(data, f"{data['layout']}.{area}.slots") is not None
    if not again and is_known:
        _check_slots(data, area)
    if area == "market_mixed":
        market.place_mixed(data, seat, move, again=again)
    elif area == "market_identical":
        market.place_identical(data, seat, move)
    elif area == "outer_terrace":
        palace.place_outer_terrace(data, seat, move)
    else:
        _village(data, seat, move, again=again)
    if not again and not is_known:
        _check_slots(data, area)


def _check_slots(data: dict[str, Any], area: str) -> None:
    taken = len(data["spaces"].get(area, []))
    require(taken < slot_count(data, area), "placement.one_per_space", "area_full", area={"key": f"rajas.area.{area}"})


def _village(data: dict[str, Any], seat: int, move: dict[str, Any], again: bool) -> None:
    from companion.games.rajas.modules.mango import score_villages

    require(has_module(data, "mango"), "modules.option", "module_not_in_play", module="mango")
    if len(data["players"]) >= 3 and not again:
        require(seat not in data["spaces"].get("village", []), "mango.village", "village_once")
    score_villages(data, seat, move.get("villages", []))
