"""Turn order: phases of one placement each, the end of a round, the first-player elephant."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import has_module, player, push


def has_worker(data: dict[str, Any], seat: int) -> bool:
    """Whether a player still has a worker to place this round."""
    me = player(data, seat)
    return bool(me["placed"] < me["workers"])


def advance(data: dict[str, Any]) -> None:
    """After a finished turn: the next player with a worker, or the round's end, or the game's end."""
    if data["pending"] or data["phase"] != "play" or not data["turn"]["placed"]:
        return
    data["turn"] = {"placed": False, "gemstone": False, "worker": None}
    seats = len(data["players"])
    if data["end"] is not None:
        _finish_phase(data)
        return
    current = data["turn_seat"]
    for step in range(1, seats + 1):
        seat = (current + step) % seats
        if has_worker(data, seat):
            data["turn_seat"] = seat
            return
    end_round(data)


def _finish_phase(data: dict[str, Any]) -> None:
    # After the trigger, only the players between the trigger and the first player place a last worker.
    from companion.games.rajas.moves.endgame import finish_game

    while data["end"]["final"]:
        seat = data["end"]["final"].pop(0)
        if has_worker(data, seat):
            data["turn_seat"] = seat
            return
    finish_game(data)


def end_round(data: dict[str, Any]) -> None:
    """Workers come home; the Great Mogul's visitor, else the next player clockwise, starts the next round."""
    seats = len(data["players"])
    if has_module(data, "navaratnas"):
        _short_of_workers(data)
    first = data["mogul_seat"] if data["mogul_seat"] is not None else (data["first_seat"] + 1) % seats
    data["first_seat"] = first
    data["mogul_seat"] = None
    data["spaces"] = {}
    data["round"] += 1
    for me in data["players"]:
        me["placed"] = 0
        if me["gemstone"] == "used":
            me["gemstone"] = "ready"
    data["turn_seat"] = first


def _short_of_workers(data: dict[str, Any]) -> None:
    # Navaratnas: one yield tile per worker that an opponent has more (simplified to the round's end).
    most = max(p["workers"] for p in data["players"])
    for me in data["players"]:
        for _ in range(most - me["workers"]):
            push(data, {"kind": "yield_pick", "seat": me["seat"]})
