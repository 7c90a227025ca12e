"""Move shapes: malformed moves are refused whole, naming the field; camera readings become rolls; the view."""

from __future__ import annotations

from typing import Any

import pytest
from test_rajas_support import dice, do, edit, new_game, players, ready_game

from companion.errors import MalformedRequest
from companion.games.base import Game, RolledDie
from companion.games.rajas import GAME
from companion.games.rajas.camera import TABLE_ZONE
from vision import zones

ORANGE_1 = {"color": "orange", "value": 1}


def test_the_game_meets_the_interface() -> None:
    assert isinstance(GAME, Game) and GAME.id == "rajas" and (GAME.min_players, GAME.max_players) == (2, 4)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": "fly", "seat": 0}, "type"),
        ({"type": "place", "seat": 0, "space": "kitchen"}, "space"),
        ({"type": "place", "seat": 5, "space": "port"}, "seat"),
        ({"type": "place", "seat": 0, "space": "port", "pay": [{"color": "red", "value": 2}]}, "pay[0].color"),
        ({"type": "place", "seat": 0, "space": "port", "pay": [{"color": "blue", "value": 7}]}, "pay[0].value"),
        ({"type": "place", "seat": 0, "space": "port", "colour": "blue"}, "colour"),
        ({"type": "place", "seat": 0, "space": "quarry", "tile": {"color": "blue", "cost": 0}}, "tile.cost"),
        (
            {"type": "place", "seat": 0, "space": "quarry", "tile": {"color": "blue", "cost": 5, "markets": [1]}},
            "tile.markets[0]",
        ),
        ({"type": "upgrade", "seat": 0}, "building"),
        ({"type": "river_tile", "seat": 0, "space": 3, "tile": {"kind": "gold"}}, "tile"),
        # A yield tile sent before it was chosen, or without the income space it goes on (the form answered 500).
        ({"type": "take_yield", "seat": 0}, "tile"),
        (
            {"type": "take_yield", "seat": 0, "tile": {"color": "white", "reward": {"kind": "money", "amount": 3}}},
            "income",
        ),
    ],
)
def test_malformed_moves_name_the_field(data: dict[str, Any], field: str) -> None:
    with pytest.raises(MalformedRequest) as caught:
        GAME.parse_move(ready_game(), data)
    assert caught.value.details["field"] == field
    assert "allowed" in caught.value.message


def test_bad_options_and_player_counts_are_refused() -> None:
    with pytest.raises(MalformedRequest):
        GAME.setup(players(2), {"modules": ["dragons"]}, 1)
    with pytest.raises(MalformedRequest):
        GAME.setup(players(2), {"experienced": [0]}, 1)
    with pytest.raises(MalformedRequest):
        GAME.setup(players(2)[:1], {}, 1)


def test_setup_waits_for_the_start_rolls_then_the_lowest_total_starts_with_3_money() -> None:
    state = new_game(3)
    assert GAME.view(state)["prompt"]["key"] == "rajas.prompt.roll" and GAME.view(state)["current_seat"] == 0
    totals = {0: 5, 1: 2, 2: 4}
    for seat, value in totals.items():
        rolled = [{"color": c, "value": value} for c in ("blue", "green", "orange", "violet")]
        state = do(state, type="roll", seat=seat, dice=rolled)
    assert state.data["first_seat"] == 1 and state.data["turn_seat"] == 1
    assert [p["money"] for p in state.data["players"]] == [5, 3, 4]
    assert all(p["karma"] == 1 and p["fame"] == 0 and p["workers"] == 3 for p in state.data["players"])


def test_tied_lowest_start_totals_ask_the_table() -> None:
    state = new_game(2)
    for seat in (0, 1):
        state = do(
            state,
            type="roll",
            seat=seat,
            dice=[{"color": c, "value": 3} for c in ("blue", "green", "orange", "violet")],
        )
    assert state.data["pending"][0]["kind"] == "start_player"
    state = do(state, type="start_player", seat=0, first=1)
    assert [p["money"] for p in state.data["players"]] == [4, 3]


def test_a_camera_reading_becomes_the_awaited_roll() -> None:
    state = do(ready_game(), type="place", seat=0, space="terrace.violet")
    roll = GAME.roll_move(state, [RolledDie(5, "violet", "table")])
    assert roll == {"type": "roll", "seat": 0, "dice": [{"color": "violet", "value": 5}]}
    assert GAME.roll_move(state, [RolledDie(5, "violet")]) == roll  # no zones file: every die is on the table
    after = GAME.apply(state, GAME.parse_move(state, roll))
    assert after.player(0)["dice"]["violet"] == [1, 5]
    assert GAME.roll_move(after, [RolledDie(5, "violet")]) is None


def test_dice_kept_on_a_kali_or_in_a_players_area_are_not_the_roll() -> None:
    state = do(ready_game(), type="place", seat=0, space="terrace.violet")
    kept = [
        RolledDie(3, "green", "kali:green"),
        RolledDie(2, "blue", "player:orange"),
        RolledDie(None, None, "kali:blue"),
    ]
    roll = GAME.roll_move(state, [kept[0], RolledDie(5, "violet", "table"), *kept[1:]])
    assert roll == {"type": "roll", "seat": 0, "dice": [{"color": "violet", "value": 5}]}
    assert GAME.roll_move(state, kept) is None  # nothing on the table: no roll to play, even an empty one


@pytest.mark.parametrize(
    "unread",
    [
        RolledDie(None, "blue", "table"),
        RolledDie(4, None, "table"),
        RolledDie(4, "red", "table"),
        RolledDie(None, None),
    ],
    ids=["no value", "no colour", "not a rajas colour", "nothing read, no zones"],
)
def test_a_rolled_die_the_camera_could_not_read_is_asked_not_left_out(unread: RolledDie) -> None:
    # Offered two dice with room for one, a roll of one die is legal: leaving the unread die out would play it.
    full = dice(blue=[1, 2, 3], green=[1, 2, 3], orange=[1, 2], violet=[1, 2])
    state = do(edit(ready_game(), 0, dice=full), type="place", seat=0, space="balcony.orange", pay=[ORANGE_1])
    assert GAME.roll_move(state, [RolledDie(6, "violet", "table"), unread]) is None
    assert GAME.roll_move(state, [RolledDie(6, "violet", "table"), RolledDie(5, "violet", "table")]) is not None


def test_the_roll_zone_is_the_readers_table_zone() -> None:
    assert TABLE_ZONE == zones.TABLE


def test_a_full_kali_takes_fewer_dice_or_gives_some_back_first() -> None:
    full = dice(blue=[1, 2, 3], green=[1, 2, 3], orange=[1, 2], violet=[1, 2])
    state = do(edit(ready_game(), 0, dice=full), type="place", seat=0, space="balcony.orange", pay=[ORANGE_1])
    two = [{"color": "violet", "value": 6}, {"color": "violet", "value": 5}]
    with pytest.raises(Exception, match="kali_full"):
        do(state, type="roll", seat=0, dice=two)
    fewer = do(state, type="roll", seat=0, dice=two[:1])
    assert sum(len(v) for v in fewer.player(0)["dice"].values()) == 10
    swapped = do(state, type="roll", seat=0, dice=two, **{"return": [{"color": "blue", "value": 1}]})
    assert swapped.player(0)["dice"]["violet"] == [1, 2, 5, 6] and swapped.player(0)["dice"]["blue"] == [2, 3]


def test_the_view_has_the_required_keys_and_plain_json() -> None:
    view = GAME.view(ready_game(3))
    assert {"players", "current_seat", "is_over", "prompt", "ranking"} <= set(view)
    assert view["prompt"] == {"key": "rajas.prompt.place", "params": {"name": "Rajesh"}}
    assert {"seat", "name", "color", "score", "money", "fame", "karma"} <= set(view["players"][0])
