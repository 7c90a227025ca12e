"""Seeded random playouts of whole games: apply is pure, replay rebuilds the state, invariants hold."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_rajas_support import FACTS, check_invariants, new_game

from companion.games.rajas import GAME
from companion.games.rajas.sampler import random_move
from companion.games.rajas.state import RajasState

ALL_MODULES = ("navaratnas", "ganga", "ganga2", "mango", "shalimar", "tiger", "fate", "gemstone")
CASES = [
    (2, (), 11),
    (3, (), 12),
    (4, (), 13),
    (2, ALL_MODULES, 14),
    (3, ALL_MODULES, 15),
    (4, ("navaratnas", "fate", "gemstone"), 16),
    (4, ("ganga", "ganga2", "mango", "shalimar", "tiger"), 17),
    (3, ("mixed_groups", "ganga2"), 18),
]
MOVE_LIMIT = 1500


def _replay(count: int, modules: tuple[str, ...], seed: int, log: list[dict[str, Any]]) -> RajasState:
    options: dict[str, Any] = {"modules": list(modules), "facts": FACTS}
    if "mixed_groups" in modules:
        options["experienced"] = [0]
    state = new_game(count, modules, seed=seed) if "mixed_groups" not in modules else _mixed(count, seed)
    for stored in json.loads(json.dumps(log)):  # the event log keeps moves as JSON
        state = GAME.apply(state, GAME.parse_move(state, stored))
    return state


def _mixed(count: int, seed: int) -> RajasState:
    from test_rajas_support import players

    return GAME.setup(players(count), {"modules": ["mixed_groups"], "experienced": [0], "facts": FACTS}, seed)


@pytest.mark.parametrize(("count", "modules", "seed"), CASES)
def test_random_playout_is_pure_replayable_and_keeps_invariants(
    count: int, modules: tuple[str, ...], seed: int
) -> None:
    rng = random.Random(seed)
    state = _replay(count, modules, seed, [])
    replayed = _replay(count, modules, seed, [])  # rebuilt from setup, one stored (JSON) move at a time
    log: list[dict[str, Any]] = []
    while not state.is_over and len(log) < MOVE_LIMIT:
        move = GAME.parse_move(state, random_move(state, rng, FACTS))
        before = GAME.state_to_dict(state)
        after = GAME.apply(state, move)
        assert GAME.state_to_dict(state) == before, "apply changed its input: undo would not restore it"
        check_invariants(after)
        log.append(move)
        stored = json.loads(json.dumps(move))
        replayed = GAME.apply(replayed, GAME.parse_move(replayed, stored))
        assert GAME.state_to_dict(replayed) == GAME.state_to_dict(after), f"replay differs after move {len(log)}"
        state = after
    assert state.is_over, f"no end after {len(log)} moves"
    assert GAME.state_to_dict(_replay(count, modules, seed, log)) == GAME.state_to_dict(state)
    view = GAME.view(state)
    assert sorted(view["ranking"]) == list(range(count)) and view["current_seat"] is None
    assert json.loads(json.dumps(view)) == view


def test_undo_is_keeping_the_previous_state() -> None:
    rng = random.Random(3)
    history = [new_game(2)]
    snapshots = [GAME.state_to_dict(history[0])]
    for _ in range(60):
        history.append(GAME.apply(history[-1], GAME.parse_move(history[-1], random_move(history[-1], rng, FACTS))))
        snapshots.append(GAME.state_to_dict(history[-1]))
    # Undo = going back to a kept state: none of them changed while later moves were applied.
    assert [GAME.state_to_dict(s) for s in history] == snapshots
    assert len({json.dumps(s, sort_keys=True) for s in snapshots}) == len(snapshots)
