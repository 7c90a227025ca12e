"""Refusals of the board-facts pages and of the table's printed-fact form, said in the page's language: a board
file over the size limit says it is too large (its size, the limit), a field the board form never draws is named,
and a key no printed fact has is a malformed form (400), not a rules verdict. Nothing is saved in any of them."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.service import Companion
from companion.web.rajas.boards import MAX_UPLOAD


def _page(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def _problems(response: Any) -> list[str]:
    """The problems the board-facts page lists."""
    return [html.unescape(p) for p in re.findall(r'<li class="break">(.*?)</li>', response.get_data(as_text=True))]


BOUNDARY = "board-facts-boundary"


def _upload(client: FlaskClient, content: bytes, lang: str) -> Any:
    """Post `content` as the board file (encoded here: the test client's encoder leaves a large file open)."""
    head = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="board.json"\r\n'
    body = (head + "Content-Type: application/json\r\n\r\n").encode() + content + f"\r\n--{BOUNDARY}--\r\n".encode()
    path = f"/boards/rajas/import?lang={lang}"
    return client.post(path, data=body, content_type=f"multipart/form-data; boundary={BOUNDARY}")


def _padded_board(companion: Companion, size: int) -> bytes:
    """A board file of exactly `size` bytes: the shipped facts, one told, and spaces after the JSON."""
    board = companion.boards.export("rajas")
    board["facts"]["2p.quarry.slots"] = {"value": 3, "source": "my copy", "confidence": "table"}
    text = json.dumps(board).encode()
    return text + b" " * (size - len(text))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "Ce fichier de plateau est trop volumineux (700 ko) : il doit faire 512 ko au plus."),
        ("en", "This board file is too large (700 kB): it must be 512 kB at most."),
    ],
)
def test_a_700_kb_board_file_is_said_too_large_with_its_size_and_the_limit(
    client: FlaskClient, companion: Companion, lang: str, said: str
) -> None:
    response = _upload(client, _padded_board(companion, 700 * 1024), lang)
    assert response.status_code == 413
    page = _page(response)
    assert said in page
    assert "Choisissez un fichier" not in page and "Choose a board file" not in page
    assert companion.boards.known("rajas") == {}


def test_a_board_file_one_byte_over_the_limit_is_not_said_as_large_as_the_limit(
    client: FlaskClient, companion: Companion
) -> None:
    response = _upload(client, _padded_board(companion, MAX_UPLOAD + 1), "en")
    assert response.status_code == 413
    assert "This board file is too large (513 kB): it must be 512 kB at most." in _page(response)
    assert companion.boards.known("rajas") == {}


def test_a_board_file_of_multibyte_text_over_the_limit_in_bytes_is_too_large(
    client: FlaskClient, companion: Companion
) -> None:
    # 600 kB of "é" (two bytes each) is fewer characters than the limit: the limit is on bytes.
    response = _upload(client, "é".encode() * (300 * 1024), "fr")
    assert response.status_code == 413
    assert "trop volumineux (600 ko)" in _page(response)


def test_no_file_still_asks_for_a_file(client: FlaskClient) -> None:
    response = client.post("/boards/rajas/import?lang=fr", data={}, content_type="multipart/form-data")
    assert response.status_code == 400
    assert "Choisissez un fichier de plateau (JSON, 512 Ko au plus)." in _page(response)


def test_a_board_file_at_the_limit_is_taken_in(client: FlaskClient, companion: Companion) -> None:
    response = _upload(client, _padded_board(companion, MAX_UPLOAD), "en")
    assert response.status_code == 303
    assert companion.boards.known("rajas") == {"2p.quarry.slots": 3}


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "Le formulaire porte un champ qui n’est aucune information de ce plateau : 'fact.bogus.key'."),
        ("en", "The form carries a field that is no fact of this board: 'fact.bogus.key'."),
    ],
)
def test_an_unknown_field_on_the_board_form_is_refused_naming_it_and_nothing_is_saved(
    client: FlaskClient, companion: Companion, lang: str, said: str
) -> None:
    response = client.post(f"/boards/rajas?lang={lang}", data={"fact.bogus.key": "3", "fact.2p.quarry.slots": "3"})
    assert response.status_code == 400
    assert _problems(response) == [said]
    assert companion.boards.known("rajas") == {}  # the good fact posted with it is not saved either
    assert 'name="fact.2p.quarry.slots"' in response.get_data(as_text=True)
    assert 'value="3"' in response.get_data(as_text=True)  # what was typed is still in its field


def test_several_unknown_fields_are_counted_and_named(client: FlaskClient, companion: Companion) -> None:
    form = {"fact.bogus.key": "3", "fact.2p.quarry.slots.kind": "money", "other": "x"}
    response = client.post("/boards/rajas?lang=en", data=form)
    assert response.status_code == 400
    assert _problems(response) == [
        "The form carries 3 fields that are no facts of this board: "
        "'fact.bogus.key', 'fact.2p.quarry.slots.kind' and 'other'."
    ]
    assert companion.boards.known("rajas") == {}


def test_the_fields_the_board_page_draws_are_all_taken(client: FlaskClient, companion: Companion) -> None:
    companion.boards.remember("rajas", {"2p.river.length": 12, "normal.incomes": 3})  # their spaces are asked now
    page = client.get("/boards/rajas").get_data(as_text=True)
    drawn = sorted(set(re.findall(r'name="(fact\.[^"]+)"', page)))
    assert any(name.endswith(".kind") for name in drawn)  # a reward fact's parts are among them
    response = client.post("/boards/rajas", data=dict.fromkeys(drawn, ""))
    assert response.status_code == 303 and response.headers["Location"].endswith("saved=0")


def test_a_field_of_a_fact_told_since_the_page_was_drawn_is_not_refused(
    client: FlaskClient, companion: Companion
) -> None:
    companion.boards.remember("rajas", {"2p.quarry.slots": 4})  # told on another phone meanwhile
    response = client.post("/boards/rajas", data={"fact.2p.quarry.slots": "3", "fact.3p.quarry.slots": "4"})
    assert response.status_code == 303
    assert companion.boards.known("rajas") == {"2p.quarry.slots": 4, "3p.quarry.slots": 4}


@pytest.fixture
def game_id(companion: Companion) -> str:
    """A Rajas game for Asha and Bruno, at its start rolls."""
    return str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "Ce formulaire ne dit qu’une information imprimée que le jeu connaît ; 'bogus.key' n’en est pas une."),
        ("en", "This form only tells a printed fact the game knows; 'bogus.key' is not one."),
    ],
)
def test_an_unknown_fact_key_on_the_tables_fact_form_is_malformed_not_a_rules_refusal(
    client: FlaskClient, companion: Companion, game_id: str, lang: str, said: str
) -> None:
    seq = companion.view(game_id)["seq"]
    response = client.post(
        f"/games/{game_id}/rajas/fact?lang={lang}", data={"type": "answer_fact", "key": "bogus.key", "value": "3"}
    )
    assert response.status_code == 400
    page = _page(response)
    assert said in page
    assert "Cela ne peut pas être imprimé" not in page and "cannot be printed" not in page
    assert companion.view(game_id)["seq"] == seq  # nothing written


def test_an_unknown_fact_key_without_a_value_is_named_as_unknown(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    response = client.post(f"/games/{game_id}/rajas/fact?lang=en", data={"type": "answer_fact", "key": "bogus.key"})
    assert response.status_code == 400
    assert "'bogus.key' is not one." in _page(response)


def test_an_unknown_fact_key_told_from_can_i_is_malformed(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    seq = companion.view(game_id)["seq"]
    asked = json.dumps({"type": "place", "seat": 1, "space": "outer_terrace"})
    form = {"type": "answer_fact", "key": "bogus.key", "value": "3", "asked": asked}
    response = client.post(f"/games/{game_id}/rajas/fact?lang=fr", data=form)
    assert response.status_code == 400
    assert "'bogus.key' n’en est pas une." in _page(response)
    assert companion.view(game_id)["seq"] == seq


def test_a_known_fact_key_is_still_told(client: FlaskClient, companion: Companion, game_id: str) -> None:
    form = {"type": "answer_fact", "key": "2p.outer_terrace.slots", "value": "2"}
    assert client.post(f"/games/{game_id}/rajas/fact", data=form).status_code == 303
    assert companion.view(game_id)["facts_told"]["2p.outer_terrace.slots"] == 2


def test_an_unknown_fact_key_sent_to_the_api_is_malformed_not_a_rules_refusal(client: FlaskClient) -> None:
    # Left by the board-facts fix: the JSON API still answered it 422, as a rule refusing the fact.
    game = client.post("/api/games", json={"kind": "rajas", "players": [{"name": "A"}, {"name": "B"}]}).get_json()
    told = {"type": "move", "move": {"type": "answer_fact", "key": "bogus.key", "value": 3}}
    answer = client.post(f"/api/games/{game['game_id']}/events?lang=fr", json=told)
    assert answer.status_code == 400
    details = answer.get_json()["error"]["details"]
    assert details["field"] == "key" and "n’est pas une information imprimée que ce jeu connaît" in details["said_text"]
    assert len(client.get(f"/api/games/{game['game_id']}/events").get_json()["events"]) == 1  # the start alone
