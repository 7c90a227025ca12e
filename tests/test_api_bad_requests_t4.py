"""Bad requests a French tester sent, each refused with what was wrong and nothing written: a free-dice die of a
colour no die has here (any string was written to the log and drawn on the table), more than eight players (a
500: the seats' colours ran out), and start-form rows past the last seat (dropped without a word)."""

from __future__ import annotations

import html

import pytest
from flask.testing import FlaskClient

from companion.errors import MalformedRequest
from companion.service import Companion


@pytest.mark.parametrize("colour", ["pink", "<b>x</b>", "x" * 5000, 3])
def test_a_free_dice_roll_of_a_colour_no_die_has_is_refused_and_nothing_written(
    client: FlaskClient, companion: Companion, colour: object
) -> None:
    game_id = str(companion.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"])
    before = companion.session(game_id).last_seq
    roll = {"type": "move", "move": {"type": "roll", "dice": [{"value": 3, "color": colour}]}}
    answer = client.post(f"/api/games/{game_id}/events?lang=fr", json=roll)
    assert answer.status_code == 400
    assert answer.get_json()["error"]["details"]["field"] == "move.dice[0].color"
    assert companion.session(game_id).last_seq == before


def test_a_correction_to_a_colour_no_die_has_is_refused(companion: Companion) -> None:
    game_id = str(companion.create_game("free_dice", [{"name": "Ann"}])["game_id"])
    stored = companion.append(game_id, "move", {"move": {"type": "roll", "dice": [{"value": 3, "color": "red"}]}})
    fix = {"target": stored.seq, "move": {"type": "roll", "dice": [{"value": 3, "color": "pink"}]}}
    with pytest.raises(MalformedRequest, match=r"move\.dice\[0\]\.color must be a colour the camera names"):
        companion.append(game_id, "correction", fix)
    assert companion.session(game_id).last_seq == stored.seq


def test_the_colours_the_camera_names_are_taken(companion: Companion) -> None:
    game_id = str(companion.create_game("free_dice", [{"name": "Ann"}])["game_id"])
    dice = [{"value": v, "color": c} for v, c in zip((1, 2, 3), ("yellow", "violet", None), strict=True)]
    companion.append(game_id, "move", {"move": {"type": "roll", "dice": dice}})


@pytest.mark.parametrize("kind", ["free_dice", "rajas"])
def test_more_players_than_the_game_takes_is_a_400_not_a_500(client: FlaskClient, kind: str) -> None:
    players = [{"name": f"P{i}"} for i in range(9)]
    answer = client.post("/api/games?lang=fr", json={"kind": kind, "players": players})
    assert answer.status_code == 400, answer.get_json()
    assert client.get("/api/games").get_json() == []


def test_start_form_rows_past_the_last_seat_are_refused_not_dropped(client: FlaskClient) -> None:
    form = {"kind": "free_dice", **{f"name_{i}": f"P{i}" for i in range(10)}}
    answer = client.post("/games?lang=fr", data=form)
    assert answer.status_code == 400
    assert "10" in html.unescape(answer.get_data(as_text=True))  # the count said
    assert client.get("/api/games").get_json() == []


@pytest.mark.parametrize(
    ("move", "field", "french"),
    [
        ({"type": "jump"}, "move.type", "Un coup de dés libres est un lancer, une fin de tour ou la fin de la partie"),
        ({"type": "roll", "dice": [{"value": 9}]}, "move.dice[0].value", "Dé 1 : un dé montre de 1 à 6"),
        ({"type": "roll", "dice": []}, "move.dice", "Un lancer compte de 1 à 60 dés."),
        ({"type": "roll", "seat": -1, "dice": [{"value": 2}]}, "move.seat", "La place doit être le numéro d’un joueur"),
    ],
)
def test_a_malformed_free_dice_move_is_said_in_the_players_language(
    client: FlaskClient, companion: Companion, move: dict[str, object], field: str, french: str
) -> None:
    # The "Can I...?" page shows details.said_text: free dice's own errors had no words but English.
    game_id = str(companion.create_game("free_dice", [{"name": "Ann"}])["game_id"])
    answer = client.post(f"/api/games/{game_id}/events?lang=fr", json={"type": "move", "move": move})
    assert answer.status_code == 400
    details = answer.get_json()["error"]["details"]
    assert details["field"] == field and details["said_text"].startswith(french), details


def test_a_negative_if_seq_is_malformed_not_stale(client: FlaskClient, companion: Companion) -> None:
    game_id = str(companion.create_game("free_dice", [{"name": "Ann"}])["game_id"])
    roll = {"type": "move", "if_seq": -1, "move": {"type": "roll", "dice": [{"value": 3, "color": "red"}]}}
    answer = client.post(f"/api/games/{game_id}/events", json=roll)
    assert answer.status_code == 400 and answer.get_json()["error"]["details"]["field"] == "if_seq"
    assert companion.session(game_id).last_seq == 1


@pytest.mark.parametrize("path", ["/api/games", "/"])
def test_a_405_says_which_methods_the_address_takes(client: FlaskClient, path: str) -> None:
    answer = client.delete(path)
    assert answer.status_code == 405
    assert "GET" in answer.headers["Allow"]


def test_a_free_dice_die_with_a_field_of_its_own_is_refused(client: FlaskClient, companion: Companion) -> None:
    game_id = str(companion.create_game("free_dice", [{"name": "Ann"}])["game_id"])
    roll = {"type": "move", "move": {"type": "roll", "dice": [{"value": 3, "color": "red", "x": 1}]}}
    answer = client.post(f"/api/games/{game_id}/events", json=roll)
    assert answer.status_code == 400 and answer.get_json()["error"]["details"]["field"] == "move.dice[0].x"
    assert companion.session(game_id).last_seq == 1
