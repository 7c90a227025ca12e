"""Passing is refused while a placement is possible (proved by trying placements), allowed otherwise."""

from __future__ import annotations

from test_rajas_support import FACTS, dice, edit, move, ready_game

from companion.games.rajas import GAME
from companion.games.rajas.definition import BALCONIES, TERRACES
from companion.games.rajas.moves.passing import placement_candidates
from companion.games.rajas.state import RajasState

SINGLE_TAKEN = {f"terrace.{c}": [1] for c in TERRACES}


def _stuck(state: RajasState) -> RajasState:
    """Seat 0 with no die, no money, the free spaces all taken (2 slots each on the outer terrace and mixed
    market: test data)."""
    state = edit(state, 0, dice=dice(), money=0)
    return edit(state, None, spaces={**SINGLE_TAKEN, "outer_terrace": [1, 1], "market_mixed": [1, 1]})


def test_pass_is_refused_while_a_free_terrace_remains() -> None:
    state = ready_game()
    verdict = GAME.legal(state, move(state, type="pass", seat=0))
    assert verdict.status == "refused" and verdict.reason is not None
    assert verdict.reason.key == "rajas.refused.must_place" and verdict.citation is not None
    assert verdict.citation.rule == "round.pass"


def test_pass_is_allowed_when_no_placement_is_possible() -> None:
    state = _stuck(ready_game())
    after = GAME.apply(state, move(state, type="pass", seat=0))
    assert after.player(0)["placed"] == after.player(0)["workers"] and after.data["turn_seat"] == 1


def test_a_die_that_karma_turns_into_a_1_still_opens_the_port() -> None:
    state = edit(_stuck(ready_game()), 0, dice=dice(blue=[6]), karma=1)
    state = edit(state, None, spaces={**state.data["spaces"], "market_identical": [1, 1, 1]})
    state = edit(state, None, spaces={**state.data["spaces"], **{f"balcony.{c}": [1] for c in BALCONIES}})
    state = edit(state, None, spaces={**state.data["spaces"], "room.portuguese": [1]})
    verdict = GAME.legal(state, move(state, type="pass", seat=0))
    assert verdict.reason is not None and verdict.reason.params == {"space": {"key": "rajas.space.port"}}
    spent = edit(state, 0, karma=0)
    assert GAME.legal(spent, move(spent, type="pass", seat=0)).is_allowed


def test_pass_asks_for_the_fact_that_decides_whether_a_placement_remains() -> None:
    facts = {k: v for k, v in FACTS.items() if not k.startswith("2p.outer_terrace")}
    state = edit(ready_game(facts=facts), 0, dice=dice(), money=0)
    state = edit(state, None, spaces={**SINGLE_TAKEN, "market_mixed": [1, 1]})
    verdict = GAME.legal(state, move(state, type="pass", seat=0))
    assert verdict.status == "undecided" and verdict.missing is not None
    assert verdict.missing.key == "2p.outer_terrace.slots"


def test_the_last_worker_after_the_end_is_triggered_may_be_kept() -> None:
    state = edit(ready_game(), None, end={"trigger": 1, "final": []})
    assert GAME.legal(state, move(state, type="pass", seat=0)).is_allowed


def test_every_candidate_placement_is_a_well_formed_move() -> None:
    state = edit(ready_game(2, ("mango", "gemstone")), 0, dice=dice(blue=[1, 6], green=[3]), gemstone="ready")
    candidates = placement_candidates(state.data, 0)
    spaces = {c["space"] for c in candidates}
    assert {"port", "room.mogul", "room.portuguese", "village", "balcony.green", "market_identical"} <= spaces
    for candidate in candidates:
        assert GAME.parse_move(state, candidate) == candidate


def test_a_refused_pass_names_a_space_worth_taking_before_the_mango_village() -> None:
    # A tester's Carol, no village of her own, was told she could place "for example on the Mango village".
    state = edit(ready_game(modules=("mango",)), None, spaces={**SINGLE_TAKEN, "outer_terrace": [1, 1]})
    state = edit(state, None, spaces={**state.data["spaces"], "market_mixed": [1, 1]})
    verdict = GAME.legal(state, move(state, type="pass", seat=0))
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.must_place"
    assert verdict.reason.params["space"] != {"key": "rajas.space.village"}
    only_village = edit(state, 0, dice=dice(), money=0)
    verdict = GAME.legal(only_village, move(only_village, type="pass", seat=0))
    assert verdict.reason is not None and verdict.reason.params == {"space": {"key": "rajas.space.village"}}
