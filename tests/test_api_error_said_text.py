# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)
"""An API error that says itself in the players' words (`details.said`) also carries that text in the request's
language (`details.said_text`): the "Can I...?" pages show it, where they showed the English `message` to a French
player. The shape stays {"code", "message", "details"} and the message stays English."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from test_web_api import assert_error
from test_web_fixtures import PLAYERS, app, client, service  # noqa: F401  (fixtures)

from companion.i18n import translate
from companion.service import Companion

MARKET_LEFT_EMPTY = {
    "type": "place",
    "seat": "0",
    "space": "quarry",
    "pay": "0:blue-3",
    "tile.cost": "3",
    "tile.market1.good": "tea",
    "tile.market1.value": "",
}
"""A Rajas "Can I...?" form whose tile's first market has its good but not its value (the tester's example)."""


def _rajas_game(service: Companion) -> str:
    return str(service.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])


def _said(error: dict[str, Any], locale: str) -> str:
    said = error["details"]["said"]
    return translate(locale, said["key"], said["params"])


def test_a_rajas_form_refused_says_its_field_in_french(client: FlaskClient, service: Companion) -> None:
    game_id = _rajas_game(service)
    answer = client.post(f"/api/games/{game_id}/rajas/move?lang=fr", data=MARKET_LEFT_EMPTY)
    error = assert_error(answer, 400, "malformed")
    assert error["message"].startswith("field tile.market1.value: got ''")  # the API's message, English
    assert error["details"]["said_text"] == _said(error, "fr")
    assert "Le marché de la tuile" in error["details"]["said_text"]
    assert "allowed" not in error["details"]["said_text"]


def test_the_said_text_follows_the_request_language(client: FlaskClient, service: Companion) -> None:
    game_id = _rajas_game(service)
    french = client.post(f"/api/games/{game_id}/rajas/move", data=MARKET_LEFT_EMPTY, headers={"Accept-Language": "fr"})
    english = client.post(f"/api/games/{game_id}/rajas/move?lang=en", data=MARKET_LEFT_EMPTY)
    assert french.get_json()["error"]["details"]["said_text"] == _said(french.get_json()["error"], "fr")
    assert english.get_json()["error"]["details"]["said_text"] == _said(english.get_json()["error"], "en")
    assert french.get_json()["error"]["details"]["said_text"] != english.get_json()["error"]["details"]["said_text"]


def test_a_check_of_a_game_that_is_gone_says_so_in_french(client: FlaskClient) -> None:
    answer = client.post("/api/games/gone/check?lang=fr", json={"move": {"type": "end_turn"}})
    error = assert_error(answer, 404, "not_found")
    assert error["details"]["said_text"] == translate("fr", "error.said.no_game")


def test_a_conflict_carries_its_said_text(client: FlaskClient, service: Companion) -> None:
    game_id = str(service.create_game("free_dice", PLAYERS)["game_id"])
    body = {"type": "undo", "if_seq": 7}
    error = assert_error(client.post(f"/api/games/{game_id}/events?lang=fr", json=body), 409, "conflict")
    assert error["details"]["said_text"] == _said(error, "fr")
    assert "7" in error["details"]["said_text"]


def test_an_error_without_said_has_no_said_text(client: FlaskClient, service: Companion) -> None:
    game_id = str(service.create_game("free_dice", PLAYERS)["game_id"])
    error = assert_error(client.post(f"/api/games/{game_id}/check?lang=fr", json={"move": []}), 400, "malformed")
    assert "said_text" not in error["details"]  # the page says it with a sentence of its own (error.reason.*)
