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
        if _owes_yield_tile(data, seat):
            _hand_yield_tile(data, seat)
            return
        if has_worker(data, seat):
            data["turn_seat"] = seat
            return
    end_round(data)


def _owes_yield_tile(data: dict[str, Any], seat: int) -> bool:
    # Navaratnas: a player whose turn comes in a phase with no worker of his own left to place, while an
    # opponent has more active workers, takes one yield tile per worker of difference, one per such turn.
    if not has_module(data, "navaratnas"):
        return False
    me = player(data, seat)
    if me["placed"] < me["workers"] - me["recalled"]:
        return False
    if me["seen"] == data["placements"]:
        return False  # nobody placed since this seat's last turn: the round is over, no new phase began
    me["seen"] = data["placements"]
    most = max(p["workers"] for p in data["players"] if p["seat"] != seat)
    return bool(me["workers"] + me["short_tiles"] < most)


def _hand_yield_tile(data: dict[str, Any], seat: int) -> None:
    me = player(data, seat)
    me["short_tiles"] = me["short_tiles"] + 1
    push(data, {"kind": "yield_pick", "seat": seat, "why": "short_of_workers"})  # said in the prompt
    data["turn_seat"] = seat
    # The tile takes this seat's turn, unless a worker taken back by the Shalimar gardens is placed after it.
    data["turn"]["placed"] = not has_worker(data, seat)


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
    first = data["mogul_seat"] if data["mogul_seat"] is not None else (data["first_seat"] + 1) % seats
    data["first_seat"] = first
    data["mogul_seat"] = None
    data["spaces"] = {}
    data["round"] += 1
    for me in data["players"]:
        me["placed"] = 0
        me["gemstone_at"] = None
        for counter in ("recalled", "short_tiles"):
            me[counter] = 0
        me["seen"] = -1
        if me["gemstone"] == "used":
            me["gemstone"] = "ready"
    data["turn_seat"] = first
