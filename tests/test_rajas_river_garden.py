"""A Shalimar garden laid by the Master Builder reached through the river's palace reward takes a worker back, as a
garden built at the quarry or at the palace does (Goodie Box 1, Shalimar bonus: right after the garden is built)."""

from __future__ import annotations

from typing import Any

from test_rajas_support import dice, do, edit, laid, move, ready_game, tile

from companion.games.rajas import GAME
from companion.games.rajas.state import RajasState


def _die(color: str, value: int) -> dict[str, Any]:
    return {"color": color, "value": value}


def _palace_reward(modules: tuple[str, ...] = ("shalimar",)) -> RajasState:
    """Seat 0 sails 3 spaces from the port onto river space 3, a palace reward (test data): a room to choose."""
    state = ready_game(2, modules)
    if "navaratnas" in modules:  # each player first lays a brown yield tile (income 1 is brown: test data)
        for seat in (0, 1):
            brown = {"color": "brown", "reward": {"kind": "fame_per_worker"}}
            state = do(state, type="take_yield", seat=seat, income=1, tile=brown)
    state = edit(
        state,
        0,
        dice=dice(orange=[3], green=[1]),
        tiles=[laid(1, tile("orange", 4, (("tea", 2),)))],
    )
    state = edit(state, None, next_tile_id=2)
    state = do(state, type="place", seat=0, space="port", pay=[_die("orange", 3)], steps=3)
    assert state.data["pending"][0]["kind"] == "room" and "master_builder" in state.data["pending"][0]["rooms"]
    assert state.data["spaces"]["port"] == [0] and state.player(0)["placed"] == 1
    return state


def _garden(state: RajasState, **extra: Any) -> dict[str, Any]:
    garden = tile("green", 0, kind="shalimar")
    fields = {"room": "master_builder", "cover": 1, "tile": garden, "pay": [_die("green", 1)], **extra}
    return move(state, type="room", seat=0, **fields)


def test_a_garden_laid_through_the_rivers_palace_reward_takes_the_port_worker_back() -> None:
    state = _palace_reward()
    after = GAME.apply(state, _garden(state, recall="port"))
    assert [t["kind"] for t in after.player(0)["tiles"] if not t["covered"]] == ["shalimar"]
    assert after.player(0)["placed"] == 0
    assert 0 not in after.data["spaces"]["port"]  # the port slot is free again, its price with it
    assert GAME.view(after)["players"][0]["workers_left"] == 3


def test_a_garden_laid_through_the_rivers_palace_reward_need_not_take_a_worker_back() -> None:
    state = _palace_reward()
    after = GAME.apply(state, _garden(state))
    assert after.player(0)["placed"] == 1 and after.data["spaces"]["port"] == [0]


def test_the_worker_a_river_garden_takes_back_must_stand_on_the_board() -> None:
    state = _palace_reward()
    verdict = GAME.legal(state, _garden(state, recall="quarry"))
    assert verdict.status == "refused" and verdict.reason is not None
    assert verdict.reason.key == "rajas.refused.no_worker_there"
    assert verdict.citation is not None and verdict.citation.rule == "shalimar.recall"


def test_in_navaratnas_the_worker_a_river_garden_takes_back_is_placed_after_the_others() -> None:
    state = _palace_reward(("shalimar", "navaratnas"))
    after = GAME.apply(state, _garden(state, recall="port"))
    assert after.player(0)["recalled"] == 1
    assert GAME.view(after)["players"][0]["workers_recalled"] == 1
