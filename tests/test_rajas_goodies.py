"""Goodie Box 1 details: Imperial Flag, Akbar's Bridge, Ashoka Pillar, Gemstone Trader, Test of Fate order."""

from __future__ import annotations

from typing import Any

from test_rajas_support import dice, do, edit, laid, move, new_game, ready_game, roll_start, tile

from companion.games.rajas import GAME
from companion.games.rajas.definition import AKBAR_AT_START_FROM
from companion.games.rajas.state import RajasState


def _die(color: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"color": color, "value": value, **extra}


def _tiger(name: str, color: str = "orange") -> dict[str, Any]:
    return {**tile(color, 0, kind="tiger"), "name": name}


def _build_flag(state: RajasState, name: str = "imperial_flag") -> RajasState:
    """Seat 0 builds a tiger tile, the Imperial Flag unless named, with two orange dice (the quarry's first space
    costs 1: test data)."""
    return do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=_tiger(name),
        pay=[_die("orange", 3), _die("orange", 5)],
    )


def test_imperial_flag_uses_again_the_action_of_a_space_holding_ones_worker() -> None:
    state = edit(ready_game(2, ("tiger",)), 0, dice=dice(orange=[3, 5], green=[2]), placed=1)
    state = edit(state, None, spaces={"terrace.blue": [0]})
    built = _build_flag(state)
    assert built.data["pending"] == [{"kind": "flag", "seat": 0}]
    elsewhere = GAME.legal(built, move(built, type="reuse", seat=0, space="terrace.green"))
    assert elsewhere.reason is not None and elsewhere.reason.key == "rajas.refused.reuse_no_worker"
    again = do(built, type="reuse", seat=0, space="terrace.blue")
    # The blue terrace gives its die a second time, rolled like any die taken from the supply.
    assert again.data["pending"][0]["kind"] == "roll" and again.data["pending"][0]["fixed"] == {"blue": 1}
    assert again.data["spaces"]["terrace.blue"] == [0] and again.player(0)["placed"] == 2


def test_imperial_flag_pays_again_for_a_quarry_build_and_may_be_declined() -> None:
    state = edit(ready_game(2, ("tiger",)), 0, dice=dice(orange=[3, 5], blue=[4]), money=5)
    built = _build_flag(state)
    assert built.player(0)["money"] == 4
    again = do(built, type="reuse", seat=0, space="quarry", tile=tile("blue", 4, (("tea", 2),)), pay=[_die("blue", 4)])
    # The worker stands on quarry space 1 (cost 1, test data): paid again, then the tea market's 2 money.
    assert again.player(0)["money"] == 4 - 1 + 2 and len(again.player(0)["tiles"]) == 2
    declined = do(built, type="reuse", seat=0, decline=True)
    assert declined.data["pending"] == [] and declined.data["turn_seat"] == 1


def test_imperial_flag_example_a_1_also_opens_the_dancer_and_the_portuguese() -> None:
    flag = laid(1, _tiger("imperial_flag"))
    state = edit(ready_game(2, ("tiger",)), 0, tiles=[flag], dice=dice(blue=[1]))
    for room in ("dancer", "portuguese", "mogul"):
        assert GAME.legal(
            state, move(state, type="place", seat=0, space=f"room.{room}", pay=[_die("blue", 1)])
        ).is_allowed
    yogi = GAME.legal(state, move(state, type="place", seat=0, space="room.yogi", pay=[_die("blue", 1)]))
    assert yogi.reason is not None and yogi.reason.key == "rajas.refused.room_value"


def test_ashoka_pillar_example_karma_on_a_2_gives_4_5_or_6() -> None:
    pillar = laid(1, _tiger("ashoka_pillar"))
    state = edit(ready_game(2, ("tiger",)), 0, tiles=[pillar], dice=dice(green=[2]), karma=1)
    for face, room in ((4, "raja"), (6, "portuguese")):
        paid = [_die("green", 2, **{"as": face, "via": "karma"})]
        assert GAME.legal(state, move(state, type="place", seat=0, space=f"room.{room}", pay=paid)).is_allowed
    bare = edit(state, 0, tiles=[])
    paid = [_die("green", 2, **{"as": 4, "via": "karma"})]
    refused = GAME.legal(bare, move(bare, type="place", seat=0, space="room.raja", pay=paid))
    assert refused.reason is not None and refused.reason.key == "rajas.refused.karma_face"


def _reach_fame_31(bridge: bool) -> RajasState:
    tiles = [laid(1, _tiger("akbar_bridge"))] if bridge else []
    state = edit(ready_game(2, ("tiger",)), 0, tiles=tiles, fame=29, fame_bonuses=[5, 24], dice=dice(blue=[4]))
    return do(
        state, type="place", seat=0, space="quarry", tile=tile("blue", 4, buildings=("temple",)), pay=[_die("blue", 4)]
    )


def test_akbars_bridge_lets_the_fame_31_bonus_go_one_free_space_further() -> None:
    plain = _reach_fame_31(bridge=False)
    assert plain.player(0)["fame"] == 31 and plain.player(0)["boat"] == 1
    bridged = _reach_fame_31(bridge=True)
    assert bridged.data["pending"][0] == {"kind": "boat", "seat": 0, "max": 2}
    too_far = GAME.legal(bridged, move(bridged, type="boat", seat=0, steps=3))
    assert too_far.reason is not None and too_far.reason.key == "rajas.refused.port_steps"
    assert do(bridged, type="boat", seat=0, steps=2).player(0)["boat"] == 2


def test_akbars_bridge_lets_the_portuguese_move_7_spaces() -> None:
    state = edit(ready_game(2, ("tiger",)), 0, tiles=[laid(1, _tiger("akbar_bridge"))], dice=dice(blue=[6]))
    after = do(state, type="place", seat=0, space="room.portuguese", pay=[_die("blue", 6)], steps=7)
    assert after.player(0)["boat"] == 7


def test_gemstone_trader_gained_on_the_last_turn_of_a_round_works_from_the_next_round() -> None:
    base = edit(ready_game(2, ("gemstone",)), 0, fame=8, dice=dice(blue=[4]))
    fields: dict[str, Any] = {
        "type": "place",
        "seat": 0,
        "space": "quarry",
        "tile": tile("blue", 4, buildings=("temple",)),
        "pay": [_die("blue", 4)],
    }
    early = do(base, **fields)
    assert early.player(0)["fame"] == 10 and early.player(0)["gemstone"] == "ready"
    last = do(edit(base, 0, placed=2), **fields)
    # No unplaced worker left: the trader replaces one already on the board and cannot be placed this round.
    assert last.player(0)["gemstone"] == "used" and last.player(0)["workers"] == 3


def test_gemstone_trader_turns_a_die_to_any_number_without_karma_as_the_table_form_posts_it() -> None:
    # Goodie Box, The Gemstone Trader: one die used on his turn shows the number of one's choice. The table's form
    # never says how a die was turned, so near the opposite face (a 2 used as 4, 5 or 6) it is not a karma flip.
    state = edit(ready_game(2, ("gemstone",)), 0, gemstone="ready", dice=dice(green=[2]), karma=0)
    for used, space in ((4, "room.raja"), (6, "room.portuguese"), (1, "room.mogul"), (3, "room.yogi")):
        fields = {"type": "place", "seat": 0, "space": space, "worker": "gemstone"}
        verdict = GAME.legal(state, move(state, **fields, pay=[_die("green", 2, **{"as": used})]))
        assert verdict.status == "allowed", (used, verdict.reason)
    # A 3 used as the 4 on its back: karma could turn it, but the trader's free turn spares the karma.
    opposite = edit(state, 0, dice=dice(green=[3]), karma=2)
    kept = do(opposite, type="place", seat=0, space="room.raja", worker="gemstone", pay=[_die("green", 3, **{"as": 4})])
    assert kept.player(0)["karma"] == 2


def test_gemstone_trader_turns_one_die_freely_and_karma_flips_the_other() -> None:
    # Two dice turned on the trader's turn: the one karma cannot reach takes his free turn, the other is a flip.
    state = edit(ready_game(2, ("gemstone",)), 0, gemstone="ready", dice=dice(blue=[2, 3]), karma=1)
    pay = [_die("blue", 2, **{"as": 3}), _die("blue", 3, **{"as": 4})]  # a 3 shows 4 on its back: karma
    fields = {"type": "place", "seat": 0, "space": "quarry", "worker": "gemstone", "tile": tile("blue", 4)}
    after = do(state, **fields, pay=pay)
    assert after.player(0)["karma"] == 0
    normal = GAME.legal(state, move(state, **{**fields, "worker": "normal"}, pay=pay))
    assert normal.reason is not None and normal.reason.key == "rajas.refused.karma_face"


def test_gemstone_trader_cannot_be_taken_back_by_the_shalimar_gardens() -> None:
    state = edit(
        ready_game(2, ("gemstone", "shalimar")),
        0,
        gemstone="used",
        gemstone_at="terrace.blue",
        placed=1,
        dice=dice(green=[1], blue=[2]),
    )
    state = edit(state, None, spaces={"terrace.blue": [0]})
    fields = {
        "type": "place",
        "seat": 0,
        "space": "quarry",
        "tile": tile("green", 0, kind="shalimar"),
        "pay": [_die("green", 1), _die("blue", 2)],
        "recall": "terrace.blue",
    }
    refused = GAME.legal(state, move(state, **fields))
    assert refused.reason is not None and refused.reason.key == "rajas.refused.gemstone_recall"
    assert refused.citation is not None and refused.citation.rule == "gemstone.turn"


def _garden_from_the_quarry(state: RajasState, pay: list[dict[str, Any]]) -> RajasState:
    """Seat 0 builds the green Shalimar garden at the quarry and takes back a worker from the quarry."""
    return do(
        state, type="place", seat=0, space="quarry", tile=tile("green", 0, kind="shalimar"), pay=pay, recall="quarry"
    )


def test_shalimar_garden_may_take_back_the_worker_that_built_it() -> None:
    # Goodie Box, Shalimar bonus: any worker of one's own already placed, once the garden is built: the builder too.
    state = edit(ready_game(2, ("shalimar",)), 0, dice=dice(green=[2], blue=[3]))
    after = _garden_from_the_quarry(state, [_die("green", 2), _die("blue", 3)])
    assert after.player(0)["placed"] == 0
    assert 0 not in after.data["spaces"]["quarry"]


def test_a_garden_built_by_the_gemstone_trader_cannot_take_the_trader_himself_back() -> None:
    # Goodie Box, The Gemstone Trader: once a round; the Shalimar gardens may not take him back the same round.
    state = edit(ready_game(2, ("gemstone", "shalimar")), 0, gemstone="ready", dice=dice(green=[2], blue=[3]))
    fields = {"type": "place", "seat": 0, "space": "quarry", "worker": "gemstone", "recall": "quarry"}
    verdict = GAME.legal(
        state, move(state, **fields, tile=tile("green", 0, kind="shalimar"), pay=[_die("green", 2), _die("blue", 3)])
    )
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.gemstone_recall"


def test_shalimar_garden_built_over_a_tile_by_the_master_builder_takes_a_worker_back() -> None:
    state = do(ready_game(2, ("shalimar",)), type="place", seat=0, space="outer_terrace")
    state = do(state, type="place", seat=1, space="outer_terrace")
    state = edit(state, 0, dice=dice(blue=[5], green=[1]), tiles=[laid(1, tile("orange", 4, (("tea", 2),)))])
    state.data["next_tile_id"] = 2
    after = do(
        state,
        type="place",
        seat=0,
        space="room.master_builder",
        cover=1,
        tile=tile("green", 0, kind="shalimar"),
        pay=[_die("blue", 5), _die("green", 1)],
        recall="outer_terrace",
    )
    assert after.player(0)["placed"] == 1
    assert after.data["spaces"]["outer_terrace"] == [1]


def test_shalimar_garden_frees_its_quarry_slot_and_the_next_worker_there_pays_that_slots_price() -> None:
    # Base rules: the quarry fills from the left; Goodie Box, Shalimar: the space freed may be used again. Test
    # prices: slot 1 costs 1, slot 3 costs 2. Asha's worker taken back frees slot 1: Bruno's next pays 1, not 2.
    state = edit(ready_game(2, ("shalimar",)), 0, dice=dice(blue=[3], green=[2, 4]), money=10)
    state = edit(state, 1, dice=dice(blue=[3, 6]), money=10)
    state = do(state, type="place", seat=0, space="quarry", tile=tile("blue", 3), pay=[_die("blue", 3)])
    state = do(state, type="place", seat=1, space="quarry", tile=tile("blue", 3), pay=[_die("blue", 3)])
    state = _garden_from_the_quarry(state, [_die("green", 2), _die("green", 4)])
    assert GAME.view(state)["spaces"]["quarry"] == [1, 0]
    money = state.player(1)["money"]
    state = do(state, type="place", seat=1, space="quarry", tile=tile("blue", 6), pay=[_die("blue", 6)])
    assert money - state.player(1)["money"] == 1
    assert GAME.view(state)["spaces"]["quarry"] == [1, 1, 0]


_BLACK_MARKET = laid(1, {**_tiger("black_market", "violet"), "stack": "tiger"})
_TEA = laid(2, tile("blue", 3, (("tea", 2),)))


def test_black_market_note_it_counts_as_a_market_tile_for_the_test_of_fate_penalty() -> None:
    # Goodie Box, Black Market note: it counts as a market. Passing the money fate tile on 24 from 23 costs one
    # money per own tile with a market: the tea tile and the Black Market, 2, back to 23: the tile is turned over.
    state = edit(ready_game(3, ("tiger", "fate")), 0, money=23, money_bonus=1, tiles=[_BLACK_MARKET, _TEA])
    state.data["next_tile_id"] = 3
    for seat in (1, 2):
        state = edit(state, seat, money=30)  # nobody behind on the money track
    after = do(state, type="place", seat=0, space="outer_terrace")  # 2 money: 23 -> 25
    assert after.player(0)["money"] == 23 and after.player(0)["fate"]["money"] == "flipped"
    assert not after.data["pending"]  # no free tile


def test_black_market_note_it_counts_as_a_market_tile_for_the_brown_yield_tile() -> None:
    state = roll_start(new_game(2, ("tiger", "navaratnas")))
    state = do(
        state, type="take_yield", seat=0, income=1, tile={"color": "brown", "reward": {"kind": "fame_per_market_tile"}}
    )
    state = do(
        state, type="take_yield", seat=1, income=1, tile={"color": "brown", "reward": {"kind": "fame_per_worker"}}
    )
    state = edit(state, 0, tiles=[_BLACK_MARKET, _TEA], dice=dice(orange=[4]), fame=6, fame_bonuses=[5])
    state.data["next_tile_id"] = 3
    before = state.player(0)["fame"]
    after = do(
        state, type="place", seat=0, space="quarry", tile=tile("orange", 4), pay=[_die("orange", 4)], connects=[1]
    )
    assert after.player(0)["fame"] - before == 2  # the tea tile and the Black Market


def test_test_of_fate_keeps_the_fame_24_bonus_reached_before_the_penalty() -> None:
    upgraded = {"temple": 4, "palace": 4, "fort": 4, "mill": 4}
    state = edit(
        ready_game(2, ("fate",)), 0, fame=16, karma=0, fame_bonuses=[5], upgrades=upgraded, dice=dice(blue=[5])
    )
    fields = {"type": "place", "seat": 0, "space": "quarry", "pay": [_die("blue", 5)]}
    two = tile("blue", 5, buildings=("temple", "fort"))
    verdict = GAME.legal(state, move(state, **fields, tile=two))
    assert verdict.reason is not None and verdict.reason.key == "rajas.note.fate_order"
    assert verdict.citation is not None and verdict.citation.rule == "fate.order"
    after = do(state, **fields, tile=two)
    me = after.player(0)
    # 16 + 8 = 24: the karma bonus on 24 is taken; then back 1 (one player behind) and 1 (one building tile).
    assert me["fame"] == 22 and me["karma"] == 2 and 24 in me["fame_bonuses"] and me["fate"]["fame"] == "done"
    again = edit(after, None, turn_seat=0, turn={"placed": False, "gemstone": False, "worker": None})
    again = edit(again, 0, karma=0, dice=dice(blue=[5]))
    later = do(again, **fields, tile=tile("blue", 5, buildings=("temple",)))
    assert later.player(0)["fame"] == 26 and later.player(0)["karma"] == 0  # each bonus is taken once


def _build_akbar(version: int) -> RajasState:
    """Seat 0, its boat still on the start space, builds Akbar's Bridge with two orange dice."""
    state = edit(edit(ready_game(2, ("tiger",)), None, version=version), 0, dice=dice(orange=[3, 5]), boat=0)
    return _build_flag(state, "akbar_bridge")


def test_akbars_bridge_built_with_the_boat_at_the_start_gives_nothing_at_once_and_asks_nothing() -> None:
    built = _build_akbar(AKBAR_AT_START_FROM)
    assert built.data["pending"] == [] and built.data["turn_seat"] == 1
    assert built.player(0)["boat"] == 0


def test_a_game_begun_before_that_fix_still_asks_the_imperial_flags_question_as_it_was_played() -> None:
    assert _build_akbar(AKBAR_AT_START_FROM - 1).data["pending"] == [{"kind": "flag", "seat": 0}]
