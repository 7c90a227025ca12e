"""Passing: a player stops placing only when no placement is possible, or in the last phase of the game."""

from __future__ import annotations

import pickle
from typing import Any

from companion.games.rajas.core import Refused, Undecided, has_module, name_of, player, require
from companion.games.rajas.definition import COLORS, ROOM_VALUES, TERRACES
from companion.games.rajas.moves.dice import has_tile
from companion.games.rajas.moves.place import place

# Rooms that need no province tile (the Master Builder lays one).
_ROOMS = tuple(r for r in ROOM_VALUES if r != "master_builder")


def pass_turn(data: dict[str, Any], seat: int) -> None:
    """The player places no more workers this round: refused while a placement is still possible."""
    require(
        data["phase"] == "play" and data["turn_seat"] == seat,
        "round.order",
        "not_your_turn",
        name=name_of(data, seat),
        current=name_of(data, data["turn_seat"]),
    )
    if data["end"] is None:
        # After the end is triggered the last players *may* place a last worker; before, placing is a duty.
        space, need = placement_possible(data, seat)
        require(space is None, "round.pass", "must_place", space={"key": f"rajas.space.{space}"})
        if need is not None:
            raise need
    me = player(data, seat)
    me["placed"] = me["workers"]
    data["turn"]["placed"] = True


def placement_possible(data: dict[str, Any], seat: int) -> tuple[str | None, Undecided | None]:
    """A space where the player can place now, else the first printed fact that could change that answer."""
    need = None
    for move in placement_candidates(data, seat):
        trial = pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))
        try:
            place(trial, seat, move)
        except Refused:
            continue
        except Undecided as missing:
            need = need or missing
            continue
        return str(move["space"]), None
    return None, need


def placement_candidates(data: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Placements that need no province tile, one per way of paying: trying them all proves whether a player
    can place (which tiles are on display is not known, so the quarry and the Master Builder are left out)."""
    me = player(data, seat)
    spaces: list[dict[str, Any]] = [{"space": s} for s in ("outer_terrace", "market_mixed")]
    spaces += [{"space": f"terrace.{c}"} for c in TERRACES]
    for color, value in sorted({(c, v) for c in COLORS for v in me["dice"][c]}):
        plain = _die(color, value, value, None)
        spaces.append({"space": "market_identical", "pay": [plain], "good": "silk"})
        spaces.append({"space": f"balcony.{color}", "pay": [plain]})
        for face, via in _faces(data, seat, value):
            spaces += _by_value(data, seat, _die(color, value, face, via))
    if has_module(data, "mango"):
        # Tried last: the first placement found is the one a refused pass names, and the village space only scores
        # the villages a player has again (Goodie Box, Mango villages), nothing to one who has none.
        spaces.append({"space": "village"})
    moves = [{"type": "place", "seat": seat, "worker": "normal", "pay": [], **s} for s in spaces]
    if me["gemstone"] == "ready":
        moves += _gemstone_candidates(me, seat)
    return moves


def _die(color: str, value: int, face: int, via: str | None) -> dict[str, Any]:
    return {"color": color, "value": value, "as": face, "via": via}


def _faces(data: dict[str, Any], seat: int, value: int) -> list[tuple[int, str | None]]:
    faces: list[tuple[int, str | None]] = [(value, None)]
    if player(data, seat)["karma"] > 0:
        opposite = 7 - value
        faces.append((opposite, "karma"))
        if has_tile(data, seat, "ashoka_pillar"):
            faces += [(f, "karma") for f in (opposite - 1, opposite + 1) if 1 <= f <= 6 and f != value]
    return faces


def _by_value(data: dict[str, Any], seat: int, die: dict[str, Any]) -> list[dict[str, Any]]:
    # The port takes a 1-3, a room its own number (one pip either way with the Imperial Flag).
    face = die["as"]
    found: list[dict[str, Any]] = [{"space": "port", "pay": [die], "steps": 1}] if face <= 3 else []
    flag = has_tile(data, seat, "imperial_flag")
    for room in _ROOMS:
        if face == ROOM_VALUES[room] or (flag and (face - ROOM_VALUES[room]) % 6 in (1, 5)):
            found.append({"space": f"room.{room}", "pay": [die]})
    return found


def _gemstone_candidates(me: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    # The Gemstone Trader turns one paid die to any number: one die of any colour opens the port and every room.
    held = [(c, me["dice"][c][0]) for c in COLORS if me["dice"][c]]
    if not held:
        return []
    color, value = held[0]
    targets = [("port", 1), *((f"room.{r}", ROOM_VALUES[r]) for r in _ROOMS)]
    return [
        {
            "type": "place",
            "seat": seat,
            "worker": "gemstone",
            "space": space,
            "pay": [_die(color, value, face, None if face == value else "gemstone")],
            **({"steps": 1} if space == "port" else {}),
        }
        for space, face in targets
    ]
