"""The start form's refusals are said in the reader's language, naming the field in words and what it takes (a
French game night read "option max_turns must be 0 (no limit) to 1000, got 5000"), and the form's boxes carry the
same limits, so that the browser stops most of them before they are sent."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient
from test_web_fixtures import app, client, service  # noqa: F401  (fixtures)
from werkzeug.datastructures import MultiDict

from companion.errors import MalformedRequest
from companion.i18n import SUPPORTED_LOCALES, translate
from companion.service import PLAYER_COLORS, Companion
from companion.web import forms

REFUSED = {
    "rounds": (
        {"kind": "free_dice", "name_0": "Asha", "free_dice.max_turns": "5000"},
        {
            "en": "Number of rounds (0 = no limit): a whole number from 0 to 1000, not 5000.",
            "fr": "Nombre de tours (0 = sans limite) : un nombre entier de 0 à 1000, pas 5000.",
        },
    ),
    "rounds not whole": (
        {"kind": "free_dice", "name_0": "Asha", "free_dice.max_turns": "2.5"},
        {
            "en": "Number of rounds (0 = no limit): a whole number from 0 to 1000, not 2.5.",
            "fr": "Nombre de tours (0 = sans limite) : un nombre entier de 0 à 1000, pas 2.5.",
        },
    ),
    "colour": (
        {"kind": "free_dice", "name_0": "Asha", "color_0": "pink"},
        {
            "en": "The colour chosen for Asha must be blue, green, orange, violet, red, yellow, white or black, "
            "not pink.",
            "fr": "La couleur choisie pour Asha doit être bleu, vert, orange, violet, rouge, jaune, blanc ou noir, "
            "pas pink.",
        },
    ),
    "name": (
        {"kind": "free_dice", "name_0": "Shahrazad " * 5},
        {
            "en": "The name Shahrazad Shahrazad Shahrazad Shahrazad… is too long: a player's name has 1 to 40 "
            "characters, not 49.",
            "fr": "Le nom Shahrazad Shahrazad Shahrazad Shahrazad… est trop long : le nom d'un joueur compte de 1 à 40 "
            "caractères, pas 49.",
        },
    ),
}


def notice(page: str) -> str:
    """What the refusal notice of the start page says."""
    found = re.search(r'<p class="notice__detail">(.*?)</p>', page, re.S)
    assert found, page[:2000]
    return html.unescape(found[1]).strip()


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
@pytest.mark.parametrize("case", REFUSED)
def test_a_refused_start_form_says_why_in_the_readers_language(
    client: FlaskClient, service: Companion, case: str, lang: str
) -> None:
    form, said = REFUSED[case]
    response = client.post(f"/games?lang={lang}", data=form)
    assert response.status_code == 400
    assert notice(response.get_data(as_text=True)) == said[lang]
    assert service.games() == []


def test_the_api_keeps_its_english_message_and_gives_the_said_one_too(client: FlaskClient) -> None:
    body = {"kind": "free_dice", "players": [{"name": "Asha"}], "options": {"max_turns": 5000}}
    error = client.post("/api/games", json=body).get_json()["error"]
    assert error["message"] == "option max_turns must be 0 (no limit) to 1000, got 5000"
    said = error["details"]["said"]
    assert translate("fr", said["key"], said["params"]) == (
        "Le nombre de tours doit aller de 0 (sans limite) à 1000, pas 5000."
    )
    assert translate("en", said["key"], said["params"]) == (
        "The number of rounds must be from 0 (no limit) to 1000, not 5000."
    )


@pytest.mark.parametrize(
    ("players", "key"),
    [
        ([{"name": "Asha", "color": "pink"}], "error.said.colour_not_offered"),
        ([{"name": "A" * 41}], "error.said.name_too_long"),
        ([{"name": "   "}], "error.said.name_missing"),
    ],
)
def test_the_service_says_each_refused_player_in_every_language(
    service: Companion, players: list[dict[str, str]], key: str
) -> None:
    with pytest.raises(MalformedRequest) as refused:
        service.create_game("free_dice", players)
    said = refused.value.details["said"]
    assert said["key"] == key
    for lang in SUPPORTED_LOCALES:
        text = translate(lang, key, said["params"])
        assert text != key and "{" not in text, text


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_the_colours_offered_are_the_players_colours(lang: str) -> None:
    offered = translate(lang, "error.said.colours_offered")
    names = [translate(lang, f"color.{color}") for color in PLAYER_COLORS]
    assert re.split(r", | or | ou ", offered) == names


def test_the_forms_boxes_take_what_the_game_takes(client: FlaskClient) -> None:
    page = client.get("/?lang=fr").get_data(as_text=True)
    rounds = re.search(r'<input [^>]*name="free_dice\.max_turns"[^>]*>', page)
    assert rounds, page[:2000]
    assert all(part in rounds[0] for part in ('type="number"', 'step="1"', 'min="0"', 'max="1000"'))
    names = re.findall(r'<input class="input" name="name_\d+"[^>]*>', page)
    assert names and all('maxlength="40"' in name for name in names)
    colours = re.search(r'<select [^>]*name="color_0"[^>]*>(.*?)</select>', page, re.S)
    assert colours, page[:2000]
    assert re.findall(r'<option value="(\w+)"', colours[1]) == list(PLAYER_COLORS)


def test_a_number_with_no_limits_of_its_game_is_said_a_whole_number() -> None:
    kinds = [{"id": "free_dice", "options": {"max_turns": 0}, "fields": [{"key": "max_turns", "kind": "number"}]}]
    form = MultiDict({"kind": "free_dice", "name_0": "Asha", "free_dice.max_turns": "lots"})
    with pytest.raises(MalformedRequest) as refused:
        forms.start_request(form, kinds)
    said = refused.value.details["said"]
    assert (
        translate("fr", said["key"], said["params"])
        == "Nombre de tours (0 = sans limite) : un nombre entier, pas lots."
    )
    assert translate("en", said["key"], said["params"]) == "Number of rounds (0 = no limit): a whole number, not lots."
