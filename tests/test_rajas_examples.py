"""The rulebook's worked examples, with the rulebook's numbers (printed facts they need are test data)."""

from __future__ import annotations

import pytest
from test_rajas_support import FACTS, dice, do, edit, laid, move, ready_game, tile

from companion.games.rajas import GAME
from companion.games.rajas.state import RajasState


def test_quarry_build_orange_9_with_two_orange_dice() -> None:
    state = edit(ready_game(), 0, dice=dice(orange=[4, 5], blue=[2]), money=3)
    after = do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=tile("orange", 9, buildings=("temple",)),
        pay=[{"color": "orange", "value": 4}, {"color": "orange", "value": 5}],
    )
    me = after.player(0)
    assert me["money"] == 2  # quarry space 1 costs 1 (test data)
    assert me["dice"]["orange"] == [] and me["dice"]["blue"] == [2]
    assert after.data["supply"]["orange"] == state.data["supply"]["orange"] + 2
    assert [t["cost"] for t in me["tiles"]] == [9] and me["fame"] == 2


def test_quarry_refuses_a_total_below_the_printed_minimum_and_other_colours() -> None:
    state = edit(ready_game(), 0, dice=dice(orange=[3, 5], blue=[6]))
    short = GAME.legal(
        state,
        move(
            state,
            type="place",
            seat=0,
            space="quarry",
            tile=tile("orange", 9),
            pay=[{"color": "orange", "value": 3}, {"color": "orange", "value": 5}],
        ),
    )
    assert short.status == "refused" and short.reason is not None
    assert short.reason.key == "rajas.refused.short_of_pips" and short.reason.params == {"paid": 8, "cost": 9}
    assert short.citation is not None and short.citation.rule == "quarry.pay_pips"
    mixed = GAME.legal(
        state,
        move(
            state,
            type="place",
            seat=0,
            space="quarry",
            tile=tile("orange", 9),
            pay=[{"color": "orange", "value": 5}, {"color": "blue", "value": 6}],
        ),
    )
    assert mixed.reason is not None and mixed.reason.key == "rajas.refused.wrong_color"


def test_karma_flip_pays_the_opposite_face() -> None:
    state = edit(ready_game(), 0, dice=dice(orange=[4, 2]), karma=1)
    after = do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=tile("orange", 9),
        pay=[{"color": "orange", "value": 4}, {"color": "orange", "value": 2, "as": 5}],
    )
    assert after.player(0)["karma"] == 0 and len(after.player(0)["tiles"]) == 1


def test_curve_connecting_two_special_incomes_gives_a_die_of_choice_and_5_money() -> None:
    facts = {
        **FACTS,
        "normal.income.1": {"kind": "dice", "count": 1},
        "normal.income.2": {"kind": "money", "amount": 5},
    }
    state = edit(ready_game(facts=facts), 0, dice=dice(green=[6]), money=3)
    after = do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=tile("green", 5, roads="curve"),
        pay=[{"color": "green", "value": 6}],
        connects=[1, 2],
    )
    assert after.player(0)["money"] == 3 - 1 + 5
    assert after.data["pending"][0] == {
        "kind": "roll",
        "seat": 0,
        "fixed": {},
        "free": 1,
        "reroll": None,
        "reason": "gain",
    }
    assert after.player(0)["incomes"] == [1, 2]


def test_two_buildings_give_5_fame_with_an_upgraded_mill_then_the_income_die_and_upgrade() -> None:
    facts = {
        **FACTS,
        "normal.income.3": {"kind": "all", "of": [{"kind": "dice", "count": 1}, {"kind": "upgrade", "count": 1}]},
    }
    state = edit(
        ready_game(facts=facts), 0, dice=dice(violet=[5, 4]), upgrades={"temple": 2, "palace": 2, "fort": 2, "mill": 3}
    )
    after = do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=tile("violet", 8, buildings=("temple", "mill")),
        pay=[{"color": "violet", "value": 5}, {"color": "violet", "value": 4}],
        connects=[3],
    )
    assert after.player(0)["fame"] == 5
    # Fame 5 is also the fame track's upgrade bonus; the income's die and upgrade follow the tile's gains.
    assert [p["kind"] for p in after.data["pending"]] == ["upgrade", "roll", "upgrade"]


def _rajesh_markets() -> list[dict[str, object]]:
    specs = [
        tile("blue", 3, (("tea", 3),)),
        tile("blue", 4, (("tea", 2),)),
        tile("green", 5, (("tea", 2),)),
        tile("orange", 6, (("silk", 2),)),
    ]
    return [laid(i + 1, s) for i, s in enumerate(specs)]


def test_mixed_market_example_scores_silk_and_one_tea_for_5_money() -> None:
    state = edit(ready_game(), 0, tiles=_rajesh_markets(), money=0)
    after = do(state, type="place", seat=0, space="market_mixed")
    assert after.player(0)["money"] == 5


def test_identical_market_example_scores_three_teas_with_a_4_for_7_money() -> None:
    state = edit(ready_game(), 0, tiles=_rajesh_markets(), money=0, dice=dice(blue=[4]))
    after = do(state, type="place", seat=0, space="market_identical", good="tea", pay=[{"color": "blue", "value": 4}])
    assert after.player(0)["money"] == 7 and after.player(0)["dice"]["blue"] == []


def test_mixed_market_takes_one_worker_per_player_at_three_players() -> None:
    state = edit(ready_game(3), None, spaces={"market_mixed": [0]})
    verdict = GAME.legal(state, move(state, type="place", seat=0, space="market_mixed"))
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.mixed_market_once"


def test_balcony_exchange_blue_die_for_two_orange() -> None:
    state = edit(ready_game(), 0, dice=dice(blue=[3]))
    after = do(state, type="place", seat=0, space="balcony.blue", pay=[{"color": "blue", "value": 3}])
    assert after.data["pending"][0]["fixed"] == {"orange": 2}
    rolled = do(after, type="roll", seat=0, dice=[{"color": "orange", "value": 2}, {"color": "orange", "value": 6}])
    assert rolled.player(0)["dice"] == dice(orange=[2, 6])
    assert rolled.data["supply"]["orange"] == state.data["supply"]["orange"] - 2


def test_terrace_takes_one_orange_die_which_is_rolled_onto_the_kali() -> None:
    state = ready_game()
    after = do(state, type="place", seat=0, space="terrace.orange")
    wrong = GAME.legal(after, move(after, type="roll", seat=0, dice=[{"color": "blue", "value": 4}]))
    assert wrong.status == "refused"
    rolled = do(after, type="roll", seat=0, dice=[{"color": "orange", "value": 4}])
    assert rolled.player(0)["dice"]["orange"] == [1, 4]
    assert rolled.data["turn_seat"] == 1


def test_master_builder_covers_orange_4_with_violet_6_paying_violet_2() -> None:
    state = edit(ready_game(), 0, dice=dice(green=[5], violet=[2, 1]), tiles=[laid(1, tile("orange", 4))])
    fields = {"type": "place", "seat": 0, "space": "room.master_builder", "cover": 1, "tile": tile("violet", 6)}
    short = GAME.legal(
        state, move(state, **fields, pay=[{"color": "green", "value": 5}, {"color": "violet", "value": 1}])
    )
    assert short.reason is not None and short.reason.key == "rajas.refused.short_of_pips"
    room_only = GAME.legal(state, move(state, **fields, pay=[{"color": "green", "value": 5}]))
    assert room_only.reason is not None and room_only.reason.key == "rajas.refused.tile_unpaid"
    after = do(state, **fields, pay=[{"color": "green", "value": 5}, {"color": "violet", "value": 2}])
    tiles = after.player(0)["tiles"]
    assert [(t["color"], t["covered"]) for t in tiles] == [("orange", True), ("violet", False)]
    assert tiles[1]["covers"] == 1 and after.player(0)["incomes"] == []


def test_port_move_skips_an_occupied_space_and_lands_on_an_upgrade() -> None:
    facts = {**FACTS, "2p.river.6": {"kind": "upgrade", "count": 1}, "2p.river.5": {"kind": "money", "amount": 9}}
    state = edit(ready_game(facts=facts), 1, boat=4)
    state = edit(
        state, 0, boat=3, money=5, dice=dice(blue=[2]), upgrades={"temple": 2, "palace": 2, "fort": 2, "mill": 3}
    )
    state = edit(state, None, spaces={"port": [1]})
    after = do(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": 2}], steps=2)
    # Space 4 holds the other boat and is not counted: two free spaces from 3 end on 6.
    assert after.player(0)["boat"] == 6 and after.data["pending"][0]["kind"] == "upgrade"
    assert after.player(0)["money"] == 4  # the second port space costs 1 (test data)
    upgraded = do(after, type="upgrade", seat=0, building="mill")
    assert upgraded.player(0)["upgrades"]["mill"] == 4


def _rajesh_and_leila_before_their_last_turns() -> RajasState:
    """The final-ranking example's position: Rajesh (seat 0) and Leila (seat 1) one quarry tile from the end."""
    facts = {k: v for k, v in FACTS.items() if not k.startswith("track.")}
    state = ready_game(facts=facts)
    state = edit(
        state,
        0,
        money=63,
        fame=27,
        money_bonus=4,
        fame_bonuses=[5, 24],
        dice=dice(blue=[6]),
        upgrades={"temple": 3, "palace": 2, "fort": 2, "mill": 2},
        extra_workers=["fame", "money"],
        extra_removed=True,
        workers=5,
    )
    state = edit(
        state,
        1,
        money=51,
        fame=32,
        money_bonus=4,
        fame_bonuses=[5, 24, 31],
        dice=dice(green=[6]),
        upgrades={"temple": 2, "palace": 2, "fort": 2, "mill": 3},
        extra_workers=["fame", "money"],
        extra_removed=True,
        workers=5,
    )
    return state


def test_final_ranking_rajesh_and_leila_at_equal_distance_rajesh_crossed_first() -> None:
    rajesh = do(
        _rajesh_and_leila_before_their_last_turns(),
        type="place",
        seat=0,
        space="quarry",
        pay=[{"color": "blue", "value": 6}],
        tile=tile("blue", 6, (("tea", 3),), ("temple",)),
    )
    assert (rajesh.player(0)["money"], rajesh.player(0)["fame"]) == (65, 30)
    assert rajesh.data["end"] == {"trigger": 0, "final": []} and rajesh.data["turn_seat"] == 1
    leila = do(
        rajesh,
        type="place",
        seat=1,
        space="quarry",
        pay=[{"color": "green", "value": 6}],
        tile=tile("green", 6, (("silk", 2),), ("temple", "mill")),
    )
    assert (leila.player(1)["money"], leila.player(1)["fame"]) == (52, 37)
    view = GAME.view(leila)
    assert view["is_over"] and [p["distance"] for p in view["players"]] == [2, 2]
    assert view["ranking"] == [0, 1]


def test_end_check_asks_which_fame_is_beside_an_unknown_money_space() -> None:
    facts = {k: v for k, v in FACTS.items() if not k.startswith("track.")}
    state = edit(
        ready_game(facts=facts),
        0,
        money=58,
        fame=27,
        money_bonus=4,
        fame_bonuses=[5, 24],
        dice=dice(blue=[6]),
        upgrades={"temple": 3, "palace": 2, "fort": 2, "mill": 2},
    )
    fields = {
        "type": "place",
        "seat": 0,
        "space": "quarry",
        "pay": [{"color": "blue", "value": 6}],
        "tile": tile("blue", 6, (("tea", 3),), ("temple",)),
    }
    verdict = GAME.legal(state, move(state, **fields))
    assert verdict.status == "undecided" and verdict.missing is not None
    assert verdict.missing.key == "track.money.60.fame"
    assert verdict.missing.question.key == "rajas.fact.q.money_fame"
    told = do(state, type="answer_fact", key="track.money.60.fame", value=30)
    after = do(told, **fields)
    assert after.data["end"] is not None and after.data["end"]["trigger"] == 0


@pytest.mark.parametrize("value", [4, 1])
def test_port_refuses_dice_above_3_and_exact_one_step_with_a_1(value: int) -> None:
    state = edit(ready_game(), 0, dice=dice(blue=[value]))
    verdict = GAME.legal(
        state, move(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": value}], steps=2)
    )
    assert verdict.status == "refused"
    assert verdict.reason is not None
    assert verdict.reason.key == ("rajas.refused.port_die" if value == 4 else "rajas.refused.port_steps")


@pytest.mark.parametrize(
    ("reward", "track", "gained"),
    [
        ({"kind": "money_per_market"}, "money", 5),  # five markets: 5 money
        ({"kind": "fame_per_upgrade"}, "fame", 3),  # three upgrades so far: 3 fame
        ({"kind": "money_per_upgrade"}, "money", 6),  # three upgrades so far: 6 money
        ({"kind": "fame_per_karma"}, "fame", 4),  # karma 2: 4 fame
        ({"kind": "market_identical", "max": 4}, "money", 10),  # four silk markets, all scored, no die paid
        ({"kind": "market_mixed"}, "money", 6),  # best silk (4) and the tea (2)
    ],
)
def test_river_reward_examples(reward: dict[str, object], track: str, gained: int) -> None:
    markets = [tile("blue", 3, (("silk", v),)) for v in (1, 2, 3, 4)] + [tile("green", 3, (("tea", 2),))]
    state = edit(
        ready_game(facts={**FACTS, "2p.river.1": reward}),
        0,
        tiles=[laid(n, t) for n, t in enumerate(markets, 1)],
        upgrades_done=3,
        karma=2,
        money=0,
        money_bonus=1,
        dice=dice(blue=[1]),
    )
    after = do(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": 1}])
    assert after.player(0)["boat"] == 1 and after.player(0)[track] - state.player(0)[track] == gained


def test_river_reward_karma_dice_gives_one_die_of_the_colour_per_karma_level() -> None:
    state = edit(ready_game(facts={**FACTS, "2p.river.1": {"kind": "karma_dice", "color": "green"}}), 0, karma=2)
    state = edit(state, 0, dice=dice(blue=[1]))
    after = do(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": 1}])
    assert after.data["pending"][0]["fixed"] == {"green": 2} and after.data["pending"][0]["free"] == 0
