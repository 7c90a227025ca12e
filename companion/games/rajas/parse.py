"""The shape of moves: every field checked and normalised; MalformedRequest names field, value, allowed.

A field is named by its exact path in the move ("pay[0].value", "markets[1].good"), in English for the log and the
API, and as `said` in the table's words (catalogue keys rajas.said.move.<reason>)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any

from companion.errors import MalformedRequest, shown
from companion.games.base import Message
from companion.games.rajas.definition import (
    BUILDINGS,
    COLORS,
    GOODS,
    ROOMS,
    WHITE_YIELDS,
)
from companion.games.rajas.facts import fact_kind, in_english
from companion.games.rajas.modules.yields import WHITE_REWARDS
from companion.games.rajas.moves.place import SPACES
from companion.games.rajas.rewards import joined, reward_problem, reward_words
from companion.i18n import list_message

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
    "room": ("room", "pay", "tile", "cover", "steps", "recall", "decline"),
    "boat": ("steps", "decline"),
    "dolphin": ("space",),
    "start_player": ("first",),
    "draw_yield": ("tile",),
    "take_yield": ("tile", "income", "decline"),
    "use_yield": ("income",),
    "fate_build": ("tile", "cell", "decline"),
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


def malformed(field: str, value: Any, english: str, reason: str, **params: Any) -> MalformedRequest:
    """`bad` (`english`: what the field allows), said in the table's words with the catalogue's
    rajas.said.move.<reason> (its params: the field, the value quoted as `shown` does, and `params`)."""
    said = {"key": f"rajas.said.move.{reason}", "params": {"field": field, "value": shown(value), **params}}
    return bad(field, value, english, said)


def missing(field: str, allowed: str, said: dict[str, Any]) -> MalformedRequest:
    """The error for a field left out (or sent as null): said as missing, never as "not None"."""
    return MalformedRequest(f"field {field} is missing; allowed: {allowed}", field=field, value=None, said=said)


def parse_move(
    data: Mapping[str, Any], player_names: Sequence[str], modules: Collection[str] | None = None
) -> dict[str, Any]:
    """Check and normalise a move of a game whose players, seat by seat, have these names; `modules`: those in play,
    so that a field naming an action space lists this game's spaces only (every space when not given)."""
    if not isinstance(data, Mapping):
        raise malformed("move", data, "a JSON object", "object")
    kind = data.get("type")
    if kind is None:
        said = {"key": "rajas.said.move.type_missing", "params": {"field": "type", "allowed": ", ".join(MOVE_FIELDS)}}
        raise missing("type", ", ".join(MOVE_FIELDS), said)
    if not isinstance(kind, str) or kind not in MOVE_FIELDS:  # a list is no key: `in` would raise TypeError
        raise malformed("type", kind, ", ".join(MOVE_FIELDS), "type", allowed=", ".join(MOVE_FIELDS))
    fields = MOVE_FIELDS[kind]
    extra = sorted(set(data) - {"type", "seat", *fields}, key=str)
    if extra:
        names = ", ".join(("type", "seat", *fields))
        raise malformed(
            str(extra[0]),
            data[extra[0]],
            f"fields of {kind}: {', '.join(fields)}",
            "extra_field",
            kind=kind,
            allowed=names,
        )
    move: dict[str, Any] = {"type": kind, "seat": _seat(data, player_names, required=kind != "answer_fact")}
    checks = _FIELD if modules is None else _checks_in_play(frozenset(modules))
    for name in fields:
        if name in data and data[name] is not None:
            move[name] = checks[name](data, name)
    _check_whole(kind, move, data)
    move.setdefault("pay", []) if kind in ("place", "room", "reuse") else None
    move.setdefault("return", []) if kind == "roll" else None
    if kind == "answer_fact":
        move["value"] = data.get("value")
    return move


def _check_whole(kind: str, move: dict[str, Any], data: Mapping[str, Any]) -> None:
    """What a move of `kind` needs besides its fields one by one: the fields it cannot go without, and no two
    fields that say the same thing."""
    # The river's palace reward and the Test of Fate's free tile may be declined instead (they cannot always be used).
    declined = kind in ("room", "fate_build") and move.get("decline")
    for name in () if declined else _REQUIRED.get(kind, ()):
        if name not in move:
            raise malformed(name, None, f"{kind} needs {name}", "missing", kind=kind)
    if kind == "boat" and not move.get("decline") and "steps" not in move:
        # The boat moves some free spaces, or a track's boat bonus is declined (the boat left where it is).
        raise malformed("steps", None, "boat needs steps", "missing", kind=kind)
    if kind == "take_yield" and not move.get("decline"):
        # A yield tile is taken onto an income space, or declined (a form sent before both were chosen).
        for name in ("tile", "income"):
            if name not in move:
                raise malformed(name, None, f"{kind} needs tile and income, or decline", "yield_choice")
    if "markets" in move:
        # The markets scored, named one by one, say all that goods (mixed) or count (identical) would say.
        for name in ("goods", "count"):
            if name in move:
                allowed = "either markets, the markets scored, or goods / count, not both"
                raise malformed(name, data[name], allowed, "markets_or_goods")
    if kind in ("place", "reuse") and move.get("space") is not None and not move.get("decline"):
        _check_good(move, data)


def _check_good(move: dict[str, Any], data: Mapping[str, Any]) -> None:
    """A good and a count belong to the identical-goods market alone, which cannot go without its good (said, or
    named by the markets scored): sent with another space, they are refused rather than dropped unsaid."""
    if move["space"] != "market_identical":
        for name in ("good", "count"):
            if name in move:
                space = {"key": f"rajas.space.{move['space']}"}
                raise malformed(name, data[name], "only on the space market_identical", "identical_only", space=space)
        return
    if "good" in move:
        return
    if move.get("markets"):
        # The identical-goods market scores markets that all offer the same good (rulebook, II. Market action,
        # identical goods): the markets named say which good. One of another good is refused by the rules.
        move["good"] = move["markets"][0]["good"]
        return
    goods = _or_list([Message(f"rajas.good.{g}") for g in GOODS])
    said = {"key": "rajas.said.move.identical_good", "params": {"field": "good", "allowed": goods}}
    raise missing("good", f"{', '.join(GOODS)}: the good whose markets are scored", said)


def _or_list(parts: list[Message]) -> Any:
    """Choices said in one list, the last after "or" ("silk, tea or spices"), in the game's words."""
    return list_message([part.to_dict() for part in parts], "or", words="rajas.words")


def _seat(data: Mapping[str, Any], names: Sequence[str], required: bool) -> int | None:
    """The seat of the player making the move; one left out is said as missing, naming each player's seat."""
    if data.get("seat") is None and required:
        seats = [Message("rajas.said.seat", {"seat": i, "name": name}) for i, name in enumerate(names)]
        words = {"field": "seat", "allowed": _or_list(seats)}
        said = {"key": "rajas.said.move.seat_missing", "params": words}
        raise missing("seat", f"the seat of the player making the move, 0 to {len(names) - 1}", said)
    return _int(data, "seat", 0, len(names) - 1, required=required)


_REQUIRED = {
    "place": ("space",),
    "roll": ("dice",),
    "upgrade": ("building",),
    "room": ("room",),
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
    if value is None:
        words = {"field": path or name, "low": low, "high": high}
        said = {"key": "rajas.said.move.number_missing", "params": words}
        raise missing(path or name, f"a whole number from {low} to {high}", said)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        field = path or name
        words = {"field": field, "low": low, "high": high, "value": shown(value)}
        raise bad(
            field, value, f"a whole number from {low} to {high}", {"key": "rajas.said.number_range", "params": words}
        )
    return value


def _choice(
    name: str,
    allowed: tuple[str, ...] | list[str],
    words: str = "",
    offered: tuple[str, ...] | None = None,
    named: Callable[[str], Message] | None = None,
) -> Any:
    """A check of a field that is one of `allowed`, refused as `name`; said listing them (or only those `offered`
    in this game) in the table's words (the catalogue's `words` + choice, or the message `named` gives a choice),
    else as they are sent."""
    said_ones = tuple(allowed) if offered is None else offered
    english = ", ".join(said_ones)
    said_as = named or (lambda choice: Message(words + choice))
    listed: Any = joined([said_as(a) for a in said_ones]).to_dict() if named or words else english

    def check(data: Mapping[str, Any], field: str) -> Any:
        found = data.get(field)  # a die sent without its colour: once a KeyError, answered 500
        if found is None:
            said = {"key": "rajas.said.move.choice_missing", "params": {"field": name, "allowed": listed}}
            raise missing(name, english, said)
        if found not in allowed:
            raise malformed(name, found, english, "choice", allowed=listed)
        return found

    return check


def _die(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, Mapping) or set(value) - {"color", "value", "as", "via"}:
        raise malformed(field, value, 'a die {"color", "value"} with optional "as" (value used) and "via"', "die")
    die = {
        "color": _choice(field + ".color", COLORS, "rajas.color.")(value, "color"),
        "value": _int(value, "value", 1, 6, True, f"{field}.value"),
    }
    die["as"] = _int(value, "as", 1, 6, True, f"{field}.as") if value.get("as") is not None else die["value"]
    # Unsaid, how a die was turned is decided when it is paid (see moves.dice._turnings): it depends on the worker.
    via = value.get("via") if die["as"] != die["value"] else None
    if via not in (None, "karma", "gemstone"):
        raise malformed(field + ".via", via, "karma, gemstone", "choice", allowed="karma, gemstone")
    die["via"] = via
    return die


def _dice(data: Mapping[str, Any], field: str) -> list[dict[str, Any]]:
    value = data[field]
    if not isinstance(value, list) or len(value) > 12:
        raise malformed(field, value, "a list of at most 12 dice", "dice")
    return [_die(d, f"{field}[{i}]") for i, d in enumerate(value)]


def _ints(data: Mapping[str, Any], field: str) -> list[int]:
    value = data[field]
    if not isinstance(value, list) or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in value):
        raise malformed(field, value, "a list of whole numbers", "whole_numbers")
    return list(value)


def _goods(data: Mapping[str, Any], field: str) -> list[str]:
    value = data[field]
    if not isinstance(value, list) or any(v not in GOODS for v in value) or len(set(value)) != len(value):
        raise malformed(field, value, f"a list of different goods among {', '.join(GOODS)}", "goods")
    return list(value)


def _markets(data: Mapping[str, Any], field: str) -> list[dict[str, Any]]:
    value = data[field]
    if not isinstance(value, list) or len(value) > 12:
        shape = f'a list of at most 12 markets {{"good": {"|".join(GOODS)}, "value": 1-6}}'
        raise malformed(field, value, shape, "markets")
    return [
        market(m, f"{field}[{i}]", {"key": "rajas.said.market.scored", "params": {"n": i + 1}})
        for i, m in enumerate(value)
    ]


def market(value: Any, field: str, named: dict[str, Any]) -> dict[str, Any]:
    """A market {"good", "value"} (of a tile, or scored), refused naming its part ("markets[1].value"); `named` is
    how the table's words name it ("Market 2 scored")."""
    if isinstance(value, Mapping) and set(value) <= {"good", "value"}:
        # A part left out (or null) is said as missing, naming that part, rather than as a market of a wrong shape.
        for part, allowed in (("good", ", ".join(GOODS)), ("value", "a whole number from 1 to 6")):
            if value.get(part) is None:
                words = {"market": named, "field": f"{field}.{part}"}
                said = {"key": f"rajas.said.market.{part}_missing", "params": words}
                raise missing(f"{field}.{part}", allowed, said)
    if not isinstance(value, Mapping) or set(value) != {"good", "value"}:
        shape = f'a market {{"good": {"|".join(GOODS)}, "value": 1-6}}'
        raise _market_error(field, value, shape, "shape", named)
    if value["good"] not in GOODS:
        raise _market_error(f"{field}.good", value["good"], ", ".join(GOODS), "good", named)
    number = value["value"]
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 6:
        raise _market_error(f"{field}.value", number, "a whole number from 1 to 6", "value", named)
    return {"good": value["good"], "value": number}


def _market_error(field: str, value: Any, allowed: str, reason: str, named: dict[str, Any]) -> MalformedRequest:
    said = {"key": f"rajas.said.market.{reason}", "params": {"market": named, "field": field, "value": shown(value)}}
    return bad(field, value, allowed, said)


def _bool(data: Mapping[str, Any], field: str) -> bool:
    if not isinstance(data[field], bool):
        raise malformed(field, data[field], "true, false", "yes_no")
    return bool(data[field])


def _text(data: Mapping[str, Any], field: str) -> str:
    value = data[field]
    if not isinstance(value, str) or not 0 < len(value) <= 60:
        raise malformed(field, value, "a text of 1 to 60 characters", "text")
    return value


def _fact_key(data: Mapping[str, Any], field: str) -> str:
    """The key of a printed fact told: one this game knows (facts.fact_kind), else malformed, as the table's fact
    form refuses it (a rules refusal, 422, answered an unknown key sent to the API)."""
    key = _text(data, field)
    if fact_kind(key) is None:
        raise malformed(field, key, "the key of a printed fact this game knows", "fact_key")
    return key


def _tile_or_reward(data: Mapping[str, Any], field: str) -> Any:
    kind = data.get("type")
    if kind == "draw_yield":
        return _WHITE_YIELD(data, field)
    if kind == "river_tile":
        return _reward(data[field], field)
    if kind == "take_yield":
        return _yield_tile(data[field])
    from companion.games.rajas.tiles import parse_tile

    return parse_tile(data[field])


_WHITE_YIELD = _choice("tile", WHITE_YIELDS, named=lambda tile: reward_words(WHITE_REWARDS[tile]))
"""The check of the white yield tile drawn: a wrong one is said listing the tiles by what they give ("1 dé au
choix, 3 argent, ..."), as the catalogue's rewards say them, never by their ids (money3)."""


def _reward(value: Any, field: str) -> dict[str, Any]:
    problem = reward_problem(value)
    if problem:
        raise malformed(field, value, in_english(problem), "reward", problem=problem.to_dict())
    return dict(value)


def _yield_tile(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping) or value.get("color") not in ("white", "yellow", "red", "brown"):
        raise malformed("tile", value, '{"color": white|yellow|red|brown, "reward": {...}}', "yield_tile")
    return {"color": value["color"], "reward": _reward(value.get("reward"), "tile.reward")}


SPACE_WORDS = "rajas.space_label."
"""Where the catalogue names the action spaces (a field naming one lists them so: « Carrière », never quarry)."""
MODULE_SPACES = {"village": "mango"}
"""The action spaces a module adds, and that module (Goodie Box 1: the Mango villages)."""


def _space_choice(offered: tuple[str, ...]) -> Any:
    """The check of the `space` field: a river space's number for the dolphin and a river tile, else an action
    space, a wrong one said listing those `offered` in the table's words."""
    choice = _choice("space", SPACES, SPACE_WORDS, offered)

    def check(data: Mapping[str, Any], field: str) -> Any:
        if data.get("type") in ("dolphin", "river_tile"):
            return _int(data, field, 1, 40)
        return choice(data, field)

    return check


@lru_cache(maxsize=64)
def _checks_in_play(modules: frozenset[str]) -> dict[str, Any]:
    """The field checks of a game playing `modules`: a wrong action space is said listing the spaces of this game
    only (a space of a module not in play is still read, and refused by the rules, which name the module)."""
    offered = tuple(space for space in SPACES if MODULE_SPACES.get(space, "") in ("", *modules))
    return {**_FIELD, "space": _space_choice(offered), "recall": _choice("recall", SPACES, SPACE_WORDS, offered)}


_FIELD: dict[str, Any] = {
    "space": _space_choice(SPACES),
    "worker": _choice("worker", ("normal", "gemstone")),
    "pay": _dice,
    "reroll": _dice,
    "dice": _dice,
    "return": _dice,
    "tile": _tile_or_reward,
    "cell": _text,
    "connects": _ints,
    "villages": _ints,
    "recall": _choice("recall", SPACES, SPACE_WORDS),
    "goods": _goods,
    "markets": _markets,
    "good": _choice("good", GOODS, "rajas.good."),
    "count": lambda d, f: _int(d, f, 0, 6),
    "steps": lambda d, f: _int(d, f, 1, 7),
    "black_market": _bool,
    "decline": _bool,
    "cover": lambda d, f: _int(d, f, 1, 999),
    "income": lambda d, f: _int(d, f, 1, 20),
    "building": _choice("building", BUILDINGS, "rajas.building."),
    "room": _choice("room", tuple(ROOMS.values()), "rajas.space_label.room."),
    "first": lambda d, f: _int(d, f, 0, 3),
    "key": _fact_key,
    "value": lambda d, f: d[f],
}
