"""The start form posted twice (a double tap, or a browser sending it again) starts one game and opens it both times."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.service import Companion
from companion.web import pages as start_pages

ANNE_AND_MARC = {"kind": "rajas", "name_0": "Anne", "color_0": "blue", "name_1": "Marc", "color_1": "green"}
DICE = [{"color": c, "value": v} for c, v in zip(("blue", "green", "orange", "violet"), (3, 4, 2, 5), strict=True)]


def players_of_each_game(companion: Companion) -> list[tuple[str, ...]]:
    return sorted(tuple(row["players"]) for row in companion.games())


def test_the_start_form_posted_twice_starts_one_game_and_opens_it_both_times(
    client: FlaskClient, companion: Companion
) -> None:
    first = client.post("/games", data=ANNE_AND_MARC)
    again = client.post("/games", data=ANNE_AND_MARC)
    assert (first.status_code, again.status_code) == (303, 303)
    assert again.headers["Location"] == first.headers["Location"]
    assert players_of_each_game(companion) == [("Anne", "Marc")]
    assert first.headers["Location"].endswith(f"/games/{companion.active_id}")


def test_the_form_posted_twice_with_the_owner_s_board_facts_known_starts_one_game(
    client: FlaskClient, companion: Companion
) -> None:
    companion.boards.remember("rajas", {"3p.quarry.slots": 4})  # the service adds it to the game's options
    first = client.post("/games", data=ANNE_AND_MARC)
    again = client.post("/games", data=ANNE_AND_MARC)
    assert again.headers["Location"] == first.headers["Location"]
    (game,) = companion.games()
    assert companion.events(game["game_id"])[0].payload["options"]["facts"] == {"3p.quarry.slots": 4}


def test_the_same_form_posted_long_after_starts_another_game(
    client: FlaskClient, companion: Companion, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = client.post("/games", data=ANNE_AND_MARC)
    monkeypatch.setattr(start_pages, "REPEAT_WITHIN", -1.0)  # the first post is now older than a double tap
    again = client.post("/games", data=ANNE_AND_MARC)
    assert again.status_code == 303
    assert again.headers["Location"] != first.headers["Location"]
    assert players_of_each_game(companion) == [("Anne", "Marc"), ("Anne", "Marc")]


def test_the_same_form_posted_after_a_move_of_the_new_game_starts_another_game(
    client: FlaskClient, companion: Companion
) -> None:
    client.post("/games", data=ANNE_AND_MARC)
    companion.append(str(companion.active_id), "move", {"move": {"type": "roll", "seat": 0, "dice": DICE}}, "web")
    client.post("/games", data=ANNE_AND_MARC)
    assert players_of_each_game(companion) == [("Anne", "Marc"), ("Anne", "Marc")]


@pytest.mark.parametrize(
    "changed",
    [
        {"name_1": "Bruno"},
        {"color_1": "orange"},
        {"name_0": "Marc", "color_0": "green", "name_1": "Anne", "color_1": "blue"},
        {"name_2": "Chloé", "color_2": "orange"},
        {"rajas.modules": "navaratnas"},
        {"kind": "free_dice"},
    ],
    ids=["another_player", "another_colour", "other_seats", "one_more_player", "a_module", "another_game"],
)
def test_a_form_asking_for_another_game_starts_it(
    client: FlaskClient, companion: Companion, changed: dict[str, str]
) -> None:
    first = client.post("/games", data=ANNE_AND_MARC)
    other = client.post("/games", data={**ANNE_AND_MARC, **changed})
    assert other.status_code == 303
    assert other.headers["Location"] != first.headers["Location"]
    assert len(companion.games()) == 2


def test_the_form_posted_again_after_another_game_was_started_starts_a_third(
    client: FlaskClient, companion: Companion
) -> None:
    client.post("/games", data=ANNE_AND_MARC)
    client.post("/games", data={**ANNE_AND_MARC, "name_0": "Asha", "name_1": "Bruno"})
    client.post("/games", data=ANNE_AND_MARC)  # the Anne and Marc game is no longer the newest one
    assert players_of_each_game(companion) == [("Anne", "Marc"), ("Anne", "Marc"), ("Asha", "Bruno")]


def test_a_game_started_through_the_api_is_not_taken_for_a_tap_of_the_form(
    client: FlaskClient, companion: Companion
) -> None:
    players = [{"name": "Anne", "color": "blue"}, {"name": "Marc", "color": "green"}]
    started = client.post("/api/games", json={"kind": "rajas", "players": players})
    assert started.status_code == 201
    posted = client.post("/games", data=ANNE_AND_MARC)
    assert posted.headers["Location"].endswith(f"/games/{companion.active_id}")
    assert companion.active_id != started.get_json()["game_id"]
    assert len(companion.games()) == 2


def test_the_form_posted_again_after_the_api_started_a_game_starts_another_one(
    client: FlaskClient, companion: Companion
) -> None:
    client.post("/games", data=ANNE_AND_MARC)
    started = client.post("/api/games", json={"kind": "free_dice", "players": [{"name": "Asha"}]})
    assert started.status_code == 201
    client.post("/games", data=ANNE_AND_MARC)  # the Anne and Marc game is no longer the newest one
    assert players_of_each_game(companion) == [("Anne", "Marc"), ("Anne", "Marc"), ("Asha",)]
