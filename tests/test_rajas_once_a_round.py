"""At 3-4 players a player places one worker per round on the mixed-goods market (base rulebook, markets) and on
the Mango village (Goodie Box 1). A rules auditor found that a Shalimar garden, taking that worker back, opened the
space to the same player again in the same round: the engine only looked at who stands there. From rules version 5
the placements of the round count; a game begun under version 4 folds from its log as it was played."""

from __future__ import annotations

from typing import Any

import pytest
from test_rajas_support import FACTS, dice, do, edit, laid, move, players, roll_start, tile

from companion.games.rajas import GAME
from companion.games.rajas.definition import ONCE_A_ROUND_COUNTS_PLACEMENTS_FROM, RULES_VERSION
from companion.games.rajas.moves.turn import end_round
from companion.games.rajas.state import RajasState

# The invented test facts do not say how many workers the village takes; the 3-4 player side shows two spaces.
FACTS_WITH_VILLAGE = {**FACTS, "3p.village.slots": 2, "4p.village.slots": 2}
GARDEN = {"color": "green", "cost": 1, "kind": "shalimar", "stack": "snake"}
VILLAGE = {"color": "blue", "cost": 0, "kind": "village", "reward": {"kind": "money", "amount": 1}}


def _die(color: str, value: int = 1) -> dict[str, Any]:
    return {"color": color, "value": value}


def _place(seat: int, space: str, **fields: Any) -> dict[str, Any]:
    return {"type": "place", "seat": seat, "space": space, **fields}


def _terrace(seat: int, color: str) -> list[dict[str, Any]]:
    """A terrace's die, rolled as a 3."""
    return [_place(seat, f"terrace.{color}"), {"type": "roll", "seat": seat, "dice": [_die(color, 3)]}]


def _garden(recall: str) -> dict[str, Any]:
    """Seat 0 builds a Shalimar garden (a die of its colour and any other) that takes a worker of his back."""
    return _place(0, "quarry", pay=[_die("green"), _die("violet")], tile=GARDEN, recall=recall)


# Every start die of seat 0 shows a 1 (see roll_start). He scores the mixed market, then a garden takes him back.
MIXED_LOG = [
    _place(0, "market_mixed"),
    _place(1, "outer_terrace"),
    _place(2, "outer_terrace"),
    _garden("market_mixed"),
    *_terrace(1, "blue"),
    *_terrace(2, "green"),
]
# Seat 0 builds a village with his double of 1s and visits it; the garden built next takes that worker back.
VILLAGE_LOG = [
    _place(0, "quarry", pay=[_die("blue"), _die("orange")], tile=VILLAGE),
    _place(1, "outer_terrace"),
    _place(2, "outer_terrace"),
    _place(0, "village", villages=[1]),
    *_terrace(1, "blue"),
    *_terrace(2, "green"),
    _garden("village"),
    *_terrace(1, "orange"),
    *_terrace(2, "violet"),
]
AGAIN = {
    # The log up to seat 0's second placement there, the modules in play, and that placement.
    "market_mixed": (MIXED_LOG, ("shalimar",), _place(0, "market_mixed")),
    "village": (VILLAGE_LOG, ("mango", "shalimar"), _place(0, "village", villages=[1])),
}


def _started(rules: int, modules: tuple[str, ...]) -> RajasState:
    """A 3-player game of a rules version after the start rolls, seat 0 to place."""
    options = {"modules": list(modules), "facts": FACTS_WITH_VILLAGE, "rules": rules}
    return roll_start(GAME.setup(players(3), options, 1))


def _fold(rules: int, log: list[dict[str, Any]], modules: tuple[str, ...]) -> RajasState:
    """A 3-player game folded from its start options and its log, as a stored game is."""
    state = _started(rules, modules)
    for fields in log:
        state = GAME.apply(state, GAME.parse_move(state, fields))
    return state


def _refused_again(area: str) -> tuple[RajasState, Any]:
    log, modules, again = AGAIN[area]
    state = _fold(RULES_VERSION, log, modules)
    assert state.data["round"] == 1 and state.data["turn_seat"] == 0 and area in state.data["spaces"]
    assert 0 not in state.data["spaces"][area]  # the garden took him back: the space is free
    return state, GAME.legal(state, GAME.parse_move(state, again))


def test_shalimar_recall_from_mixed_market_cannot_place_there_again_same_round() -> None:
    _, verdict = _refused_again("market_mixed")
    assert verdict.status == "refused" and verdict.reason is not None
    assert verdict.reason.key == "rajas.refused.mixed_market_once"
    assert verdict.citation is not None and verdict.citation.rule == "market.mixed_once"


def test_shalimar_recall_from_mango_village_cannot_place_there_again_same_round() -> None:
    _, verdict = _refused_again("village")
    assert verdict.status == "refused" and verdict.reason is not None
    assert verdict.reason.key == "rajas.refused.village_once"
    assert verdict.citation is not None and verdict.citation.rule == "mango.village"


@pytest.mark.parametrize("area", sorted(AGAIN))
def test_a_rules_version_4_game_still_replays_the_second_placement_after_a_recall(area: str) -> None:
    log, modules, again = AGAIN[area]
    assert ONCE_A_ROUND_COUNTS_PLACEMENTS_FROM == RULES_VERSION == 5
    before = _fold(4, log, modules)
    assert GAME.legal(before, GAME.parse_move(before, again)).status == "allowed"
    played = _fold(4, [*log, again], modules)  # a refusal while folding would raise
    assert played.data["version"] == 4 and played.data["moves"] == before.data["moves"] + 1


@pytest.mark.parametrize("area", sorted(AGAIN))
def test_after_a_recall_the_next_round_opens_the_space_to_the_player_again(area: str) -> None:
    state, _ = _refused_again(area)
    data = state.to_dict()
    end_round(data)
    next_round = edit(RajasState(data), None, turn_seat=0)
    assert next_round.data["round"] == 2
    assert GAME.legal(next_round, GAME.parse_move(next_round, AGAIN[area][2])).status == "allowed"


def test_imperial_flag_after_a_village_placement_still_uses_the_village_again() -> None:
    # Using an action again places no worker: the once-a-round limit does not apply to it (the worker stays).
    village = laid(1, tile("blue", 0, kind="village", reward={"kind": "money", "amount": 2}))
    state = edit(_started(RULES_VERSION, ("mango", "tiger")), 0, tiles=[village], dice=dice(orange=[3, 5]), money=5)
    state = do(state, type="place", seat=0, space="village", villages=[1])
    state = do(state, type="place", seat=1, space="outer_terrace")
    state = do(state, type="place", seat=2, space="outer_terrace")
    flag = {**tile("orange", 0, kind="tiger"), "name": "imperial_flag"}
    state = do(state, type="place", seat=0, space="quarry", tile=flag, pay=[_die("orange", 3), _die("orange", 5)])
    assert state.data["pending"] == [{"kind": "flag", "seat": 0}]
    verdict = GAME.legal(state, move(state, type="reuse", seat=0, space="village", villages=[1]))
    assert verdict.status == "allowed"
    assert do(state, type="reuse", seat=0, space="village", villages=[1]).player(0)["money"] == 5 + 2 - 1 + 2
