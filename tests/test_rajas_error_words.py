"""Rajas refusals a player reads: a malformed form names the exact field (the row of a die rolled, the n-th die
paid), quotes a long value cut short, and is said in the page's language; option errors at game creation and
board-file problems are said in French and English too, the API keeping its English message and fields."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_rajas are parameters here)

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_rajas_support import ready_game
from test_web_rajas import game_id  # noqa: F401  (fixtures)
from werkzeug.datastructures import MultiDict

from companion.errors import MalformedRequest
from companion.games.rajas import GAME, validate_board_file
from companion.i18n import translate
from companion.service import Companion
from companion.web.rajas.moves import move_from_form, seen_dice

PLAYERS = [{"name": "Asha"}, {"name": "Bruno"}]
_UNFILLED = re.compile(r"\{[a-z_]+\}")
"""A parameter a text left unfilled ("{field}")."""


def _refusal(response: Any) -> str:
    """The reason a table page shows for a malformed form, as the player reads it."""
    found = re.search(r'verdict-box__reason break">(.*?)</p>', response.get_data(as_text=True), re.S)
    assert found, response.get_data(as_text=True)[-600:]
    return html.unescape(found.group(1))


def _problems(response: Any) -> list[str]:
    """The problems the board-facts page lists."""
    return [html.unescape(p) for p in re.findall(r'<li class="break">(.*?)</li>', response.get_data(as_text=True))]


def _said(error: MalformedRequest, lang: str) -> str:
    said = error.details["said"]
    return translate(lang, said["key"], said["params"])


def _roll_form(**rows: str) -> dict[str, str]:
    return {"type": "roll", "seat": "0", **rows}


# ---- the form's dice and numbers name their exact field


def test_a_rolled_die_of_7_names_its_row_as_the_form_posted_it(client: FlaskClient, game_id: str) -> None:
    # Row 2 left empty: the die of row 3 is the second die of the roll, but the player fixes row 3 (dice.2).
    form = _roll_form(**{"dice.0.color": "blue", "dice.0.value": "3", "dice.2.color": "green", "dice.2.value": "7"})
    error = client.post(f"/api/games/{game_id}/rajas/move", data=form).get_json()["error"]
    assert error["details"]["field"] == "dice.2.value"
    assert error["message"] == "field dice.2.value: got '7'; allowed: the number showing, 1 to 6"
    page = client.post(f"/games/{game_id}/rajas/play?lang=fr", data=form)
    assert page.status_code == 400
    assert (
        _refusal(page) == "Dé 3 du lancer (champ « face montrée ») : la face montrée est un nombre de 1 à 6, pas '7'."
    )
    english = _refusal(client.post(f"/games/{game_id}/rajas/play?lang=en", data=form))
    assert english == "Die 3 of the roll (field “number shown”): the number showing is 1 to 6, not '7'."


@pytest.mark.parametrize(
    ("pay", "field", "french"),
    [
        (
            ["0:blue-7"],
            "pay[0].value",
            "Dé payé n° 1 (champ « face montrée ») : la face montrée est un nombre de 1 à 6",
        ),
        (["0:blue-3", "1:green-9"], "pay[1].value", "Dé payé n° 2 (champ « face montrée ») : la face montrée"),
        (
            ["0:blue-3-8"],
            "pay[0].as",
            "Dé payé n° 1 (champ « nombre pour lequel il compte ») : le nombre pour lequel il compte va de 1 à 6",
        ),
        (["0:pink-3"], "pay[0].color", "Dé payé n° 1 (champ « couleur du dé ») : la couleur est bleu, vert, orange ou"),
    ],
)
def test_a_paid_die_out_of_range_names_the_die_and_its_part(
    client: FlaskClient, game_id: str, pay: list[str], field: str, french: str
) -> None:
    form = MultiDict([("type", "place"), ("seat", "1"), ("space", "port"), *(("pay", die) for die in pay)])
    error = client.post(f"/api/games/{game_id}/rajas/move", data=form).get_json()["error"]
    assert error["details"]["field"] == field and error["message"].startswith(f"field {field}: got ")
    assert _refusal(client.post(f"/games/{game_id}/rajas/play?lang=fr", data=form)).startswith(french)


def test_a_die_of_7_sent_to_the_api_names_pay_0_value_in_both_languages(client: FlaskClient, game_id: str) -> None:
    move = {"type": "place", "seat": 1, "space": "port", "pay": [{"color": "blue", "value": 2, "as": 0}]}
    response = client.post(f"/api/games/{game_id}/events", json={"type": "move", "move": move})
    error = response.get_json()["error"]
    assert response.status_code == 400 and error["details"]["field"] == "pay[0].as"
    assert error["message"] == "field pay[0].as: got 0; allowed: a whole number from 1 to 6"
    said = error["details"]["said"]
    assert translate("fr", said["key"], said["params"]) == "Champ pay[0].as : un nombre entier de 1 à 6, pas 0."
    with pytest.raises(MalformedRequest) as caught:
        GAME.parse_move(ready_game(), {**move, "pay": [{"color": "blue", "value": 7}]})
    assert caught.value.details["field"] == "pay[0].value"


@pytest.mark.parametrize(
    ("fields", "field", "english"),
    [
        ({"type": ""}, "type", "This form does not say which move it plays (field type)."),
        ({"type": "place", "seat": "x"}, "seat", "Field seat: a whole number, not 'x'."),
        ({"type": "place", "count": "1.5"}, "count", "Field count: a whole number, not '1.5'."),
        ({"type": "place", "count": "1_000"}, "count", "Field count: a whole number, not '1_000'."),
        (
            {"type": "place", "connects": "1,a"},
            "connects",
            "Field connects: whole numbers separated by commas, not 'a'.",
        ),
        ({"type": "place", "markets": "silk-x"}, "markets", "Field markets: a market scored is written good-value"),
        ({"type": "place", "pay": "x"}, "pay[0]", "Paid die 1 (field pay[0]): a die is written colour-value"),
        ({"type": "roll", "reroll.0.value": "9", "reroll.0.color": "blue"}, "reroll.0.value", "Die 1 to reroll"),
        ({"type": "roll", "dice.0.value": "3", "dice.0.color": "pink"}, "dice.0.color", "Die 1 of the roll"),
        ({"type": "roll", "return.1.value": "0", "return.1.color": "blue"}, "return.1.value", "Die 2 given back"),
        ({"type": "river_tile", "reward.json": "{"}, "reward.json", "Field reward.json: a reward written in JSON"),
        (
            {"type": "answer_fact", "key": "2p.quarry.slots", "value": "five"},
            "value",
            "For the number of worker spaces of the quarry (2 players), the whole number printed, not 'five'.",
        ),
        ({"type": "answer_fact", "key": "2p.river.3", "question": "rajas.fact.q.river_space"}, "reward.kind", "Choose"),
        (
            {"type": "answer_fact", "key": "navaratnas.income.2.color", "question": "rajas.fact.q.income_color"},
            "value",
            "For the colour of income space 2 on the Navaratnas province board, choose white, yellow, red, brown",
        ),
    ],
)
def test_every_malformed_field_is_named_and_said_in_both_languages(
    fields: dict[str, str], field: str, english: str
) -> None:
    with pytest.raises(MalformedRequest) as caught:
        move_from_form(MultiDict(fields))
    assert caught.value.details["field"] == field
    assert _said(caught.value, "en").startswith(english)
    french = _said(caught.value, "fr")
    assert french != _said(caught.value, "en") and not _UNFILLED.search(french) and not french.startswith("rajas.")


def test_a_die_seen_with_a_bad_box_is_said_in_french() -> None:
    with pytest.raises(MalformedRequest) as caught:
        seen_dice(MultiDict({"dice.1.seen": "1,2", "dice.1.value": "3"}))
    assert caught.value.details["field"] == "dice.1.seen"
    assert _said(caught.value, "fr").startswith("Champ dice.1.seen : le cadre d'un dé vu")


@pytest.mark.parametrize(
    "fields",
    [
        {"type": "place", "markets": "silk-²"},  # digits to str.isdigit() that int() refuses: once a 500
        {"type": "roll", "dice.0.value": "²", "dice.0.color": "blue"},
        {"type": "answer_fact", "key": "2p.quarry.slots", "value": "²"},
        {"type": "place", "count": "٣"},  # an Arabic-Indic 3, read as 3 by int()
    ],
)
def test_digits_of_other_scripts_are_refused_naming_the_field(
    client: FlaskClient, game_id: str, fields: dict[str, str]
) -> None:
    response = client.post(f"/games/{game_id}/rajas/play?lang=fr", data=fields)
    assert response.status_code == 400
    assert re.match(r"^(Champ|Dé 1 du lancer \(champ|Pour) ", _refusal(response)), _refusal(response)


def test_a_long_value_is_quoted_cut_short_on_the_page(client: FlaskClient, game_id: str) -> None:
    for fields in (
        {"type": "place", "seat": "1", "space": "quarry", "tile.cost": "y" * 5000},
        _roll_form(**{"dice.0.color": "blue", "dice.0.value": "x" * 5000}),
        {"type": "place", "seat": "1", "space": "port", "count": "9" * 4000},  # refused by the engine's range
    ):
        shown = _refusal(client.post(f"/games/{game_id}/rajas/play?lang=en", data=fields))
        assert "…" in shown and len(shown) < 300, shown[:300]


def test_a_number_out_of_the_engines_range_is_said_in_the_pages_language(client: FlaskClient, game_id: str) -> None:
    fields = {"type": "place", "seat": "1", "space": "port", "count": "9"}
    page = client.post(f"/games/{game_id}/rajas/play?lang=fr", data=fields)
    assert page.status_code == 400 and _refusal(page) == "Champ « combien » : un nombre entier de 0 à 6, pas 9."


# ---- options at game creation


@pytest.mark.parametrize(
    ("options", "field", "french"),
    [
        ({"modules": ["dragons"]}, "modules", "'dragons' n'est ni un module ni une variante de Rajas of the Ganges"),
        ({"modules": ["ganga", "ganga"]}, "modules", "Tuiles fleuve (module Gange) figure deux fois"),
        ({"modules": "ganga"}, "modules", "Variantes et modules : une liste, pas 'ganga'."),
        ({"facts": "{}"}, "facts", "Informations imprimées : un objet qui donne une valeur à chaque clé de fait"),
        ({"colour": "red"}, "options", "Rajas of the Ganges n'a pas d'option 'colour'"),
        (
            {"modules": ["mixed_groups"], "experienced": [5]},
            "experienced",
            "Joueurs expérimentés (groupes hétérogènes) : des places de cette partie, de 0 à 1, pas 5.",
        ),
        ({"experienced": [0]}, "experienced", "qu'avec la variante Groupes hétérogènes."),
    ],
)
def test_a_wrong_option_is_said_in_french_and_the_api_keeps_its_english(
    client: FlaskClient, options: dict[str, Any], field: str, french: str
) -> None:
    body = {"kind": "rajas", "players": PLAYERS, "options": options}
    response = client.post("/api/games", json=body, headers={"Accept-Language": "fr"})
    error = response.get_json()["error"]
    assert response.status_code == 400 and error["code"] == "malformed" and error["details"]["field"] == field
    assert field in error["message"] or "option" in error["message"]  # the English message of the log and the API
    said = error["details"]["said"]
    assert french in translate("fr", said["key"], said["params"])
    english = translate("en", said["key"], said["params"])
    assert english != translate("fr", said["key"], said["params"]) and not _UNFILLED.search(english)


# ---- board-file problems


def _board(**facts: Any) -> dict[str, Any]:
    entries = {key: {"value": value, "source": "me", "confidence": "table"} for key, value in facts.items()}
    return {"game": "rajas", "format": 1, "facts": entries}


def _upload(client: FlaskClient, text: str, lang: str) -> Any:
    data = {"file": (io.BytesIO(text.encode()), "board.json")}
    return client.post(f"/boards/rajas/import?lang={lang}", data=data, content_type="multipart/form-data")


def test_an_imported_file_lists_its_problems_in_the_pages_language(client: FlaskClient) -> None:
    text = json.dumps({**_board(**{"2p.quarry.slots": 99, "no.such.key": 1}), "extra": True})
    french = _problems(_upload(client, text, "fr"))
    assert "champ de premier niveau inconnu : 'extra'" in french
    assert "clé de fait inconnue : 'no.such.key'" in french
    slots = "Pour le nombre de cases ouvrier de la zone « carrière » (2 joueurs), ce doit être de "
    assert any(p.startswith(slots) and p.endswith("(2p.quarry.slots)") for p in french), french
    english = _problems(_upload(client, text, "en"))
    assert "unknown fact key 'no.such.key'" in english and english != french
    assert _problems(_upload(client, "{nope", "fr")) == ["le fichier n'est pas du JSON (erreur ligne 1, colonne 2)"]


def test_the_api_keeps_the_english_problems_and_adds_them_as_messages(client: FlaskClient) -> None:
    board = _board(**{"no.such.key": 1})
    response = client.post("/api/boards/rajas", json=board)
    error = response.get_json()["error"]
    assert response.status_code == 400 and error["code"] == "bad_board_file"
    assert error["details"]["problems"] == ["unknown fact key 'no.such.key'"] == validate_board_file(board)
    assert error["message"] == "board file refused: unknown fact key 'no.such.key'"
    said = error["details"]["said_problems"]
    assert [translate("fr", p["key"], p["params"]) for p in said] == ["clé de fait inconnue : 'no.such.key'"]
    assert error["details"]["said"] == said[0]


def test_a_fact_saved_on_the_board_page_that_the_facts_refuse_is_said_in_french(
    client: FlaskClient, companion: Companion
) -> None:
    response = client.post("/boards/rajas?lang=fr", data={"fact.2p.quarry.slots": "99"})
    assert response.status_code == 400
    assert "Rien n'a été enregistré :" in html.unescape(response.get_data(as_text=True))
    named = "Pour le nombre de cases ouvrier de la zone « carrière » (2 joueurs), ce doit être de "
    assert any(p.startswith(named) for p in _problems(response))
    assert companion.boards.known("rajas") == {}


@pytest.mark.parametrize("typed", ["²", "cinq", "x" * 5000])
def test_a_fact_typed_wrong_on_the_board_page_names_it_in_french(
    client: FlaskClient, companion: Companion, typed: str
) -> None:
    response = client.post("/boards/rajas?lang=fr", data={"fact.2p.quarry.slots": typed})
    assert response.status_code == 400
    listed = _problems(response)
    assert len(listed) == 1, response.get_data(as_text=True)[-600:]
    said = listed[0]
    assert said.startswith("Pour le nombre de cases ouvrier de la zone « carrière » (2 joueurs), il faut le nombre")
    assert len(said) < 300 and companion.boards.known("rajas") == {}


def test_a_colour_fact_typed_wrong_on_the_board_page_lists_the_colours_in_french(
    client: FlaskClient, companion: Companion
) -> None:
    companion.boards.remember("rajas", {"navaratnas.incomes": 2})
    response = client.post("/boards/rajas?lang=fr", data={"fact.navaratnas.income.1.color": "pink"})
    assert response.status_code == 400
    assert "choisissez parmi blanche, jaune, rouge, marron, pas 'pink'." in html.unescape(
        response.get_data(as_text=True)
    )


def test_an_empty_upload_is_said_in_french(client: FlaskClient) -> None:
    response = _upload(client, "", "fr")
    assert response.status_code == 400
    assert "Choisissez un fichier de plateau (JSON, 512 Ko au plus)." in response.get_data(as_text=True)
