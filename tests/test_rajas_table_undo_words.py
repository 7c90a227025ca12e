"""Undo and redo at the Rajas table: a question whose waiting move they made stale is dropped, the page says what
they took back or played again (a printed fact in words), a refused post is headed by what happened, and the final
ranking says what decided each place."""

# ruff: noqa: F811
from __future__ import annotations

import html
import random
import re

import pytest
from flask.testing import FlaskClient
from test_rajas_support import FACTS, edit, ready_game
from test_web_rajas import game_id  # noqa: F401

from companion.games.base import Verdict
from companion.games.rajas import GAME
from companion.games.rajas.sampler import random_move
from companion.games.rajas.state import RajasState
from companion.i18n import translate
from companion.service import Companion
from companion.session import GameSession

WAITING = {"type": "place", "seat": "1", "space": "outer_terrace"}  # waits for the outer terrace's slots (2 players)
ANSWER = {"type": "answer_fact", "key": "2p.outer_terrace.slots", "value": "2"}
OTHER = {"type": "place", "seat": "1", "space": "terrace.green", "pay": "0:blue-1"}  # Bruno's, needing no fact
ASKED = "A printed fact is needed"


def table(client: FlaskClient, game_id: str, lang: str = "en") -> str:
    return html.unescape(client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True))


def step_said(client: FlaskClient, game_id: str, lang: str = "en") -> str:
    found = re.search(
        r'<div class="notice notice--info" role="status" id="step">([^<]*)</div>', table(client, game_id, lang)
    )
    assert found is not None, "the table says nothing of the last undo or redo"
    return found.group(1)


def heading(page: str) -> str:
    found = re.search(r'<strong class="verdict-box__status">([^<]*)</strong>', html.unescape(page))
    assert found is not None
    return found.group(1)


# ---- 1. a question outlives no undo, redo or move that made its waiting move stale


def test_undo_drops_the_question_whose_waiting_move_it_took_the_table_away_from(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    assert client.post(f"/games/{game_id}/rajas/play?lang=en", data=WAITING).status_code == 422
    assert ASKED in table(client, game_id)
    assert client.post(f"/games/{game_id}/rajas/undo", data={}).status_code == 303  # Bruno's roll taken back
    assert ASKED not in table(client, game_id)
    # Told anyway (the board page, a stale screen), the fact is kept and nothing is replayed or refused.
    answered = client.post(f"/games/{game_id}/rajas/fact?lang=en", data=ANSWER)
    assert answered.status_code == 303
    assert [e.type for e in companion.events(game_id)][-2:] == ["undo", "move"]


def test_redo_drops_the_question_whose_waiting_move_it_took_the_table_away_from(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    assert client.post(f"/games/{game_id}/rajas/play", data=OTHER).status_code == 303
    assert client.post(f"/games/{game_id}/rajas/undo", data={}).status_code == 303
    assert client.post(f"/games/{game_id}/rajas/play?lang=en", data=WAITING).status_code == 422  # asked
    assert client.post(f"/games/{game_id}/rajas/redo", data={}).status_code == 303  # Bruno's worker is back
    assert ASKED not in table(client, game_id)


def test_another_move_played_instead_drops_the_question_and_answering_replays_nothing(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    assert client.post(f"/games/{game_id}/rajas/play?lang=en", data=WAITING).status_code == 422
    assert ASKED in table(client, game_id)
    assert client.post(f"/games/{game_id}/rajas/play", data=OTHER).status_code == 303  # Bruno played elsewhere
    assert ASKED not in table(client, game_id)  # his outer terrace move is no longer his to play
    written = len(companion.events(game_id))
    assert client.post(f"/games/{game_id}/rajas/fact", data=ANSWER).status_code == 303  # told anyway
    assert len(companion.events(game_id)) == written + 1  # the answer only: the stale move is not replayed
    assert companion.view(game_id)["spaces"].get("outer_terrace") in (None, [])


def test_a_question_not_made_stale_by_the_events_after_it_stays_and_its_move_still_waits(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    assert client.post(f"/games/{game_id}/rajas/play?lang=en", data=WAITING).status_code == 422
    river = {"type": "answer_fact", "key": "2p.river.length", "value": "16"}  # another fact, told meanwhile
    assert client.post(f"/games/{game_id}/rajas/fact", data=river).status_code == 303
    assert ASKED in table(client, game_id)
    assert client.post(f"/games/{game_id}/rajas/undo", data={}).status_code == 303  # ... and taken back
    assert ASKED in table(client, game_id)  # the table is as it was when the question was asked
    assert client.post(f"/games/{game_id}/rajas/fact", data=ANSWER).status_code == 303
    assert companion.view(game_id)["spaces"]["outer_terrace"] == [1]  # the waiting move was played


def test_a_question_asked_by_can_i_with_no_move_waiting_stays_after_undo(client: FlaskClient, game_id: str) -> None:
    assert client.post(f"/games/{game_id}/rajas/check?lang=en", data=WAITING).status_code == 200
    assert ASKED in table(client, game_id)
    assert client.post(f"/games/{game_id}/rajas/undo", data={}).status_code == 303
    assert ASKED in table(client, game_id)


# ---- 2. the page says what undo and redo did


def test_undo_and_redo_of_a_move_say_which_move_in_both_languages(client: FlaskClient, game_id: str) -> None:
    assert client.post(f"/games/{game_id}/rajas/play", data=OTHER).status_code == 303
    assert client.post(f"/games/{game_id}/rajas/undo", data={}).status_code == 303
    assert step_said(client, game_id) == "Taken back: Bruno placed a worker on the green terrace."
    assert step_said(client, game_id, "fr") == "Annulé : Bruno a placé un ouvrier sur la terrasse verte."
    assert client.post(f"/games/{game_id}/rajas/redo", data={}).status_code == 303
    assert step_said(client, game_id) == "Played again: Bruno placed a worker on the green terrace."
    assert client.post(f"/games/{game_id}/rajas/play", data={"type": "pass", "seat": "0"}).status_code == 422
    assert 'id="step"' in table(client, game_id)  # a refused post writes nothing: the redo is still the last step
    assert client.post(f"/games/{game_id}/rajas/undo", data={}).status_code == 303
    assert client.post(f"/games/{game_id}/rajas/play", data=OTHER).status_code == 303
    assert 'id="step"' not in table(client, game_id)  # a new move: nothing undone or redone to tell


def test_undoing_a_told_fact_says_which_fact_is_forgotten_in_words(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    river = {"type": "answer_fact", "key": "2p.river.length", "value": "16"}
    assert client.post(f"/games/{game_id}/rajas/fact", data=river).status_code == 303
    assert client.post(f"/games/{game_id}/rajas/undo", data={}).status_code == 303
    said = step_said(client, game_id)
    assert said.startswith("Taken back: the answer 16 for the number of river spaces after the start (2 players).")
    assert "still hold 16" in said  # the owner's board facts remembered it and will tell it again
    french = step_said(client, game_id, "fr")
    assert french.startswith("Annulé : la réponse 16 pour le nombre de cases fleuve après la case de départ")
    assert client.post(f"/games/{game_id}/rajas/redo", data={}).status_code == 303
    assert step_said(client, game_id).endswith("(2 players) is known again.")
    companion.boards.forget("rajas", "2p.river.length")  # forgotten on the board page as well
    assert client.post(f"/games/{game_id}/rajas/undo", data={}).status_code == 303
    assert step_said(client, game_id).endswith("This game forgets it; it will be asked again when a move needs it.")


# ---- 3. a refused post is headed by what happened


def test_a_second_phones_stale_move_is_headed_the_game_moved_on(client: FlaskClient, game_id: str) -> None:
    shown = table(client, game_id)
    seq = re.search(r'data-seq="(\d+)"', shown)
    assert seq is not None
    assert client.post(f"/games/{game_id}/rajas/play", data={**OTHER, "if_seq": seq.group(1)}).status_code == 303
    stale = {"type": "place", "seat": "1", "space": "room.mogul", "pay": "1:green-1", "if_seq": seq.group(1)}
    for lang, words in (("en", "The game moved on"), ("fr", "La partie a avancé")):
        refused = client.post(f"/games/{game_id}/rajas/play?lang={lang}", data=stale)
        assert refused.status_code == 409 and heading(refused.get_data(as_text=True)) == words


def test_the_same_move_sent_twice_is_played_once_and_answered_with_the_table(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    seq = re.search(r'data-seq="(\d+)"', table(client, game_id))
    assert seq is not None
    move = {**OTHER, "if_seq": seq.group(1)}
    assert client.post(f"/games/{game_id}/rajas/play?lang=fr", data=move).status_code == 303
    written = len(companion.events(game_id))
    again = client.post(f"/games/{game_id}/rajas/play?lang=fr", data=move)  # a double tap, a slow network
    # It was refused as "the game moved on": the player who tapped twice took it that the move was lost.
    assert again.status_code == 303 and again.headers["Location"].endswith(f"/games/{game_id}")
    assert len(companion.events(game_id)) == written


def test_another_move_from_a_stale_page_says_it_may_be_recorded_already(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    seq = re.search(r'data-seq="(\d+)"', table(client, game_id))
    assert seq is not None
    assert (
        client.post(f"/games/{game_id}/rajas/play?lang=fr", data={**OTHER, "if_seq": seq.group(1)}).status_code == 303
    )
    written = len(companion.events(game_id))
    stale = client.post(f"/games/{game_id}/rajas/undo?lang=fr", data={"if_seq": seq.group(1)})
    assert stale.status_code == 409 and "ce coup est déjà enregistré" in html.unescape(stale.get_data(as_text=True))
    assert len(companion.events(game_id)) == written


def test_undo_and_redo_with_nothing_to_take_back_are_headed_so(client: FlaskClient, companion: Companion) -> None:
    fresh = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    for step, lang, words in (
        ("undo", "en", "Nothing to undo"),
        ("undo", "fr", "Rien à annuler"),
        ("redo", "en", "Nothing to redo"),
        ("redo", "fr", "Rien à rétablir"),
    ):
        refused = client.post(f"/games/{fresh}/rajas/{step}?lang={lang}", data={})
        assert refused.status_code == 409 and heading(refused.get_data(as_text=True)) == words


# ---- 4. the final ranking says what decided each place (rule end.ranking, Fin de la partie)


def _said(message: dict | None, lang: str = "en") -> str:
    assert message is not None
    return translate(lang, message["key"], message["params"])


def _rajesh_and_leila_over() -> RajasState:
    """Fin de la partie: Rajesh (money 65, fame 30) and Leila (money 52, fame 37) both crossed by 2; Rajesh first."""
    state = edit(ready_game(facts=FACTS), 0, money=65, fame=30, crossed_at=40)
    state = edit(state, 1, money=52, fame=37, crossed_at=41)
    return edit(state, phase="over", ranking=[0, 1], turn_seat=None)


def test_the_rulebooks_final_example_ranks_by_distance_then_by_the_first_to_cross() -> None:
    rows = GAME.view(_rajesh_and_leila_over())["standings"]
    assert [(r["seat"], r["place"], r["distance"]) for r in rows] == [(0, 1, 2), (1, 2, 2)]
    assert _said(rows[0]["apart"]) == "markers crossed by 2 fame points"
    assert _said(rows[0]["apart"], "fr") == "marqueurs croisés de 2 points de gloire"
    assert _said(rows[0]["tie"]) == "same distance as Leila, but met or crossed first"
    assert _said(rows[1]["tie"]) == "same distance as Rajesh, who met or crossed first"
    assert _said(rows[1]["tie"], "fr") == "même écart que Rajesh, qui a aligné ou croisé ses marqueurs plus tôt"


def test_the_ranking_line_says_how_a_tie_on_distance_was_broken(
    client: FlaskClient, companion: Companion, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = str(companion.create_game("rajas", [{"name": "Rajesh"}, {"name": "Leila"}], {"facts": FACTS})["game_id"])
    session = companion.session(found)
    monkeypatch.setattr(session, "states", [*session.states[:-1], _rajesh_and_leila_over()])  # at the example's end
    lines = re.findall(r'<li class="ranking__row".*?</li>', table(client, found, "fr"), re.S)
    assert len(lines) == 2 and "Rajesh" in lines[0] and "Leila" in lines[1]
    assert "marqueurs croisés de 2 points de gloire" in lines[0]
    assert "même écart que Leila, mais a aligné ou croisé ses marqueurs en premier" in lines[0]
    assert "même écart que Rajesh, qui a aligné ou croisé ses marqueurs plus tôt" in lines[1]


def test_players_the_rules_do_not_tell_apart_share_their_place() -> None:
    # Neither crossed, both 3 fame short (money 52 is beside fame 35; money 65 beside 28); Anil met his (0).
    state = edit(ready_game(3, facts=FACTS), 0, money=52, fame=32)
    state = edit(state, 1, money=65, fame=25)
    state = edit(state, 2, money=65, fame=28, crossed_at=50)
    rows = GAME.view(edit(state, phase="over", ranking=[2, 0, 1]))["standings"]
    assert [r["place"] for r in rows] == [1, 2, 2]
    assert _said(rows[0]["apart"]) == "markers met (0)" and rows[0]["tie"] is None
    assert _said(rows[1]["apart"]) == "3 fame points short of meeting"
    assert _said(rows[1]["apart"], "fr") == "il manque 3 points de gloire pour aligner les marqueurs"
    assert _said(rows[2]["tie"]).startswith("same distance as Rajesh, and nothing in the rules sets them apart")


def test_each_line_of_a_finished_tables_ranking_says_how_far_apart_the_markers_are(
    client: FlaskClient, companion: Companion
) -> None:
    players = [{"name": name} for name in ("Eka", "Dvi", "Tri", "Chatur")]
    found = str(companion.create_game("rajas", players, {"facts": FACTS})["game_id"])
    session, rng = companion.session(found), random.Random(5)
    while not session.state.is_over:
        companion.append(found, "move", {"move": random_move(session.state, rng, FACTS)})
    view = companion.view(found)
    for lang in ("en", "fr"):
        lines = re.findall(r'<li class="ranking__row".*?</li>', table(client, found, lang), re.S)
        assert len(lines) == 4
        for line, seat in zip(lines, view["ranking"], strict=True):
            assert view["players"][seat]["name"] in line
            assert _apart_words(view["players"][seat]["distance"], lang) in line, line


def _apart_words(distance: int, lang: str) -> str:
    if distance == 0:
        return {"en": "markers met (0)", "fr": "marqueurs alignés (0)"}[lang]
    if distance > 0:
        return {"en": f"markers crossed by {distance} fame", "fr": f"marqueurs croisés de {distance} point"}[lang]
    return {"en": f"{-distance} fame point", "fr": f"il manque {-distance} point"}[lang]


def test_the_pass_button_is_shut_with_its_reason_while_a_worker_can_still_be_placed(
    client: FlaskClient, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = table(client, game_id, "fr")
    button = re.search(r'<button type="submit" class="button button--ghost"([^>]*)>Ne plus placer', page)
    # It was always open, and refused at every tap: a worker can still go on the outer terrace.
    assert button is not None and "disabled" in button.group(1) and "vous ne pouvez pas passer" in button.group(1)
    monkeypatch.setattr(GameSession, "check", lambda self, move: Verdict.allow())  # a player who can place nothing
    button = re.search(
        r'<button type="submit" class="button button--ghost"([^>]*)>Ne plus placer', table(client, game_id, "fr")
    )
    assert button is not None and "disabled" not in button.group(1)
