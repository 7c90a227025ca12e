"""Variants and Goodie Box 1 modules, with the examples of their rulebooks."""

from __future__ import annotations

from typing import Any

import pytest
from test_rajas_support import FACTS, dice, do, edit, laid, move, new_game, ready_game, roll_start, tile

from companion.games.rajas import GAME


def test_test_of_fate_example_money_28_falls_back_to_23_then_a_free_market_tile() -> None:
    markets = [
        laid(1, tile("blue", 3, (("tea", 2),))),
        laid(2, tile("blue", 4, (("silk", 3),))),
        laid(3, tile("green", 5, (("spice", 2),))),
    ]
    state = edit(ready_game(3, ("fate",)), 0, money=23, tiles=markets, money_bonus=1)
    state = edit(state, 1, money=5)
    state = edit(state, 2, money=6)
    after = do(state, type="place", seat=0, space="market_mixed", goods=["tea", "silk"])
    # 23 + 5 = 28 passes the fate tile on 24: back 2 (two players behind) and 3 (three market tiles).
    assert after.player(0)["money"] == 23 and after.player(0)["fate"]["money"] == "flipped"
    later = edit(after, None, turn_seat=0, turn={"placed": False, "gemstone": False, "worker": None})
    later = do(later, type="place", seat=0, space="outer_terrace")
    assert later.data["pending"][0] == {"kind": "fate_tile", "seat": 0, "track": "money"}
    wrong = GAME.legal(
        later, move(later, type="fate_build", seat=0, tile=tile("violet", 7, (("tea", 2),), stack="tiger"))
    )
    assert wrong.reason is not None and wrong.reason.key == "rajas.refused.fate_stack"
    built = do(later, type="fate_build", seat=0, tile=tile("violet", 7, (("tea", 4),), stack="cow"))
    assert built.player(0)["money"] == 25 + 4 and built.player(0)["fate"]["money"] == "done"


def test_mango_village_example_leilas_two_villages_boat_and_two_money_with_a_green_die() -> None:
    villages = [
        laid(1, {**tile("orange", 0, kind="village"), "reward": {"kind": "next_free"}}),
        laid(
            2,
            {
                **tile("green", 0, kind="village"),
                "reward": {
                    "kind": "all",
                    "of": [{"kind": "money", "amount": 2}, {"kind": "dice", "count": 1, "colors": ["green"]}],
                },
            },
        ),
    ]
    facts = {**FACTS, "2p.river.1": {"kind": "fame", "amount": 1}}
    state = edit(ready_game(2, ("mango",), facts), 0, tiles=villages, money=3)
    after = do(state, type="place", seat=0, space="village", villages=[1, 2])
    me = after.player(0)
    assert me["boat"] == 1 and me["fame"] == 1 and me["money"] == 5
    assert after.data["pending"][0]["fixed"] == {"green": 1}


def test_mango_village_costs_a_double() -> None:
    state = edit(ready_game(2, ("mango",)), 0, dice=dice(blue=[3], orange=[3, 4]))
    fields: dict[str, Any] = {
        "type": "place",
        "seat": 0,
        "space": "quarry",
        "tile": {**tile("violet", 0, kind="village"), "reward": {"kind": "karma", "amount": 1}},
    }
    bad = GAME.legal(state, move(state, **fields, pay=[{"color": "blue", "value": 3}, {"color": "orange", "value": 4}]))
    assert bad.reason is not None and bad.reason.key == "rajas.refused.needs_double"
    good = GAME.legal(
        state, move(state, **fields, pay=[{"color": "blue", "value": 3}, {"color": "orange", "value": 3}])
    )
    assert good.is_allowed


@pytest.mark.parametrize(
    ("kind", "track", "expected"),
    [
        ("fame_per_market_tile", "fame", 2),  # two tiles show markets
        ("fame_per_3_river", "fame", 2),  # boat on space 7: two full groups of three
        ("money_per_building", "money", 3),
        ("money_per_yield_tile", "money", 2),  # this tile itself is joined when it scores
        ("fame_per_curve", "fame", 4),
        ("money_per_upgrade", "money", 6),
        ("fame_per_worker", "fame", 4),
        ("money_per_village", "money", 0),
    ],
)
def test_each_brown_yield_tile_scores_the_development_reached(kind: str, track: str, expected: int) -> None:
    tiles = [
        laid(1, tile("blue", 3, (("tea", 2),), ("temple",), roads="curve")),
        laid(2, tile("blue", 4, (("silk", 1),), ("fort", "mill"), roads="curve")),
        laid(3, tile("green", 2, roads="straight")),
    ]
    state = _navaratnas_ready()
    state = edit(
        state,
        0,
        tiles=tiles,
        boat=7,
        upgrades_done=3,
        workers=4,
        money=10,
        fame=8,
        fame_bonuses=[5],
        money_bonus=1,
        yields={"4": {"color": "brown", "reward": {"kind": kind}, "connected": False}},
        dice=dice(violet=[6]),
    )
    before = state.player(0)[track]
    after = do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=tile("violet", 6),
        pay=[{"color": "violet", "value": 6}],
        connects=[4],
    )
    gained = after.player(0)[track] - before + (1 if track == "money" else 0)  # quarry space 1 costs 1
    assert gained == expected


def _navaratnas_ready() -> Any:
    state = ready_game(2, ("navaratnas",))
    for seat in (0, 1):
        state = do(
            state,
            type="take_yield",
            seat=seat,
            income=9,
            tile={"color": "brown", "reward": {"kind": "fame_per_worker"}},
        )
    return state


def test_navaratnas_lays_a_brown_tile_at_setup_holds_8_dice_and_keeps_all_three_extra_workers() -> None:
    state = roll_start(new_game(2, ("navaratnas",)))
    assert [p["kind"] for p in state.data["pending"]] == ["yield_place", "yield_place"]
    assert state.player(0)["capacity"] == 8
    for seat in (0, 1):
        state = do(
            state,
            type="take_yield",
            seat=seat,
            income=1,
            tile={"color": "brown", "reward": {"kind": "fame_per_worker"}},
        )
    assert state.data["phase"] == "play"
    state = edit(state, 0, fame=14, money=19, dice=dice(blue=[6]))
    state = do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=tile("blue", 6, (("tea", 2),), ("temple",)),
        pay=[{"color": "blue", "value": 6}],
    )
    assert state.player(0)["workers"] == 5 and not state.player(0)["extra_removed"]


def test_base_game_removes_the_third_extra_worker_when_the_second_is_taken() -> None:
    state = edit(ready_game(), 0, fame=14, money=19, dice=dice(blue=[6]), fame_bonuses=[5])
    state = do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=tile("blue", 6, (("tea", 2),), ("temple",)),
        pay=[{"color": "blue", "value": 6}],
    )
    me = state.player(0)
    assert me["workers"] == 5 and me["extra_removed"] and sorted(me["extra_workers"]) == ["fame", "money"]


def test_ganga_tiles_are_laid_by_die_counts_and_replace_the_printed_reward() -> None:
    state = roll_start(new_game(2, ("ganga",)))
    assert state.data["pending"][0]["kind"] == "ganga_roll" and state.data["phase"] == "setup"
    state = do(state, type="roll", seat=0, dice=[{"color": "blue", "value": 2}])
    assert state.data["pending"][0] == {"kind": "river_tile", "seat": None, "space": 2}
    state = do(state, type="river_tile", seat=0, space=2, tile={"kind": "karma_dice"})
    state = do(state, type="roll", seat=0, dice=[{"color": "blue", "value": 5}])
    assert state.data["pending"][0]["space"] == 7
    assert state.data["river_tiles"] == {"2": {"kind": "karma_dice"}}


def test_gemstone_trader_sets_one_die_to_any_number_once_per_round() -> None:
    state = edit(ready_game(2, ("gemstone",)), 0, gemstone="ready", dice=dice(orange=[1]))
    fields = {
        "type": "place",
        "seat": 0,
        "space": "room.portuguese",
        "pay": [{"color": "orange", "value": 1, "as": 6, "via": "gemstone"}],
    }
    normal = GAME.legal(state, move(state, **fields))
    assert normal.reason is not None and normal.reason.key == "rajas.refused.gemstone_unavailable"
    after = do(state, **fields, worker="gemstone")
    assert after.player(0)["boat"] == 6 and after.player(0)["gemstone"] == "used"


def test_imperial_flag_accepts_a_room_die_one_pip_off() -> None:
    flag = laid(1, {**tile("orange", 0, kind="tiger"), "name": "imperial_flag"})
    state = edit(ready_game(2, ("tiger",)), 0, tiles=[flag], dice=dice(blue=[1]))
    after = do(state, type="place", seat=0, space="room.dancer", pay=[{"color": "blue", "value": 1}])
    assert after.data["pending"][0]["free"] == 2


def test_shalimar_garden_gives_a_worker_back() -> None:
    state = edit(ready_game(2, ("shalimar",)), 0, dice=dice(green=[1], blue=[2]), placed=1)
    state = edit(state, None, spaces={"terrace.blue": [0]})
    after = do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=tile("green", 0, kind="shalimar"),
        pay=[{"color": "green", "value": 1}, {"color": "blue", "value": 2}],
        recall="terrace.blue",
    )
    assert after.player(0)["placed"] == 1 and after.data["spaces"]["terrace.blue"] == []


def test_mixed_groups_give_the_experienced_player_the_navaratnas_side() -> None:
    from test_rajas_support import players

    state = GAME.setup(players(2), {"modules": ["mixed_groups"], "experienced": [1], "facts": FACTS}, 1)
    assert [p["capacity"] for p in state.data["players"]] == [10, 8]


def test_ganga_module_2_alone_covers_two_spaces_of_the_tables_choice() -> None:
    state = roll_start(new_game(2, ("ganga2",)))
    assert [p["space"] for p in state.data["pending"]] == [None, None]
    state = do(state, type="river_tile", seat=0, space=4, tile={"kind": "dolphin"})
    twice = GAME.legal(state, move(state, type="river_tile", seat=0, space=6, tile={"kind": "dolphin"}))
    assert twice.reason is not None and twice.reason.key == "rajas.refused.module2_tile"
    state = do(state, type="river_tile", seat=0, space=6, tile={"kind": "upgrade", "count": 2})
    assert state.data["phase"] == "play" and set(state.data["river_tiles"]) == {"4", "6"}
