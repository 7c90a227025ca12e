"""A refusal is never larger than the request it refuses: a message that quotes a list of many short values whole
(each under the length `shortened` cuts a value at) keeps its start and its end, which name the field and what it
takes."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import json

from flask.testing import FlaskClient
from test_web_fixtures import app, client, service  # noqa: F401  (fixtures)

from companion.service import Companion
from companion.web.errors import MESSAGE_CHARS, shortened


def test_a_message_quoting_a_long_list_keeps_its_start_and_its_end() -> None:
    message = f"field pay: got {[{'color': 'blue', 'value': 1}] * 5000!r}; allowed: a list of at most 12 dice"
    short = shortened(message)
    assert len(short) <= MESSAGE_CHARS + 3
    assert short.startswith("field pay: got [{'color': 'blue', 'value': 1}, ")
    assert short.endswith("; allowed: a list of at most 12 dice") and " … " in short


def test_a_message_of_ordinary_length_is_kept_whole() -> None:
    message = "field space: got 1; allowed: " + ", ".join(f"space_{n}" for n in range(40))
    assert shortened(message) == message


def test_a_rajas_payment_of_thirty_thousand_dice_is_refused_in_a_short_answer(
    client: FlaskClient, service: Companion
) -> None:
    game_id = service.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"]
    pay = [{"color": "blue", "value": 1}] * 30_000
    body = {"type": "move", "move": {"type": "place", "seat": 0, "space": "quarry", "pay": pay}}
    sent = json.dumps(body, separators=(",", ":"))
    response = client.post(f"/api/games/{game_id}/events", data=sent, content_type="application/json")
    assert response.status_code == 400
    assert len(response.data) < 3000 < len(sent)
    error = response.get_json()["error"]
    assert error["details"]["field"] == "pay"
    assert error["message"].startswith("field pay: got [") and error["message"].endswith("at most 12 dice")
