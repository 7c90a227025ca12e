"""Rajas refusals as players read them on the tablet: what a pending decision asks is said in words (never the
engine's id of the move, "draw_yield"), a move that is plainly wrong is refused at once rather than after a question
about a printed fact that could not make it legal, a field left out is said as missing (never "not None"), and a
good or a count is never dropped unsaid."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from test_rajas_support import dice, edit, laid, move, new_game, players, ready_game, roll_start, tile

import companion.games.rajas as rajas
from companion.errors import MalformedRequest
from companion.games.base import Verdict
from companion.games.rajas import GAME
from companion.games.rajas.core import Refused
from companion.games.rajas.moves import choices
from companion.games.rajas.moves.choices import _MOVE_FOR
from companion.games.rajas.rules import judge
from companion.games.rajas.state import RajasState
from companion.i18n import translate

PACKAGE = Path(rajas.__file__).parent
LANGS = ("en", "fr")
SEATLESS = {"ganga_roll", "river_tile", "start_player"}
"""The decisions of the table as a whole, queued with no seat (modules/ganga.py, moves/setup.py)."""
NO_FACTS: dict[str, Any] = {}
"""Only what the shipped board file knows: slot counts, costs and the river's length are all unknown."""


def _words(message: Any, lang: str) -> str:
    return translate(lang, message.key, message.params)


def _said(error: MalformedRequest, lang: str) -> str:
    said = error.details["said"]
    return translate(lang, said["key"], said["params"])


def _pushed_kinds() -> set[str]:
    """The kind of every decision queued with push(data, {"kind": "...", ...}) in the package's source."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "push":
                for arg in node.args:
                    if isinstance(arg, ast.Dict):
                        for key, value in zip(arg.keys, arg.values, strict=True):
                            is_kind = isinstance(key, ast.Constant) and key.value == "kind"
                            if is_kind and isinstance(value, ast.Constant):
                                found.add(str(value.value))
    return found


# ---- 1. what is asked, in words, for every pending kind


def test_every_kind_of_decision_the_engine_queues_is_answered_by_a_move() -> None:
    pushed = _pushed_kinds()
    assert len(pushed) > 10 and pushed <= set(_MOVE_FOR)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(_MOVE_FOR))
def test_a_move_played_before_a_pending_decision_says_in_words_what_is_asked(kind: str, lang: str) -> None:
    seat = None if kind in SEATLESS else 1
    data = {"players": [{"name": "Asha"}, {"name": "Bruno"}], "pending": [{"kind": kind, "seat": seat}]}
    wrong = "pass" if _MOVE_FOR[kind] != "pass" else "roll"
    with pytest.raises(Refused) as refused:
        choices.resolve(data, {"type": wrong, "seat": 1})
    text = _words(refused.value.reason, lang)
    ids = {*_MOVE_FOR, *_MOVE_FOR.values()}
    assert not any(f"({i})" in text for i in ids), text
    assert "_" not in text and "{" not in text and "rajas." not in text, text
    assert ("Bruno" in text) == (seat is not None), text
    assert text != _words(refused.value.reason, "fr" if lang == "en" else "en")  # said in the page's language


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "First answer what is asked: Rajesh, roll the dice you take."),
        ("fr", "Répondez d'abord à ce qui est demandé : Rajesh, lancez les dés que vous prenez."),
    ],
)
def test_an_upgrade_during_the_start_rolls_says_the_roll_is_asked(lang: str, said: str) -> None:
    state = new_game(2)
    verdict = GAME.legal(state, move(state, type="upgrade", seat=0, building="temple"))
    assert verdict.status == "refused" and verdict.reason is not None
    assert _words(verdict.reason, lang) == said
    assert verdict.reason.params["expected"] == "roll"  # the API still has the move type


@pytest.mark.parametrize(
    ("kind", "lang", "said"),
    [
        ("yield_draw", "en", "First answer what is asked: Rajesh, choose the white yield tile you drew."),
        ("room", "en", "First answer what is asked: Rajesh, choose the palace room."),
        ("upgrade", "en", "First answer what is asked: Rajesh, choose the building to upgrade."),
        ("room", "fr", "Répondez d'abord à ce qui est demandé : Rajesh, choisissez la chambre du palais."),
    ],
)
def test_a_worker_placed_while_a_choice_waits_names_the_choice(kind: str, lang: str, said: str) -> None:
    state = edit(ready_game(2), pending=[{"kind": kind, "seat": 0, "rooms": [2, 3], "count": 1}])
    verdict = GAME.legal(state, move(state, type="place", seat=0, space="terrace.blue"))
    assert verdict.reason is not None and _words(verdict.reason, lang) == said


# ---- 2. a move the dice (or other rules needing no printed fact) refuse is refused at once


def _refused(state: RajasState, reason: str, **fields: Any) -> Verdict:
    verdict = GAME.legal(state, move(state, **fields))
    assert verdict.status == "refused", verdict.missing
    assert verdict.reason is not None and verdict.reason.key == f"rajas.refused.{reason}"
    return verdict


def _unknown(count: int = 2, modules: tuple[str, ...] = ()) -> RajasState:
    """Round 1, seat 0 to place, with no printed fact told: the slots, their prices, the river are unknown."""
    return roll_start(new_game(count, modules, NO_FACTS))


def test_too_few_pips_for_a_tile_are_refused_at_once_naming_the_dice() -> None:
    state = edit(_unknown(), 0, dice=dice(blue=[1, 2]))
    verdict = _refused(
        state, "short_of_pips", type="place", seat=0, space="quarry", tile=tile("blue", 5), pay=[_die("blue", 1)]
    )
    assert _words(verdict.reason, "en") == "The dice paid show 1; at least 5 is needed."


def _die(color: str, value: int) -> dict[str, Any]:
    return {"color": color, "value": value}


def test_dice_of_another_colour_for_a_tile_are_refused_at_once() -> None:
    state = edit(_unknown(), 0, dice=dice(green=[6]))
    _refused(state, "wrong_color", type="place", seat=0, space="quarry", tile=tile("blue", 5), pay=[_die("green", 6)])


def test_a_quarry_move_the_dice_pay_for_still_asks_the_printed_fact() -> None:
    state = edit(_unknown(), 0, dice=dice(blue=[6]))
    verdict = GAME.legal(
        state, move(state, type="place", seat=0, space="quarry", tile=tile("blue", 5), pay=[_die("blue", 6)])
    )
    assert verdict.status == "undecided" and verdict.missing is not None
    assert verdict.missing.key == "2p.quarry.slots"


def test_an_income_joined_already_is_refused_before_any_question() -> None:
    state = edit(_unknown(), 0, dice=dice(blue=[6]), incomes=[2])
    fields = {"tile": tile("blue", 5), "pay": [_die("blue", 6)], "connects": [2]}
    _refused(state, "income_already", type="place", seat=0, space="quarry", **fields)


@pytest.mark.parametrize(
    ("pay", "reason"),
    [([_die("blue", 5)], "port_die"), ([_die("blue", 1), _die("blue", 2)], "pay_one_die")],
)
def test_a_wrong_die_at_the_port_is_refused_before_the_river_is_asked(pay: list[dict[str, Any]], reason: str) -> None:
    state = edit(_unknown(), 0, dice=dice(blue=[1, 2, 5]))
    _refused(state, reason, type="place", seat=0, space="port", pay=pay)


def test_a_port_move_its_die_allows_still_asks_the_printed_fact() -> None:
    state = edit(_unknown(), 0, dice=dice(blue=[2]))
    verdict = GAME.legal(state, move(state, type="place", seat=0, space="port", pay=[_die("blue", 2)]))
    assert verdict.status == "undecided"


def test_two_dice_at_the_identical_goods_market_are_refused_before_its_slots_are_asked() -> None:
    state = edit(_unknown(), 0, dice=dice(blue=[1, 2]))
    pay = [_die("blue", 1), _die("blue", 2)]
    _refused(state, "pay_one_die", type="place", seat=0, space="market_identical", pay=pay, good="silk")


def test_a_second_worker_on_the_mixed_goods_market_is_refused_before_its_slots_are_asked() -> None:
    state = edit(_unknown(3), None, spaces={"market_mixed": [0]})
    _refused(state, "mixed_market_once", type="place", seat=0, space="market_mixed")


def test_a_full_area_whose_slots_are_known_is_refused_before_its_action_asks_a_fact() -> None:
    # Mango villages: 2 players, one village slot (shipped); scoring a village that moves the boat asks the river.
    village = laid(1, {"color": "blue", "kind": "village", "reward": {"kind": "next_free"}})
    state = edit(_unknown(modules=("mango",)), 0, tiles=[village])
    assert GAME.legal(state, move(state, type="place", seat=0, space="village", villages=[1])).status == "undecided"
    full = edit(state, None, spaces={"village": [1]})
    _refused(full, "area_full", type="place", seat=0, space="village", villages=[1])


def test_rolling_again_a_die_not_owned_is_refused_before_the_outer_terrace_is_asked() -> None:
    state = edit(_unknown(), 0, dice=dice(blue=[1]))
    _refused(state, "die_not_owned", type="place", seat=0, space="outer_terrace", reroll=[_die("green", 6)])


def test_wrong_steps_for_the_portuguese_are_refused_before_the_river_is_asked() -> None:
    state = edit(_unknown(), 0, dice=dice(blue=[6]))
    _refused(state, "portuguese_steps", type="place", seat=0, space="room.portuguese", pay=[_die("blue", 6)], steps=2)


def test_the_dolphin_on_a_boat_is_refused_before_the_river_is_asked() -> None:
    state = edit(_unknown(), 1, boat=4)
    state = edit(state, None, pending=[{"kind": "dolphin", "seat": 0, "max": 0}])
    _refused(state, "dolphin_space", type="dolphin", seat=0, space=4)


def test_two_dice_for_a_river_tile_are_refused_before_the_river_is_asked() -> None:
    state = _unknown(modules=("ganga",))
    assert state.data["pending"][0]["kind"] == "ganga_roll"
    _refused(state, "one_die", type="roll", seat=0, dice=[_die("blue", 1), _die("blue", 2)])
    assert GAME.legal(state, move(state, type="roll", seat=0, dice=[_die("blue", 3)])).status == "undecided"


def test_a_taken_space_for_a_module_2_tile_is_refused_before_the_river_is_asked() -> None:
    state = edit(roll_start(new_game(2, ("ganga2",), NO_FACTS)), None, river_tiles={"5": {"kind": "dolphin"}})
    assert state.data["pending"][0] == {"kind": "river_tile", "seat": None, "space": None}
    _refused(state, "dolphin_space", type="river_tile", seat=0, space=5, tile={"kind": "upgrade", "count": 2})
    _refused(state, "module2_tile", type="river_tile", seat=0, space=6, tile={"kind": "dolphin"})


# ---- 3. a field left out is said as missing, with the values it takes


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Field seat is missing: say which player makes this move, 0 for Rajesh or 1 for Leila."),
        ("fr", "Le champ seat manque : dites quel joueur fait ce coup, 0 pour Rajesh ou 1 pour Leila."),
    ],
)
def test_a_move_without_its_seat_says_the_player_is_missing_and_who_may_play(lang: str, said: str) -> None:
    state = ready_game(2)
    with pytest.raises(MalformedRequest) as error:
        GAME.parse_move(state, {"type": "place", "space": "market_mixed"})
    assert error.value.details["field"] == "seat" and _said(error.value, lang) == said
    assert "None" not in str(error.value) and "missing" in str(error.value)


def test_a_seat_out_of_range_still_says_the_range() -> None:
    state = GAME.setup(players(3), {"facts": {}}, 1)
    with pytest.raises(MalformedRequest) as error:
        GAME.parse_move(state, {"type": "roll", "seat": 3, "dice": []})
    assert _said(error.value, "en") == "Field seat: a whole number from 0 to 2, not 3."


@pytest.mark.parametrize(
    ("die", "field", "said"),
    [
        ({"color": "blue"}, "pay[0].value", "Field pay[0].value is missing: a whole number from 1 to 6."),
        ({"value": 3}, "pay[0].color", "Field pay[0].color is missing: it takes one of blue, green, orange, violet."),
    ],
)
def test_a_die_without_its_value_or_colour_says_what_is_missing(die: dict[str, Any], field: str, said: str) -> None:
    state = ready_game(2)
    with pytest.raises(MalformedRequest) as error:
        GAME.parse_move(state, {"type": "place", "seat": 0, "space": "port", "pay": [die]})
    assert error.value.details["field"] == field and _said(error.value, "en") == said


def test_a_move_without_its_type_says_the_type_is_missing() -> None:
    with pytest.raises(MalformedRequest) as error:
        GAME.parse_move(ready_game(2), {"seat": 0})
    assert _said(error.value, "fr").startswith("Le champ type manque : dites de quel coup il s'agit, parmi place,")


# ---- 4. a good and a count are never dropped unsaid


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Field good is missing: the identical-goods market scores markets of one good; say which, silk, tea or"
            " spices.",
        ),
        (
            "fr",
            "Le champ good manque : le marché de marchandises identiques compte des marchés d'une seule marchandise ;"
            " dites laquelle, soie, thé ou épices.",
        ),
    ],
)
def test_a_count_without_its_good_at_the_identical_goods_market_names_the_good(lang: str, said: str) -> None:
    state = edit(ready_game(2), 0, dice=dice(blue=[3]))
    with pytest.raises(MalformedRequest) as error:
        GAME.parse_move(
            state, {"type": "place", "seat": 0, "space": "market_identical", "pay": [_die("blue", 3)], "count": 2}
        )
    assert error.value.details["field"] == "good" and _said(error.value, lang) == said


@pytest.mark.parametrize("field", ["count", "good"])
def test_a_count_or_a_good_at_the_mixed_goods_market_is_refused_not_dropped(field: str) -> None:
    value = 2 if field == "count" else "silk"
    with pytest.raises(MalformedRequest) as error:
        GAME.parse_move(ready_game(2), {"type": "place", "seat": 0, "space": "market_mixed", field: value})
    assert error.value.details["field"] == field
    assert _said(error.value, "en") == (
        f"Field {field}: only the identical-goods market takes a good and a count, not the market of mixed goods."
    )


def test_the_markets_named_at_the_identical_goods_market_say_their_good() -> None:
    silk = tile("blue", 3, (("silk", 3), ("silk", 2)))
    state = edit(ready_game(2), 0, dice=dice(blue=[3]), tiles=[laid(1, silk)], money=0)
    markets = [{"good": "silk", "value": 3}, {"good": "silk", "value": 2}]
    parsed = move(state, type="place", seat=0, space="market_identical", pay=[_die("blue", 3)], markets=markets)
    assert parsed["good"] == "silk"
    assert GAME.apply(state, parsed).data["players"][0]["money"] == 5


def test_a_hand_built_identical_goods_move_without_its_good_is_refused_as_such() -> None:
    state = edit(ready_game(2), 0, dice=dice(blue=[3]))
    built = {
        "type": "place",
        "seat": 0,
        "space": "market_identical",
        "pay": [{**_die("blue", 3), "as": 3, "via": None}],
    }
    verdict, _ = judge(state.data, built)
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.good_needed"


@pytest.mark.parametrize(
    ("market", "field", "said"),
    [
        (
            {"value": 2},
            "tile.markets[0].good",
            "Market 1 of the tile (field tile.markets[0].good): its good is missing",
        ),
        ({"good": "tea", "value": None}, "tile.markets[0].value", "Market 1 of the tile (field tile.markets[0].value)"),
    ],
)
def test_a_market_with_a_value_but_no_good_names_the_good(market: dict[str, Any], field: str, said: str) -> None:
    state = edit(ready_game(2), 0, dice=dice(blue=[6]))
    sent = {
        "type": "place",
        "seat": 0,
        "space": "quarry",
        "pay": [_die("blue", 6)],
        "tile": {**tile("blue", 5), "markets": [market]},
    }
    with pytest.raises(MalformedRequest) as error:
        GAME.parse_move(state, sent)
    assert error.value.details["field"] == field and _said(error.value, "en").startswith(said)
    assert "None" not in _said(error.value, "en")
