"""Answers to what the table was asked: rolls, upgrades, rooms, boat moves, yield tiles, facts."""

from __future__ import annotations

from typing import Any

from companion.games.base import Message
from companion.games.rajas.core import known_facts, name_of, player, require
from companion.games.rajas.definition import BRIDGE_CHECKED_FROM, PORTUGUESE_LAST_SPACES, UPGRADE_LEVELS
from companion.games.rajas.facts import fact_name, fact_problem, value_problem
from companion.games.rajas.moves import dice, palace, quarry, river, tracks
from companion.games.rajas.moves.earn import earn
from companion.games.rajas.rewards import shown


def answer_fact(data: dict[str, Any], move: dict[str, Any]) -> None:
    """Store a printed fact told by the table, after checking it against everything known."""
    known = known_facts(data)
    key, value = move["key"], move["value"]
    name = fact_name(key).to_dict()
    if key in known:
        require(known[key] == value, "facts.answer", "fact_contradicts", key=key, fact=name, known=shown(known[key]))
        return
    check = fact_problem if data["version"] >= BRIDGE_CHECKED_FROM else value_problem
    problem = check(key, value, known)
    # The reason is a catalogue message too, so that the table reads all of it in its own language.
    said = problem.to_dict() if problem is not None else {}
    require(problem is None, "facts.answer", "fact_impossible", key=key, fact=name, problem=said)
    data["facts"][key] = value
    tracks.hold_to_ends(data)


def resolve(data: dict[str, Any], move: dict[str, Any]) -> None:
    """Resolve the first queued decision with the move that answers it."""
    require(bool(data["pending"]), "round.order", "nothing_pending")
    pending = data["pending"][0]
    expected = _MOVE_FOR[pending["kind"]]
    # `expected` (the move type) stays for the API; the table reads `asked`, what is asked in its own words.
    asked = asked_words(data, pending).to_dict()
    require(move["type"] == expected, "round.order", "pending_first", expected=expected, asked=asked)
    require(
        pending.get("seat") is None or move["seat"] == pending["seat"],
        "round.order",
        "not_your_turn",
        name=name_of(data, move["seat"]),
        current=name_of(data, pending.get("seat")),
    )
    data["pending"].pop(0)
    _HANDLERS[pending["kind"]](data, pending, move)


def asked_words(data: dict[str, Any], pending: dict[str, Any]) -> Message:
    """What a pending decision asks, in the table's words ("Leila, choose the palace room"), for a refusal that
    makes the table answer it first; a decision of no one seat (the start player, a river tile) names nobody."""
    seat = pending.get("seat")
    params = {"name": name_of(data, seat)} if seat is not None else {}
    return Message(f"rajas.asked.{pending['kind']}", params)


def _roll(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    dice.resolve_roll(data, pending, move)


def _upgrade(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    tracks.upgrade(data, pending["seat"], move["building"])
    levels = player(data, pending["seat"])["upgrades"].values()
    if pending["count"] > 1 and any(level < UPGRADE_LEVELS[-1] for level in levels):
        data["pending"].insert(0, {**pending, "count": pending["count"] - 1})


def _room(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    if move.get("decline"):
        _forgo_room(data, pending)
        return
    offered = move["room"] in pending["rooms"]
    require(offered, "river.palace_reward", "room_not_offered", room={"key": f"rajas.space_label.room.{move['room']}"})
    palace.do_room(data, pending["seat"], move["room"], move)
    # A Shalimar garden laid by the Master Builder of the river's reward takes a worker back as one built at the
    # palace does (Goodie Box, Shalimar bonus: right after the garden is built, however it was built).
    quarry.recall_after_building(data, pending["seat"])


def _forgo_room(data: dict[str, Any], pending: dict[str, Any]) -> None:
    """Let the river's palace reward go unused, allowed only while no room offered is sure to be usable.

    A river reward is taken at once (base rulebook, "IV. Action fleuve": the landing space pays), and money and fame
    count in full (Goodie Box, "L'Épreuve du Destin", note), so a reward that can be taken is not forgone to stay
    behind a fate tile. But the palace action of a river tile ("Modifier les cases du fleuve grâce aux tuiles
    fleuve") is a room's action, and some rooms cannot always act ("Les chambres"): the Portuguese no longer from
    the last 6 river spaces, the Master Builder not without a tile to cover, a tile on display or dice to pay the
    difference. That reward is then lost, which the decline says (a game once locked here: every answer refused)."""
    seat = pending["seat"]
    usable = next((room for room in pending["rooms"] if not _may_be_unusable(data, seat, room)), None)
    named = {"key": f"rajas.space_label.room.{usable}"}
    require(usable is None, "river.reward", "room_reward_usable", room=named)


def _may_be_unusable(data: dict[str, Any], seat: int, room: str) -> bool:
    """Whether the river's palace reward of `room` may be impossible to use now."""
    if room == "master_builder":
        # The tiles on display and which of them the dice can pay are the table's to know, not the engine's: the
        # table says the Master Builder cannot build by declining it.
        return True
    if room == "portuguese":
        # The river's length is a printed fact: asked for, as the Portuguese asks it.
        return player(data, seat)["boat"] > river.river_length(data) - PORTUGUESE_LAST_SPACES
    return False  # the Great Mogul, the Dancer, the Yogi and the Raja can always act, as far as their gains go


def _boat(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    river.move_asked_boat(data, pending, move)


def _dolphin(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    seat, space = pending["seat"], move["space"]
    taken = {p["boat"] for p in data["players"]}
    # A space with a boat is refused before the river's length (a printed fact) is asked for.
    require(space not in taken, "ganga2.dolphin", "dolphin_space", space=space)
    require(0 < space < river.river_length(data), "ganga2.dolphin", "dolphin_space", space=space)
    earn(data, seat, river.space_reward(data, space))


def _reuse(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    # Imperial Flag: using an action again is a benefit the player may forgo.
    if move.get("decline"):
        return
    require(move.get("space") is not None, "tiger.benefits", "reuse_needs_space")
    from companion.games.rajas.moves.place import use_again

    use_again(data, pending["seat"], move)


def _start(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    from companion.games.rajas.moves.setup import choose_start

    require(move["first"] in pending["seats"], "setup.start_player", "not_tied", name=name_of(data, move["first"]))
    choose_start(data, move["first"])


def _draw(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    from companion.games.rajas.modules.yields import WHITE_REWARDS

    earn(data, pending["seat"], WHITE_REWARDS[move["tile"]])


def _navaratnas(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    from companion.games.rajas.modules.navaratnas import resolve_yield

    resolve_yield(data, pending, move)


def _module(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    if pending["kind"] == "fate_tile":
        from companion.games.rajas.modules.fate import build_free

        build_free(data, pending, move)
    else:
        from companion.games.rajas.modules.ganga import resolve_ganga

        resolve_ganga(data, pending, move)


_MOVE_FOR = {
    "roll": "roll",
    "ganga_roll": "roll",
    "upgrade": "upgrade",
    "room": "room",
    "boat": "boat",
    "dolphin": "dolphin",
    "start_player": "start_player",
    "yield_draw": "draw_yield",
    "yield_pick": "take_yield",
    "yield_place": "take_yield",
    "yield_use": "use_yield",
    "fate_tile": "fate_build",
    "river_tile": "river_tile",
    "flag": "reuse",
}
_HANDLERS = {
    "roll": _roll,
    "ganga_roll": _module,
    "upgrade": _upgrade,
    "room": _room,
    "boat": _boat,
    "dolphin": _dolphin,
    "start_player": _start,
    "yield_draw": _draw,
    "yield_pick": _navaratnas,
    "yield_place": _navaratnas,
    "yield_use": _navaratnas,
    "fate_tile": _module,
    "river_tile": _module,
    "flag": _reuse,
}
