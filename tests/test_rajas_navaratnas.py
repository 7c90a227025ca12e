"""Navaratnas variant: yield tiles owed when short of workers (at the right turn), yield-space colours,
the Shalimar worker taken back, and the Mango Village's brown tile."""

from __future__ import annotations

from typing import Any

from test_rajas_support import dice, do, edit, laid, move, ready_game, tile

from companion.games.rajas import GAME
from companion.games.rajas.state import RajasState


def _navaratnas(modules: tuple[str, ...] = ()) -> RajasState:
    """Round 1 of a 2-player Navaratnas game, seat 0 to place, both brown start tiles laid (income 1 is brown)."""
    state = ready_game(2, ("navaratnas", *modules))
    for seat in (0, 1):
        brown = {"color": "brown", "reward": {"kind": "fame_per_worker"}}
        state = do(state, type="take_yield", seat=seat, income=1, tile=brown)
    assert state.data["phase"] == "play" and state.data["turn_seat"] == 0
    return state


def _phase(state: RajasState, placed: tuple[int, int], workers: tuple[int, int]) -> RajasState:
    for seat in (0, 1):
        state = edit(state, seat, placed=placed[seat], workers=workers[seat], dice=dice())
    return state


def _take_white(state: RajasState, seat: int, income: int) -> RajasState:
    white = {"color": "white", "reward": {"kind": "money", "amount": 3}}
    return do(state, type="take_yield", seat=seat, income=income, tile=white)


OWED = {"kind": "yield_pick", "seat": 0, "why": "short_of_workers"}
"""The yield tile owed to seat 0 for having fewer workers than another player (its prompt says so)."""


def test_example_four_workers_against_five_take_a_yield_tile_in_the_fifth_phase() -> None:
    state = _phase(_navaratnas(), placed=(3, 3), workers=(4, 5))
    state = do(state, type="place", seat=0, space="terrace.green")
    state = do(state, type="roll", seat=0, dice=[{"color": "green", "value": 2}])
    state = do(state, type="place", seat=1, space="terrace.blue")
    state = do(state, type="roll", seat=1, dice=[{"color": "blue", "value": 2}])
    # Fifth phase: seat 0 has no worker left while seat 1 has a fifth: the tile comes at seat 0's turn.
    assert state.data["pending"] == [OWED] and GAME.view(state)["current_seat"] == 0
    assert state.data["round"] == 1 and state.player(1)["placed"] == 4
    state = _take_white(state, 0, income=2)
    assert state.player(0)["yields"]["2"]["color"] == "white" and state.data["turn_seat"] == 1
    state = do(state, type="place", seat=1, space="terrace.orange")
    state = do(state, type="roll", seat=1, dice=[{"color": "orange", "value": 2}])
    # One worker of difference, one tile: the round ends without a second one.
    assert state.data["round"] == 2 and state.data["pending"] == [] and len(state.player(0)["yields"]) == 2


def test_two_workers_behind_take_a_second_tile_at_the_next_turn() -> None:
    state = _phase(_navaratnas(), placed=(2, 2), workers=(3, 5))
    state = do(state, type="place", seat=0, space="market_mixed")
    state = do(state, type="place", seat=1, space="market_mixed")
    assert state.data["pending"] == [OWED]
    state = _take_white(state, 0, income=2)
    state = do(state, type="place", seat=1, space="outer_terrace")
    assert state.data["pending"] == [OWED]
    state = do(state, type="take_yield", seat=0, decline=True)  # a tile owed may be declined
    assert state.data["turn_seat"] == 1 and state.player(1)["placed"] == 4
    state = do(state, type="place", seat=1, space="terrace.violet")
    state = do(state, type="roll", seat=1, dice=[{"color": "violet", "value": 5}])
    assert state.data["round"] == 2 and state.data["pending"] == [] and len(state.player(0)["yields"]) == 2


def test_no_tile_is_owed_to_a_player_with_as_many_workers() -> None:
    state = _phase(_navaratnas(), placed=(3, 3), workers=(4, 4))
    state = do(state, type="place", seat=0, space="market_mixed")
    state = do(state, type="place", seat=1, space="market_mixed")
    assert state.data["round"] == 2 and state.data["pending"] == []


def test_a_yield_tile_fits_only_a_free_income_space_of_its_colour() -> None:
    state = _phase(_navaratnas(), placed=(0, 0), workers=(3, 3))
    state = edit(state, 0, dice=dice(blue=[2]))
    state = do(state, type="place", seat=0, space="room.dancer", pay=[{"color": "blue", "value": 2}])
    state = do(state, type="roll", seat=0, dice=[{"color": "green", "value": 3}, {"color": "green", "value": 4}])
    assert state.data["pending"][0] == {"kind": "yield_pick", "seat": 0}
    red = {"color": "red", "reward": {"kind": "karma", "amount": 1}}
    wrong = GAME.legal(state, move(state, type="take_yield", seat=0, income=3, tile=red))  # 3 is yellow (test data)
    assert wrong.reason is not None and wrong.reason.key == "rajas.refused.yield_space_color"
    assert wrong.citation is not None and wrong.citation.rule == "navaratnas.yield_tiles"
    assert do(state, type="take_yield", seat=0, income=4, tile=red).player(0)["yields"]["4"]["color"] == "red"


def test_an_unknown_yield_space_colour_is_asked_at_the_table() -> None:
    from test_rajas_support import FACTS

    facts = {k: v for k, v in FACTS.items() if k != "navaratnas.income.6.color"}
    state = ready_game(2, ("navaratnas",), facts=facts)
    brown = {"color": "brown", "reward": {"kind": "fame_per_worker"}}
    verdict = GAME.legal(state, move(state, type="take_yield", seat=0, income=6, tile=brown))
    assert verdict.status == "undecided" and verdict.missing is not None
    assert verdict.missing.key == "navaratnas.income.6.color"
    told = do(state, type="answer_fact", key="navaratnas.income.6.color", value="brown")
    assert GAME.legal(told, move(told, type="take_yield", seat=0, income=6, tile=brown)).is_allowed


def _recall_with_shalimar(workers: tuple[int, int]) -> RajasState:
    state = _phase(_navaratnas(("shalimar",)), placed=(2, 2), workers=workers)
    state = edit(state, 0, dice=dice(green=[1], blue=[2]))
    state = edit(state, None, spaces={"terrace.blue": [0], "terrace.green": [0]})
    fields: dict[str, Any] = {
        "type": "place",
        "seat": 0,
        "space": "quarry",
        "tile": tile("green", 0, kind="shalimar"),
        "pay": [{"color": "green", "value": 1}, {"color": "blue", "value": 2}],
        "recall": "terrace.blue",
    }
    state = do(state, **fields)
    assert state.player(0)["recalled"] == 1 and state.player(0)["placed"] == 2
    return do(state, type="place", seat=1, space="market_mixed")


def test_shalimar_worker_in_navaratnas_first_the_owed_yield_tile_then_the_worker() -> None:
    state = _recall_with_shalimar(workers=(3, 4))
    # Seat 0 has placed its three workers but holds the one taken back, and has fewer workers than seat 1.
    assert state.data["pending"] == [OWED]
    state = _take_white(state, 0, income=2)
    assert state.data["turn_seat"] == 0 and state.data["turn"]["placed"] is False
    state = do(state, type="place", seat=0, space="market_mixed")
    assert state.player(0)["recalled"] == 0 and state.data["turn_seat"] == 1


def test_shalimar_worker_in_navaratnas_earns_no_tile_for_others() -> None:
    state = _recall_with_shalimar(workers=(3, 3))
    assert state.data["pending"] == [] and state.data["turn_seat"] == 0
    state = do(state, type="place", seat=0, space="outer_terrace")
    # Seat 1 has as many workers as seat 0: no yield tile for the extra placement; the round ends.
    assert state.data["round"] == 2 and state.data["pending"] == []


def test_mango_navaratnas_brown_tile_four_villages_give_12_money() -> None:
    village = {**tile("blue", 0, kind="village")}
    villages = [laid(n, village) for n in range(1, 5)]
    state = _phase(_navaratnas(("mango",)), placed=(0, 0), workers=(3, 3))
    yields = {"5": {"color": "brown", "reward": {"kind": "money_per_village"}, "connected": False}}
    state = edit(state, 0, tiles=villages, yields=yields, money=3, dice=dice(violet=[6]))
    after = do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=tile("violet", 6),
        pay=[{"color": "violet", "value": 6}],
        connects=[5],
    )
    assert after.player(0)["money"] == 3 - 1 + 12  # quarry space 1 costs 1 (test data)


def test_shalimar_worker_in_navaratnas_the_view_shows_it_is_placed_after_the_others() -> None:
    # Goodie Box, Shalimar for the Navaratnas variant: the worker taken back is placed after all the others.
    state = _recall_with_shalimar(workers=(4, 3))
    seat0 = GAME.view(state)["players"][0]
    assert seat0["workers_left"] == 2 and seat0["workers_recalled"] == 1 and seat0["places_recalled"] is False
    state = do(state, type="place", seat=0, space="outer_terrace")
    seat0 = GAME.view(state)["players"][0]
    assert seat0["workers_left"] == 1 and seat0["places_recalled"] is True


def test_the_mango_villages_brown_tile_without_the_module_is_refused_with_its_reason() -> None:
    state = ready_game(2, ("navaratnas",))
    village = {"color": "brown", "reward": {"kind": "money_per_village"}}
    without = GAME.legal(state, move(state, type="take_yield", seat=0, income=1, tile=village))
    assert without.status == "refused" and without.reason.key == "rajas.refused.brown_needs_mango"
    with_mango = ready_game(2, ("navaratnas", "mango"))
    taken = GAME.legal(with_mango, move(with_mango, type="take_yield", seat=0, income=1, tile=village))
    assert taken.status == "allowed"
