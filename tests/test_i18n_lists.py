"""Lists shown to players read as their language says them ("blue, green and violet", "bleu, vert et violet"), the
words between the items from the catalogues; the machine formats keep their lists as they were."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_web_fixtures import FakeCamera, app, client, service  # noqa: F401  (fixtures)

from companion.games.registry import game_kinds
from companion.i18n import SUPPORTED_LOCALES, catalogues, join_list, list_message, translate
from companion.service import Companion
from companion.web import calibrate, language
from vision.calibration import Calibration
from vision.calibration_check import AlikeColours


@pytest.mark.parametrize(
    ("locale", "items", "conjunction", "said"),
    [
        ("en", [], "and", ""),
        ("en", ["blue"], "and", "blue"),
        ("en", ["blue", "green"], "and", "blue and green"),
        ("en", ["blue", "green", "violet"], "and", "blue, green and violet"),
        ("en", ["blue", "green", "orange", "violet"], "and", "blue, green, orange and violet"),
        ("fr", ["bleu", "vert", "violet"], "and", "bleu, vert et violet"),
        ("fr", ["bleu", "vert"], "and", "bleu et vert"),
        ("en", ["blue", "green", "violet"], "or", "blue, green or violet"),
        ("fr", ["bleu", "vert", "violet"], "or", "bleu, vert ou violet"),
    ],
)
def test_a_list_is_joined_as_its_language_says_it(locale: str, items: list[str], conjunction: Any, said: str) -> None:
    assert join_list(locale, items, conjunction) == said


@pytest.mark.parametrize(("locale", "said"), [("en", "blue, green and violet"), ("fr", "bleu, vert et violet")])
def test_items_that_are_catalogue_messages_are_said_in_the_lists_language(locale: str, said: str) -> None:
    colours = [{"key": f"color.{colour}"} for colour in ("blue", "green", "violet")]
    assert join_list(locale, colours) == said
    assert join_list(locale, colours[:1]) == said.split(",")[0]


@pytest.mark.parametrize(("locale", "said"), [("en", "Asha, Bruno and Chloé"), ("fr", "Asha, Bruno et Chloé")])
def test_a_games_lists_take_their_words_from_the_games_catalogue(locale: str, said: str) -> None:
    game_kinds()  # the games register their catalogues when imported
    message = list_message(["Asha", "Bruno", "Chloé"], words="rajas.words")
    assert message["key"].startswith("rajas.words.")
    assert translate(locale, message["key"], message["params"]) == said


@pytest.mark.parametrize("words", ["words", "rajas.words"])
def test_every_language_has_the_words_of_a_list(words: str) -> None:
    game_kinds()
    for lang in SUPPORTED_LOCALES:
        assert {f"{words}.{w}" for w in ("list", "and", "or")} <= catalogues.keys(lang), lang


@pytest.mark.parametrize(("lang", "said"), [("en", "blue, green and violet"), ("fr", "bleu, vert et violet")])
def test_the_colours_the_calibration_page_names_read_as_a_list(app: Flask, lang: str, said: str) -> None:
    with app.test_request_context(f"/calibrate?lang={lang}"):
        language.choose_locale()
        assert calibrate._names(["violet", "blue", "green"]) == said


@pytest.mark.parametrize(("lang", "said"), [("en", "blue (dice 1 and 3)"), ("fr", "bleu (dés 1 et 3)")])
def test_the_dice_that_taught_two_colours_alike_are_named_as_a_list(app: Flask, lang: str, said: str) -> None:
    pair = AlikeColours("blue", "red", 0.1, 0.2, is_kept=False)
    with app.test_request_context(f"/calibrate?lang={lang}"):
        language.choose_locale()
        text = calibrate._alike_text(pair, [(1, "blue"), (2, "red"), (3, "blue")], Calibration.default())
    assert said in text


@pytest.mark.parametrize(("lang", "said"), [("en", "blue, green and violet"), ("fr", "bleu, vert et violet")])
def test_the_health_page_says_the_colours_told_apart_as_a_list_and_the_api_keeps_them_a_list(
    client: FlaskClient, service: Companion, lang: str, said: str
) -> None:
    class Camera(FakeCamera):
        def status(self) -> dict[str, Any]:
            return {**super().status(), "colours_told": ["blue", "green", "violet"]}

    service.devices["camera"] = Camera()
    page = html.unescape(client.get(f"/health?lang={lang}").get_data(as_text=True))
    assert said in page
    assert client.get("/api/health").get_json()["devices"]["camera"]["colours_told"] == ["blue", "green", "violet"]


START_ASKED = {
    ("en", ""): "Choose the game to start: Free dice or Rajas of the Ganges.",
    ("fr", ""): "Choisissez le jeu à lancer : Dés libres ou Rajas of the Ganges.",
    ("en", "go"): "'go' is not a game here; the games are: Free dice and Rajas of the Ganges.",
    ("fr", "go"): "'go' n'est pas un jeu proposé ici ; les jeux sont : Dés libres et Rajas of the Ganges.",
}


@pytest.mark.parametrize(("lang", "kind"), START_ASKED)
def test_the_start_form_lists_the_games_to_choose_from_as_a_list(client: FlaskClient, lang: str, kind: str) -> None:
    response = client.post(f"/games?lang={lang}", data={"kind": kind, "name_0": "Asha", "name_1": "Bruno"})
    assert response.status_code == 400
    found = re.search(r'<p class="notice__detail">(.*?)</p>', response.get_data(as_text=True), re.S)
    assert found
    assert html.unescape(found[1]).strip() == START_ASKED[lang, kind]


@pytest.mark.parametrize(("lang", "said"), [("en", "Asha, Bruno and Chloé"), ("fr", "Asha, Bruno et Chloé")])
def test_the_games_list_names_each_games_players_as_a_list(
    client: FlaskClient, service: Companion, lang: str, said: str
) -> None:
    service.create_game("free_dice", [{"name": "Asha"}, {"name": "Bruno"}, {"name": "Chloé"}])
    page = html.unescape(client.get(f"/?lang={lang}").get_data(as_text=True))
    found = re.search(r'<span class="game-list__players">([^<]*)</span>', page)
    assert found and found[1] == said  # it was "Asha, Bruno, Chloé" in every language
