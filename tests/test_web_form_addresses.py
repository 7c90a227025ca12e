"""Opening (or reloading) the address of a form of a game's table takes the player back to the table: the page left
after a refused move shows /games/<id>/rajas/play in the address bar, and a reload answered "405 ·
method_not_allowed"."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.service import Companion

FORMS = ("rajas/play", "rajas/fact", "rajas/undo", "rajas/redo", "resume")
"""The addresses a table's forms post to, and only post to."""


@pytest.fixture
def game_id(companion: Companion) -> str:
    return str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_opening_the_address_of_a_tables_form_goes_back_to_the_table(
    client: FlaskClient, game_id: str, form: str, method: str
) -> None:
    response = client.open(f"/games/{game_id}/{form}", method=method)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    assert response.headers["Location"] == f"/games/{game_id}"


def test_a_page_reloaded_after_a_refused_move_shows_the_table_in_its_language(
    client: FlaskClient, game_id: str
) -> None:
    # Asha passes before rolling for the start player: refused, and the page answering is the form's address.
    refused = client.post(f"/games/{game_id}/rajas/play?lang=fr", data={"type": "pass", "seat": "0"})
    assert refused.status_code >= 400
    reloaded = client.get(f"/games/{game_id}/rajas/play?lang=fr")
    assert reloaded.status_code == 303 and reloaded.headers["Location"] == f"/games/{game_id}?lang=fr"
    table = client.get(reloaded.headers["Location"])
    assert table.status_code == 200 and '<html lang="fr">' in table.get_data(as_text=True)


def test_the_table_of_a_game_that_is_not_there_says_so(client: FlaskClient) -> None:
    response = client.get("/games/nothere/rajas/play", follow_redirects=True)
    assert response.status_code == 404 and response.request.path == "/games/nothere"


def test_other_addresses_keep_their_405(client: FlaskClient, game_id: str) -> None:
    # The API answers in JSON, with its code; the start form's own address is no game's.
    api = client.get(f"/api/games/{game_id}/check")
    assert api.status_code == 405 and api.get_json()["error"]["code"] == "method_not_allowed"
    assert client.get("/games").status_code == 405
    assert client.delete(f"/games/{game_id}/rajas/play").status_code == 405
