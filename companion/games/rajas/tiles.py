"""Province tiles described by what is printed on them (no tile list is known)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import MalformedRequest, shown
from companion.games.rajas.definition import BUILDINGS, COLORS, GOODS, ROADS, STACKS, TIGER_TILES, TILE_KINDS
from companion.games.rajas.facts import in_english
from companion.games.rajas.rewards import reward_problem

_FIELDS = {"color", "cost", "stack", "kind", "markets", "buildings", "roads", "name", "reward"}


def _bad(field: str, value: Any, allowed: str) -> MalformedRequest:
    return MalformedRequest(f"field tile.{field}: got {shown(value)}; allowed: {allowed}", field=f"tile.{field}")


def parse_tile(value: Any) -> dict[str, Any]:
    """A tile {color, cost, stack, kind, markets, buildings, roads, name, reward}, checked and normalised."""
    if not isinstance(value, Mapping) or set(value) - _FIELDS:
        raise _bad("", value, "an object with fields " + ", ".join(sorted(_FIELDS)))
    tile: dict[str, Any] = {
        "color": _one_of(value, "color", COLORS, None),
        "kind": _one_of(value, "kind", TILE_KINDS, "normal"),
        "stack": _one_of(value, "stack", STACKS, None, optional=True),
        "roads": _one_of(value, "roads", ROADS, None, optional=True),
        "markets": _markets(value.get("markets", [])),
        "buildings": _buildings(value.get("buildings", [])),
    }
    cost = value.get("cost", 0 if tile["kind"] != "normal" else None)
    if not isinstance(cost, int) or isinstance(cost, bool) or not (0 if tile["kind"] != "normal" else 1) <= cost <= 20:
        raise _bad("cost", cost, "the printed minimum total, 1 to 20")
    tile["cost"] = cost
    tile["name"] = _one_of(value, "name", TIGER_TILES, None, optional=tile["kind"] != "tiger")
    reward = value.get("reward")
    problem = reward_problem(reward) if reward is not None else None
    if reward is not None and (tile["kind"] != "village" or problem):
        why = in_english(problem) if problem else ""
        raise _bad("reward", reward, "a village's printed yield (villages only): " + why)
    tile["reward"] = dict(reward) if reward is not None else None
    return tile


def _one_of(
    value: Mapping[str, Any], field: str, allowed: tuple[str, ...], default: Any, optional: bool = False
) -> Any:
    found = value.get(field, default)
    if found is None and (optional or default is not None):
        return None
    if found not in allowed:
        raise _bad(field, found, ", ".join(allowed))
    return found


def _markets(value: Any) -> list[dict[str, Any]]:
    ok = (
        isinstance(value, list)
        and len(value) <= 2
        and all(
            isinstance(m, Mapping)
            and set(m) == {"good", "value"}
            and m["good"] in GOODS
            and isinstance(m["value"], int)
            and not isinstance(m["value"], bool)
            and 1 <= m["value"] <= 6
            for m in value
        )
    )
    if not ok:
        raise _bad("markets", value, f"up to 2 of {{good: {'|'.join(GOODS)}, value: 1-6}}")
    return [{"good": m["good"], "value": m["value"]} for m in value]


def _buildings(value: Any) -> list[str]:
    if not isinstance(value, list) or len(value) > 2 or any(b not in BUILDINGS for b in value):
        raise _bad("buildings", value, f"up to 2 of {', '.join(BUILDINGS)}")
    return list(value)
