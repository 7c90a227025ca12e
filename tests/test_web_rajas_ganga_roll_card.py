"""The last roll's card names no player for the Ganga module's roll: it is the river's die (rulebook: the Ganga
module's river tiles), though the form plays it with the first player's seat."""

from __future__ import annotations

import html

from flask.testing import FlaskClient
from test_rajas_table_undo_words import step_said
from test_web_rajas_river_forms import played_until

from companion.service import Companion


def _card(client: FlaskClient, game_id: str, lang: str) -> str:
    page = html.unescape(client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True))
    start = page.index('id="last-roll-title"')
    return page[start : page.index("</h2>", start)]


def test_the_ganga_roll_on_the_last_roll_card_is_the_ganga_die_not_a_player(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = played_until(companion, "ganga_roll", ["ganga"])
    seat = companion.session(game_id).state.data["pending"][0].get("seat") or 0
    names = [p.name for p in companion.session(game_id).players]
    form = {"type": "roll", "seat": str(seat), "dice.0.color": "blue", "dice.0.value": "2"}
    assert client.post(f"/games/{game_id}/rajas/play", data=form).status_code == 303
    english, french = _card(client, game_id, "en"), _card(client, game_id, "fr")
    assert "the Ganga die ·" in english and not any(f"{name} ·" in english for name in names)
    assert "le dé du Gange ·" in french


def test_a_players_roll_on_the_last_roll_card_names_the_player(client: FlaskClient, companion: Companion) -> None:
    game_id = played_until(companion, "ganga_roll", ["ganga"])
    names = [p.name for p in companion.session(game_id).players]
    rolls = [move for _, move in companion.session(game_id).timeline.standing if move.get("type") == "roll"]
    assert rolls, "the start rolls stand before the Ganga roll"
    card = _card(client, game_id, "en")
    assert f"{names[rolls[-1]['seat']]} ·" in card and "Ganga die" not in card


def test_the_ganga_roll_taken_back_and_played_again_is_said_as_the_ganga_die(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = played_until(companion, "ganga_roll", ["ganga"])
    form = {"type": "roll", "seat": "0", "dice.0.color": "blue", "dice.0.value": "2"}
    assert client.post(f"/games/{game_id}/rajas/play", data=form).status_code == 303
    assert client.post(f"/games/{game_id}/rajas/undo", data={}).status_code == 303
    assert step_said(client, game_id) == "Taken back: the Ganga die rolled 2."
    assert step_said(client, game_id, "fr") == "Annulé : le dé du Gange a donné 2."
    assert client.post(f"/games/{game_id}/rajas/redo", data={}).status_code == 303
    assert step_said(client, game_id) == "Played again: the Ganga die rolled 2."
