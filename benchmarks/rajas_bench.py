"""Prints the Rajas engine's speed: moves per second of seeded random playouts, and the time of a full replay
of a 4-player game log (the path `companion replay` takes: event store, session, parse, apply).

The printed facts the games need are the tests' invented ones (tests/test_rajas_support.py): test data only.
Run: python benchmarks/rajas_bench.py [--games 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # run from a checkout, with the tests' invented facts

from test_rajas_support import FACTS, NAMES, new_game  # noqa: E402

from companion.cli.logs import replay  # noqa: E402
from companion.events.store import EventStore  # noqa: E402
from companion.games.rajas import GAME  # noqa: E402
from companion.games.rajas.sampler import random_move  # noqa: E402
from companion.service import Companion  # noqa: E402

ALL_MODULES = ("navaratnas", "ganga", "ganga2", "mango", "shalimar", "tiger", "fate", "gemstone")


def playout(count: int, modules: tuple[str, ...], seed: int) -> tuple[int, float, float]:
    """One whole random game: (moves, seconds choosing moves, seconds applying them)."""
    rng = random.Random(seed)
    state = new_game(count, modules, seed=seed)
    moves, choosing, applying = 0, 0.0, 0.0
    while not state.is_over:
        start = time.perf_counter()
        move = GAME.parse_move(state, random_move(state, rng, FACTS))
        middle = time.perf_counter()
        state = GAME.apply(state, move)
        choosing += middle - start
        applying += time.perf_counter() - middle
        moves += 1
    return moves, choosing, applying


def logged_game(seed: int) -> list[dict[str, Any]]:
    """A 4-player game with every module, played through the service; its events as `companion export` gives."""
    with Companion(EventStore(":memory:")) as service:
        players = [{"name": n} for n in NAMES]
        options = {"modules": list(ALL_MODULES), "facts": FACTS}
        game_id = str(service.create_game("rajas", players, options)["game_id"])
        session = service.session(game_id)
        rng = random.Random(seed)
        while not session.state.is_over:
            service.append(game_id, "move", {"move": random_move(session.state, rng, FACTS)})
        return [event.to_dict() for event in service.events(game_id)]


def main() -> None:
    """Run the playouts and the replay, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="games per configuration")
    args = parser.parse_args()
    for count in (2, 3, 4):
        for modules in ((), ALL_MODULES):
            results = [playout(count, modules, seed) for seed in range(100, 100 + args.games)]
            moves = sum(r[0] for r in results)
            applying = sum(r[2] for r in results)
            total = sum(r[1] + r[2] for r in results)
            label = f"{count} players, {'all modules' if modules else 'base game'}"
            print(
                f"playout {label}: {args.games} games, {moves / args.games:.0f} moves/game, "
                f"apply {moves / applying:.0f} moves/s, with the random player {moves / total:.0f} moves/s"
            )
    events = logged_game(seed=7)
    timings = []
    for _ in range(3):
        start = time.perf_counter()
        report = replay(events)
        timings.append(time.perf_counter() - start)
    assert all(v["status"] == "allowed" for v in report["verdicts"])
    print(
        f"replay of a 4-player log ({len(events)} events, ranking {report['ranking']}): "
        f"median {statistics.median(timings) * 1000:.0f} ms, max {max(timings) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
