"""Small wording defects a French reader found on the dashboard: a refused white yield tile listed by its ids, the GPIO
pins named by their config keys on the health page, a form sent to a page said as a GET of a form's address, and the
karma pips read out as a bare number."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_rajas are parameters here)

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient
from hardware_fixtures import mock_choice
from test_rajas_error_words import _refusal
from test_web_rajas import game_id  # noqa: F401  (fixtures)

from companion.errors import MalformedRequest
from companion.games.rajas.definition import WHITE_YIELDS
from companion.games.rajas.parse import parse_move
from companion.i18n import translate
from companion.service import Companion
from hardware import TablePanel
from hardware.pins import PinMap

# ---- 1. a white yield tile refused is listed by what the tiles give, in the page's language

DRAWN = {
    "fr": "Le champ « tuile prise » prend l'une de ces valeurs : 1 dé au choix, 3 argent, 1 amélioration, 1 karma, "
    "pas 'gold'.",
    "en": "Field “the tile taken” takes one of 1 die of your choice, 3 money, 1 upgrade, 1 karma, not 'gold'.",
}


@pytest.mark.parametrize("lang", DRAWN)
def test_a_white_yield_tile_refused_on_the_table_lists_the_tiles_in_the_pages_words(
    client: FlaskClient, game_id: str, companion: Companion, lang: str
) -> None:
    before = companion.session(game_id).last_seq
    form = {"if_seq": str(before), "seat": "1", "type": "draw_yield", "tile": "gold"}
    page = client.post(f"/games/{game_id}/rajas/play?lang={lang}", data=form)
    assert page.status_code == 400
    said = _refusal(page)
    assert said == DRAWN[lang]
    assert "die, money3" not in said and "money3" not in said  # the ids the API keeps
    assert companion.session(game_id).last_seq == before  # nothing written


def test_the_api_keeps_the_tile_ids_in_english_and_says_them_in_words() -> None:
    with pytest.raises(MalformedRequest) as refused:
        parse_move({"type": "draw_yield", "seat": 0, "tile": "gold"}, ["Asha", "Bruno"])
    error = refused.value
    assert error.details["field"] == "tile"
    assert error.message == "field tile: got 'gold'; allowed: die, money3, upgrade, karma"
    said = translate("fr", error.details["said"]["key"], error.details["said"]["params"])
    assert (
        said
        == "Le champ tile prend l'une de ces valeurs : 1 dé au choix, 3 argent, 1 amélioration, 1 karma, pas 'gold'."
    )


@pytest.mark.parametrize("tile", WHITE_YIELDS)
def test_every_white_yield_tile_is_still_accepted(tile: str) -> None:
    move = parse_move({"type": "draw_yield", "seat": 1, "tile": tile}, ["Asha", "Bruno"])
    assert move == {"type": "draw_yield", "seat": 1, "tile": tile}


# ---- 2. the GPIO panel's pins said by what they drive on the health page


@pytest.fixture
def panel(companion: Companion) -> Iterator[TablePanel]:
    """The built-in pin map with a buzzer on a private mock factory, as the service's GPIO panel."""
    with mock_choice() as choice, TablePanel(PinMap(buzzer=12), choice) as opened:
        companion.devices["gpio"] = opened
        yield opened


PINS = {
    "fr": "voyant d'état 17, place 1 : 5, place 2 : 6, place 3 : 13, place 4 : 26, verdict rouge 22, verdict vert 27, "
    "verdict bleu 16, bouton valider 23, bouton annuler 24, bouton suivant 25, buzzer 12",
    "en": "status light 17, seat 1: 5, seat 2: 6, seat 3: 13, seat 4: 26, verdict red 22, verdict green 27, "
    "verdict blue 16, confirm button 23, undo button 24, next button 25, buzzer 12",
}


def _pins_row(client: FlaskClient, lang: str) -> str:
    page = client.get(f"/health?lang={lang}").get_data(as_text=True)
    found = re.search(r'data-key="pins"><dt>[^<]*</dt><dd>(.*?)</dd>', page)
    assert found, page
    return html.unescape(found.group(1))


@pytest.mark.parametrize("lang", PINS)
def test_the_pins_row_names_each_pin_in_the_pages_language(client: FlaskClient, panel: TablePanel, lang: str) -> None:
    row = _pins_row(client, lang)
    assert row == PINS[lang]
    assert "seats[" not in row and "buttons." not in row


def test_the_api_keeps_the_config_keys_of_the_pins(client: FlaskClient, panel: TablePanel) -> None:
    pins = client.get("/api/health").get_json()["devices"]["gpio"]["pins"]
    assert pins == PinMap(buzzer=12).pins_in_use()
    assert pins["seats[0]"] == 5 and pins["buttons.confirm"] == 23


def test_a_verdict_of_three_leds_names_each_light(client: FlaskClient, companion: Companion) -> None:
    pin_map = PinMap.from_dict({"verdict": {"allowed": 22, "refused": 27, "undecided": 16}})
    with mock_choice() as choice, TablePanel(pin_map, choice) as opened:
        companion.devices["gpio"] = opened
        row = _pins_row(client, "fr")
    assert "voyant permis 22, voyant refusé 27, voyant indécis 16" in row


# ---- 3. a form sent to a page that is only read


@pytest.mark.parametrize("path", ["/", "/health"])
@pytest.mark.parametrize(
    ("lang", "title", "said"),
    [
        (
            "fr",
            "Cette page ne reçoit pas de formulaire",
            "Cette page se consulte seulement : on ne peut pas lui envoyer de formulaire.",
        ),
        ("en", "This page takes no form", "This page is only there to be read: a form cannot be sent to it."),
    ],
)
def test_a_form_sent_to_a_page_says_the_page_takes_none(
    client: FlaskClient, path: str, lang: str, title: str, said: str
) -> None:
    response = client.post(f"{path}?lang={lang}")
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 405
    assert f'<h1 class="page__title">{title}</h1>' in page and said in page
    assert "formulaire du compagnon, pas une page" not in page and "not a page to open" not in page


def test_opening_the_address_of_a_form_keeps_its_own_words(client: FlaskClient) -> None:
    response = client.get("/calibrate/keep?lang=fr")
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 405
    assert "Cette adresse n'ouvre aucune page" in page
    assert "celle d'un bouton ou d'un formulaire du compagnon, pas une page à ouvrir" in page


def test_the_api_answers_a_form_to_a_page_in_its_json_shape(client: FlaskClient) -> None:
    response = client.post("/api/health")
    assert response.status_code == 405
    assert response.get_json()["error"]["code"] == "method_not_allowed"


# ---- 4. the karma pips read out with their label


@pytest.mark.parametrize(("lang", "label"), [("fr", "Karma : 1 sur 3"), ("en", "Karma: 1 of 3")])
def test_the_karma_pips_are_read_out_with_their_label(client: FlaskClient, game_id: str, lang: str, label: str) -> None:
    page = client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True)
    karma = re.findall(r'<div class="stat stat--karma">.*?<dd aria-label="([^"]*)"', page, re.S)
    assert karma and all(html.unescape(found) == label for found in karma), karma
