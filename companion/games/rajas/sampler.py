"""A random player: proposes moves and keeps the first one the rules allow (for playouts and tests)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from companion.games.base import Verdict
from companion.games.rajas import rules
from companion.games.rajas.definition import (
    BUILDINGS,
    COLORS,
    GOODS,
    ROADS,
    ROOM_VALUES,
    STACKS,
    TIGER_TILES,
    UPGRADE_LEVELS,
    WHITE_YIELDS,
)
from companion.games.rajas.moves.passing import placement_candidates
from companion.games.rajas.moves.place import SPACES
from companion.games.rajas.state import RajasState, dice_count
from companion.games.rajas.tiles import parse_tile

Proposer = Callable[[dict[str, Any], dict[str, Any], random.Random], Iterator[dict[str, Any]]]


def random_move(state: RajasState, rng: random.Random, facts: Mapping[str, Any]) -> dict[str, Any]:
    """A move the rules allow now; `facts` answers any printed fact the rules ask for."""
    data = state.data
    for move in _proposals(data, rng):
        verdict, _ = rules.judge(data, move)
        if verdict.status == "undecided":
            return _answer(verdict, facts)
        if verdict.is_allowed:
            return move
    raise RuntimeError(f"no legal move found for pending {data['pending'][:1]} in phase {data['phase']}")


def _answer(verdict: Verdict, facts: Mapping[str, Any]) -> dict[str, Any]:
    assert verdict.missing is not None
    key = verdict.missing.key
    if key not in facts:
        raise KeyError(f"the playout needs the fact {key}")
    return {"type": "answer_fact", "seat": None, "key": key, "value": facts[key]}


def _proposals(data: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    if data["pending"]:
        pending = data["pending"][0]
        yield from _PENDING[pending["kind"]](data, pending, rng)
    elif data["phase"] == "play":
        yield from _placements(data, rng)
        # Every placement that needs no tile, so that a pass is only proposed when the rules allow it.
        yield from placement_candidates(data, data["turn_seat"])
        yield {"type": "pass", "seat": data["turn_seat"]}


def _die(color: str, value: int) -> dict[str, Any]:
    return {"color": color, "value": value, "as": value, "via": None}


def _roll(data: dict[str, Any], pending: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    seat = pending["seat"] if pending["seat"] is not None else data["first_seat"]
    if pending["kind"] == "ganga_roll":
        yield {"type": "roll", "seat": seat, "dice": [_die("blue", rng.randint(1, 6))], "return": []}
        return
    me = data["players"][seat]
    if pending["reroll"] is not None:
        colors = pending["reroll"]
    else:
        supply = dict(data["supply"])
        colors = []
        for color, count in pending["fixed"].items():
            take = min(count, supply[color])
            colors += [color] * take
            supply[color] -= take
        for _ in range(pending["free"]):
            left = [c for c in COLORS if supply[c] > 0]
            if left:
                color = rng.choice(left)
                colors.append(color)
                supply[color] -= 1
        colors = colors[: max(0, me["capacity"] - dice_count(me))]
    yield {"type": "roll", "seat": seat, "dice": [_die(c, rng.randint(1, 6)) for c in colors], "return": []}


def _simple(data: dict[str, Any], pending: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    seat, kind = pending.get("seat") or 0, pending["kind"]
    if kind == "upgrade":
        levels = data["players"][seat]["upgrades"]
        for building in rng.sample(list(BUILDINGS), len(BUILDINGS)):
            if levels[building] < UPGRADE_LEVELS[-1]:
                yield {"type": "upgrade", "seat": seat, "building": building}
    elif kind == "room":
        for room in rng.sample(pending["rooms"], len(pending["rooms"])):
            yield {"type": "room", "seat": seat, "room": room, "pay": [], **_room_extra(data, seat, room, rng)}
    elif kind == "boat":
        yield {"type": "boat", "seat": seat, "steps": rng.randint(1, pending["max"])}
    elif kind == "dolphin":
        for space in rng.sample(range(1, 40), 39):
            yield {"type": "dolphin", "seat": seat, "space": space}
    elif kind == "start_player":
        yield {"type": "start_player", "seat": 0, "first": rng.choice(pending["seats"])}
    elif kind == "yield_draw":
        yield {"type": "draw_yield", "seat": seat, "tile": rng.choice(WHITE_YIELDS)}
    elif kind == "use_yield" or kind == "yield_use":
        yield {"type": "use_yield", "seat": seat}


def _reuse(data: dict[str, Any], pending: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    # Imperial Flag: try the action of a space where one of the player's workers stands, else decline.
    seat = pending["seat"]
    me = data["players"][seat]
    owned = [(c, v) for c in COLORS for v in me["dice"][c]]
    held = [space for space, seats in sorted(data["spaces"].items()) if seat in seats]
    for space in rng.sample(held, len(held)):
        yield {"type": "reuse", "seat": seat, "space": space, "pay": [], **_place_extra(data, me, space, owned, rng)}
    yield {"type": "reuse", "seat": seat, "decline": True}


def _yields(data: dict[str, Any], pending: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    from companion.games.rajas.definition import BROWN_YIELDS

    seat = pending["seat"]
    color = "brown" if pending["kind"] == "yield_place" else rng.choice(["white", "yellow", "red", "brown"])
    # A brown tile in the box: the Mango village's only with that module.
    mango = "mango" in data["modules"]
    kinds = [k for k in BROWN_YIELDS if mango or k != "money_per_village"]
    reward = {"kind": rng.choice(kinds)} if color == "brown" else {"kind": "money", "amount": 2}
    for income in rng.sample(range(1, 21), 20):
        yield {"type": "take_yield", "seat": seat, "tile": {"color": color, "reward": reward}, "income": income}
    yield {"type": "take_yield", "seat": seat, "decline": True}


def _module(data: dict[str, Any], pending: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    if pending["kind"] == "river_tile" and pending["space"] is None:
        for space in rng.sample(range(1, 40), 39):
            for reward in ({"kind": "upgrade", "count": 2}, {"kind": "dolphin"}):
                yield {"type": "river_tile", "seat": 0, "space": space, "tile": reward}
        return
    if pending["kind"] == "river_tile":
        river_tile: dict[str, Any] = rng.choice(
            [
                {"kind": "karma_dice"},
                {"kind": "dice", "count": 3, "colors": ["blue", "green", "orange"]},
                {"kind": "market_identical", "max": 3},
                {"kind": "boat", "max": 3},
            ]
        )
        yield {"type": "river_tile", "seat": 0, "space": pending["space"], "tile": river_tile}
        return
    track = pending["track"]
    for _ in range(5):
        tile: dict[str, Any] = random_tile(data, rng, rng.choice(COLORS))
        tile["stack"] = "snake"
        tile["buildings" if track == "fame" else "markets"] = (
            ["temple"] if track == "fame" else [{"good": "tea", "value": 2}]
        )
        yield {"type": "fate_build", "seat": pending["seat"], "tile": tile}


def random_tile(data: dict[str, Any], rng: random.Random, color: str, cost: int | None = None) -> dict[str, Any]:
    """An invented tile of a colour (tile contents are not known: playouts make them up)."""
    markets = [{"good": rng.choice(GOODS), "value": rng.randint(1, 4)} for _ in range(rng.randint(0, 2))]
    buildings = [rng.choice(BUILDINGS) for _ in range(rng.randint(0 if markets else 1, 2 - len(markets)))]
    return {
        "color": color,
        "cost": min(20, cost or rng.randint(1, 8)),
        "stack": rng.choice(STACKS),
        "kind": "normal",
        "markets": markets,
        "buildings": buildings,
        "roads": rng.choice(ROADS),
        "name": None,
        "reward": None,
    }


def _room_extra(data: dict[str, Any], seat: int, room: str, rng: random.Random) -> dict[str, Any]:
    me = data["players"][seat]
    if room != "master_builder" or not me["tiles"]:
        return {}
    old = rng.choice(me["tiles"])
    color = rng.choice(COLORS)
    paid = [_die(color, v) for v in me["dice"][color]]
    total = sum(d["value"] for d in paid)
    return {
        "tile": random_tile(data, rng, color, old["cost"] + rng.randint(1, max(1, total))),
        "cover": old["id"],
        "pay": paid,
    }


def _placements(data: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    seat = data["turn_seat"]
    me = data["players"][seat]
    owned = [(c, v) for c in COLORS for v in me["dice"][c]]
    for space in rng.sample(list(SPACES), len(SPACES)):
        for _ in range(3):
            move = {"type": "place", "seat": seat, "space": space, "pay": []}
            move.update(_place_extra(data, me, space, owned, rng))
            yield move


def _place_extra(
    data: dict[str, Any], me: dict[str, Any], space: str, owned: list[tuple[str, int]], rng: random.Random
) -> dict[str, Any]:
    one = [_die(*rng.choice(owned))] if owned else []
    if space == "quarry" and owned and rng.random() < 0.4:
        module_build = _module_tile(data, me, owned, rng)
        if module_build:
            return module_build
    if space == "quarry" and owned:
        color = rng.choice(owned)[0]
        paid = [_die(color, v) for v in me["dice"][color]]
        cost = rng.randint(1, sum(d["value"] for d in paid))
        incomes = [i for i in range(1, 6) if i not in me["incomes"]]
        connects = [rng.choice(incomes)] if incomes and rng.random() < 0.3 else []
        return {"tile": random_tile(data, rng, color, cost), "pay": paid, "connects": connects}
    if space == "market_identical":
        return {"pay": one, "good": rng.choice(GOODS)}
    if space == "port":
        low = [_die(c, v) for c, v in owned if v <= 3]
        return {"pay": [rng.choice(low)] if low else one}
    if space.startswith(("balcony.", "room.")):
        area, _, which = space.partition(".")
        matching = [_die(c, v) for c, v in owned if (c == which if area == "balcony" else v == ROOM_VALUES[which])]
        return {"pay": [rng.choice(matching)] if matching else one}
    if space == "outer_terrace" and owned and rng.random() < 0.3:
        return {"reroll": [_die(*rng.choice(owned))]}
    return {}


VILLAGE_YIELDS: tuple[dict[str, Any], ...] = (
    {"kind": "all", "of": [{"kind": "money", "amount": 1}, {"kind": "dice", "count": 1}]},
    {"kind": "all", "of": [{"kind": "money", "amount": 3}, {"kind": "karma", "amount": 1}]},
    {"kind": "next_free"},
    {"kind": "all", "of": [{"kind": "fame", "amount": 1}, {"kind": "yield_white"}]},
    {"kind": "market_best", "max": 2},
)


def _module_tile(
    data: dict[str, Any], me: dict[str, Any], owned: list[tuple[str, int]], rng: random.Random
) -> dict[str, Any] | None:
    """A Goodie Box tile bought at the quarry with the dice it asks for (None when no module offers one)."""
    kinds = [k for k, m in (("village", "mango"), ("shalimar", "shalimar"), ("tiger", "tiger")) if m in data["modules"]]
    if not kinds or len(owned) < 2:
        return None
    kind = rng.choice(kinds)
    pair = rng.sample(owned, 2)
    if kind == "village":
        doubles = [(a, b) for a in owned for b in owned if a is not b and a[1] == b[1]]
        pair = list(rng.choice(doubles)) if doubles else pair
        tile = {"color": rng.choice(COLORS), "kind": "village", "reward": rng.choice(VILLAGE_YIELDS)}
    elif kind == "tiger":
        twins = [(c, me["dice"][c][:2]) for c in COLORS if len(me["dice"][c]) >= 2]
        color, values = rng.choice(twins) if twins else (pair[0][0], [pair[0][1], pair[1][1]])
        pair = [(color, v) for v in values]
        tile = {"color": color, "kind": "tiger", "name": rng.choice(TIGER_TILES)}
    else:
        tile = {"color": pair[0][0], "kind": "shalimar"}
    build: dict[str, Any] = {"tile": parse_tile(tile), "pay": [_die(c, v) for c, v in pair]}
    held = [space for space, seats in sorted(data["spaces"].items()) if me["seat"] in seats]
    if kind == "shalimar" and held:
        build["recall"] = rng.choice(held)
    return build


_PENDING: dict[str, Proposer] = {
    "roll": _roll,
    "ganga_roll": _roll,
    "upgrade": _simple,
    "room": _simple,
    "boat": _simple,
    "dolphin": _simple,
    "start_player": _simple,
    "yield_draw": _simple,
    "yield_use": _simple,
    "yield_pick": _yields,
    "yield_place": _yields,
    "fate_tile": _module,
    "river_tile": _module,
    "flag": _reuse,
}
