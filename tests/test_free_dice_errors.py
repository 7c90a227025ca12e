"""Free dice's refusals quote what they refuse short: a roll of 60,000 dice was answered with a 400 whose message
repeated the whole list (840 kB, larger than the request)."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_web_fixtures import app, client, game_id, service  # noqa: F401  (fixtures)

import companion.web.errors
from companion import errors
from companion.errors import SHOWN_CHARS, MalformedRequest
from companion.games.free_dice import rules
from companion.service import Companion

HUGE = "A" * 100_000


def test_a_roll_of_sixty_thousand_dice_is_refused_by_its_count(
    client: FlaskClient, service: Companion, game_id: str
) -> None:
    body = {"type": "move", "move": {"type": "roll", "dice": [{"value": 1}] * 60_000}}
    sent = json.dumps(body, separators=(",", ":"))
    response = client.post(f"/api/games/{game_id}/events", data=sent, content_type="application/json")
    assert response.status_code == 400, response.status_code
    assert len(response.data) < 500 < len(sent)
    message = response.get_json()["error"]["message"]
    assert message == "move.dice must be a list of 1 to 60 dice, got a list of 60000"
    assert service.view(game_id)["seq"] == 1  # nothing written


@pytest.mark.parametrize(
    ("move", "where"),
    [
        ({"type": "roll", "dice": [{"value": 1}] * 61}, "move.dice"),
        ({"type": "roll", "dice": {"huge": HUGE}}, "move.dice"),
        ({"type": "roll", "dice": [{"value": [HUGE]}]}, "move.dice[0].value"),
        ({"type": "roll", "dice": [{"value": 2, "color": [HUGE]}]}, "move.dice[0].color"),
        ({"type": [HUGE]}, "move.type"),
        ({"type": "end_turn", "seat": [HUGE]}, "move.seat"),
    ],
)
def test_every_refusal_names_the_field_and_quotes_the_value_short(move: dict[str, Any], where: str) -> None:
    with pytest.raises(MalformedRequest) as refused:
        rules.parse(move)
    message = refused.value.message
    assert message.startswith(where) and len(message) < 200, message[:300]


def test_the_games_quote_values_as_the_web_layer_does() -> None:
    assert companion.web.errors.shown is errors.shown
    assert errors.shown([HUGE]) == repr([HUGE])[:SHOWN_CHARS] + "…"
