"""Province tiles described by what is printed on them (no tile list is known).

A wrong part is refused naming its exact path in the move ("tile.markets[1].value", "tile.buildings[0]"), in
English for the log and the API, and as `said` in the table's words (catalogue keys rajas.said.tile.<reason>).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import MalformedRequest, shown
from companion.games.rajas.definition import BUILDINGS, COLORS, GOODS, ROADS, STACKS, TIGER_TILES, TILE_KINDS
from companion.games.rajas.facts import in_english
from companion.games.rajas.parse import bad, market
from companion.games.rajas.rewards import reward_problem

_FIELDS = ("color", "cost", "stack", "kind", "markets", "buildings", "roads", "name", "reward")
HIGHEST_COST = 20
_MISSABLE = ("color", "cost", "name")
"""Parts a tile cannot go without: one left out (or empty) is said as missing, rather than as "not None"."""


def _bad(field: str, value: Any, allowed: str, reason: str, **params: Any) -> MalformedRequest:
    """The error for one wrong part of a tile at `field`, its path in the move, said with the catalogue's
    rajas.said.tile.<reason> (the value quoted as `shown` does; see _MISSABLE)."""
    reason = f"{reason}_missing" if reason in _MISSABLE and value in (None, "") else reason
    said = {"key": f"rajas.said.tile.{reason}", "params": {"field": field, "value": shown(value), **params}}
    return bad(field, value, allowed, said)


def parse_tile(value: Any, field: str = "tile") -> dict[str, Any]:
    """A tile {color, cost, stack, kind, markets, buildings, roads, name, reward}, checked and normalised; `field`
    is where the move holds it."""
    fields = ", ".join(_FIELDS)
    if not isinstance(value, Mapping):
        raise _bad(field, value, "an object with fields " + fields, "object", fields=fields)
    extra = sorted(set(value) - set(_FIELDS), key=str)
    if extra:
        raise _bad(f"{field}.{extra[0]}", value[extra[0]], "fields " + fields, "unknown_field", fields=fields)
    tile: dict[str, Any] = {
        "color": _one_of(value, field, "color", COLORS, None),
        "kind": _one_of(value, field, "kind", TILE_KINDS, "normal"),
        "stack": _one_of(value, field, "stack", STACKS, None, optional=True),
        "roads": _one_of(value, field, "roads", ROADS, None, optional=True),
        "markets": _markets(value.get("markets", []), f"{field}.markets"),
        "buildings": _buildings(value.get("buildings", []), f"{field}.buildings"),
    }
    tile["cost"] = _cost(value, field, tile["kind"])
    tile["name"] = _one_of(value, field, "name", TIGER_TILES, None, optional=tile["kind"] != "tiger")
    tile["reward"] = _reward(value.get("reward"), f"{field}.reward", tile["kind"])
    return tile


def _one_of(
    value: Mapping[str, Any], path: str, name: str, allowed: tuple[str, ...], default: Any, optional: bool = False
) -> Any:
    found = value.get(name, default)
    if found is None and (optional or default is not None):
        return default  # sent as null: as if left out
    if found not in allowed:
        raise _bad(f"{path}.{name}", found, ", ".join(allowed), name)
    return found


def _cost(value: Mapping[str, Any], path: str, kind: str) -> int:
    """The printed minimum total of a tile; a module tile has its own price, so its cost may be 0 or left out."""
    low = 0 if kind != "normal" else 1
    cost = value.get("cost", 0 if kind != "normal" else None)
    if not isinstance(cost, int) or isinstance(cost, bool) or not low <= cost <= HIGHEST_COST:
        allowed = f"the printed minimum total, {low} to {HIGHEST_COST}"
        raise _bad(f"{path}.cost", cost, allowed, "cost", low=low, high=HIGHEST_COST)
    return cost


def _markets(value: Any, path: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or len(value) > 2:
        raise _bad(path, value, f"up to 2 of {{good: {'|'.join(GOODS)}, value: 1-6}}", "markets")
    return [
        market(m, f"{path}[{i}]", {"key": "rajas.said.market.of_tile", "params": {"n": i + 1}})
        for i, m in enumerate(value)
    ]


def _buildings(value: Any, path: str) -> list[str]:
    allowed = f"up to 2 of {', '.join(BUILDINGS)}"
    if not isinstance(value, list) or len(value) > 2:
        raise _bad(path, value, allowed, "buildings")
    for index, building in enumerate(value):
        if building not in BUILDINGS:
            raise _bad(f"{path}[{index}]", building, allowed, "building", n=index + 1)
    return list(value)


def _reward(reward: Any, path: str, kind: str) -> dict[str, Any] | None:
    """A village's printed yield (no other tile prints one)."""
    if reward is None:
        return None
    if kind != "village":
        raise _bad(path, reward, "a village's printed yield (villages only)", "reward_village")
    problem = reward_problem(reward)
    if problem:
        allowed = "a village's printed yield (villages only): " + in_english(problem)
        raise _bad(path, reward, allowed, "reward", problem=problem.to_dict())
    return dict(reward)
