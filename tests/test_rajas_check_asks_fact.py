"""The "Can I...?" page settles a dispute that needs a printed board fact: it asks that fact right there, with the
table's own answer card, and once told decides the move asked (nothing is played)."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient
from test_rajas_support import FACTS

from companion.service import Companion

COLORS = ("blue", "green", "orange", "violet")
UNKNOWN = "4p.quarry.3.cost"
"""The fact the quarry build asks: what the third quarry space costs with four players."""


def _four_players_quarry_half_taken(client: FlaskClient, companion: Companion) -> str:
    """Four players, every printed fact known (invented test data) but the third quarry space's cost; Bruno and
    Chloé took quarry spaces 1 and 2 this round, Dev (seat 3, a green 3 in his Kali) is to place."""
    facts = {key: value for key, value in FACTS.items() if key != UNKNOWN}
    names = [{"name": n} for n in ("Asha", "Bruno", "Chloé", "Dev")]
    game_id = str(companion.create_game("rajas", names, {"facts": facts})["game_id"])
    for seat, values in enumerate([(4, 4, 4, 4), (1, 1, 1, 1), (2, 2, 2, 2), (4, 3, 4, 4)]):
        form = {"type": "roll", "seat": str(seat)}
        for index, (color, value) in enumerate(zip(COLORS, values, strict=True)):
            form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
        assert client.post(f"/games/{game_id}/rajas/play", data=form).status_code == 303
    for seat, value in ((1, 1), (2, 2)):
        build = {"type": "place", "seat": str(seat), "space": "quarry", "pay": f"0:blue-{value}"}
        build.update({"tile.cost": str(value), "tile.stack": "snake", "tile.roads": "curve"})
        assert client.post(f"/games/{game_id}/rajas/play", data=build).status_code == 303
    view = companion.view(game_id)
    assert view["spaces"]["quarry"] == [1, 2] and view["current_seat"] == 3
    return game_id


CHECKED = {
    "seat": "3",
    "type": "place",
    "space": "quarry",
    "pay": "1:green-3",
    "tile.cost": "3",
    "tile.stack": "snake",
    "tile.roads": "curve",
    "tile.buildings": "mill",
}


def _asked_field(page: str) -> str:
    found = re.search(r'<input type="hidden" name="asked" value="([^"]*)">', page)
    assert found, "the fact form carries no move asked"
    return html.unescape(found.group(1))


def test_the_check_page_asks_the_missing_fact_then_decides_the_move_asked(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _four_players_quarry_half_taken(client, companion)
    page = client.post(f"/games/{game_id}/rajas/check?lang=fr", data=CHECKED).get_data(as_text=True)
    words = html.unescape(page)
    assert "Impossible de décider pour l'instant" in words
    assert "Quelle somme d'argent est imprimée sur la case 3 de la carrière (4 joueurs) ?" in words
    # The table's answer card, right on this page: posting to the fact endpoint, for that very fact.
    card = page.split('id="fact"')[1].split("</section>")[0]
    assert f'action="/games/{game_id}/rajas/fact"' in card and f'name="key" value="{UNKNOWN}"' in card
    assert 'name="value"' in card and 'min="1" max="4"' in card  # a quarry cost is 1 to 4, said on the field
    seq = companion.session(game_id).last_seq
    answer = {"type": "answer_fact", "key": UNKNOWN, "question": "rajas.fact.q.quarry_cost", "value": "2"}
    told = client.post(f"/games/{game_id}/rajas/fact?lang=fr", data={**answer, "asked": _asked_field(card)})
    assert told.status_code == 303 and f"/games/{game_id}/rajas/check?asked=" in told.headers["Location"]
    decided = html.unescape(client.get(told.headers["Location"] + "&lang=fr").get_data(as_text=True))
    assert "Oui, c'est permis" in decided and "Impossible de décider" not in decided
    assert 'id="fact"' not in decided  # nothing more to ask
    # The fact is kept; the move was only asked about, never played.
    assert companion.view(game_id)["facts_told"][UNKNOWN] == 2
    assert companion.session(game_id).last_seq == seq + 1
    assert companion.view(game_id)["spaces"]["quarry"] == [1, 2]


def test_a_fact_refused_on_the_check_page_is_said_there_and_asked_again(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _four_players_quarry_half_taken(client, companion)
    page = client.post(f"/games/{game_id}/rajas/check?lang=fr", data=CHECKED).get_data(as_text=True)
    answer = {"type": "answer_fact", "key": UNKNOWN, "question": "rajas.fact.q.quarry_cost", "value": "9"}
    refused = client.post(f"/games/{game_id}/rajas/fact?lang=fr", data={**answer, "asked": _asked_field(page)})
    again = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "verdict-box--refused" in again
    assert f'name="key" value="{UNKNOWN}"' in again and 'name="asked"' in again  # the same question, same move
    assert UNKNOWN not in companion.view(game_id)["facts_told"]


def test_a_move_asked_that_cannot_be_read_back_is_said_in_the_pages_language(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    page = client.get(f"/games/{game_id}/rajas/check?lang=fr&asked=[1]")
    assert page.status_code == 400
    assert "Le coup demandé n’a pas pu être relu" in page.get_data(as_text=True)
