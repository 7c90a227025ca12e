"""The grammar of printed rewards (river spaces, special incomes, river and yield tiles) and its checks."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.games.base import Message
from companion.games.rajas.definition import BROWN_YIELDS, COLORS, ROOMS

# kind -> {field: (lowest, highest)} for integer fields; "colors"/"color"/"room"/"of" are checked apart.
REWARD_KINDS: dict[str, dict[str, tuple[int, int]]] = {
    "dice": {"count": (1, 3)},
    "karma": {"amount": (1, 3)},
    "money": {"amount": (1, 20)},
    "fame": {"amount": (1, 20)},
    "upgrade": {"count": (1, 2)},
    "palace": {},
    "room": {},
    "karma_dice": {},
    "money_per_market": {},
    "market_mixed": {},
    "market_identical": {"max": (1, 6)},
    "market_best": {"max": (1, 3)},
    "fame_per_upgrade": {},
    "money_per_upgrade": {},
    "fame_per_karma": {},
    "boat": {"max": (1, 3)},
    "next_free": {},
    "dolphin": {},
    "yield_white": {},
    "all": {},
    **{kind: {} for kind in BROWN_YIELDS},
}


def reward_problem(value: Any) -> Message | None:
    """Why a reward spec is not well formed, or None when it is (a catalogue message: the table may read it)."""
    if not isinstance(value, Mapping) or value.get("kind") not in REWARD_KINDS:
        return problem("reward_kind", value=shown(value))
    kind = str(value["kind"])
    allowed = set(REWARD_KINDS[kind]) | {"kind", "colors", "color", "room", "of"}
    extra = set(value) - allowed
    if extra:
        return problem("reward_fields", kind=kind, fields=", ".join(sorted(extra)))
    for name, (low, high) in REWARD_KINDS[kind].items():
        number = value.get(name)
        if not (isinstance(number, int) and not isinstance(number, bool) and low <= number <= high):
            return problem("reward_number", low=low, high=high, value=shown(number))
    return _special_problem(kind, value)


def _special_problem(kind: str, value: Mapping[str, Any]) -> Message | None:
    colors = value.get("colors", [])
    if not isinstance(colors, list) or any(c not in COLORS for c in colors):
        return problem("reward_colors", value=shown(colors))
    if kind == "dice" and len(colors) > value["count"]:
        return problem("reward_dice_colors", count=value["count"], n=len(colors))
    if kind == "karma_dice" and value.get("color") not in (None, *COLORS):
        return problem("reward_color", value=shown(value.get("color")))
    if kind == "room" and value.get("room") not in ROOMS.values():
        return problem("reward_room", value=shown(value.get("room")))
    if kind == "all":
        parts = value.get("of")
        if not isinstance(parts, list) or not parts:
            return problem("reward_all")
        for part in parts:
            found = reward_problem(part)
            if found:
                return found
    return None


def problem(reason: str, **params: Any) -> Message:
    """Why a printed value cannot be what is told, as a catalogue message (`rajas.fact.problem.<reason>`)."""
    return Message(f"rajas.fact.problem.{reason}", params)


def shown(value: Any) -> Any:
    """A value told, as a problem quotes it: numbers and words as they are, anything else as JSON."""
    if isinstance(value, int | str) and not isinstance(value, bool):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def reward_words(reward: Any) -> Message:
    """A printed reward said in the table's words ("2 argent", "1 dé vert, 1 dé au choix"), as a catalogue message;
    a spec this grammar does not know is quoted as it is."""
    if reward_problem(reward) is not None:
        return Message("rajas.reward.unknown", {"value": shown(reward)})
    kind = str(reward["kind"])
    if kind == "all":
        return joined([reward_words(part) for part in reward["of"]])
    if kind == "dice":
        return _dice_words(reward)
    if kind == "karma_dice" and reward.get("color"):
        return Message(f"rajas.reward.karma_dice.{reward['color']}")
    if kind == "room":
        return Message("rajas.reward.room", {"room": {"key": f"rajas.space.room.{reward['room']}"}})
    number = next((reward[name] for name in REWARD_KINDS[kind] if name in reward), None)
    return Message(f"rajas.reward.{kind}", {"n": number} if number is not None else {})


def _dice_words(reward: Mapping[str, Any]) -> Message:
    # Printed colours are a list ("colors"), or one colour for every die ("color"); the rest are of one's choice.
    count = int(reward["count"])
    colors = list(reward.get("colors") or ([reward["color"]] * count if reward.get("color") else []))
    colors = [c for c in colors if c in COLORS]
    parts = [Message(f"rajas.reward.dice.{c}", {"n": colors.count(c)}) for c in COLORS if c in colors]
    if count > len(colors):
        parts.append(Message("rajas.reward.dice", {"n": count - len(colors)}))
    return joined(parts)


def joined(parts: list[Message]) -> Message:
    """Several things said in one list ("2 argent, 1 karma")."""
    if len(parts) == 1:
        return parts[0]
    return Message("rajas.words.list", {"first": parts[0].to_dict(), "rest": joined(parts[1:]).to_dict()})
