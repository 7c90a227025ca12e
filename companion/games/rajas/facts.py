"""Printed facts by key: what each key means, which values it allows, and the question that asks for it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion.games.base import Message, MissingFact
from companion.games.rajas.definition import YIELD_COLORS
from companion.games.rajas.rewards import reward_problem

# Keys, e.g. "track.money.52.fame", "4p.quarry.3.cost", "34p.river.7", "normal.income.2".
_PATTERNS: dict[str, re.Pattern[str]] = {
    "money_fame": re.compile(r"^track\.money\.(\d{1,3})\.fame$"),
    "track_length": re.compile(r"^track\.(money|fame)\.length$"),
    "slots": re.compile(r"^(2p|3p|4p)\.(quarry|port|market_mixed|market_identical|outer_terrace|village)\.slots$"),
    "quarry_cost": re.compile(r"^(2p|3p|4p)\.quarry\.(\d{1,2})\.cost$"),
    "port_cost": re.compile(r"^(2p|3p|4p)\.port\.(\d{1,2})\.cost$"),
    "river_length": re.compile(r"^(2p|34p)\.river\.length$"),
    "river_bridge": re.compile(r"^(2p|34p)\.river\.bridge$"),
    "river_space": re.compile(r"^(2p|34p)\.river\.(\d{1,2})$"),
    "income": re.compile(r"^(normal|navaratnas)\.income\.(\d{1,2})$"),
    "income_color": re.compile(r"^navaratnas\.income\.(\d{1,2})\.color$"),
    "incomes": re.compile(r"^(normal|navaratnas)\.incomes$"),
}
# The only two pairs of the money/fame table that the rulebook gives (end-game example).
KNOWN_PAIRS: dict[int, int] = {65: 28, 52: 35}


@lru_cache(maxsize=4096)
def fact_kind(key: str) -> tuple[str, tuple[str, ...]] | None:
    """The kind of a fact key and its parts, or None for a key this game does not know."""
    for kind, pattern in _PATTERNS.items():
        found = pattern.match(key)
        if found:
            return kind, found.groups()
    return None


def question(key: str) -> Message:
    """The question the table is asked for this fact."""
    found = fact_kind(key)
    if found is None:
        return Message("rajas.fact.q.unknown", {"key": key})
    kind, parts = found
    params: dict[str, Any] = {"key": key}
    names = {
        "money_fame": ("money",),
        "track_length": ("track",),
        "slots": ("layout", "area"),
        "quarry_cost": ("layout", "slot"),
        "port_cost": ("layout", "slot"),
        "river_length": ("side",),
        "river_bridge": ("side",),
        "river_space": ("side", "space"),
        "income": ("board", "income"),
        "income_color": ("income",),
        "incomes": ("board",),
    }[kind]
    params.update(dict(zip(names, parts, strict=True)))
    for name, catalogue in _NAMED.items():
        if name in params:
            params[name] = {"key": f"{catalogue}.{params[name]}"}
    return Message(f"rajas.fact.q.{kind}", params)


_NAMED = {
    "area": "rajas.area",
    "track": "rajas.track",
    "layout": "rajas.layout",
    "side": "rajas.layout",
    "board": "rajas.province_board",
}
"""Parts of a fact's key that the question names in the table's language (catalogue prefix): "money", "3p" and
"navaratnas" are key words, not words to show (a French table read "la piste (money)", "plateau utilisé (2p)")."""


def missing(key: str) -> MissingFact:
    """The missing-fact record for a key."""
    return MissingFact(key, question(key))


def value_problem(key: str, value: Any, known: Mapping[str, Any]) -> str | None:
    """Why `value` cannot be what is printed for `key`, given the other known facts; None when it can."""
    found = fact_kind(key)
    if found is None:
        return f"unknown fact key {key!r}"
    kind, parts = found
    if kind in ("river_space", "income"):
        return reward_problem(value)
    if kind == "income_color":
        return None if value in YIELD_COLORS else f"fact {key} must be one of {list(YIELD_COLORS)}, got {value!r}"
    if not isinstance(value, int) or isinstance(value, bool):
        return f"fact {key} must be a whole number, got {value!r}"
    limits = {
        "money_fame": (0, 150),
        "track_length": (30, 150),
        "slots": (1, 12),
        "quarry_cost": (1, 4),
        "port_cost": (0, 0) if parts[-1] == "1" else (1, 2),
        "river_length": (6, 40),
        "river_bridge": (1, 39),
        "incomes": (1, 20),
    }
    low, high = limits[kind]
    if not low <= value <= high:
        return f"fact {key} must be from {low} to {high}, got {value}"
    if kind == "money_fame":
        return _pair_problem(int(parts[0]), value, known)
    return None


def _pair_problem(money: int, fame: int, known: Mapping[str, Any]) -> str | None:
    # Money runs against fame, so the fame beside a money space never grows as money grows.
    pairs = dict(KNOWN_PAIRS)
    pairs.update(beside_pairs(known))
    if money in KNOWN_PAIRS and KNOWN_PAIRS[money] != fame:
        return f"money {money} is beside fame {KNOWN_PAIRS[money]} (rulebook end-game example), not {fame}"
    for other, other_fame in pairs.items():
        if (other < money and other_fame < fame) or (other > money and other_fame > fame):
            return f"fame {fame} beside money {money} contradicts fame {other_fame} beside money {other}"
    return None


def beside_pairs(known: Mapping[str, Any]) -> dict[int, int]:
    """Every known (money -> fame beside it) pair among the facts."""
    pairs: dict[int, int] = {}
    for key, value in known.items():
        if not key.startswith("track.money."):
            continue
        found = fact_kind(key)
        if found and found[0] == "money_fame" and isinstance(value, int):
            pairs[int(found[1][0])] = value
    return pairs


def beside_bounds(money: int, known: Mapping[str, Any]) -> tuple[int, int | None]:
    """Lowest and highest fame that can be beside `money` (exact when both agree); None = no upper bound."""
    pairs = dict(KNOWN_PAIRS)
    pairs.update(beside_pairs(known))
    if money in pairs:
        return pairs[money], pairs[money]
    lower = max((f for m, f in pairs.items() if m > money), default=0)
    upper = min((f for m, f in pairs.items() if m < money), default=None)
    return lower, upper
