"""A question for a printed fact says which part of the move needs it (facts.with_why), in French and English."""

from __future__ import annotations

import pytest
from test_rajas_support import FACTS, dice, do, edit, move, ready_game

from companion.games.base import Message, MissingFact
from companion.games.rajas import GAME
from companion.games.rajas.definition import BOAT_BONUS_ASKED_FROM
from companion.games.rajas.facts import question, with_why
from companion.games.rajas.state import RajasState
from companion.i18n import translate

# River space 1 gives 4 money; space 2 is left unknown (test data).
FACTS_NO_2 = {**{k: v for k, v in FACTS.items() if k != "2p.river.2"}, "2p.river.1": {"kind": "money", "amount": 4}}


def _port_to_space_1(version: int) -> RajasState:
    """Seat 0 at money 10 moves the boat 1 space from the port: 4 money, so money 12 and its boat bonus."""
    state = edit(ready_game(2, facts=FACTS_NO_2), None, version=version)
    return edit(state, 0, money=10, money_bonus=0, dice=dice(blue=[1]))


def _why(verdict_missing: MissingFact | None) -> object:
    assert verdict_missing is not None
    return verdict_missing.question.params.get("why")


def test_port_reward_reaching_money_12_asks_river_space_2_for_the_money_tracks_boat_bonus() -> None:
    state = _port_to_space_1(version=1)
    verdict = GAME.legal(state, move(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": 1}]))
    assert verdict.status == "undecided" and verdict.missing is not None and verdict.missing.key == "2p.river.2"
    # The port moved the boat too, but space 2 is asked for the bonus, not for the port's own move.
    assert _why(verdict.missing) == {"key": "rajas.fact.why.money_boat"}


def test_taking_the_asked_boat_bonus_asks_for_it_too() -> None:
    state = _port_to_space_1(version=BOAT_BONUS_ASKED_FROM)
    asked = do(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": 1}])
    assert asked.data["pending"][0] == {"kind": "boat", "seat": 0, "max": 1, "why": "money", "optional": True}
    verdict = GAME.legal(asked, move(asked, type="boat", seat=0, steps=1))
    assert verdict.status == "undecided" and verdict.missing is not None and verdict.missing.key == "2p.river.2"
    assert _why(verdict.missing) == {"key": "rajas.fact.why.money_boat"}


def test_the_port_asks_for_the_river_space_the_boat_reaches() -> None:
    state = edit(ready_game(2, facts=FACTS_NO_2), 0, boat=1, dice=dice(blue=[1]))
    verdict = GAME.legal(state, move(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": 1}]))
    assert verdict.missing is not None and verdict.missing.key == "2p.river.2"
    assert _why(verdict.missing) == {"key": "rajas.fact.why.river_space"}
    # The question itself is unchanged: the same key, the same words, the why beside them.
    assert verdict.missing.question.key == question("2p.river.2").key


def test_with_why_keeps_the_nearer_reason_but_a_bonus_replaces_the_river_spaces() -> None:
    asked = MissingFact("2p.river.2", question("2p.river.2"))
    near = with_why(asked, "river_space")
    assert with_why(near, "fame_boat").question.params["why"] == {"key": "rajas.fact.why.fame_boat"}
    bonus = with_why(near, "fame_boat")
    assert with_why(bonus, "money_boat").question.params["why"] == {"key": "rajas.fact.why.fame_boat"}
    assert with_why(bonus, "river_space").question.params["why"] == {"key": "rajas.fact.why.fame_boat"}
    assert "why" not in asked.question.params


@pytest.mark.parametrize("why", ["money_boat", "fame_boat", "river_space"])
@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_why_is_said_in_french_and_english(why: str, locale: str) -> None:
    key = f"rajas.fact.why.{why}"
    text = translate(locale, key)
    assert text and text != key
    other = translate("fr" if locale == "en" else "en", key)
    assert other != text  # translated, not copied


def test_a_question_with_its_why_still_reads_as_the_question() -> None:
    plain = question("2p.river.2")
    told = with_why(MissingFact("2p.river.2", plain), "money_boat").question
    for locale in ("en", "fr"):
        assert translate(locale, told.key, told.params) == translate(locale, plain.key, plain.params)
    assert isinstance(told, Message)


@pytest.mark.parametrize(
    ("lang", "why"),
    [("en", "Needed for the boat bonus of the money track."), ("fr", "bonus bateau de la piste d'argent")],
)
def test_the_refusal_box_says_why_the_fact_is_asked_after_the_question(lang: str, why: str) -> None:
    from companion.web import language
    from companion.web.app import create_app

    state = _port_to_space_1(version=1)
    verdict = GAME.legal(state, move(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": 1}]))
    with create_app({"TESTING": True}).test_request_context(f"/?lang={lang}"):
        language.choose_locale()
        said = language.verdict_texts(verdict.to_dict())["question"]
        assert said.startswith(translate(lang, verdict.missing.question.key, verdict.missing.question.params))
    assert why in said


def test_a_port_move_asks_the_bridge_to_know_whether_the_boat_passes_it() -> None:
    facts = {k: v for k, v in FACTS.items() if k != "2p.river.bridge"}
    state = edit(ready_game(2, facts=facts), 0, boat=0, dice=dice(blue=[1]))
    verdict = GAME.legal(state, move(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": 1}]))
    assert verdict.missing is not None and verdict.missing.key == "2p.river.bridge"
    assert _why(verdict.missing) == {"key": "rajas.fact.why.bridge"}  # not "the river space the boat reaches"
    assert "passes the bridge" in translate("en", "rajas.fact.why.bridge", {})


def test_the_fame_beside_money_is_asked_to_know_whether_the_markers_met() -> None:
    from companion.games.rajas.core import Undecided
    from companion.games.rajas.moves.endgame import fame_beside

    state = ready_game(2, facts={k: v for k, v in FACTS.items() if k != "track.money.33.fame"})
    with pytest.raises(Undecided) as asked:
        fame_beside(state.data, 33)
    assert asked.value.missing.key == "track.money.33.fame"
    assert _why(asked.value.missing) == {"key": "rajas.fact.why.crossing"}
