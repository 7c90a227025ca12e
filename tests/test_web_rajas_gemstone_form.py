"""The Gemstone trader from the table's forms (Goodie Box 1, The Gemstone Trader): once a player's fame has reached
his space, the die paid on his turn may be used as any number, chosen on the form beside the dice paid."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_rajas_support import FACTS
from werkzeug.datastructures import MultiDict

from companion.errors import MalformedRequest
from companion.games.rajas.definition import ROOM_VALUES
from companion.games.rajas.sampler import random_move
from companion.service import Companion
from companion.web.rajas.moves import move_from_form
from companion.web.rajas.table import kali

PLAIN_ROOMS = ("yogi", "raja", "dancer", "mogul")
"""Palace rooms whose action asks nothing more of the form (the Master Builder asks for a tile, the Portuguese for
his steps)."""


def _new_game(companion: Companion) -> str:
    players = [{"name": "Asha"}, {"name": "Bruno"}]
    return str(companion.create_game("rajas", players, {"facts": FACTS, "modules": ["gemstone"]})["game_id"])


def _turn_for(view: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """A die of the current player's and a free plain room that needs another number, when the player is to place
    and their trader is ready."""
    seat = view["current_seat"]
    if view["pending"] or view["phase"] != "play" or seat is None or view["players"][seat]["gemstone"] != "ready":
        return None
    for die in kali(view["players"][seat]):
        for room in PLAIN_ROOMS:
            if f"room.{room}" not in view["spaces"] and ROOM_VALUES[room] != die["value"]:
                return die, room
    return None


def trader_ready(companion: Companion) -> tuple[str, dict[str, Any], str]:
    """A game played at random (seeded) until the player to place has the Gemstone trader ready, with a die of
    theirs and a free room needing another number than it shows."""
    found = _new_game(companion)
    rng = random.Random(2)
    for _ in range(400):
        view = companion.view(found)
        turn = _turn_for(view)
        if turn is not None:
            return found, *turn
        assert not view["is_over"]
        companion.append(found, "move", {"move": random_move(companion.session(found).state, rng, FACTS)})
    pytest.fail("the Gemstone trader was never ready in a random game")


def palace_form(companion: Companion, game_id: str, room: str, die: dict[str, Any], **more: str) -> dict[str, str]:
    """The palace form of the player to place, a room chosen, `die` paid and the trader ticked."""
    view = companion.view(game_id)
    form = {"if_seq": str(view["seq"]), "seat": str(view["current_seat"]), "type": "place", "space": f"room.{room}"}
    return {**form, "pay": die["token"], "worker": "gemstone", **more}


def test_the_trader_ticked_with_a_number_chosen_places_the_worker_on_a_room_needing_that_number(
    client: FlaskClient, companion: Companion
) -> None:
    game_id, die, room = trader_ready(companion)
    seat = companion.view(game_id)["current_seat"]
    choice = f"{die['index']}-{ROOM_VALUES[room]}"
    page = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    assert f'<option value="{choice}">' in page  # the number is offered for that die on the table's page
    response = client.post(
        f"/games/{game_id}/rajas/play", data=palace_form(companion, game_id, room, die, gemstone_as=choice)
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    view = companion.view(game_id)
    assert seat in view["spaces"][f"room.{room}"]
    assert view["players"][seat]["gemstone"] == "used"


def test_the_trader_ticked_without_a_number_is_refused_as_the_die_shows(
    client: FlaskClient, companion: Companion
) -> None:
    game_id, die, room = trader_ready(companion)
    before = len(companion.events(game_id))
    response = client.post(f"/games/{game_id}/rajas/play?lang=en", data=palace_form(companion, game_id, room, die))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f"This room needs a die showing {ROOM_VALUES[room]}, not {die['value']}." in page
    assert len(companion.events(game_id)) == before


def test_a_refused_form_draws_the_number_chosen_and_the_trader_ticked_again(
    client: FlaskClient, companion: Companion
) -> None:
    game_id, die, room = trader_ready(companion)
    wrong = next(face for face in range(1, 7) if face not in (die["value"], ROOM_VALUES[room]))
    choice = f"{die['index']}-{wrong}"
    response = client.post(
        f"/games/{game_id}/rajas/play?lang=en", data=palace_form(companion, game_id, room, die, gemstone_as=choice)
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f"This room needs a die showing {ROOM_VALUES[room]}, not {wrong}." in page
    assert f'<option value="{choice}" selected>' in page
    assert re.search(r'name="worker" value="gemstone" checked>', page)
    again = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)  # a page drawn afresh chooses nothing
    assert f'<option value="{choice}" selected>' not in again and 'value="gemstone" checked' not in again


def test_the_number_is_asked_only_while_the_trader_is_ready(client: FlaskClient, companion: Companion) -> None:
    fresh = _new_game(companion)
    page = client.get(f"/games/{fresh}?lang=en").get_data(as_text=True)
    assert 'name="worker" value="gemstone"' not in page and 'name="gemstone_as"' not in page
    game_id, die, _ = trader_ready(companion)
    page = client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True)
    # Beside the dice paid of the quarry, the market of identical goods, the palace and the port.
    assert page.count('name="gemstone_as"') == 4
    assert "Compte pour (marchand de pierres précieuses)" in page
    assert f"Dé {_french_colour(die['color'])} qui montre {die['value']}" in page


def _french_colour(color: str) -> str:
    return {"blue": "bleu", "green": "vert", "orange": "orange", "violet": "violet"}[color]


def _form(**fields: str | list[str]) -> MultiDict[str, str]:
    return MultiDict(
        [(k, v) for k, values in fields.items() for v in ([values] if isinstance(values, str) else values)]
    )


def test_the_form_reader_says_the_die_the_trader_turns_and_that_it_is_his_turn() -> None:
    fields: dict[str, Any] = {"type": "place", "seat": "0", "space": "room.yogi", "worker": "gemstone"}
    fields["pay"] = ["0:green-1", "1:blue-4"]
    move = move_from_form(_form(**fields, gemstone_as="1-6"))
    assert move["pay"] == [{"color": "green", "value": 1}, {"color": "blue", "value": 4, "as": 6, "via": "gemstone"}]
    assert move_from_form(_form(**fields))["pay"] == [{"color": "green", "value": 1}, {"color": "blue", "value": 4}]


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"pay": "0:green-1", "gemstone_as": "1-3"}, "gemstone_unpaid"),  # the die turned is not paid
        ({"gemstone_as": "0-3"}, "gemstone_unpaid"),  # no die paid at all
        ({"pay": "0:green-1", "gemstone_as": "0-7"}, "gemstone_as"),
        ({"pay": "0:green-1", "gemstone_as": "green"}, "gemstone_as"),
        ({"pay": "0:green-1", "flip": "0", "gemstone_as": "0-3"}, "gemstone_flipped"),  # karma and the trader
        ({"pay": "0:green-1-6", "gemstone_as": "0-3"}, "gemstone_flipped"),
    ],
)
def test_a_trader_choice_that_does_not_fit_the_dice_paid_is_refused_naming_the_field(
    fields: dict[str, str], reason: str
) -> None:
    with pytest.raises(MalformedRequest) as refused:
        move_from_form(_form(type="place", seat="0", space="room.yogi", worker="gemstone", **fields))
    assert refused.value.details["field"] == "gemstone_as"
    assert refused.value.details["said"]["key"] == f"rajas.said.form.{reason}"


def test_a_number_chosen_without_the_trader_ticked_is_refused_by_the_rules(
    client: FlaskClient, companion: Companion
) -> None:
    game_id, die, room = trader_ready(companion)
    form = palace_form(companion, game_id, room, die, gemstone_as=f"{die['index']}-{ROOM_VALUES[room]}")
    response = client.post(f"/games/{game_id}/rajas/play?lang=en", data={**form, "worker": "normal"})
    assert response.status_code == 422
    assert "Your gemstone trader cannot be used now." in response.get_data(as_text=True)
