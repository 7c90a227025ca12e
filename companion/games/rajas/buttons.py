"""What the table's "next" button stands for in Rajas of the Ganges, as data and one small function.

A Rajas turn ends by itself once its worker is placed and its action done (rulebook "Playing a round"), so there is
no "end of turn" to play. "next" is the move that hands on without acting: declining a choice the rules leave to the
player (a track's boat bonus, the Imperial Flag's second action, a Navaratnas yield tile, the Test of Fate's free
tile) or a reward that may be lost (the river's palace reward, when its room cannot act) while one is awaited, and
passing otherwise, in the rounds. Each is judged as the same move made on the table page is (a pass is refused while
a worker can still be placed: rule round.pass; a palace reward whose room can act is not forgone: rule
river.reward). Any other awaited choice (a roll, an upgrade, the start player) has no "next": the press is refused,
saying what is awaited.
"""

from __future__ import annotations

from typing import Any

DECLINED_BY_NEXT: dict[str, str] = {
    "boat": "boat",
    "room": "room",
    "fate_tile": "fate_build",
    "flag": "reuse",
    "yield_pick": "take_yield",
    "yield_place": "take_yield",
}
"""Pending choice kind -> the move that declines it (its "decline" field), played by "next"."""


def next_move(data: dict[str, Any]) -> dict[str, Any] | None:
    """The move "next" stands for in a game's state data, or None when it means nothing now."""
    if data["phase"] != "play":
        return None
    if data["pending"]:
        pending = data["pending"][0]
        kind = DECLINED_BY_NEXT.get(pending["kind"])
        seat = pending.get("seat")
        if kind is None:
            return None
        return {"type": kind, "seat": data["turn_seat"] if seat is None else seat, "decline": True}
    if data["turn_seat"] is None:
        return None
    return {"type": "pass", "seat": data["turn_seat"]}
