"""The JSON API: every endpoint, and the one error shape for every refusal (which writes nothing)."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from test_web_fixtures import PLAYERS, FakeCamera, app, client, game_id, roll, service  # noqa: F401  (fixtures)

from companion.service import Companion


def assert_error(response: Any, status: int, code: str) -> dict[str, Any]:
    """The response is the API error shape with this status and code; returns its error object."""
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message", "details"}
    assert body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    return dict(body["error"])


def test_health_lists_store_and_streams(client: FlaskClient, service: Companion) -> None:
    service.devices["camera"] = FakeCamera()
    body = client.get("/api/health").get_json()
    assert body["store"]["games"] == 0
    assert body["devices"]["camera"]["reader_errors"] == 2
    assert body["web"] == {"streams_open": 0, "stream_limit": 3}


def test_kinds_include_free_dice(client: FlaskClient) -> None:
    kinds = {k["id"]: k for k in client.get("/api/kinds").get_json()}
    assert kinds["free_dice"]["options"] == {"max_turns": 0}
    assert kinds["free_dice"]["fields"] == [{"key": "max_turns", "kind": "number", "choices": [], "needs": None}]
    assert [f["key"] for f in kinds["rajas"]["fields"]] == ["modules", "experienced"]


def test_create_game_returns_view_and_lists_it(client: FlaskClient) -> None:
    response = client.post("/api/games", json={"kind": "free_dice", "players": PLAYERS, "options": {"max_turns": 2}})
    assert response.status_code == 201
    view = response.get_json()
    assert [p["name"] for p in view["players"]] == ["Asha", "Bruno"]
    assert view["options"] == {"max_turns": 2}
    games = client.get("/api/games").get_json()
    assert [(g["game_id"], g["is_active"]) for g in games] == [(view["game_id"], True)]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": PLAYERS}, "kind"),
        ({"kind": "free_dice", "players": "Asha"}, "players"),
        ({"kind": "free_dice", "players": PLAYERS, "colour": "red"}, "colour"),
        ({"kind": 3, "players": PLAYERS}, "kind"),
        ({"kind": "free_dice", "players": PLAYERS, "options": []}, "options"),
        ({"kind": "rajas", "players": PLAYERS, "options": {"facts": "{}"}}, "facts"),
        ({"kind": "rajas", "players": PLAYERS, "options": {"modules": "ganga"}}, "modules"),
        ({"kind": "rajas", "players": PLAYERS, "options": {"experienced": 1}}, "experienced"),
    ],
)
def test_create_game_refuses_bad_fields_by_name(client: FlaskClient, body: dict[str, Any], field: str) -> None:
    error = assert_error(client.post("/api/games", json=body), 400, "malformed")
    assert error["details"]["field"] == field
    assert field in error["message"]
    assert client.get("/api/games").get_json() == []


def test_create_game_refuses_bad_player_and_unknown_kind(client: FlaskClient) -> None:
    error = assert_error(
        client.post("/api/games", json={"kind": "free_dice", "players": [{"name": ""}]}), 400, "malformed"
    )
    assert "players[0].name" in error["message"]
    assert_error(client.post("/api/games", json={"kind": "chess", "players": PLAYERS}), 404, "not_found")
    assert client.get("/api/games").get_json() == []


def test_body_that_is_not_json_is_refused(client: FlaskClient, game_id: str) -> None:
    error = assert_error(client.post(f"/api/games/{game_id}/events", data="type=undo"), 400, "malformed")
    assert error["details"]["field"] == "body"
    broken = client.post(f"/api/games/{game_id}/events", data="{not json", content_type="application/json")
    assert_error(broken, 400, "malformed")
    assert_error(client.post(f"/api/games/{game_id}/events", json=[1, 2]), 400, "malformed")


def test_view_and_unknown_game(client: FlaskClient, game_id: str) -> None:
    view = client.get(f"/api/games/{game_id}").get_json()
    assert view["current_seat"] == 0 and view["seq"] == 1
    error = assert_error(client.get("/api/games/nope"), 404, "not_found")
    assert "nope" in error["message"]
    assert_error(client.post("/api/games/nope/events", json={"type": "undo"}), 404, "not_found")
    assert_error(client.post("/api/games/nope/activate"), 404, "not_found")


def test_append_move_returns_event_and_view(client: FlaskClient, game_id: str) -> None:
    response = client.post(f"/api/games/{game_id}/events", json=roll(0, 5, 3))
    assert response.status_code == 201
    body = response.get_json()
    assert body["event"]["seq"] == 2 and body["event"]["type"] == "move"
    assert body["event"]["payload"]["origin"] == "api"
    assert body["view"]["players"][0]["score"] == 8
    events = client.get(f"/api/games/{game_id}/events?after=1").get_json()["events"]
    assert [e["seq"] for e in events] == [2]


def test_refused_move_writes_nothing_and_carries_translated_verdict(client: FlaskClient, game_id: str) -> None:
    before = len(client.get(f"/api/games/{game_id}/events").get_json()["events"])
    response = client.post(f"/api/games/{game_id}/events", json=roll(1, 4), headers={"Accept-Language": "fr"})
    error = assert_error(response, 422, "illegal_move")
    assert error["details"]["verdict"]["reason"]["key"] == "free_dice.refused.not_your_turn"
    assert error["message"] == error["details"]["texts"]["reason"]
    assert "tour" in error["message"]  # French text, not the key
    assert error["details"]["texts"]["citation"].startswith("Règle")
    after = len(client.get(f"/api/games/{game_id}/events").get_json()["events"])
    assert after == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": "jump"}, "type"),
        ({"move": {"type": "end_turn"}}, "type"),
        ({"type": "undo", "extra": 1}, "extra"),
        ({"type": "move"}, "move"),
        ({"type": "move", "move": "end_turn"}, "move"),
        ({"type": "correction", "target": "2", "move": {}}, "target"),
        ({"type": "undo", "if_seq": True}, "if_seq"),
    ],
)
def test_malformed_events_name_the_field(client: FlaskClient, game_id: str, body: dict[str, Any], field: str) -> None:
    error = assert_error(client.post(f"/api/games/{game_id}/events", json=body), 400, "malformed")
    assert error["details"]["field"] == field
    assert len(client.get(f"/api/games/{game_id}/events").get_json()["events"]) == 1


def test_malformed_move_inside_event_is_400(client: FlaskClient, game_id: str) -> None:
    body = {"type": "move", "move": {"type": "roll", "dice": [{"value": 9}]}}
    error = assert_error(client.post(f"/api/games/{game_id}/events", json=body), 400, "malformed")
    assert "dice[0].value" in error["message"]


def test_undo_redo_and_conflict(client: FlaskClient, game_id: str) -> None:
    url = f"/api/games/{game_id}/events"
    assert_error(client.post(url, json={"type": "undo"}), 409, "conflict")
    client.post(url, json=roll(0, 6))
    undone = client.post(url, json={"type": "undo"}).get_json()
    assert undone["view"]["players"][0]["score"] == 0 and undone["view"]["can_redo"]
    redone = client.post(url, json={"type": "redo"}).get_json()
    assert redone["view"]["players"][0]["score"] == 6


def test_if_seq_refuses_a_stale_event(client: FlaskClient, game_id: str) -> None:
    url = f"/api/games/{game_id}/events"
    assert client.post(url, json={**roll(0, 2), "if_seq": 1}).status_code == 201
    error = assert_error(
        client.post(url, json={"type": "move", "move": {"type": "end_turn"}, "if_seq": 1}), 409, "conflict"
    )
    assert error["details"]["seq"] == 2
    assert len(client.get(url).get_json()["events"]) == 2


def test_correction_replaces_the_dice_of_a_roll(client: FlaskClient, game_id: str) -> None:
    url = f"/api/games/{game_id}/events"
    client.post(url, json=roll(0, 2, 2))
    fixed = {"type": "roll", "seat": 0, "dice": [{"value": 6, "color": "blue"}, {"value": 2, "color": "green"}]}
    body = client.post(url, json={"type": "correction", "target": 2, "move": fixed}).get_json()
    assert body["event"]["type"] == "correction"
    assert body["view"]["players"][0]["score"] == 8
    assert body["view"]["last_roll"]["dice"][1]["color"] == "green"


def test_events_after_must_be_a_number(client: FlaskClient, game_id: str) -> None:
    error = assert_error(client.get(f"/api/games/{game_id}/events?after=x"), 400, "malformed")
    assert error["details"]["field"] == "after"


def test_check_gives_verdict_without_writing(client: FlaskClient, game_id: str) -> None:
    url = f"/api/games/{game_id}/check"
    allowed = client.post(url, json={"move": {"type": "roll", "dice": [{"value": 3}]}}).get_json()
    assert allowed["status"] == "allowed"
    refused = client.post(url, json={"move": {"type": "end_turn"}}, headers={"Accept-Language": "en"}).get_json()
    assert refused["status"] == "refused"
    assert refused["reason"]["key"] == "free_dice.refused.roll_first"
    assert refused["texts"]["reason"].startswith("Roll the dice")
    assert refused["citation"]["game"] == "free_dice"
    assert_error(client.post(url, json={"verdict": {}}), 400, "malformed")
    assert len(client.get(f"/api/games/{game_id}/events").get_json()["events"]) == 1


def test_activate_switches_the_active_game(client: FlaskClient, service: Companion, game_id: str) -> None:
    other = service.create_game("free_dice", PLAYERS)["game_id"]
    assert service.active_id == other
    assert client.post(f"/api/games/{game_id}/activate").get_json() == {"active_game": game_id}
    assert service.active_id == game_id


def test_reading_is_null_then_latest(client: FlaskClient, service: Companion) -> None:
    assert client.get("/api/reading").get_json() is None
    service.reading_updated({"dice": [{"value": 4, "color": "blue"}], "width": 10, "height": 10}, "settled")
    body = client.get("/api/reading").get_json()
    assert body["dice"][0]["value"] == 4 and body["phase"] == "settled"


def test_unknown_api_route_and_method_use_the_error_shape(client: FlaskClient) -> None:
    assert_error(client.get("/api/nothing"), 404, "not_found")
    assert_error(client.delete("/api/games"), 405, "method_not_allowed")
