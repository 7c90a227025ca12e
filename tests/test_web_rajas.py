"""Rajas pages: refusals with reason and citation, a missing fact asked then told, "Can I...?", rules, board file,
the roll form filled in from a camera reading it could not play."""

from __future__ import annotations

import html
import io
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from flask.testing import FlaskClient
from test_rajas_support import FACTS

from companion.devices.examples import ExampleCollector, told_by_colour
from companion.events.bus import RollSettled
from companion.events.store import EventStore
from companion.games.rajas.sampler import random_move
from companion.games.registry import game_kind
from companion.service import Companion
from companion.web import create_app
from companion.web.rajas.choices import answers
from companion.web.rajas.prefill import Prefill, prefilled

COLORS = ("blue", "green", "orange", "violet")


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


def test_a_shalimar_garden_is_built_and_takes_back_its_builder_from_the_quarry_form(
    client: FlaskClient, companion: Companion
) -> None:
    # Goodie Box: the quarry form lays the module tiles in play (here a Shalimar garden, priced by its own rule, so
    # without a printed cost) and asks which worker the garden takes back, the one building it among them. Without
    # the modules neither field is there.
    players = [{"name": "Asha"}, {"name": "Bruno"}]
    plain = str(companion.create_game("rajas", players, {"facts": FACTS})["game_id"])
    page = client.get(f"/games/{plain}?lang=en").get_data(as_text=True)
    assert 'name="recall"' not in page and 'name="tile.kind"' not in page
    found = str(companion.create_game("rajas", players, {"facts": FACTS, "modules": ["shalimar", "tiger"]})["game_id"])
    rolled(client, found, 0, (3, 4, 2, 5))
    rolled(client, found, 1, (1, 1, 1, 1))
    page = client.get(f"/games/{found}?lang=fr").get_data(as_text=True)
    assert '<option value="quarry">Carrière</option>' in page
    assert re.search(r'value="shalimar"\s*>Jardins de Shalimar<', page)
    assert re.search(r'value="imperial_flag"\s*>Drapeau impérial<', page)
    assert not re.search(r'value="village"\s*>', page)  # no Mango module in this game
    form = {"type": "place", "seat": "1", "space": "quarry", "pay": ["0:blue-1", "1:green-1"], "recall": "quarry"}
    form.update({"tile.kind": "shalimar", "tile.color": "green"})
    response = client.post(f"/games/{found}/rajas/play", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[-800:]
    bruno = companion.session(found).state.player(1)
    assert bruno["placed"] == 0 and 1 not in companion.session(found).state.data["spaces"]["quarry"]
    assert [tile["kind"] for tile in bruno["tiles"]] == ["shalimar"]


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
    # How it was turned is decided when paying (a karma flip here: no Gemstone Trader on this turn).
    assert move["pay"] == [{"color": "green", "value": 1, "as": 6, "via": None}]


def test_a_malformed_form_names_the_field(client: FlaskClient, game_id: str) -> None:
    response = client.post(f"/games/{game_id}/rajas/play?lang=en", data={"type": "place", "seat": "1", "pay": "x"})
    assert response.status_code == 400 and "(field “dice paid”)" in response.get_data(as_text=True)


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


def test_the_colour_of_a_navaratnas_income_space_is_asked_as_a_colour_at_the_table_and_on_the_board_page(
    client: FlaskClient, companion: Companion
) -> None:
    # A Navaratnas game on a copy whose income colours are not known yet: laying the start yield tile asks the
    # colour printed on the income space; a number field could not take "brown" and the game could not go on.
    facts = {key: value for key, value in FACTS.items() if not key.endswith(".color")}
    players = [{"name": "Asha"}, {"name": "Bruno"}]
    found = str(companion.create_game("rajas", players, {"facts": facts, "modules": ["navaratnas"]})["game_id"])
    rolled(client, found, 0, (3, 4, 2, 5))
    rolled(client, found, 1, (1, 1, 1, 1))
    view = companion.view(found)
    pick = {"type": "take_yield", "seat": str(view["pending"][0]["seat"]), "tile.color": "brown", "income": "1"}
    pick.update({"reward.kind": "fame_per_worker", "if_seq": str(view["seq"])})
    assert client.post(f"/games/{found}/rajas/play", data=pick).status_code == 422
    table = client.get(f"/games/{found}?lang=fr").get_data(as_text=True)
    assert '<input type="radio" name="value" value="brown" required><span>marron</span>' in table
    companion.boards.remember("rajas", {"navaratnas.incomes": 20})  # the colours are asked once their count is known
    board = client.get("/boards/rajas?lang=fr").get_data(as_text=True)
    assert re.search(r'<select class="input" id="fact-\d+" name="fact.navaratnas.income.2.color">', board)
    wrong = {"type": "answer_fact", "key": "navaratnas.income.1.color", "question": "rajas.fact.q.income_color"}
    assert client.post(f"/games/{found}/rajas/fact", data={**wrong, "value": "7"}).status_code == 400
    assert client.post(f"/games/{found}/rajas/fact", data={**wrong, "value": "brown"}).status_code == 303
    assert companion.boards.known("rajas")["navaratnas.income.1.color"] == "brown"
    saved = client.post("/boards/rajas", data={"fact.navaratnas.income.2.color": "white"})
    assert saved.status_code == 303 and companion.boards.known("rajas")["navaratnas.income.2.color"] == "white"


def test_a_fact_told_on_the_board_page_after_the_game_started_is_not_asked_again(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    # Told for this copy of the game once, at another table or on the board page: a running game uses it too.
    saved = client.post("/boards/rajas", data={"fact.2p.outer_terrace.slots": "2"})
    assert saved.status_code == 303
    before = len(companion.events(game_id))
    move = {"type": "place", "seat": "1", "space": "outer_terrace"}
    assert client.post(f"/games/{game_id}/rajas/play?lang=en", data=move).status_code == 303
    told, played = companion.events(game_id, before)
    assert told.payload == {
        "move": {"type": "answer_fact", "seat": None, "key": "2p.outer_terrace.slots", "value": 2},
        "origin": "board",
    }
    assert played.payload["move"]["space"] == "outer_terrace"
    assert "A printed fact is needed" not in client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)


def test_a_move_out_of_turn_is_refused_naming_both_players_not_seat_numbers(client: FlaskClient, game_id: str) -> None:
    form = {"type": "place", "seat": "0", "space": "outer_terrace"}
    english = client.post(f"/games/{game_id}/rajas/check?lang=en", data=form).get_data(as_text=True)
    assert "It is Bruno&#39;s turn, not Asha&#39;s." in english and "seat 0" not in english
    french = client.post(f"/games/{game_id}/rajas/check?lang=fr", data=form).get_data(as_text=True)
    assert "À Bruno de jouer, pas à Asha." in french


def test_a_taken_space_is_named_in_the_tables_words(client: FlaskClient, game_id: str) -> None:
    assert client.post(f"/games/{game_id}/rajas/play", data={"type": "place", "seat": "1", "space": "terrace.green"})
    green = {"type": "roll", "seat": "1", "dice.0.color": "green", "dice.0.value": "3"}  # the terrace's die
    assert client.post(f"/games/{game_id}/rajas/play", data=green).status_code == 303
    form = {"type": "place", "seat": "0", "space": "terrace.green"}
    english = client.post(f"/games/{game_id}/rajas/check?lang=en", data=form).get_data(as_text=True)
    assert (
        "There is already a worker on the green terrace." in english
        and "terrace.green" not in english.split("<form")[0]
    )
    french = client.post(f"/games/{game_id}/rajas/check?lang=fr", data=form).get_data(as_text=True)
    assert "Il y a déjà un ouvrier sur la terrasse verte." in french


def test_undo_with_nothing_to_undo_and_a_stale_page_are_told_in_the_tables_language(
    client: FlaskClient, companion: Companion
) -> None:
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    nothing = client.post(f"/games/{found}/rajas/undo?lang=fr", data={})
    assert "Il n&#39;y a aucun coup à annuler." in nothing.get_data(as_text=True)
    rolled(client, found, 0, (3, 4, 2, 5))
    stale = client.post(f"/games/{found}/rajas/undo?lang=fr", data={"if_seq": "1"}).get_data(as_text=True)
    assert "La partie a avancé depuis l’affichage de cette page" in stale and "moved on" not in stale
    assert len(companion.events(found)) == 2  # nothing undone


def test_a_start_with_too_few_players_is_refused_in_the_tables_language(client: FlaskClient) -> None:
    page = client.post("/games?lang=fr", data={"kind": "rajas", "name_0": "Asha", "color_0": "orange"})
    assert page.status_code == 400
    assert "Ce jeu se joue de 2 à 4 joueurs, pas 1." in page.get_data(as_text=True)


def test_a_fact_told_is_said_kept_when_the_move_that_waited_for_it_is_then_refused(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    companion.boards.remember("rajas", {"2p.quarry.slots": 4})
    build = {"type": "place", "seat": "1", "space": "quarry", "pay": "1:blue-1", "tile.cost": "1"}
    assert client.post(f"/games/{game_id}/rajas/play?lang=en", data=build).status_code == 422  # the slot's price asked
    answer = {"type": "answer_fact", "key": "2p.quarry.1.cost", "value": "4"}  # more than Bruno's 3 money
    page = client.post(f"/games/{game_id}/rajas/fact?lang=en", data=answer)
    text = page.get_data(as_text=True)
    assert page.status_code == 422 and "what is printed is kept for your copy" in text and "No, not allowed" in text
    assert companion.boards.known("rajas")["2p.quarry.1.cost"] == 4


def test_a_question_asked_is_still_asked_after_a_restart_and_its_move_still_waits(
    client: FlaskClient, companion: Companion, game_id: str, tmp_path: Path
) -> None:
    move = {"type": "place", "seat": "1", "space": "outer_terrace"}
    assert client.post(f"/games/{game_id}/rajas/play?lang=en", data=move).status_code == 422
    with Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path) as restarted:  # after a power cut
        again = create_app({"TESTING": True}, restarted).test_client()
        table = again.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
        assert "A printed fact is needed" in table and 'name="key" value="2p.outer_terrace.slots"' in table
        answer = {"type": "answer_fact", "key": "2p.outer_terrace.slots", "value": "2"}
        assert again.post(f"/games/{game_id}/rajas/fact", data=answer).status_code == 303
        assert restarted.view(game_id)["spaces"]["outer_terrace"] == [1]  # the waiting move was played


def test_a_mango_village_printed_with_two_gains_is_laid_from_the_quarry_form(
    client: FlaskClient, companion: Companion
) -> None:
    # Goodie Box, Mango village: a pair of dice builds it, and its printed yield may be two gains (2 money and a
    # die of a colour): the form's second gain makes them one reward. The trader's checkbox waits for the trader.
    players = [{"name": "Asha"}, {"name": "Bruno"}]
    found = str(companion.create_game("rajas", players, {"facts": FACTS, "modules": ["mango", "gemstone"]})["game_id"])
    rolled(client, found, 0, (3, 4, 2, 5))
    rolled(client, found, 1, (1, 1, 1, 1))
    page = client.get(f"/games/{found}?lang=en").get_data(as_text=True)
    assert 'name="tile.reward2.kind"' in page and 'name="tile.color"' in page
    assert 'name="worker" value="gemstone"' not in page  # Bruno has not reached the trader (fame 10)
    form = {"type": "place", "seat": "1", "space": "quarry", "pay": ["0:blue-1", "1:green-1"], "tile.kind": "village"}
    form.update({"tile.color": "violet", "tile.reward.kind": "money", "tile.reward.number": "2"})
    form.update({"tile.reward2.kind": "dice", "tile.reward2.number": "1", "tile.reward2.color": "violet"})
    response = client.post(f"/games/{found}/rajas/play", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[-800:]
    (village,) = companion.session(found).state.player(1)["tiles"]
    assert village["kind"] == "village" and village["color"] == "violet"
    assert village["reward"] == {
        "kind": "all",
        "of": [{"kind": "money", "amount": 2}, {"kind": "dice", "count": 1, "color": "violet"}],
    }
    roll = companion.view(found)["pending"][0]
    assert roll["kind"] == "roll" and roll["fixed"] == {"violet": 1} and roll["free"] == 0  # the die printed
    # The village is then named in words where it is used, and never offered to the Master Builder to cover.
    page = client.get(f"/games/{found}/check?lang=en").get_data(as_text=True)
    village_box = f'<input type="checkbox" name="villages" value="{village["id"]}"> violet · Mango village'
    assert village_box in page
    assert f'<option value="{village["id"]}">' not in page.split('name="cover"')[1].split("</select>")[0]


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
    one = client.get("/rules/rajas?lang=fr&q=dauphin").get_data(as_text=True)
    assert "1 règle sur " in one  # the singular: "1 règles" was shown


def test_board_questions_name_tracks_boards_and_player_counts_in_the_tables_language(client: FlaskClient) -> None:
    french = html.unescape(client.get("/boards/rajas?lang=fr").get_data(as_text=True))
    assert "Quel est le plus grand nombre de la piste d'argent ?" in french
    assert "sur le plateau utilisé (2 joueurs) ?" in french and "(3 et 4 joueurs)" in french
    english = html.unescape(client.get("/boards/rajas?lang=en").get_data(as_text=True))
    assert "What is the highest number on the fame track?" in english and "(3 and 4 players)" in english
    for page in (french, english):
        assert not re.search(r"\((money|fame|2p|3p|4p|34p|normal|navaratnas)\)", page)  # key words, never shown


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


def settled_roll(companion: Companion, dice: list[dict[str, Any]], at: float | None = None) -> None:
    """The camera's reading of the start roll settled (now, or at a given time)."""
    companion.bus.publish(RollSettled({"dice": dice, "width": 640, "height": 480}, time.time() if at is None else at))


UNSURE_START_ROLL: list[dict[str, Any]] = [
    {"value": 3, "color": "blue", "confidence": 0.9, "zone": "table"},
    {"value": 6, "color": "green", "confidence": 0.95, "zone": "kali:green"},  # kept on a Kali: not rolled
    {"value": 4, "color": "green", "confidence": 0.9, "zone": "table"},
    {"value": 5, "color": "orange", "confidence": 0.3, "zone": "table"},  # a guess
    {"value": None, "color": "violet", "confidence": 0.0, "zone": "table"},
]


def test_an_unread_roll_is_asked_with_the_sure_dice_already_tapped(client: FlaskClient, companion: Companion) -> None:
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    settled_roll(companion, UNSURE_START_ROLL)
    assert len(companion.events(found)) == 1  # the camera played nothing
    page = client.get(f"/games/{found}?lang=en").get_data(as_text=True)
    colours = dict(re.findall(r'name="dice\.(\d)\.color" value="(\w+)"', page))
    tapped = {colours[n]: int(v) for n, v in re.findall(r'name="dice\.(\d)\.value" value="(\d)" checked', page)}
    assert tapped == {"blue": 3, "green": 4}
    assert "The camera could not read 2 dice: tap them below." in page
    french = html.unescape(client.get(f"/games/{found}?lang=fr").get_data(as_text=True))
    assert "La caméra n'a pas pu lire 2 dés : touchez-les ci-dessous." in french


def test_a_reading_settled_before_the_last_event_fills_nothing_in(client: FlaskClient, companion: Companion) -> None:
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    settled_roll(companion, UNSURE_START_ROLL, at=time.time() - 60)  # before the game started
    page = client.get(f"/games/{found}?lang=en").get_data(as_text=True)
    assert 'name="dice.0.color" value="blue"' in page  # the roll form is there, empty
    assert " checked" not in page and "The camera could not read" not in page


def test_sure_dice_fill_rows_of_their_colour_first_then_rows_of_free_colour() -> None:
    rows: list[dict[str, Any]] = [{"color": None}, {"color": "green"}, {"color": "green"}]
    dice: list[dict[str, Any]] = [
        {"value": 5, "color": "blue"},
        {"value": 2, "color": "green"},
        {"value": 1, "color": "red"},
    ]
    filled = prefilled(rows, dice)
    assert [(r["color"], r["pick"], r["value"]) for r in filled.rows] == [
        (None, "blue", 5),
        ("green", None, 2),
        ("green", None, None),
    ]
    assert filled.unread == 1  # red is no Rajas colour
    assert filled.extra == ()
    assert prefilled(rows, None) == Prefill([{**r, "value": None, "pick": None, "seen": None} for r in rows], 0, ())


def test_dice_the_camera_could_not_read_hold_rows_of_their_colour_then_free_rows() -> None:
    rows: list[dict[str, Any]] = [{"color": "green"}, {"color": None}, {"color": "green"}]
    dice: list[dict[str, Any]] = [
        {"value": 2, "color": "green", "confidence": 0.9, "bbox": [0, 0, 8, 8]},
        {"value": None, "color": "violet", "confidence": 0.0, "bbox": [10, 0, 18, 8]},  # no violet row: the free one
        {"value": 4, "color": "green", "confidence": 0.3, "bbox": [20, 0, 28, 8]},  # a guess: the green row left
        {"value": None, "color": "green", "confidence": 0.0, "bbox": [30, 0, 38, 8]},  # no row left
        {"value": None, "color": "blue", "confidence": 0.0},  # no box
    ]
    filled = prefilled(rows, dice)
    assert [(r["color"], r["pick"], r["value"], r["seen"]) for r in filled.rows] == [
        ("green", None, 2, None),
        (None, "violet", None, [10, 0, 18, 8]),
        ("green", None, None, [20, 0, 28, 8]),
    ]
    assert filled.unread == 2  # the rows left to tap, not the 4 dice unread: two of them have no row


def test_sure_dice_of_a_colour_beyond_its_rows_with_no_free_row_are_reported_not_dropped() -> None:
    rows: list[dict[str, Any]] = [{"color": "orange"}, {"color": "blue"}]
    dice: list[dict[str, Any]] = [
        {"value": 3, "color": "orange"},
        {"value": 5, "color": "orange"},  # a second orange die, and no free row for it
        {"value": 2, "color": "blue"},
        {"value": 6, "color": "blue"},
        {"value": 4, "color": "orange", "confidence": 0.3},  # a guess: unread, not an extra die
    ]
    filled = prefilled(rows, dice)
    assert [(r["color"], r["value"]) for r in filled.rows] == [("orange", 3), ("blue", 2)]
    assert filled.extra == (("orange", 5), ("blue", 6))
    assert filled.unread == 0  # the guessed orange has no row left: no die is left to tap


def test_a_rolled_die_the_camera_did_not_see_is_one_to_tap() -> None:
    rows: list[dict[str, Any]] = [{"color": "orange"}, {"color": "blue"}, {"color": "green"}]
    filled = prefilled(rows, [{"value": 3, "color": "orange"}, {"value": 2, "color": "blue"}])
    assert [r["value"] for r in filled.rows] == [3, 2, None]
    assert (filled.unread, filled.unseen) == (0, 1)  # one to tap, said as not seen: not as a die it could not read


EXTRA_DICE_START_ROLL: list[dict[str, Any]] = [
    {"value": 3, "color": "blue", "confidence": 0.9, "zone": "table"},
    {"value": 4, "color": "green", "confidence": 0.9, "zone": "table"},
    {"value": 1, "color": "orange", "confidence": 0.9, "zone": "table"},
    {"value": 5, "color": "orange", "confidence": 0.9, "zone": "table"},  # left on the table from an earlier roll
    {"value": 2, "color": "blue", "confidence": 0.9, "zone": "table"},  # one more
    {"value": None, "color": "violet", "confidence": 0.0, "zone": "table"},
]


def test_the_roll_form_names_the_sure_dice_that_are_not_part_of_the_roll_in_english_and_french(
    client: FlaskClient, companion: Companion
) -> None:
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    settled_roll(companion, EXTRA_DICE_START_ROLL)
    assert len(companion.events(found)) == 1  # the camera played nothing
    page = html.unescape(client.get(f"/games/{found}?lang=en").get_data(as_text=True))
    assert "2 dice the camera saw are not part of this roll: orange 5 and blue 2." in page
    assert "The camera could not read one die: tap it below." in page
    french = html.unescape(client.get(f"/games/{found}?lang=fr").get_data(as_text=True))
    assert "2 dés vus par la caméra ne font pas partie de ce lancer : orange 5 et bleu 2." in french


def test_the_roll_form_names_one_extra_die_alone(client: FlaskClient, companion: Companion) -> None:
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    settled_roll(companion, [die for die in EXTRA_DICE_START_ROLL if die["value"] != 2])
    page = html.unescape(client.get(f"/games/{found}?lang=en").get_data(as_text=True))
    assert "A die the camera saw is not part of this roll: orange 5." in page
    french = html.unescape(client.get(f"/games/{found}?lang=fr").get_data(as_text=True))
    assert "Un dé vu par la caméra ne fait pas partie de ce lancer : orange 5." in french


def test_a_roll_finished_by_hand_from_the_camera_is_kept_as_a_labelled_example(
    client: FlaskClient, companion: Companion, tmp_path: Path
) -> None:
    # The camera could not read the orange (a guess) and violet dice, so it played nothing; the table taps them
    # in. That picture, with the values told, is an example of the table's dice the reader missed.
    frame = np.full((48, 64, 3), 90, np.uint8)
    collector = ExampleCollector(companion, {"f1": frame}.get, tmp_path / "examples")
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    dice = [{**die, "bbox": [10 * n, 0, 10 * n + 8, 8]} for n, die in enumerate(UNSURE_START_ROLL)]
    companion.bus.publish(RollSettled({"dice": dice, "frame_id": "f1", "width": 64, "height": 48}, time.time()))
    page = client.get(f"/games/{found}?lang=en").get_data(as_text=True)
    assert 'name="frame" value="f1"' in page
    form = {"type": "roll", "seat": "0", "frame": "f1"}
    for index, (color, value) in enumerate(zip(COLORS, (3, 4, 2, 6), strict=True)):
        form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
    assert client.post(f"/games/{found}/rajas/play", data=form).status_code == 303
    assert collector.saved == 1
    label = json.loads((tmp_path / "examples" / "labels.jsonl").read_text())
    # The Kali's die as read (sure), the rolled dice as told, in the reading's order.
    assert [(d["color"], d["value"]) for d in label["dice"]] == [
        ("blue", 3),
        ("green", 6),
        ("green", 4),
        ("orange", 2),
        ("violet", 6),
    ]


class KeptFrames:
    """A camera's settled frames, by id (the table page cuts the dice it could not read from them)."""

    def __init__(self, frames: dict[str, np.ndarray]) -> None:
        self.frames = frames

    def settled_frame(self, frame_id: str) -> np.ndarray | None:
        return self.frames.get(frame_id)


def test_each_die_the_camera_could_not_read_is_pictured_in_its_row(client: FlaskClient, companion: Companion) -> None:
    # The orange die (a guess) and the violet one (unread): each row shows its die, cut from the roll's picture,
    # so the table knows which die to look at. The blue and green rows, read surely, show none.
    frame = np.full((48, 64, 3), 90, np.uint8)
    companion.devices["camera"] = KeptFrames({"f1": frame})
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    dice = [{**die, "bbox": [10 * n, 0, 10 * n + 8, 8]} for n, die in enumerate(UNSURE_START_ROLL)]
    companion.bus.publish(RollSettled({"dice": dice, "frame_id": "f1", "width": 64, "height": 48}, time.time()))
    page = client.get(f"/games/{found}?lang=en").get_data(as_text=True)
    assert page.count('class="roll-row__seen" src="data:image/jpeg;base64,/9j/') == 2
    assert 'name="dice.2.seen" value="30,0,38,8"' in page and 'name="dice.3.seen" value="40,0,48,8"' in page
    assert 'alt="The die the camera could not read"' in page
    assert "Le dé que la caméra n&#39;a pas pu lire" in client.get(f"/games/{found}?lang=fr").get_data(as_text=True)
    # The picture no longer kept: no die shown, and no row held for one (the table would not know which it is).
    companion.devices["camera"] = KeptFrames({})
    page = client.get(f"/games/{found}?lang=en").get_data(as_text=True)
    assert "roll-row__seen" not in page and ".seen" not in page


def test_the_dice_pictured_in_the_roll_form_are_labelled_with_the_values_tapped_beside_them(
    client: FlaskClient, companion: Companion, tmp_path: Path
) -> None:
    frame = np.full((48, 64, 3), 90, np.uint8)
    companion.devices["camera"] = KeptFrames({"f1": frame})
    collector = ExampleCollector(companion, {"f1": frame}.get, tmp_path / "examples")
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    dice = [{**die, "bbox": [10 * n, 0, 10 * n + 8, 8]} for n, die in enumerate(UNSURE_START_ROLL)]
    companion.bus.publish(RollSettled({"dice": dice, "frame_id": "f1", "width": 64, "height": 48}, time.time()))
    form = {"type": "roll", "seat": "0", "frame": "f1", "dice.2.seen": "30,0,38,8", "dice.3.seen": "40,0,48,8"}
    for index, (color, value) in enumerate(zip(COLORS, (3, 4, 2, 6), strict=True)):
        form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
    assert client.post(f"/games/{found}/rajas/play", data=form).status_code == 303
    told = companion.events(found)[-1].payload["reading"]["told"]
    assert told == [
        {"bbox": [30, 0, 38, 8], "value": 2, "color": "orange"},
        {"bbox": [40, 0, 48, 8], "value": 6, "color": "violet"},
    ]
    assert collector.saved == 1


def test_a_roll_form_with_a_garbled_die_box_is_refused_naming_the_field(
    client: FlaskClient, companion: Companion
) -> None:
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    form = {"type": "roll", "seat": "0", "dice.0.seen": "30,zero,38", "dice.0.color": "blue", "dice.0.value": "3"}
    response = client.post(f"/games/{found}/rajas/play?lang=en", data=form)
    assert response.status_code == 400 and "Field “die seen by the camera”" in response.get_data(as_text=True)
    assert len(companion.events(found)) == 1  # nothing played


def test_two_unread_dice_of_a_colour_pictured_in_their_rows_are_told_apart() -> None:
    seen = [
        {"value": 3, "color": "blue", "confidence": 0.9, "bbox": [0, 0, 8, 8]},
        {"value": None, "color": "green", "confidence": 0.0, "bbox": [10, 0, 18, 8]},
        {"value": None, "color": "green", "confidence": 0.0, "bbox": [20, 0, 28, 8]},
        {"value": 2, "color": "violet", "confidence": 0.9, "bbox": [30, 0, 38, 8], "zone": "kali:green"},
    ]
    told = [{"color": "blue", "value": 3}, {"color": "green", "value": 2}, {"color": "green", "value": 5}]
    assert told_by_colour(seen, told) is None  # which green showed the 2 is not known
    shown = [
        {"bbox": [20, 0, 28, 8], "value": 2, "color": "green"},
        {"bbox": [10, 0, 18, 8], "value": 5, "color": "green"},
    ]
    for pictured in (shown, shown[:1]):  # one green pictured is enough: the other showed the value left
        labels = told_by_colour(seen, told, pictured)
        assert labels is not None and [d["value"] for d in labels] == [3, 5, 2, 2]
    # A value tapped beside a picture that the roll was not told (a form sent twice, a row changed): not trusted.
    assert told_by_colour(seen, told, [{"bbox": [10, 0, 18, 8], "value": 6, "color": "green"}]) is None


@pytest.mark.parametrize("frame", [None, "f0"])
def test_a_roll_told_from_no_picture_or_an_older_one_saves_no_example(
    client: FlaskClient, companion: Companion, tmp_path: Path, frame: str | None
) -> None:
    # No picture named (the roll told from scratch), or one the camera has settled past: nothing says which die
    # of the last picture each value is.
    collector = ExampleCollector(companion, {"f1": np.zeros((48, 64, 3), np.uint8)}.get, tmp_path / "examples")
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    dice = [{**die, "bbox": [10 * n, 0, 10 * n + 8, 8]} for n, die in enumerate(UNSURE_START_ROLL)]
    companion.bus.publish(RollSettled({"dice": dice, "frame_id": "f1", "width": 64, "height": 48}, time.time()))
    form = {"type": "roll", "seat": "0", **({"frame": frame} if frame else {})}
    for index, (color, value) in enumerate(zip(COLORS, (3, 4, 2, 6), strict=True)):
        form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
    assert client.post(f"/games/{found}/rajas/play", data=form).status_code == 303
    assert collector.saved == 0 and "reading" not in companion.events(found)[-1].payload


@pytest.mark.parametrize(
    ("told", "values"),
    [
        ([("blue", 3), ("green", 4), ("green", 1)], [3, 4, 1]),  # the unread green is the 1
        ([("blue", 5), ("green", 4), ("green", 1)], [5, 4, 1]),  # the sure blue 3 told as a 5: a misread mended
        ([("blue", 3), ("green", 2), ("green", 2)], [3, 2, 2]),  # two greens unread, both told 2
        ([("blue", 3), ("green", 2), ("green", 5)], None),  # two greens unread, told 2 and 5: which is which?
        ([("blue", 3), ("green", 4)], None),  # a die fewer than the camera saw on the table
    ],
)
def test_which_die_a_told_value_labels(told: list[tuple[str, int]], values: list[int] | None) -> None:
    first_green = (
        {"value": 4, "color": "green", "confidence": 0.9}
        if values and values[1] == 4
        else {"value": None, "color": "green", "confidence": 0.0}
    )
    seen = [
        {"value": 3, "color": "blue", "confidence": 0.9, "bbox": [0, 0, 8, 8]},
        {**first_green, "bbox": [10, 0, 18, 8], "zone": "table"},
        {"value": None, "color": "green", "confidence": 0.0, "bbox": [20, 0, 28, 8]},
        {"value": 2, "color": "violet", "confidence": 0.9, "bbox": [30, 0, 38, 8], "zone": "kali:green"},
    ]
    labels = told_by_colour(seen, [{"color": c, "value": v} for c, v in told])
    if values is None:
        assert labels is None
    else:
        assert labels is not None and [d["value"] for d in labels] == [*values, 2]


def test_a_question_with_an_answer_the_rules_refuse_shows_it_greyed_with_the_reason(
    client: FlaskClient, companion: Companion
) -> None:
    # A palace worker choosing a room: the Master Builder is refused when no tile can be laid over another. The
    # table page answered 500 on such a question (the reason was given to the page as an object, not as a text).

    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}], {"facts": FACTS})["game_id"])
    rng = random.Random(0)
    for _ in range(400):
        session = companion.session(found)
        if any(not a.is_open for a in answers(game_kind("rajas"), session.state, session.view())):
            break
        companion.append(found, "move", {"move": random_move(session.state, rng, FACTS)})
    else:
        pytest.fail("no question with a refused answer in 400 random moves")
    response = client.get(f"/games/{found}?lang=en")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert re.search(r'button--secondary" disabled title="[^"]+"', page)
    assert 'title=""' not in page


def _played_until(companion: Companion, kind: str, modules: list[str], seed: int) -> str:
    """A two-player game with `modules`, played at random (seeded) until the table is asked a question of `kind`."""
    players = [{"name": "Asha"}, {"name": "Bruno"}]
    found = str(companion.create_game("rajas", players, {"facts": FACTS, "modules": modules})["game_id"])
    rng = random.Random(seed)
    for _ in range(800):
        view = companion.view(found)
        if view["pending"] and view["pending"][0]["kind"] == kind:
            return found
        if view["is_over"]:
            break
        companion.append(found, "move", {"move": random_move(companion.session(found).state, rng, FACTS)})
    pytest.fail(f"no {kind} question in a random game with {modules}")


def test_a_yield_tile_is_taken_with_its_colour_reward_and_income_told_or_declined_by_a_button_of_its_own(
    client: FlaskClient, companion: Companion
) -> None:
    found = _played_until(companion, "yield_pick", ["navaratnas"], seed=3)
    page = client.get(f"/games/{found}?lang=en").get_data(as_text=True)
    # The browser asks for what is missing before sending: the form answered 500 when sent with nothing chosen.
    assert re.search(r'<select class="input" name="tile.color" required>', page)
    assert re.search(r'name="income"[^>]* required>', page)
    assert 'name="decline" value="1" class="button button--secondary button--wide" formnovalidate>' in page
    view = companion.view(found)
    seat, before = view["pending"][0]["seat"], len(companion.events(found))
    form = {"if_seq": str(view["seq"]), "seat": str(seat), "type": "take_yield", "decline": "1", "income": ""}
    assert client.post(f"/games/{found}/rajas/play", data=form).status_code == 303
    assert len(companion.events(found)) == before + 1


def test_the_test_of_fate_tile_is_asked_with_its_colour_and_cost_before_it_is_sent(
    client: FlaskClient, companion: Companion
) -> None:
    found = _played_until(companion, "fate_tile", ["fate"], seed=2)
    page = client.get(f"/games/{found}?lang=en").get_data(as_text=True)
    assert '<select class="input" name="tile.color" required>' in page
    assert re.search(r'name="tile.cost"[^>]* required>', page)
