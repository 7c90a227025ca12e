"""Limits of what the web layer takes: numbers in range, no unknown field in a player, short echoes of bad values,
bodies of a bounded size; each refusal a clear error naming what was wrong, and nothing written."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_web_api import assert_error
from test_web_fixtures import PLAYERS, app, client, game_id, service  # noqa: F401  (fixtures)

from companion.service import Companion
from companion.web.errors import SHOWN_CHARS, shortened, shown
from companion.web.rajas.boards import MAX_UPLOAD

HUGE = "A" * 100_000
BOUNDARY = "limits-boundary"


def upload(client: FlaskClient, path: str, content: bytes) -> object:
    """Post `content` as the file of a form (encoded here: the test client's encoder leaves a large file open)."""
    head = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="board.json"\r\n'
    body = (head + "Content-Type: application/json\r\n\r\n").encode() + content + f"\r\n--{BOUNDARY}--\r\n".encode()
    return client.post(path, data=body, content_type=f"multipart/form-data; boundary={BOUNDARY}")


@pytest.mark.parametrize("after", ["99999999999999999999999", str(2**63), "-1", "x", "9" * 5000])
@pytest.mark.parametrize("path", ["/api/games/{game}/events", "/stream/games/{game}"])
def test_an_after_out_of_range_is_a_400_naming_it(client: FlaskClient, game_id: str, path: str, after: str) -> None:
    error = assert_error(client.get(path.format(game=game_id), query_string={"after": after}), 400, "malformed")
    assert error["details"]["field"] == "after"
    assert error["message"].startswith("after must be a whole number from 0 to 9223372036854775807")
    assert len(error["message"]) < 200


def test_a_last_event_id_out_of_range_is_a_400_naming_it(client: FlaskClient, game_id: str) -> None:
    response = client.get(f"/stream/games/{game_id}", headers={"Last-Event-ID": "9" * 30})
    error = assert_error(response, 400, "malformed")
    assert error["details"]["field"] == "Last-Event-ID"


def test_the_largest_after_is_taken(client: FlaskClient, game_id: str) -> None:
    response = client.get(f"/api/games/{game_id}/events", query_string={"after": str(2**63 - 1)})
    assert response.status_code == 200 and response.get_json()["events"] == []


@pytest.mark.parametrize(
    ("players", "field", "said"),
    [
        ([{"name": "A", "bogus": 1}], "players[0].bogus", "unknown field 'players[0].bogus'; allowed: name, color"),
        ([{"name": "A"}, {"name": "B", "colour": "red"}], "players[1].colour", "unknown field 'players[1].colour'"),
        ([{"color": "red"}], "players[0].name", "field 'players[0].name' is missing"),
        ([{"name": 7}], "players[0].name", "field 'players[0].name' must be a string, got 7"),
        ([{"name": "A", "color": 3}], "players[0].color", "must be a string or null, got 3"),
        (["Asha"], "players[0]", "players[0] must be an object, got 'Asha'"),
    ],
)
def test_a_player_with_an_unknown_or_wrong_field_is_refused_naming_it(
    client: FlaskClient, service: Companion, players: list, field: str, said: str
) -> None:
    error = assert_error(client.post("/api/games", json={"kind": "free_dice", "players": players}), 400, "malformed")
    assert error["details"]["field"] == field
    assert said in error["message"]
    assert service.games() == []


def test_a_player_without_a_colour_or_with_null_takes_the_seats_one(client: FlaskClient) -> None:
    players = [{"name": "Asha"}, {"name": "Bruno", "color": None}]
    response = client.post("/api/games", json={"kind": "free_dice", "players": players})
    assert response.status_code == 201
    assert all(player["color"] for player in response.get_json()["players"])


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"kind": "free_dice", "players": [{"name": HUGE}]}, 400, "malformed"),  # the service quotes it whole
        ({"kind": "free_dice", "players": HUGE}, 400, "malformed"),
        ({"kind": "free_dice", "players": PLAYERS, HUGE: 1}, 400, "malformed"),
        ({"kind": "free_dice", "players": [{"name": "A", HUGE: 1}]}, 400, "malformed"),
        ({"kind": "free_dice", "players": PLAYERS, "options": {"max_turns": 10**3000}}, 400, "malformed"),
        ({"kind": HUGE, "players": PLAYERS}, 404, "not_found"),
    ],
)
def test_a_huge_bad_value_is_quoted_short(
    client: FlaskClient, service: Companion, body: dict, status: int, code: str
) -> None:
    response = client.post("/api/games", json=body)
    error = assert_error(response, status, code)
    assert len(error["message"]) < 400, error["message"][:500]
    assert len(response.get_data()) < 2000  # the details too
    assert service.games() == []


def test_a_huge_event_type_is_quoted_short(client: FlaskClient, game_id: str) -> None:
    error = assert_error(client.post(f"/api/games/{game_id}/events", json={"type": HUGE}), 400, "malformed")
    assert "'" + "A" * SHOWN_CHARS + "…'" in error["message"] and len(error["message"]) < 300


def test_a_huge_number_in_the_start_form_is_refused_naming_the_option_and_quoted_short(
    client: FlaskClient, service: Companion
) -> None:
    form = {"kind": "free_dice", "name_0": "Asha", "free_dice.max_turns": "9" * 5000}
    response = client.post("/games", data=form)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Number of rounds (0 = no limit): a whole number from 0 to 1000, not 9" in page  # the option's label
    assert "9" * 200 + "…" not in page and "9" * SHOWN_CHARS + "…" in page
    assert service.games() == []


def test_a_body_over_the_limit_is_a_413_in_the_api_shape_and_nothing_is_parsed(
    client: FlaskClient, service: Companion
) -> None:
    body = b'{"kind": "free_dice", "players": [{"name": "' + b"x" * (50 * 1024 * 1024) + b'"}]}'
    response = client.post("/api/games", data=body, content_type="application/json")
    error = assert_error(response, 413, "request_entity_too_large")
    assert "too large" in error["message"] and "at most 1024 kB" in error["message"]
    assert error["details"]["limit_bytes"] == 1024 * 1024
    assert service.games() == []


def test_a_body_over_the_limit_on_the_dashboard_is_a_readable_page(client: FlaskClient) -> None:
    response = upload(client, "/boards/rajas/import", b"{" + b" " * (3 * 1024 * 1024) + b"}")
    assert response.status_code == 413 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "The request is too large" in page and "at most 1024 kB" in page


def test_the_limit_is_above_every_body_the_app_takes(app: Flask, client: FlaskClient) -> None:
    assert app.config["MAX_CONTENT_LENGTH"] > MAX_UPLOAD + 64 * 1024  # a board file, with its form around it
    # A board file over its own limit, under the app's, is refused by the board page with its own message.
    response = upload(client, "/boards/rajas/import", b" " * (MAX_UPLOAD + 10))
    assert response.status_code == 413 and "it must be 512 kB at most" in response.get_data(as_text=True)


def test_json_nested_too_deeply_is_a_400_not_a_500(client: FlaskClient) -> None:
    response = client.post("/api/games", data="[" * 100_000, content_type="application/json")
    error = assert_error(response, 400, "malformed")
    assert error["details"]["field"] == "body" and "nested too deeply" in error["message"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("got 'short'", "got 'short'"),
        (f"got {HUGE!r}", f"got '{'A' * SHOWN_CHARS}…'"),
        (f"unknown option(s) [{HUGE!r}, 'b']", f"unknown option(s) ['{'A' * SHOWN_CHARS}…', 'b']"),
        (f"name {'O' + chr(39) + HUGE!r} bad", f'name "O\'{"A" * (SHOWN_CHARS - 2)}…" bad'),
        ("got " + "9" * 500, "got " + "9" * SHOWN_CHARS + "…"),
        ("the game's log can't take 'x' of " + "b" * 100, "the game's log can't take 'x' of " + "b" * 100),
    ],
)
def test_shortened_cuts_each_long_quoted_value_and_nothing_else(message: str, expected: str) -> None:
    assert shortened(message) == expected


def test_shown_quotes_a_value_cut_to_its_first_characters() -> None:
    assert shown("abc") == "'abc'"
    assert shown(HUGE) == "'" + "A" * SHOWN_CHARS + "…'"
    assert shown(list(range(1000))) == repr(list(range(1000)))[:SHOWN_CHARS] + "…"
