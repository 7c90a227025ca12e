"""Helpers for the Rajas tests: invented printed facts (TEST DATA, never shipped as truth) and playouts."""

from __future__ import annotations

import random
from typing import Any

from companion.games.base import Player
from companion.games.rajas import GAME
from companion.games.rajas.definition import COLORS, DICE_PER_COLOR, MAX_KARMA, YIELD_COLORS
from companion.games.rajas.state import RajasState, dice_count

REWARD_CYCLE: list[dict[str, Any]] = [
    {"kind": "dice", "count": 2},
    {"kind": "karma", "amount": 2},
    {"kind": "money", "amount": 4},
    {"kind": "palace"},
    {"kind": "karma_dice", "color": "green"},
    {"kind": "fame", "amount": 3},
    {"kind": "upgrade", "count": 1},
    {"kind": "money_per_market"},
    {"kind": "market_mixed"},
    {"kind": "market_identical", "max": 4},
    {"kind": "fame_per_upgrade"},
    {"kind": "money_per_upgrade"},
    {"kind": "fame_per_karma"},
]


def invented_facts() -> dict[str, Any]:
    """A complete, self-consistent set of printed facts made up for tests (NOT the real board)."""
    facts: dict[str, Any] = {}
    for money in range(0, 151):
        # Passes through the two known pairs (65 -> 28, 52 -> 35) and never grows with money.
        facts[f"track.money.{money}.fame"] = max(0, 35 + ((52 - money) * 7) // 13)
    for layout in ("2p", "3p", "4p"):
        facts.update(
            {
                f"{layout}.quarry.slots": 5,
                f"{layout}.port.slots": 4,
                f"{layout}.market_mixed.slots": 2,
                f"{layout}.market_identical.slots": 3,
                f"{layout}.outer_terrace.slots": 2,
            }
        )
        facts.update({f"{layout}.quarry.{n}.cost": c for n, c in enumerate((1, 1, 2, 3, 4), start=1)})
        facts.update({f"{layout}.port.{n}.cost": c for n, c in enumerate((1, 2, 2), start=2)})
    for side in ("2p", "34p"):
        facts[f"{side}.river.length"] = 20
        facts[f"{side}.river.bridge"] = 9
        for space in range(1, 21):
            facts[f"{side}.river.{space}"] = REWARD_CYCLE[space % len(REWARD_CYCLE)]
    for board in ("normal", "navaratnas"):
        for income in range(1, 21):
            facts[f"{board}.income.{income}"] = REWARD_CYCLE[(income * 5) % len(REWARD_CYCLE)]
    for income in range(1, 21):
        # Yield spaces by colour: 1, 5, 9, ... brown; 2, 6, ... white; 3, 7, ... yellow; 4, 8, ... red.
        facts[f"navaratnas.income.{income}.color"] = YIELD_COLORS[(income + 2) % 4]
    return facts


FACTS = invented_facts()
NAMES = ("Rajesh", "Leila", "Anil", "Mira")


def players(count: int) -> list[Player]:
    """Seats 0..count-1."""
    return [Player(i, NAMES[i], COLORS[i]) for i in range(count)]


def new_game(
    count: int, modules: tuple[str, ...] = (), facts: dict[str, Any] | None = None, seed: int = 1
) -> RajasState:
    """A fresh game with the invented facts told in advance."""
    options = {"modules": list(modules), "facts": FACTS if facts is None else facts}
    return GAME.setup(players(count), options, seed)


def check_invariants(state: RajasState) -> None:
    """What must hold after every move."""
    data = state.data
    for color in COLORS:
        held = sum(len(p["dice"][color]) for p in data["players"])
        rolling = sum(p["rerolling"].count(color) for p in data["players"])
        assert held + data["supply"][color] + rolling == DICE_PER_COLOR, color
        assert data["supply"][color] >= 0
    for me in data["players"]:
        assert dice_count(me) <= me["capacity"]
        assert 0 <= me["karma"] <= MAX_KARMA
        assert me["money"] >= 0 and me["fame"] >= 0
        assert 3 <= me["workers"] <= (6 if "navaratnas" in data["modules"] else 5)
        assert 0 <= me["placed"] <= me["workers"]


def play(state: RajasState, moves: list[dict[str, Any]], seed: int, limit: int) -> RajasState:
    """Play random legal moves (appended to `moves`) until the game ends or `limit` moves were made."""
    from companion.games.rajas.sampler import random_move

    rng = random.Random(seed)
    while not state.is_over and len(moves) < limit:
        move = GAME.parse_move(state, random_move(state, rng, FACTS))
        state = GAME.apply(state, move)
        moves.append(move)
    return state


def roll_start(state: RajasState) -> RajasState:
    """Every seat rolls its four start dice (seat n shows n+1 everywhere), so seat 0 starts."""
    for seat in range(len(state.data["players"])):
        dice = [{"color": c, "value": seat + 1} for c in COLORS]
        state = GAME.apply(state, GAME.parse_move(state, {"type": "roll", "seat": seat, "dice": dice}))
    return state


def ready_game(count: int = 2, modules: tuple[str, ...] = (), facts: dict[str, Any] | None = None) -> RajasState:
    """A game in round 1, seat 0 to place, after the start rolls."""
    return roll_start(new_game(count, modules, facts))


def edit(state: RajasState, seat: int | None = None, **changes: Any) -> RajasState:
    """A copy of a state with some fields of one player (or of the game) replaced: a scenario for a test."""
    data = state.to_dict()
    target = data if seat is None else data["players"][seat]
    target.update(changes)
    return RajasState(data)


def dice(**values: list[int]) -> dict[str, list[int]]:
    """A Kali: colour -> values, other colours empty."""
    return {c: sorted(values.get(c, [])) for c in COLORS}


def tile(
    color: str, cost: int, markets: tuple[tuple[str, int], ...] = (), buildings: tuple[str, ...] = (), **extra: Any
) -> dict[str, Any]:
    """A province tile as printed (colour, minimum total, markets, buildings)."""
    return {
        "color": color,
        "cost": cost,
        "markets": [{"good": g, "value": v} for g, v in markets],
        "buildings": list(buildings),
        **extra,
    }


def laid(tile_id: int, spec: dict[str, Any]) -> dict[str, Any]:
    """A tile already lying in a province (normalised the way the engine stores it)."""
    from companion.games.rajas.tiles import parse_tile

    return {**parse_tile(spec), "id": tile_id, "cell": None, "covered": False, "covers": None}


def move(state: RajasState, **fields: Any) -> dict[str, Any]:
    """A parsed move."""
    return GAME.parse_move(state, fields)


def do(state: RajasState, **fields: Any) -> RajasState:
    """Parse and apply one move."""
    return GAME.apply(state, move(state, **fields))
