"""At the two market spaces the player names the markets scored (best ones by default): with the Test of Fate a worse
market can be the one wanted (Goodie Box 1, The Test of Fate, its note on the market spaces)."""

from __future__ import annotations

from typing import Any

import pytest
from test_rajas_support import dice, do, edit, laid, move, ready_game, tile

from companion.errors import MalformedRequest
from companion.games.rajas import GAME
from companion.games.rajas.state import RajasState


def _three_markets(modules: tuple[str, ...] = ("fate",)) -> RajasState:
    """Seat 0 on money 22 (bonus on 12 taken) with silk 5, silk 2 and tea 1 on three tiles; seat 1 is ahead, on 30."""
    markets = [
        laid(1, tile("blue", 5, (("silk", 5),))),
        laid(2, tile("green", 3, (("silk", 2),))),
        laid(3, tile("orange", 2, (("tea", 1),))),
    ]
    state = edit(ready_game(2, modules), 0, money=22, money_bonus=1, tiles=markets, dice=dice(violet=[1, 3]))
    return edit(state, 1, money=30)


def _silk(value: int) -> dict[str, Any]:
    return {"good": "silk", "value": value}


def test_test_of_fate_note_scoring_the_worse_silk_market_falls_behind_the_fate_tile() -> None:
    # 22 + 2 reaches the fate tile on 24; back 3 for three market tiles (nobody behind): 21, the tile is turned.
    after = do(_three_markets(), type="place", seat=0, space="market_mixed", markets=[_silk(2)])
    assert after.player(0)["money"] == 21 and after.player(0)["fate"]["money"] == "flipped"


def test_test_of_fate_the_best_markets_by_default_pass_the_fate_tile_for_good() -> None:
    # Silk 5 and tea 1: 22 + 6 = 28, back 3 to 25, still past 24: the tile is removed, no free tile later.
    after = do(_three_markets(), type="place", seat=0, space="market_mixed")
    assert after.player(0)["money"] == 25 and after.player(0)["fate"]["money"] == "done"


def test_the_identical_goods_market_scores_the_markets_named() -> None:
    state = _three_markets(())
    pay = [{"color": "violet", "value": 1}]
    after = do(state, type="place", seat=0, space="market_identical", pay=pay, good="silk", markets=[_silk(2)])
    assert after.player(0)["money"] == 24
    best = do(state, type="place", seat=0, space="market_identical", pay=pay, good="silk")
    assert best.player(0)["money"] == 27


@pytest.mark.parametrize(
    ("fields", "reason", "rule"),
    [
        ({"space": "market_mixed", "markets": [_silk(5), _silk(2)]}, "one_market_per_good", "market.mixed"),
        ({"space": "market_mixed", "markets": [_silk(3)]}, "no_such_market", "market.mixed"),
        (
            {"space": "market_identical", "pay": [{"color": "violet", "value": 3}], "good": "silk"}
            | {"markets": [_silk(2), _silk(2)]},
            "no_such_market",
            "market.identical",
        ),
        (
            {"space": "market_identical", "pay": [{"color": "violet", "value": 3}], "good": "silk"}
            | {"markets": [{"good": "tea", "value": 1}]},
            "market_other_good",
            "market.identical",
        ),
        (
            {"space": "market_identical", "pay": [{"color": "violet", "value": 1}], "good": "silk"}
            | {"markets": [_silk(5), _silk(2)]},
            "too_many_markets",
            "market.identical",
        ),
    ],
)
def test_markets_named_that_the_rules_refuse_say_which(fields: dict[str, Any], reason: str, rule: str) -> None:
    state = _three_markets()
    verdict = GAME.legal(state, move(state, type="place", seat=0, **fields))
    assert verdict.status == "refused" and verdict.reason is not None
    assert verdict.reason.key == f"rajas.refused.{reason}"
    assert verdict.citation is not None and verdict.citation.rule == rule


def test_markets_are_named_instead_of_goods_or_count_not_with_them() -> None:
    state = _three_markets()
    with pytest.raises(MalformedRequest, match="field goods"):
        move(state, type="place", seat=0, space="market_mixed", goods=["silk"], markets=[_silk(2)])
    with pytest.raises(MalformedRequest, match="field markets"):
        move(state, type="place", seat=0, space="market_mixed", markets=[{"good": "silk", "value": 9}])
