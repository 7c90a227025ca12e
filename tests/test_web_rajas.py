"""Rajas pages: refusals with reason and citation, a missing fact asked then told, "Can I...?", rules, board file."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app

COLORS = ("blue", "green", "orange", "violet")


@pytest.fixture
def companion(tmp_path: Path) -> Iterator[Companion]:
    with Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path) as service:
        yield service


@pytest.fixture
def client(companion: Companion) -> FlaskClient:
    return create_app({"TESTING": True}, companion).test_client()


def rolled(client: FlaskClient, game_id: str, seat: int, values: tuple[int, ...]) -> None:
    form = {"type": "roll", "seat": str(seat)}
    for index, (color, value) in enumerate(zip(COLORS, values, strict=True)):
        form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
    assert client.post(f"/games/{game_id}/rajas/play", data=form).status_code == 303


@pytest.fixture
def game_id(client: FlaskClient, companion: Companion) -> str:
    """Asha rolled 3 4 2 5, Bruno four 1s: Bruno (lower total) places first."""
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    rolled(client, found, 0, (3, 4, 2, 5))
    rolled(client, found, 1, (1, 1, 1, 1))
    assert companion.view(found)["current_seat"] == 1
    return found


def test_the_table_shows_players_dice_and_the_place_forms(client: FlaskClient, game_id: str) -> None:
    page = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    assert "Bruno places a worker" in page and "Money" in page and "Karma" in page
    assert 'aria-label="1 · green"' in page  # Bruno's Kali drawn as dice in their colours
    assert 'value="room.raja"' in page and 'name="pay" value="0:blue-1"' in page


def test_a_refused_move_shows_the_reason_and_links_the_rule(client: FlaskClient, game_id: str) -> None:
    form = {"type": "place", "seat": "1", "space": "room.raja", "pay": "1:green-1"}
    response = client.post(f"/games/{game_id}/rajas/play?lang=en", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "No, not allowed" in page and 'href="/rules/rajas#rule-palace.room_value"' in page


def test_a_flipped_die_pays_with_karma(client: FlaskClient, game_id: str) -> None:
    # A 1 turned over is a 6 (one karma): the Portuguese room then asks only for the river's printed facts.
    form = {"type": "place", "seat": "1", "space": "room.portuguese", "pay": "1:green-1"}
    plain = client.post(f"/games/{game_id}/rajas/check", data=form).get_data(as_text=True)
    flipped = client.post(f"/games/{game_id}/rajas/check", data={**form, "flip": "1"}).get_data(as_text=True)
    assert "rule-palace.room_value" in plain and "rule-palace.room_value" not in flipped
    move = client.post(f"/api/games/{game_id}/rajas/move", data={**form, "flip": "1"}).get_json()["move"]
    assert move["pay"] == [{"color": "green", "value": 1, "as": 6, "via": "karma"}]


def test_a_malformed_form_names_the_field(client: FlaskClient, game_id: str) -> None:
    response = client.post(f"/games/{game_id}/rajas/play?lang=en", data={"type": "place", "seat": "1", "pay": "x"})
    assert response.status_code == 400 and "field pay" in response.get_data(as_text=True)


def test_a_missing_fact_is_asked_once_then_the_move_is_played(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    move = {"type": "place", "seat": "1", "space": "outer_terrace"}
    response = client.post(f"/games/{game_id}/rajas/play?lang=en", data=move)
    assert response.status_code == 422
    table = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    assert "A printed fact is needed" in table and 'name="key" value="2p.outer_terrace.slots"' in table
    answer = {"type": "answer_fact", "key": "2p.outer_terrace.slots", "value": "2"}
    assert client.post(f"/games/{game_id}/rajas/fact", data=answer).status_code == 303
    assert companion.boards.known("rajas") == {"2p.outer_terrace.slots": 2}
    assert companion.view(game_id)["spaces"]["outer_terrace"] == [1]  # the waiting move was played
    assert "A printed fact is needed" not in client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)


def test_can_i_reads_the_form_then_asks_the_check_api(client: FlaskClient, game_id: str) -> None:
    form = {"type": "place", "seat": "1", "space": "room.raja", "pay": "1:green-1"}
    read = client.post(f"/api/games/{game_id}/rajas/move", data=form)
    assert read.status_code == 200
    move = read.get_json()["move"]
    assert move["pay"] == [{"color": "green", "value": 1, "as": 1, "via": None}]
    verdict = client.post(f"/api/games/{game_id}/check?lang=en", json={"move": move}).get_json()
    assert verdict["status"] == "refused" and verdict["citation"]["rule"] == "palace.room_value"
    page = client.post(f"/games/{game_id}/rajas/check?lang=en", data=form).get_data(as_text=True)
    assert "No, not allowed" in page and 'data-check-url="/api/games/' in page


def test_rules_reference_has_anchors_and_search(client: FlaskClient) -> None:
    everything = client.get("/rules/rajas?lang=fr").get_data(as_text=True)
    assert 'id="rule-karma.flip"' in everything and 'id="rule-palace.room_value"' in everything
    found = client.get("/rules/rajas?lang=en&q=karma").get_data(as_text=True)
    assert 'id="rule-karma.flip"' in found and 'id="rule-quarry.slot_cost"' not in found
    assert client.get("/api/rules/rajas?q=karma").get_json()


def test_board_wizard_saves_refuses_exports_and_imports(client: FlaskClient, companion: Companion) -> None:
    page = client.get("/boards/rajas?lang=en").get_data(as_text=True)
    assert 'name="fact.2p.quarry.slots"' in page
    saved = client.post("/boards/rajas", data={"fact.2p.quarry.slots": "5", "fact.2p.port.slots": ""})
    assert saved.status_code == 303 and companion.boards.known("rajas") == {"2p.quarry.slots": 5}
    refused = client.post("/boards/rajas?lang=en", data={"fact.2p.port.slots": "99"})
    assert refused.status_code == 400 and "2p.port.slots" in refused.get_data(as_text=True)
    exported = client.get("/boards/rajas/export")
    assert "attachment" in exported.headers["Content-Disposition"]
    board = json.loads(exported.get_data(as_text=True))
    board["facts"]["3p.port.slots"] = {"value": 4, "source": "my copy", "confidence": "table"}
    upload = {"file": (io.BytesIO(json.dumps(board).encode()), "board.json")}
    assert client.post("/boards/rajas/import", data=upload, content_type="multipart/form-data").status_code == 303
    assert companion.boards.known("rajas")["3p.port.slots"] == 4
    board["facts"]["4p.port.slots"] = {"value": "many", "source": "x", "confidence": "table"}
    bad = {"file": (io.BytesIO(json.dumps(board).encode()), "board.json")}
    response = client.post("/boards/rajas/import?lang=en", data=bad, content_type="multipart/form-data")
    assert response.status_code == 400 and "4p.port.slots" in response.get_data(as_text=True)
    assert "4p.port.slots" not in companion.boards.known("rajas")
    api = client.post("/api/boards/rajas", json={"game": "rajas"})
    assert api.status_code == 400 and api.get_json()["error"]["code"] == "bad_board_file"
