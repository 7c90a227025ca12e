"""The shape of moves: every field checked and normalised; MalformedRequest names field, value, allowed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import MalformedRequest, shown
from companion.games.rajas.definition import (
    BUILDINGS,
    COLORS,
    GOODS,
    ROOMS,
    WHITE_YIELDS,
)
from companion.games.rajas.facts import in_english
from companion.games.rajas.moves.place import SPACES
from companion.games.rajas.rewards import reward_problem

# move type -> the fields it may carry (besides "type" and "seat")
# What a worker placement may say about its action; the Imperial Flag's reuse says the same, or declines.
_ACTION_FIELDS = (
    "pay",
    "tile",
    "cell",
    "connects",
    "recall",
    "goods",
    "good",
    "count",
    "markets",
    "reroll",
    "steps",
    "black_market",
    "cover",
    "villages",
)
MOVE_FIELDS: dict[str, tuple[str, ...]] = {
    "place": ("space", "worker", *_ACTION_FIELDS),
    "reuse": ("space", "decline", *_ACTION_FIELDS),
    "roll": ("dice", "return"),
    "upgrade": ("building",),
    "room": ("room", "pay", "tile", "cover", "steps", "recall"),
    "boat": ("steps",),
    "dolphin": ("space",),
    "start_player": ("first",),
    "draw_yield": ("tile",),
    "take_yield": ("tile", "income", "decline"),
    "use_yield": ("income",),
    "fate_build": ("tile", "cell"),
    "river_tile": ("space", "tile"),
    "answer_fact": ("key", "value"),
    "pass": (),
}


def bad(field: str, value: Any, allowed: str, said: dict[str, Any] | None = None) -> MalformedRequest:
    """The error for one wrong field, quoting its value as `shown` does (a 100 kB value is not pasted whole);
    `said`, when given, is the same in the table's words (a catalogue message)."""
    told = {"said": said} if said is not None else {}
    message = f"field {field}: got {shown(value)}; allowed: {allowed}"
    return MalformedRequest(message, field=field, value=repr(value), **told)


def parse_move(data: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """Check and normalise a move of a game with `seats` players."""
    if not isinstance(data, Mapping):
        raise bad("move", data, "a JSON object")
    kind = data.get("type")
    if kind not in MOVE_FIELDS:
        raise bad("type", kind, ", ".join(MOVE_FIELDS))
    extra = set(data) - {"type", "seat", *MOVE_FIELDS[kind]}
    if extra:
        raise bad(sorted(extra)[0], data[sorted(extra)[0]], f"fields of {kind}: {', '.join(MOVE_FIELDS[kind])}")
    move: dict[str, Any] = {"type": kind, "seat": _int(data, "seat", 0, seats - 1, required=kind != "answer_fact")}
    for name in MOVE_FIELDS[kind]:
        if name in data and data[name] is not None:
            move[name] = _FIELD[name](data, name)
    for name in _REQUIRED.get(kind, ()):
        if name not in move:
            raise bad(name, None, f"{kind} needs {name}")
    if kind == "take_yield" and not move.get("decline"):
        # A yield tile is taken onto an income space, or declined (a form sent before both were chosen).
        for name in ("tile", "income"):
            if name not in move:
                raise bad(name, None, f"{kind} needs tile and income, or decline")
    if "markets" in move:
        # The markets scored, named one by one, say all that goods (mixed) or count (identical) would say.
        for name in ("goods", "count"):
            if name in move:
                raise bad(name, data[name], "either markets, the markets scored, or goods / count, not both")
    move.setdefault("pay", []) if kind in ("place", "room", "reuse") else None
    move.setdefault("return", []) if kind == "roll" else None
    if kind == "answer_fact":
        move["value"] = data.get("value")
    return move


_REQUIRED = {
    "place": ("space",),
    "roll": ("dice",),
    "upgrade": ("building",),
    "room": ("room",),
    "boat": ("steps",),
    "dolphin": ("space",),
    "start_player": ("first",),
    "draw_yield": ("tile",),
    "fate_build": ("tile",),
    "river_tile": ("space", "tile"),
    "answer_fact": ("key",),
}


def _int(data: Mapping[str, Any], name: str, low: int, high: int, required: bool = True, path: str = "") -> Any:
    """The whole number `data[name]`, refused naming its `path` in the move (a die's "pay[0].value"; else `name`)."""
    value = data.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        field = path or name
        words = {"field": field, "low": low, "high": high, "value": shown(value)}
        raise bad(
            field, value, f"a whole number from {low} to {high}", {"key": "rajas.said.number_range", "params": words}
        )
    return value


def _choice(name: str, allowed: tuple[str, ...] | list[str]) -> Any:
    def check(data: Mapping[str, Any], field: str) -> Any:
        if data[field] not in allowed:
            raise bad(name, data[field], ", ".join(allowed))
        return data[field]

    return check


def _die(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, Mapping) or set(value) - {"color", "value", "as", "via"}:
        raise bad(field, value, 'a die {"color", "value"} with optional "as" (value used) and "via"')
    die = {
        "color": _choice(field + ".color", COLORS)(value, "color"),
        "value": _int(value, "value", 1, 6, True, f"{field}.value"),
    }
    die["as"] = _int(value, "as", 1, 6, True, f"{field}.as") if value.get("as") is not None else die["value"]
    # Unsaid, how a die was turned is decided when it is paid (see moves.dice._turnings): it depends on the worker.
    via = value.get("via") if die["as"] != die["value"] else None
    if via not in (None, "karma", "gemstone"):
        raise bad(field + ".via", via, "karma, gemstone")
    die["via"] = via
    return die


def _dice(data: Mapping[str, Any], field: str) -> list[dict[str, Any]]:
    value = data[field]
    if not isinstance(value, list) or len(value) > 12:
        raise bad(field, value, "a list of at most 12 dice")
    return [_die(d, f"{field}[{i}]") for i, d in enumerate(value)]


def _ints(data: Mapping[str, Any], field: str) -> list[int]:
    value = data[field]
    if not isinstance(value, list) or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in value):
        raise bad(field, value, "a list of whole numbers")
    return list(value)


def _goods(data: Mapping[str, Any], field: str) -> list[str]:
    value = data[field]
    if not isinstance(value, list) or any(v not in GOODS for v in value) or len(set(value)) != len(value):
        raise bad(field, value, f"a list of different goods among {', '.join(GOODS)}")
    return list(value)


def _markets(data: Mapping[str, Any], field: str) -> list[dict[str, Any]]:
    value = data[field]
    shape = f'a list of at most 12 markets {{"good": {"|".join(GOODS)}, "value": 1-6}}'
    if not isinstance(value, list) or len(value) > 12:
        raise bad(field, value, shape)
    for market in value:
        if not isinstance(market, Mapping) or set(market) != {"good", "value"} or market["good"] not in GOODS:
            raise bad(field, value, shape)
        number = market["value"]
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 6:
            raise bad(field, value, shape)
    return [{"good": m["good"], "value": m["value"]} for m in value]


def _bool(data: Mapping[str, Any], field: str) -> bool:
    if not isinstance(data[field], bool):
        raise bad(field, data[field], "true, false")
    return bool(data[field])


def _text(data: Mapping[str, Any], field: str) -> str:
    value = data[field]
    if not isinstance(value, str) or not 0 < len(value) <= 60:
        raise bad(field, value, "a text of 1 to 60 characters")
    return value


def _tile_or_reward(data: Mapping[str, Any], field: str) -> Any:
    kind = data.get("type")
    if kind == "draw_yield":
        return _choice("tile", WHITE_YIELDS)(data, field)
    if kind == "river_tile":
        return _reward(data[field], field)
    if kind == "take_yield":
        return _yield_tile(data[field])
    from companion.games.rajas.tiles import parse_tile

    return parse_tile(data[field])


def _reward(value: Any, field: str) -> dict[str, Any]:
    problem = reward_problem(value)
    if problem:
        raise bad(field, value, in_english(problem))
    return dict(value)


def _yield_tile(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping) or value.get("color") not in ("white", "yellow", "red", "brown"):
        raise bad("tile", value, '{"color": white|yellow|red|brown, "reward": {...}}')
    return {"color": value["color"], "reward": _reward(value.get("reward"), "tile.reward")}


def _space(data: Mapping[str, Any], field: str) -> Any:
    if data.get("type") in ("dolphin", "river_tile"):
        return _int(data, field, 1, 40)
    return _choice(field, SPACES)(data, field)


_FIELD: dict[str, Any] = {
    "space": _space,
    "worker": _choice("worker", ("normal", "gemstone")),
    "pay": _dice,
    "reroll": _dice,
    "dice": _dice,
    "return": _dice,
    "tile": _tile_or_reward,
    "cell": _text,
    "connects": _ints,
    "villages": _ints,
    "recall": _choice("recall", SPACES),
    "goods": _goods,
    "markets": _markets,
    "good": _choice("good", GOODS),
    "count": lambda d, f: _int(d, f, 0, 6),
    "steps": lambda d, f: _int(d, f, 1, 7),
    "black_market": _bool,
    "decline": _bool,
    "cover": lambda d, f: _int(d, f, 1, 999),
    "income": lambda d, f: _int(d, f, 1, 20),
    "building": _choice("building", BUILDINGS),
    "room": _choice("room", tuple(ROOMS.values())),
    "first": lambda d, f: _int(d, f, 0, 3),
    "key": _text,
    "value": lambda d, f: d[f],
}
