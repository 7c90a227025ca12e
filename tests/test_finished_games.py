"""Finished games: opened from the list, a finished game shows its table with its final scores and never becomes the
table's active game (the one the camera and the buttons play into); the list folds the finished games away below the
games in progress, which a club's phone then finds at once."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import random
import re

import pytest
from flask.testing import FlaskClient
from test_rajas_support import FACTS
from test_web_fixtures import PLAYERS, app, client, service  # noqa: F401  (fixtures)
from test_web_games_list import ITEM, finished_game

from companion.errors import Conflict
from companion.games.rajas.sampler import random_move
from companion.i18n import SUPPORTED_LOCALES, translate
from companion.service import Companion

FINISHED_TABLE = {
    "en": "This game is finished: here are its final scores.",
    "fr": "Cette partie est terminée : voici ses scores finaux.",
}
REFUSED = {
    "en": "This game is finished: it takes no more moves, so the camera and the buttons cannot play into it.",
    "fr": "Cette partie est terminée : elle ne prend plus de coups, la caméra et les boutons ne peuvent donc pas y "
    "jouer.",
}
FOLDED = re.compile(
    r'<details class="finished-games"[^>]*>\s*<summary[^>]*>(?P<summary>.*?)</summary>(?P<list>.*?)</details>', re.S
)


def in_progress(service: Companion) -> str:
    """A game of free dice just started: the table's active game."""
    return str(service.create_game("free_dice", PLAYERS)["game_id"])


def page(client: FlaskClient, address: str) -> str:
    return client.get(address).get_data(as_text=True)


# ---- a finished game never becomes the active game


def test_the_service_refuses_to_make_a_finished_game_active_and_says_why_in_every_language(service: Companion) -> None:
    ended = finished_game(service)
    going = in_progress(service)
    with pytest.raises(Conflict) as refused:
        service.set_active(ended)
    assert service.active_id == going
    assert "is finished" in refused.value.message and refused.value.details["is_over"] is True
    said = refused.value.details["said"]
    for lang in SUPPORTED_LOCALES:
        assert translate(lang, said["key"], said["params"]).startswith(REFUSED[lang])


def test_seeing_a_finished_game_from_the_list_opens_its_table_and_keeps_the_active_game(
    client: FlaskClient, service: Companion
) -> None:
    ended = finished_game(service)
    going = in_progress(service)
    response = client.post(f"/games/{ended}/resume")
    assert response.status_code == 303 and response.headers["Location"] == f"/games/{ended}"
    assert service.active_id == going


def test_a_finished_game_the_list_cannot_tell_ended_is_still_not_made_active(
    client: FlaskClient, service: Companion
) -> None:
    # Its summary lost (a store from before summaries were kept): the list offers to resume it, the game says no.
    ended = finished_game(service)
    going = in_progress(service)
    service.store._connection().execute("DELETE FROM summaries")
    assert f"/games/{ended}/resume" in page(client, "/")
    assert client.post(f"/games/{ended}/resume").status_code == 303
    assert service.active_id == going


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_the_api_refuses_to_activate_a_finished_game_with_a_409_naming_why(
    client: FlaskClient, service: Companion, lang: str
) -> None:
    ended = finished_game(service)
    going = in_progress(service)
    response = client.post(f"/api/games/{ended}/activate", headers={"Accept-Language": lang})
    assert response.status_code == 409
    error = response.get_json()["error"]
    assert error["code"] == "conflict" and "is finished" in error["message"]
    assert error["details"]["is_over"] is True and error["details"]["game_id"] == ended
    said = error["details"]["said"]
    assert translate(lang, said["key"], said["params"]).startswith(REFUSED[lang])
    assert service.active_id == going
    # A game in progress is activated as before.
    other = in_progress(service)
    assert client.post(f"/api/games/{going}/activate").get_json() == {"active_game": going}
    assert service.active_id == going != other


# ---- a finished game's table is shown, not played


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_a_finished_games_table_shows_its_final_scores_and_nothing_to_play(
    client: FlaskClient, service: Companion, lang: str
) -> None:
    ended = finished_game(service)
    in_progress(service)
    table = page(client, f"/games/{ended}?lang={lang}")
    assert FINISHED_TABLE[lang] in table
    assert f"/games/{ended}/resume" not in table  # no "play this game on the table"
    assert re.search(r'<span class="player__score">.*?</span>4</span>', table)
    assert re.search(r'<section class="card entry" id="entry"[^>]* hidden>', table)
    for action in ("finish", "undo", "redo", "end_turn", "select-die"):
        assert f'data-action="{action}"' not in table, action
    live = page(client, f"/games/{ended}/live")
    assert 'data-action="undo"' not in live and 'data-action="select-die"' not in live


def test_the_game_just_finished_on_the_table_can_still_take_its_end_back(
    client: FlaskClient, service: Companion
) -> None:
    ended = finished_game(service)  # still the table's game: a "finish" tapped by mistake is undone from here
    table = page(client, f"/games/{ended}?lang=en")
    assert 'data-action="undo"' in table and FINISHED_TABLE["en"] not in table


def test_a_finished_rajas_games_table_shows_its_ranking_and_no_undo(client: FlaskClient, service: Companion) -> None:
    game_id = str(service.create_game("rajas", [{"name": "Rajesh"}, {"name": "Leila"}], {"facts": FACTS})["game_id"])
    session, rng = service.session(game_id), random.Random(5)
    while not session.state.is_over:
        service.append(game_id, "move", {"move": random_move(session.state, rng, FACTS)})
    assert f"/games/{game_id}/rajas/undo" in page(client, f"/games/{game_id}")  # the table's game: undo is there
    in_progress(service)
    table = page(client, f"/games/{game_id}?lang=fr")
    assert FINISHED_TABLE["fr"] in table and 'id="ranking"' in table
    assert f"/games/{game_id}/rajas/undo" not in table and f"/games/{game_id}/rajas/redo" not in table
    assert f"/games/{game_id}/resume" not in table


# ---- the list: games in progress first, the finished ones folded away below


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [("en", "1 finished game", "2 finished games"), ("fr", "1 partie terminée", "2 parties terminées")],
)
def test_finished_games_are_folded_below_the_games_in_progress_newest_first(
    client: FlaskClient, service: Companion, lang: str, one: str, two: str
) -> None:
    first = finished_game(service)
    going = in_progress(service)
    listed = page(client, f"/?lang={lang}")
    folded = FOLDED.search(listed)
    assert folded and folded["summary"] == one
    second = finished_game(service)
    in_progress(service)
    listed = page(client, f"/?lang={lang}")
    folded = FOLDED.search(listed)
    assert folded and folded["summary"] == two
    assert '<details class="finished-games" id="finished-games">' in listed  # folded until asked for
    going_items = ITEM.findall(listed[: folded.start()])
    assert len(going_items) == 2 and any(going in item for item in going_items)
    finished_items = ITEM.findall(folded["list"])
    assert [first in item or second in item for item in finished_items] == [True, True]
    assert second in finished_items[0] and first in finished_items[1]  # the one finished last first


def test_a_finished_game_in_the_list_is_a_link_to_its_result_not_a_form_that_resumes_it(
    client: FlaskClient, service: Companion
) -> None:
    ended = finished_game(service)
    folded = FOLDED.search(page(client, "/?lang=en"))
    assert folded
    (item,) = ITEM.findall(folded["list"])
    assert f'<a class="button button--secondary" href="/games/{ended}">See the result</a>' in item
    assert f"/games/{ended}/resume" not in item


@pytest.mark.parametrize(("lang", "text"), [("en", "No game in progress"), ("fr", "Aucune partie en cours")])
def test_a_list_of_finished_games_only_says_none_is_in_progress(
    client: FlaskClient, service: Companion, lang: str, text: str
) -> None:
    finished_game(service)
    listed = page(client, f"/?lang={lang}")
    folded = FOLDED.search(listed)
    assert folded and text in listed[: folded.start()]
    assert not ITEM.findall(listed[: folded.start()])
