"""The tracks' boat bonus is the player's choice (rulebook, "Bonus des pistes de score": the player may move the
boat), in games of state version 2; a game begun before (version 1) still moves the boat at once."""

from __future__ import annotations

import pytest
from test_rajas_support import FACTS, dice, do, edit, laid, move, ready_game, tile

from companion.games.rajas import GAME
from companion.games.rajas.definition import BOAT_BONUS_ASKED_FROM
from companion.games.rajas.state import RajasState
from companion.i18n import translate
from companion.web.rajas.choices import answers

SPACE_1 = {"kind": "money", "amount": 4}


def _reach_fame_31(version: int, tiles: list[dict[str, object]] | None = None) -> RajasState:
    """Seat 0 at fame 29 builds a temple in the quarry: 2 fame, so fame 31 and its boat bonus are reached."""
    state = edit(ready_game(2, ("tiger",), facts={**FACTS, "2p.river.1": SPACE_1}), None, version=version)
    state = edit(state, 0, fame=29, fame_bonuses=[5, 24], dice=dice(blue=[4]), money=3, tiles=tiles or [])
    built = tile("blue", 4, buildings=("temple",))
    return do(state, type="place", seat=0, space="quarry", tile=built, pay=[{"color": "blue", "value": 4}])


def test_a_game_begun_before_the_choice_still_moves_the_boat_at_once() -> None:
    after = _reach_fame_31(version=1)
    assert after.player(0)["fame"] == 31 and after.player(0)["boat"] == 1
    assert after.player(0)["money"] == 3 - 1 + 4  # the quarry slot (1, test data), then river space 1
    assert after.data["pending"] == []


def test_fame_31_asks_whether_the_boat_moves() -> None:
    after = _reach_fame_31(version=BOAT_BONUS_ASKED_FROM)
    assert after.player(0)["fame"] == 31 and after.player(0)["boat"] == 0
    assert after.data["pending"] == [{"kind": "boat", "seat": 0, "max": 1, "why": "fame", "optional": True}]
    assert GAME.view(after)["prompt"]["key"] == "rajas.prompt.boat.fame"


def test_taking_the_boat_bonus_moves_to_the_next_free_space_and_takes_its_reward() -> None:
    asked = _reach_fame_31(version=BOAT_BONUS_ASKED_FROM)
    taken = do(asked, type="boat", seat=0, steps=1)
    assert taken.player(0)["boat"] == 1 and taken.player(0)["money"] == asked.player(0)["money"] + 4
    assert taken.data["pending"] == [] and taken.data["turn_seat"] == 1


def test_passing_on_the_boat_bonus_leaves_the_boat_where_it_is() -> None:
    asked = _reach_fame_31(version=BOAT_BONUS_ASKED_FROM)
    declined = do(asked, type="boat", seat=0, decline=True)
    assert declined.player(0)["boat"] == 0 and declined.player(0)["money"] == asked.player(0)["money"]
    assert declined.data["pending"] == [] and declined.data["turn_seat"] == 1
    # The bonus was taken once (declined): passing fame 31 again later gives nothing more.
    assert 31 in declined.player(0)["fame_bonuses"]


def test_only_the_player_of_the_bonus_answers_it() -> None:
    asked = _reach_fame_31(version=BOAT_BONUS_ASKED_FROM)
    refused = GAME.legal(asked, move(asked, type="boat", seat=1, decline=True))
    assert refused.reason is not None and refused.reason.key == "rajas.refused.not_your_turn"


def test_a_pass_does_not_answer_the_boat_bonus() -> None:
    asked = _reach_fame_31(version=BOAT_BONUS_ASKED_FROM)
    refused = GAME.legal(asked, move(asked, type="pass", seat=0))
    assert refused.reason is not None and refused.reason.key == "rajas.refused.pending_first"


def test_a_boat_move_the_rules_make_cannot_be_declined() -> None:
    asked = _reach_fame_31(version=BOAT_BONUS_ASKED_FROM, tiles=[_akbar()])
    asked.data["pending"][0].pop("optional")  # as the port asks it with Akbar's Bridge: 1 or 2 spaces, no choice
    refused = GAME.legal(asked, move(asked, type="boat", seat=0, decline=True))
    assert refused.reason is not None and refused.reason.key == "rajas.refused.boat_must_move"


def test_a_declined_boat_bonus_is_said_as_the_boat_left_where_it_was() -> None:
    from companion.web.rajas.pages import move_words

    words = move_words({"type": "boat", "seat": 0, "decline": True}, ["Ben"])
    assert translate("en", words.key, words.params) == "Ben left the boat where it was (track bonus not taken)"
    assert translate("fr", words.key, words.params).startswith("Ben a laissé son bateau où il était")


def _akbar() -> dict[str, object]:
    return laid(1, {**tile("orange", 0, kind="tiger"), "name": "akbar_bridge"})


@pytest.mark.parametrize(("steps", "boat"), [(1, 1), (2, 2)])
def test_akbars_bridge_lets_the_boat_bonus_go_one_free_space_further(steps: int, boat: int) -> None:
    asked = _reach_fame_31(version=BOAT_BONUS_ASKED_FROM, tiles=[_akbar()])
    assert asked.data["pending"][0]["max"] == 2
    assert do(asked, type="boat", seat=0, steps=steps).player(0)["boat"] == boat
    too_far = GAME.legal(asked, move(asked, type="boat", seat=0, steps=3))
    assert too_far.reason is not None and too_far.reason.key == "rajas.refused.bonus_steps"


def test_a_boat_on_the_end_space_is_offered_no_bonus() -> None:
    state = edit(ready_game(2, facts={**FACTS, "2p.river.1": SPACE_1}), None, version=BOAT_BONUS_ASKED_FROM)
    state = edit(state, 0, fame=29, fame_bonuses=[5, 24], dice=dice(blue=[4]), money=3, boat=20)
    built = tile("blue", 4, buildings=("temple",))
    after = do(state, type="place", seat=0, space="quarry", tile=built, pay=[{"color": "blue", "value": 4}])
    assert after.player(0)["fame"] == 31 and after.data["pending"] == [] and after.player(0)["boat"] == 20


def test_the_page_offers_the_boat_move_and_leaving_the_boat_where_it_is() -> None:
    asked = _reach_fame_31(version=BOAT_BONUS_ASKED_FROM)
    offered = answers(GAME, asked, GAME.view(asked))  # type: ignore[arg-type]
    assert [a.fields for a in offered] == [
        {"seat": "0", "type": "boat", "steps": "1"},
        {"seat": "0", "type": "boat", "decline": "1"},
    ]
    assert offered[1].label.key == "page.rajas.answer.boat_bonus_decline"
    assert all(a.verdict is not None and a.verdict.is_allowed for a in offered)


def test_akbars_bridge_offers_one_space_when_only_the_end_space_is_left() -> None:
    state = edit(ready_game(2, ("tiger",), facts={**FACTS, "2p.river.1": SPACE_1}), None, version=BOAT_BONUS_ASKED_FROM)
    length = int(state.data["facts"]["2p.river.length"])
    state = edit(state, 0, fame=29, fame_bonuses=[5, 24], dice=dice(blue=[4]), money=3, tiles=[_akbar()])
    state = edit(state, 0, boat=length - 1)
    built = tile("blue", 4, buildings=("temple",))
    asked = do(state, type="place", seat=0, space="quarry", tile=built, pay=[{"color": "blue", "value": 4}])
    assert asked.data["pending"] == [{"kind": "boat", "seat": 0, "max": 1, "why": "fame", "optional": True}]
