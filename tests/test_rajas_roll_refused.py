# ruff: noqa: F811
"""A refused roll form is drawn again as the player posted it, never as the camera read it, with the rows that are
missing or wrong marked; the other forms a refusal redraws keep what was posted in their own fields; a roll that does
not show the dice offered is refused naming the dice to roll and the dice entered, in words."""

from __future__ import annotations

import html
import re
import time

from flask.testing import FlaskClient
from test_rajas_support import FACTS
from test_web_rajas import _played_until, rolled
from werkzeug.datastructures import MultiDict

from companion.events.bus import RollSettled
from companion.service import Companion
from companion.web.rajas.prefill import Posted, as_posted

CAMERA_READ: list[dict[str, object]] = [  # blue 4, green 1 and orange 3 read surely; the violet die not read
    {"value": 4, "color": "blue", "confidence": 0.95, "zone": "table"},
    {"value": 1, "color": "green", "confidence": 0.95, "zone": "table"},
    {"value": 3, "color": "orange", "confidence": 0.95, "zone": "table"},
    {"value": None, "color": "violet", "confidence": 0.0, "zone": "table"},
]


def tapped(page: str) -> dict[int, int]:
    """Row -> the value ticked in it, on a roll form."""
    return {int(n): int(v) for n, v in re.findall(r'name="dice\.(\d)\.value" value="(\d)" checked', page)}


def marked(page: str) -> set[int]:
    """The roll rows marked as what the refusal points at."""
    return {int(n) for n in re.findall(r'aria-invalid="true" aria-describedby="roll-wrong-(\d)"', page)}


def start_roll_form(client: FlaskClient, companion: Companion) -> tuple[str, dict[str, str]]:
    """A two-player game at its start roll, the camera's reading filled in; the form the player sends after tapping
    blue 2 over the camera's 4 and orange 6 over its 3, leaving the violet row unticked."""
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Dev"}])["game_id"])
    companion.bus.publish(RollSettled({"dice": CAMERA_READ, "width": 640, "height": 480}, time.time()))
    assert tapped(client.get(f"/games/{found}?lang=fr").get_data(as_text=True)) == {0: 4, 1: 1, 2: 3}
    form = {"if_seq": str(companion.view(found)["seq"]), "seat": "0", "type": "roll"}
    form.update({"dice.0.color": "blue", "dice.0.value": "2", "dice.1.color": "green", "dice.1.value": "1"})
    form.update({"dice.2.color": "orange", "dice.2.value": "6", "dice.3.color": "violet"})
    return found, form


def test_a_refused_roll_shows_what_the_player_tapped_and_marks_the_die_missing(
    client: FlaskClient, companion: Companion
) -> None:
    found, form = start_roll_form(client, companion)
    response = client.post(f"/games/{found}/rajas/play?lang=fr", data=form)
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422 and "Non, ce n'est pas permis" in page
    assert tapped(page) == {0: 2, 1: 1, 2: 6}  # the player's blue 2 and orange 6, not the camera's 4 and 3
    assert marked(page) == {3}  # the violet die, left unticked
    assert 'id="roll-wrong-3">Aucune valeur touchée pour ce dé : touchez la face qu’il montre.</p>' in page
    assert len(companion.events(found)) == 1  # nothing played
    # The table drawn afresh (the refusal read) is filled in from the camera again, nothing marked.
    fresh = client.get(f"/games/{found}?lang=en").get_data(as_text=True)
    assert tapped(fresh) == {0: 4, 1: 1, 2: 3} and marked(fresh) == set()


def test_a_malformed_roll_shows_what_was_posted_and_marks_the_row_its_field_names(
    client: FlaskClient, companion: Companion
) -> None:
    found, form = start_roll_form(client, companion)
    response = client.post(f"/games/{found}/rajas/play?lang=en", data={**form, "dice.3.value": "9"})
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "dice.3.value" in page
    assert tapped(page) == {0: 2, 1: 1, 2: 6} and marked(page) == {3}
    assert 'id="roll-wrong-3">This is the die refused above: check it.</p>' in page


def test_a_roll_form_drawn_before_another_move_is_not_put_back(client: FlaskClient, companion: Companion) -> None:
    # Another phone played meanwhile: the form was of a table that is no more; the table as it is now is shown.
    found, form = start_roll_form(client, companion)
    response = client.post(f"/games/{found}/rajas/play?lang=en", data={**form, "if_seq": "0"})
    page = response.get_data(as_text=True)
    assert response.status_code == 409 and tapped(page) == {0: 4, 1: 1, 2: 3} and marked(page) == set()


def test_rows_of_the_players_colour_keep_the_colour_posted() -> None:
    posted = Posted(MultiDict({"dice.0.color": "violet", "dice.0.value": "5", "dice.1.color": "blue"}), None, True)
    rows = as_posted([{"color": None}, {"color": "blue"}], posted)
    assert [(r["pick"], r["value"], r["wrong"]) for r in rows] == [("violet", 5, None), (None, None, "missing")]


def dev_on_the_green_balcony(client: FlaskClient, companion: Companion) -> str:
    """Dev (the lower start roll, so first to place) pays a green die at the green balcony: 2 blue dice to roll."""
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Dev"}], {"facts": FACTS})["game_id"])
    rolled(client, found, 0, (3, 4, 2, 5))
    rolled(client, found, 1, (1, 1, 1, 1))
    place = {"type": "place", "seat": "1", "space": "balcony.green", "pay": "1:green-1"}
    assert client.post(f"/games/{found}/rajas/play", data=place).status_code == 303
    assert companion.view(found)["pending"][0]["fixed"] == {"blue": 2}
    return found


def refusal_of(client: FlaskClient, found: str, lang: str, dice: list[tuple[str, int]]) -> str:
    form = {"type": "roll", "seat": "1"}
    for index, (color, value) in enumerate(dice):
        form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
    response = client.post(f"/games/{found}/rajas/play?lang={lang}", data=form)
    assert response.status_code == 422
    return html.unescape(response.get_data(as_text=True))


def test_a_roll_refused_says_which_dice_to_roll_and_which_were_entered(
    client: FlaskClient, companion: Companion
) -> None:
    found = dev_on_the_green_balcony(client, companion)
    wrong = [("orange", 1), ("blue", 1)]
    assert (
        "Roll 2 blue dice; you entered 1 orange die and 1 blue die (fewer only if the Kali is full or a colour has "
        "run out)." in refusal_of(client, found, "en", wrong)
    )
    assert (
        "Lancez 2 dés bleus ; vous avez saisi 1 dé orange et 1 dé bleu (moins seulement si la Kali est pleine ou si "
        "une couleur manque)." in refusal_of(client, found, "fr", wrong)
    )
    assert "Roll 2 blue dice; you entered 1 blue die (fewer only" in refusal_of(client, found, "en", [("blue", 4)])
    assert "Lancez 2 dés bleus ; vous n'en avez saisi aucun (moins" in refusal_of(client, found, "fr", [])


def test_a_refused_roll_of_one_die_is_said_in_the_singular(client: FlaskClient, companion: Companion) -> None:
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Dev"}], {"facts": FACTS})["game_id"])
    rolled(client, found, 0, (3, 4, 2, 5))
    rolled(client, found, 1, (1, 1, 1, 1))
    place = {"type": "place", "seat": "1", "space": "terrace.green"}
    assert client.post(f"/games/{found}/rajas/play", data=place).status_code == 303
    english = refusal_of(client, found, "en", [])
    assert "Roll 1 green die; you entered none (none only if the Kali is full or its colour has run out)." in english
    french = refusal_of(client, found, "fr", [("blue", 2)])
    assert "Lancez 1 dé vert ; vous avez saisi 1 dé bleu (aucun seulement si la Kali est pleine ou si sa" in french


def test_a_refused_yield_tile_form_keeps_the_colour_and_income_space_posted(
    client: FlaskClient, companion: Companion
) -> None:
    found = _played_until(companion, "yield_pick", ["navaratnas"], seed=3)
    view = companion.view(found)
    page = client.get(f"/games/{found}?lang=en").get_data(as_text=True)
    incomes = re.findall(r'<input type="radio" name="income" value="(\d+)" required>', page)
    assert incomes, page
    form = {"if_seq": str(view["seq"]), "seat": str(view["pending"][0]["seat"]), "type": "take_yield"}
    form.update({"tile.color": "white", "income": incomes[-1], "reward.kind": "money", "reward.number": "x"})
    response = client.post(f"/games/{found}/rajas/play?lang=en", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 400, page
    assert '<option value="white" selected>' in page
    assert f'name="income" value="{incomes[-1]}" required checked>' in page
