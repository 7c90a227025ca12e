"""From the fields of a Rajas form to a move object (the engine's parse_move then checks every field).

Dice are posted as tokens `[i:]colour-value[-as]` (a die of the Kali, optionally the number it is used as);
`flip` lists the indexes of paid dice turned to their opposite face with karma, or `index-number` ("2-5") where karma
may reach more than that face (the Ashoka Pillar); `gemstone_as` is the one paid die the Gemstone trader turns and the
number it is used as, `index-number` ("2-5"); `markets` names markets scored as
`good-value`; the income space a yield tile goes on is `income`, or "other" and the number in `income.other`.
Rolled dice come as pairs
`dice.<n>.color` / `dice.<n>.value`. A tile is `tile.<field>`, a reward `reward.<field>`. Nothing here knows
the rules: a wrong field is refused with MalformedRequest naming it (its exact path: "dice.2.value", "pay[0].value",
the n-th die posted in `pay`), in English for the log and the API and as `said` in the table's words (catalogue
keys rajas.said.form.<reason>), and the rules judge the rest.
"""

from __future__ import annotations

import json
import re
from typing import Any

from werkzeug.datastructures import MultiDict

from companion.errors import MalformedRequest, shown
from companion.games.base import Message
from companion.games.rajas.definition import COLORS, GOODS, YIELD_COLORS
from companion.games.rajas.facts import fact_name
from companion.games.rajas.rewards import joined
from companion.games.rajas.river_tiles import fill_printed

Form = MultiDict[str, str]
"""A posted form (werkzeug's MultiDict: a field may be posted several times)."""

_TOKEN = re.compile(r"^(?:(\d{1,2}):)?([a-z]+)-(\d{1,2})(?:-(\d{1,2}))?$")
"""A die's shape; its colour and numbers are checked apart, so that a 7 is refused as the die's value."""
_TURNED = re.compile(r"^(\d{1,2})-([1-6])$")
"""The die the Gemstone trader turns: its index in the Kali and the number it is used as."""
_WHOLE = re.compile(r"^[+-]?[0-9]+$")
"""A whole number as a form posts it (int() also takes "1_000" and digits of other scripts)."""
_INT_FIELDS = ("count", "steps", "first", "cover", "income")
_TEXT_FIELDS = ("worker", "good", "building", "room", "recall", "key", "cell")
_DICE_FIELDS = ("pay", "reroll", "dice", "return")
_REWARD_NUMBERS = ("amount", "count", "max")
REWARD_NUMBER: dict[str, str] = {"dice": "count", "karma": "amount", "money": "amount", "fame": "amount"}
REWARD_NUMBER.update({"upgrade": "count", "market_identical": "max", "market_best": "max", "boat": "max"})
"""The number printed with each kind of reward (the others have none)."""
_REWARD_QUESTIONS = ("rajas.fact.q.river_space", "rajas.fact.q.income")
"""Questions whose answer is a printed reward rather than a number."""


def _bad(field: str, value: Any, allowed: str, reason: str, **params: Any) -> MalformedRequest:
    """The error for one wrong field: in English (`allowed`), and said in the table's words with the catalogue's
    rajas.said.form.<reason>; the value is quoted as `shown` does (a 100 kB value is not pasted whole)."""
    said = {"key": f"rajas.said.form.{reason}", "params": {"field": field, "value": shown(value), **params}}
    message = f"field {field}: got {shown(value)}; allowed: {allowed}"
    return MalformedRequest(message, field=field, value=value, said=said)


def move_from_form(form: Form) -> dict[str, Any]:
    """The move a form describes; empty fields are left out."""
    kind = (form.get("type") or "").strip()
    if not kind:
        raise _bad("type", kind, "the move's type", "type")
    move: dict[str, Any] = {"type": kind}
    if (form.get("seat") or "").strip():
        move["seat"] = _int(form, "seat")
    for name in _INT_FIELDS:
        if (form.get(name) or "").strip():
            move[name] = _int(form, name if form.get(name) != "other" else f"{name}.other")
    for name in _TEXT_FIELDS:
        if (form.get(name) or "").strip():
            move[name] = (form.get(name) or "").strip()
    for name in ("black_market", "decline"):
        if form.get(name):
            move[name] = True
    _spaces(form, move)
    _lists(form, move)
    for name in _DICE_FIELDS:
        dice = _dice(form, name)
        if dice is not None:
            move[name] = dice
    _tile(form, move)
    if kind == "roll":
        move.setdefault("dice", [])  # every row left empty: nothing could be taken (Kali full, supply out)
    if kind == "answer_fact":
        move["value"] = fact_value(form, str(move.get("key", "")), form.get("question", ""))
    return move


def seen_dice(form: Form) -> list[dict[str, Any]]:
    """The rolled dice a roll form showed from the camera's picture, each with the value tapped for it: its box
    ("dice.N.seen", x0,y0,x1,y1) and the row's value and colour (see prefill.prefilled). A row left empty is left
    out."""
    told = []
    for key in sorted(
        (k for k in form if re.match(r"^dice\.[0-9]{1,3}\.seen$", k)), key=lambda k: int(k.split(".")[1])
    ):
        raw, number = (form.get(key) or "").strip(), key.split(".")[1]
        box = raw.split(",")
        if len(box) != 4 or not all(re.fullmatch(r"-?[0-9]{1,9}", v.strip()) for v in box):
            raise _bad(key, raw, "the box of a die seen, four whole numbers x0,y0,x1,y1", "seen_box")
        value = whole((form.get(f"dice.{number}.value") or "").strip())
        if value is not None and value >= 0:
            color = (form.get(f"dice.{number}.color") or "").strip()
            told.append({"bbox": [int(v) for v in box], "value": value, "color": color})
    return told


def whole(raw: str) -> int | None:
    """The whole number a field holds in ASCII digits ("2", "-3"), else None ("²" and "٣" are digits to
    str.isdigit() that int() refuses or reads)."""
    if not _WHOLE.match(raw):
        return None
    try:
        return int(raw)
    except ValueError:  # more digits than int() reads (4300)
        return None


def _int(form: Form, name: str) -> int:
    raw = (form.get(name) or "").strip()
    number = whole(raw)
    if number is None:
        raise _bad(name, raw, "a whole number", "whole_number")
    return number


def _spaces(form: Form, move: dict[str, Any]) -> None:
    raw = (form.get("space") or "").strip()
    if raw:
        move["space"] = _int(form, "space") if move["type"] in ("dolphin", "river_tile") else raw


def _lists(form: Form, move: dict[str, Any]) -> None:
    goods = [g for g in form.getlist("goods") if g]
    if goods:
        move["goods"] = goods
    markets = [m for m in form.getlist("markets") if m]
    if markets or form.get("markets_named"):
        # The markets scored, ticked one by one ("silk-2"); a form naming them with none ticked scores none.
        move["markets"] = [_market(token) for token in markets]
    for name in ("connects", "villages"):
        values = [v for raw in form.getlist(name) for v in str(raw).replace(" ", "").split(",") if v]
        if values:
            numbers = [whole(v) for v in values]
            if None in numbers:
                wrong = values[numbers.index(None)]
                raise _bad(name, wrong, "whole numbers separated by commas", "whole_numbers")
            move[name] = numbers


def _market(token: str) -> dict[str, Any]:
    good, _, value = str(token).partition("-")
    number = whole(value) if value.isdigit() else None
    if not good or number is None:
        raise _bad("markets", token, "markets as good-value, e.g. silk-2", "market")
    return {"good": good, "value": number}


def _dice(form: Form, name: str) -> list[dict[str, Any]] | None:
    tokens = [t for t in form.getlist(name) if t]
    indexed = sorted({k.split(".")[1] for k in form if re.match(rf"^{name}\.[0-9]{{1,3}}\.value$", k)}, key=int)
    turned = _trader_turn(form) if name == "pay" else None
    if not tokens and not indexed and turned is None:
        return None
    flips = _karma_flips(form) if name == "pay" else {}
    dice = [_token_die(name, position, token, flips, turned) for position, token in enumerate(tokens)]
    if turned is not None and turned[0] not in {m.group(1) for t in tokens if (m := _TOKEN.match(str(t)))}:
        raise _bad("gemstone_as", f"{turned[0]}-{turned[1]}", "a die ticked among the dice paid", "gemstone_unpaid")
    for number in indexed:
        value, color = form.get(f"{name}.{number}.value", ""), form.get(f"{name}.{number}.color", "")
        if value == "" and color == "":
            continue  # a die left out of a roll (Kali full, supply empty)
        # A row is named as the form posts it: rows left empty are not dice, so "dice[1]" may be row 2.
        die = {"key": f"rajas.said.form.die.{name}", "params": {"n": int(number) + 1}}
        dice.append(
            {"color": _color(f"{name}.{number}.color", color, die), "value": _face(f"{name}.{number}", value, die)}
        )
    return dice


def _trader_turn(form: Form) -> tuple[str, int] | None:
    """The Kali index of the die the Gemstone trader turns and the number it is used as, None when none is chosen."""
    raw = (form.get("gemstone_as") or "").strip()
    if not raw:
        return None
    found = _TURNED.match(raw)
    if not found:
        raise _bad("gemstone_as", raw, "a die of the Kali and the number it is used as, e.g. 2-5", "gemstone_as")
    return found.group(1), int(found.group(2))


def _karma_flips(form: Form) -> dict[str, int | None]:
    """The Kali index of each die karma turns, with the number it turns it to, None for its opposite face. A form
    sends a bare index for a plain flip, and "index-number" where the Ashoka Pillar lets karma reach one pip either
    side of the opposite face too; one die turned to two numbers is refused."""
    flips: dict[str, int | None] = {}
    for raw in (value.strip() for value in form.getlist("flip")):
        if not raw:
            continue  # a die's list of numbers left on its empty choice: not turned
        face: int | None = None
        if re.fullmatch(r"\d{1,2}", raw):
            index = raw
        elif (turned := _TURNED.match(raw)) is not None:
            index, face = turned.group(1), int(turned.group(2))
        else:
            raise _bad("flip", raw, "a die of the Kali, alone or with the number karma turns it to, e.g. 2-5", "flip")
        if index in flips and flips[index] != face:
            raise _bad("flip", raw, "one number for each die karma turns", "flip_twice")
        flips[index] = face
    return flips


def _token_die(
    name: str, position: int, token: str, flips: dict[str, int | None], turned: tuple[str, int] | None = None
) -> dict[str, Any]:
    """The die of a token `[i:]colour-value[-as]`, refused naming it as the move does: the n-th die of `name`.
    `turned`: the die the Gemstone trader turns (its index) and the number it is used as, said to be his turn so
    that the rules refuse it on any other worker's turn rather than take it for a karma flip."""
    field = f"{name}[{position}]"
    die = {"key": f"rajas.said.form.die.{name}", "params": {"n": position + 1}}
    found = _TOKEN.match(str(token))
    if not found:
        raise _bad(field, token, "dice as colour-value, e.g. blue-5", "die_token", die=die)
    index, color, value, used_as = found.groups()
    told: dict[str, Any] = {"color": _color(f"{field}.color", color, die), "value": _face(field, value, die)}
    if turned is not None and index == turned[0]:
        if used_as or index in flips:  # one die turned twice: by karma and by the trader
            raise _bad(
                "gemstone_as", f"{turned[0]}-{turned[1]}", "a die not flipped with karma", "gemstone_flipped", die=die
            )
        told.update({"as": turned[1], "via": "gemstone"})
    elif used_as:
        told["as"] = _face(field, used_as, die, "as")
    elif index is not None and index in flips:
        face = flips[index]
        # Karma turns the die to its opposite face; with the Ashoka Pillar to the number chosen (the rules judge it).
        told["as"] = 7 - told["value"] if face is None else face
    return told


def _face(field: str, raw: str, die: dict[str, Any], part: str = "value") -> int:
    """The number a die shows (or is used as, `part` "as"), 1 to 6, refused as `<field>.<part>`."""
    number = whole(str(raw).strip())
    if number is None or not 1 <= number <= 6:
        allowed = "the number showing, 1 to 6" if part == "value" else "the number it is used as, 1 to 6"
        raise _bad(f"{field}.{part}", raw, allowed, f"die_{part}", die=die)
    return number


def _color(field: str, color: str, die: dict[str, Any]) -> str:
    if color not in COLORS:
        raise _bad(field, color, ", ".join(COLORS), "die_color", die=die)
    return color


def _tile(form: Form, move: dict[str, Any]) -> None:
    kind = move["type"]
    if kind == "draw_yield":
        if (form.get("tile") or "").strip():
            move["tile"] = (form.get("tile") or "").strip()
        return
    reward = reward_from_form(form, "reward")
    if kind == "river_tile":
        if reward is not None:
            move["tile"] = fill_printed(reward)  # the form asks no number every such tile prints alike
        return
    if kind == "take_yield":
        color = (form.get("tile.color") or "").strip()
        if color:
            move["tile"] = {"color": color, "reward": reward}
        return
    tile = tile_from_form(form, move.get("pay") or [])
    if tile is not None:
        move["tile"] = tile


def tile_from_form(form: Form, paid: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A province tile from `tile.*` fields; its colour defaults to the colour of the dice paid for it."""
    module_tile = (form.get("tile.kind") or "normal").strip() not in ("", "normal")
    if not (form.get("tile.cost") or "").strip() and not module_tile:
        return None
    # A module tile (village, garden, tiger) has its own price, not a printed total: its cost may be left out.
    tile: dict[str, Any] = {"cost": _int(form, "tile.cost")} if (form.get("tile.cost") or "").strip() else {}
    color = (form.get("tile.color") or "").strip() or (paid[0]["color"] if paid else "")
    tile["color"] = color
    for name in ("stack", "kind", "roads", "name"):
        value = (form.get(f"tile.{name}") or "").strip()
        if value:
            tile[name] = value
    # A row with its value but no good (or the reverse) is refused naming the field left empty, not dropped.
    rows = [n for n in (1, 2) if _filled(form, f"tile.market{n}.good", f"tile.market{n}.value")]
    tile["markets"] = [_tile_market(form, n) for n in rows]
    tile["buildings"] = [b for b in form.getlist("tile.buildings") if b]
    reward = reward_from_form(form, "tile.reward")
    more = reward_from_form(form, "tile.reward2")  # a village printed with two gains (2 money and a die...)
    if reward is not None and more is not None:
        reward = {"kind": "all", "of": [reward, more]}
    elif more is not None:
        reward = more
    if reward is not None:
        tile["reward"] = reward
    return tile


def _filled(form: Form, *names: str) -> bool:
    """Whether any of the form's fields `names` holds more than blanks."""
    return any((form.get(name) or "").strip() for name in names)


def _tile_market(form: Form, number: int) -> dict[str, Any]:
    """Market `number` of the tile's form, refused naming its own fields ("tile.market2.value"): the move's n-th
    market is not always the form's (a second market filled in alone is the tile's first)."""
    field = f"tile.market{number}"
    good, raw = (form.get(f"{field}.good") or "").strip(), (form.get(f"{field}.value") or "").strip()
    named = {"key": f"rajas.said.form.tile_market{number}"}
    if good not in GOODS:
        reason = "tile_market_good" if good else "tile_market_good_missing"  # a value given, its good left empty
        raise _bad(f"{field}.good", good, ", ".join(GOODS), reason, market=named)
    value = whole(raw)
    if value is None or not 1 <= value <= 6:
        raise _bad(f"{field}.value", raw, "the value printed, 1 to 6", "tile_market_value", market=named)
    return {"good": good, "value": value}


def reward_from_form(form: Form, prefix: str) -> dict[str, Any] | None:
    """A printed reward from `<prefix>.kind` and its numbers, or from `<prefix>.json` as it is written."""
    written = (form.get(f"{prefix}.json") or "").strip()
    if written:
        try:
            found = json.loads(written)
        except (ValueError, RecursionError):  # not JSON, a number of over 4300 digits, or a nesting too deep
            example = '{"kind": "money", "amount": 3}'
            raise _bad(
                f"{prefix}.json", written, f"a reward in JSON, e.g. {example}", "reward_json", example=example
            ) from None
        return found if isinstance(found, dict) else {"kind": found}
    kind = (form.get(f"{prefix}.kind") or "").strip()
    if not kind:
        return None
    reward: dict[str, Any] = {"kind": kind}
    if (form.get(f"{prefix}.number") or "").strip() and kind in REWARD_NUMBER:
        reward[REWARD_NUMBER[kind]] = _int(form, f"{prefix}.number")
    for name in _REWARD_NUMBERS:
        if (form.get(f"{prefix}.{name}") or "").strip():
            reward[name] = _int(form, f"{prefix}.{name}")
    if kind == "room" and (form.get(f"{prefix}.room") or "").strip():
        reward["room"] = (form.get(f"{prefix}.room") or "").strip()
    if kind in _COLORED_REWARDS:
        _reward_colors(form, prefix, reward)
    return reward


_COLORED_REWARDS = ("dice", "karma_dice")
"""The rewards printed with dice colours; the form's colour and room fields are read for their own kinds only (a
room chosen, then the kind changed to money, is not posted as part of the money)."""


def _reward_colors(form: Form, prefix: str, reward: dict[str, Any]) -> None:
    """The dice colours printed with a reward: `<prefix>.color`, one colour for every die, and `<prefix>.colors`, one
    field per die shown in colour (the river tile of 3 dice, one of each colour); dice by karma show one at most."""
    color = (form.get(f"{prefix}.color") or "").strip()
    colors = [c.strip() for c in form.getlist(f"{prefix}.colors") if c.strip()]
    if reward["kind"] == "karma_dice" and colors:
        if len(colors) > 1 or (color and color != colors[0]):
            raise _bad(f"{prefix}.colors", colors, "one colour at most for dice by karma", "karma_dice_colors")
        color, colors = colors[0], []
    if color:
        reward["color"] = color
    if colors:
        reward["colors"] = colors


def is_reward_question(question_key: str) -> bool:
    """Whether a missing fact is answered with a reward (river space, special income) rather than a number."""
    return question_key in _REWARD_QUESTIONS


_WORD_QUESTIONS: dict[str, tuple[str, ...]] = {"rajas.fact.q.income_color": YIELD_COLORS}
"""Facts printed as one of a few words (the colour of a Navaratnas income space), by their question: the table
picks one, it types no number."""


def fact_words(question_key: str) -> tuple[str, ...] | None:
    """The words a fact asked by this question may be (None when it is a number or a reward)."""
    return _WORD_QUESTIONS.get(question_key)


def words_said(words: tuple[str, ...]) -> dict[str, Any]:
    """The words a fact may be, listed in the table's language (the colours of yield tiles)."""
    return joined([Message(f"rajas.yield_color.{word}") for word in words]).to_dict()


def fact_value(form: Form, key: str, question_key: str) -> Any:
    """The value told for a printed fact: a reward for river spaces and incomes, one of a few words for a colour,
    else a whole number."""
    words = fact_words(question_key)
    if words is not None:
        word = (form.get("value") or "").strip()
        if word not in words:
            fact, named = fact_name(key).to_dict(), words_said(words)
            raise _bad(
                "value", word, f"what is printed for {key}: " + ", ".join(words), "fact_word", fact=fact, words=named
            )
        return word
    reward = reward_from_form(form, "reward")
    if reward is not None or is_reward_question(question_key):
        if reward is None:
            raise _bad("reward.kind", "", f"the reward printed for {key}", "fact_reward", fact=fact_name(key).to_dict())
        return reward
    raw = (form.get("value") or "").strip()
    number = whole(raw)
    if number is None:
        raise _bad("value", raw, f"the whole number printed for {key}", "fact_number", fact=fact_name(key).to_dict())
    return number
