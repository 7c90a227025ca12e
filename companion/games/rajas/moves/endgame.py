"""End of the game: markers meeting or crossing, the last phase, ranking by the distance in fame."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import Undecided, known_facts, player
from companion.games.rajas.facts import beside_bounds, with_why

RULE = "end.trigger"


def fame_beside(data: dict[str, Any], money: int) -> int:
    """The fame number printed beside a money space (asked at the table when unknown)."""
    low, high = beside_bounds(money, known_facts(data))
    if low != high:
        asked = Undecided(f"track.money.{money}.fame", RULE)
        asked.missing = with_why(asked.missing, "crossing")  # asked by any move of the markers, it says why
        raise asked
    return low


def has_crossed(data: dict[str, Any], seat: int) -> bool:
    """Whether a player's fame marker has met or passed the fame space beside their money marker."""
    me = player(data, seat)
    low, high = beside_bounds(me["money"], known_facts(data))
    if me["fame"] < low:
        return False
    if high is not None and me["fame"] >= high:
        return True
    return me["fame"] >= fame_beside(data, me["money"])


def check_crossings(data: dict[str, Any]) -> None:
    """Note who crossed and when; the first crossing starts the end of the game."""
    if data["phase"] != "play":
        return
    for me in data["players"]:
        if me["crossed_at"] is None and has_crossed(data, me["seat"]):
            me["crossed_at"] = data["moves"]
            if data["end"] is None:
                data["end"] = {"trigger": me["seat"], "final": _seats_after(data, me["seat"])}


def _seats_after(data: dict[str, Any], trigger: int) -> list[int]:
    seats = len(data["players"])
    after = []
    seat = (trigger + 1) % seats
    while seat != data["first_seat"]:
        after.append(seat)
        seat = (seat + 1) % seats
    return after


def distance(data: dict[str, Any], seat: int) -> int:
    """Fame points from the money marker's fame space to the fame marker (negative: not yet met)."""
    me = player(data, seat)
    return int(me["fame"] - fame_beside(data, me["money"]))


def finish_game(data: dict[str, Any]) -> None:
    """Rank everyone: greatest distance first, ties to the earlier crossing."""
    never = data["moves"] + 1

    def crossed_at(seat: int) -> int:
        at = player(data, seat)["crossed_at"]
        return never if at is None else int(at)

    order = sorted(range(len(data["players"])), key=lambda s: (-distance(data, s), crossed_at(s), s))
    data["ranking"] = order
    data["phase"] = "over"
    data["turn_seat"] = None
