"""The language links lead to a page in the other language whatever the page was drawn for (a refused form at an
address that takes only forms, a page with arguments of its own), and the refusals of the board-facts pages and of
the colour calibration are said in the reader's language on the page while the API keeps its English text."""

# ruff: noqa: F811  (pytest fixtures imported from other test modules are parameters here)

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from flask.testing import FlaskClient
from test_web_calibrate import StillCamera, setup  # noqa: F401  (fixture)

from companion.service import Companion

Setup = tuple[FlaskClient, StillCamera, Path]


def _links(page: str) -> dict[str, str]:
    """The address of each language link of a page, by language."""
    found = re.findall(r'<a href="([^"]*)" class="lang[^"]*" hreflang="(\w+)"', page)
    assert len(found) == 2, found
    return {code: html.unescape(href) for href, code in found}


def _message(page: str) -> str:
    """What the error page says (its message paragraph), as a reader sees it."""
    found = re.search(r'<p class="break">(.*?)</p>', page, re.S)
    assert found, page
    return html.unescape(found.group(1)).strip()


def _opens(client: FlaskClient, href: str, code: str) -> None:
    """The link opens a page (a GET answered 200) in its language."""
    response = client.get(href)
    assert response.status_code == 200, (href, response.status_code)
    assert f'<html lang="{code}">' in response.get_data(as_text=True)


def test_a_language_link_keeps_the_page_and_its_arguments_with_lang_set_once(client: FlaskClient) -> None:
    page = client.get("/boards/rajas?saved=2&lang=fr&lang=en&b=x%20y").get_data(as_text=True)
    for code, href in _links(page).items():
        parts = urlsplit(href)
        assert parts.path == "/boards/rajas"
        assert parse_qs(parts.query) == {"saved": ["2"], "b": ["x y"], "lang": [code]}
        _opens(client, href, code)


def test_the_language_links_of_a_refused_start_form_lead_home(client: FlaskClient) -> None:
    # POST /games answers the games page with the form's problem; /games takes no GET (405).
    response = client.post("/games?lang=fr", data={"kind": "rajas"})
    assert response.status_code == 400
    for code, href in _links(response.get_data(as_text=True)).items():
        assert href == f"/?lang={code}"
        _opens(client, href, code)


def test_the_language_links_of_a_refused_form_at_a_page_address_keep_that_page(client: FlaskClient) -> None:
    # POST /boards/rajas refused (a fact that is no number) is drawn at /boards/rajas, which is a page too.
    response = client.post("/boards/rajas?lang=fr", data={"fact.3p.quarry.slots": "many"})
    assert response.status_code == 400
    for code, href in _links(response.get_data(as_text=True)).items():
        assert href == f"/boards/rajas?lang={code}"
        _opens(client, href, code)


def test_the_language_links_of_a_refused_move_lead_to_its_table(client: FlaskClient, companion: Companion) -> None:
    game_id = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    form = {"type": "place", "seat": "0", "space": "quarry"}  # nobody has rolled: refused, the table drawn again
    response = client.post(f"/games/{game_id}/rajas/play?lang=fr", data=form)
    assert response.status_code == 422
    for code, href in _links(response.get_data(as_text=True)).items():
        assert href == f"/games/{game_id}?lang={code}"
        _opens(client, href, code)


def test_a_board_page_of_a_game_without_printed_facts_says_so_in_french(client: FlaskClient) -> None:
    response = client.get("/boards/chess?lang=fr")
    assert response.status_code == 404
    said = _message(response.get_data(as_text=True))
    assert said == (
        "'chess' n’est pas un jeu dont les informations du plateau sont gardées ici ; "
        "elles le sont pour Rajas of the Ganges."
    )
    english = client.get("/boards/chess/export?lang=en").get_data(as_text=True)
    assert "'chess' is not a game whose board facts are kept here" in _message(english)
    api = client.get("/api/boards/chess")
    assert api.status_code == 404
    assert api.get_json()["error"]["message"] == "game 'chess' has no printed facts; known: rajas"


def test_forgetting_a_fact_not_told_says_so_in_french(client: FlaskClient) -> None:
    response = client.post("/boards/rajas/forget?lang=fr", data={"key": "34p.river.1"})
    assert response.status_code == 404
    said = _message(response.get_data(as_text=True))
    assert said.startswith("Rien à oublier : la case fleuve 1")
    assert "34p.river.1" not in said and "was told" not in said


def test_a_colour_the_camera_cannot_learn_is_refused_in_the_reader_s_language(setup: Setup) -> None:
    client, _, data = setup
    token = re.search(r'name="token" value="([0-9a-f]+)"', client.get("/calibrate").get_data(as_text=True))
    assert token
    form = {"token": token.group(1), "colour.1": "pink"}
    response = client.post("/calibrate?lang=fr", data=form)
    assert response.status_code == 400
    said = _message(response.get_data(as_text=True))
    assert said.startswith("Dé 1 : 'pink' n’est pas une couleur que la caméra sait apprendre ; choisissez bleu, vert")
    assert said.endswith(" ou noir.") and "is not one of" not in said
    asked = client.post("/calibrate", data=form, headers={"Accept": "application/json"})
    assert asked.status_code == 400
    assert asked.get_json()["error"]["message"].startswith("colour.1 = 'pink' is not one of blue, green")
    assert not (data / "calibration.json").exists()


def test_the_language_links_of_a_post_only_address_opened_by_hand_lead_home(client: FlaskClient) -> None:
    response = client.get("/games?lang=fr")  # a bookmark of the start form's answer: POST only
    assert response.status_code == 405
    for code, href in _links(response.get_data(as_text=True)).items():
        assert href == f"/?lang={code}"
        _opens(client, href, code)
