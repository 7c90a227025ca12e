"""The grammar of printed rewards (river spaces, special incomes, river and yield tiles) and its checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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


def reward_problem(value: Any) -> str | None:
    """Why a reward spec is not well formed, or None when it is."""
    if not isinstance(value, Mapping) or value.get("kind") not in REWARD_KINDS:
        return f"a reward must be an object with kind in {sorted(REWARD_KINDS)}, got {value!r}"
    kind = str(value["kind"])
    allowed = set(REWARD_KINDS[kind]) | {"kind", "colors", "color", "room", "of"}
    extra = set(value) - allowed
    if extra:
        return f"reward {kind} has unknown field(s) {sorted(extra)}"
    for name, (low, high) in REWARD_KINDS[kind].items():
        number = value.get(name)
        if not (isinstance(number, int) and not isinstance(number, bool) and low <= number <= high):
            return f"reward {kind} needs {name} from {low} to {high}, got {number!r}"
    return _special_problem(kind, value)


def _special_problem(kind: str, value: Mapping[str, Any]) -> str | None:
    colors = value.get("colors", [])
    if not isinstance(colors, list) or any(c not in COLORS for c in colors):
        return f"reward colors must be a list of {list(COLORS)}, got {colors!r}"
    if kind == "dice" and len(colors) > value["count"]:
        return "reward dice lists more colours than its count"
    if kind == "karma_dice" and value.get("color") not in (None, *COLORS):
        return f"reward karma_dice color must be one of {list(COLORS)} or null, got {value.get('color')!r}"
    if kind == "room" and value.get("room") not in ROOMS.values():
        return f"reward room must name one of {sorted(ROOMS.values())}, got {value.get('room')!r}"
    if kind == "all":
        parts = value.get("of")
        if not isinstance(parts, list) or not parts:
            return "reward all needs a non-empty list 'of'"
        for part in parts:
            problem = reward_problem(part)
            if problem:
                return problem
    return None
