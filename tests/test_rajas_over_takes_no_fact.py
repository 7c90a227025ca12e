"""A Rajas game that is over takes no printed fact any more (rules version 4): a tester told a finished game the
money track's length, which pulled both markers back and left the stored ranking stale ("1st, 1 fame point short of
meeting"). A game begun under rules version 3 or before folds from its log as it was played."""

from __future__ import annotations

import random

from test_rajas_support import FACTS, players

from companion.games.rajas import GAME
from companion.games.rajas.definition import FACTS_CLOSED_AT_END_FROM, RULES_VERSION
from companion.games.rajas.sampler import random_move
from companion.games.rajas.state import RajasState


def _finished(rules: int) -> RajasState:
    state = GAME.setup(players(2), {"facts": FACTS, "rules": rules}, seed=4)
    rng = random.Random(4)
    for _ in range(2000):
        if state.data["phase"] == "over":
            return state
        state = GAME.apply(state, GAME.parse_move(state, random_move(state, rng, FACTS)))
    raise AssertionError("the game did not end in 2000 moves")


def test_a_fact_told_to_a_finished_game_is_refused_as_the_game_over() -> None:
    assert RULES_VERSION >= FACTS_CLOSED_AT_END_FROM
    over = _finished(RULES_VERSION)
    told = {"type": "answer_fact", "key": "track.money.length", "value": 66}
    verdict = GAME.legal(over, GAME.parse_move(over, told))
    assert (
        verdict.status == "refused" and verdict.reason is not None and verdict.reason.key == "rajas.refused.game_over"
    )
    assert verdict.citation is not None and verdict.citation.rule == "end.ranking"


def test_a_game_of_rules_version_3_still_takes_it_as_it_was_played() -> None:
    over = _finished(3)
    told = {"type": "answer_fact", "key": "2p.river.length", "value": FACTS["2p.river.length"]}
    assert GAME.legal(over, GAME.parse_move(over, told)).status != "refused"
