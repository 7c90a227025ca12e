"""Undo right after a correction takes back the correction, not the whole roll; redo makes it again. Old logs, whose
undo events carry no marker, fold as they were played: their undo took back the whole move."""

# ruff: noqa: F811
from __future__ import annotations

from typing import Any

import pytest
from conftest import roll
from flask.testing import FlaskClient
from test_rajas_table_undo_words import step_said
from test_web_rajas_fix_roll import PLAYERS, camera_rolled, fix_form, rolled_by_hand

from companion.errors import Conflict
from companion.events.bus import ButtonPressed
from companion.events.fold import UNDO_LAST_ACTION, timeline_of
from companion.service import Companion
from companion.session import GameSession

READ = (3, 4, 2, 5)  # the camera's reading of Asha's start roll: blue, green, orange, violet
FIXED = [("blue", 3), ("green", 4), ("orange", 6), ("violet", 5)]  # the orange die shows a 6


def corrected_camera_roll(client: FlaskClient, companion: Companion) -> tuple[str, dict[str, Any]]:
    """A Rajas game whose start roll the camera read (orange 2), corrected on the page (orange 6); and the state as
    the camera's roll left it, before the correction."""
    game_id = str(companion.create_game("rajas", PLAYERS)["game_id"])
    camera_rolled(companion, READ)
    as_read = companion.session(game_id).state.to_dict()
    assert client.post(f"/games/{game_id}/rajas/fix", data=fix_form(companion, game_id, FIXED)).status_code == 303
    assert companion.session(game_id).state.player(0)["dice"]["orange"] == [6]
    return game_id, as_read


def step(client: FlaskClient, companion: Companion, game_id: str, name: str) -> None:
    """Tap Undo or Redo on the Rajas table as drawn now."""
    seq = str(companion.session(game_id).last_seq)
    assert client.post(f"/games/{game_id}/rajas/{name}", data={"if_seq": seq}).status_code == 303


def rolls(companion: Companion, game_id: str) -> list[list[tuple[str, int]]]:
    """The dice of every standing roll, as (colour, number)."""
    standing = companion.session(game_id).timeline.standing
    return [[(d["color"], d["value"]) for d in move["dice"]] for _, move in standing if move["type"] == "roll"]


def is_as_rebuilt(companion: Companion, game_id: str) -> bool:
    """Whether the state kept in memory is the one the log folds to from scratch."""
    live = companion.session(game_id)
    return live.state.to_dict() == GameSession(companion.store, game_id).state.to_dict()


def test_undo_after_a_correction_gives_back_the_roll_as_the_camera_read_it(
    client: FlaskClient, companion: Companion
) -> None:
    game_id, as_read = corrected_camera_roll(client, companion)
    step(client, companion, game_id, "undo")
    assert rolls(companion, game_id) == [list(zip(("blue", "green", "orange", "violet"), READ, strict=True))]
    assert companion.session(game_id).state.to_dict() == as_read  # the roll still stands, as first read
    assert companion.view(game_id)["can_redo"] and is_as_rebuilt(companion, game_id)
    assert companion.events(game_id)[-1].payload["last"] == "action"  # written with the new meaning


def test_redo_makes_the_correction_taken_back_again(client: FlaskClient, companion: Companion) -> None:
    game_id, _ = corrected_camera_roll(client, companion)
    corrected = companion.session(game_id).state.to_dict()
    step(client, companion, game_id, "undo")
    assert rolls(companion, game_id)[0][2] == ("orange", 2)  # the roll stands, as read
    step(client, companion, game_id, "redo")
    assert rolls(companion, game_id) == [FIXED]
    assert companion.session(game_id).state.to_dict() == corrected
    assert not companion.view(game_id)["can_redo"] and is_as_rebuilt(companion, game_id)


def test_undo_twice_after_a_correction_takes_the_correction_then_the_roll(
    client: FlaskClient, companion: Companion
) -> None:
    game_id, as_read = corrected_camera_roll(client, companion)
    step(client, companion, game_id, "undo")
    step(client, companion, game_id, "undo")
    assert rolls(companion, game_id) == []
    assert companion.session(game_id).state.player(0)["dice"] == {c: [] for c, _ in FIXED}
    step(client, companion, game_id, "redo")  # the roll comes back as read, then its correction
    assert companion.session(game_id).state.to_dict() == as_read
    step(client, companion, game_id, "redo")
    assert rolls(companion, game_id) == [FIXED] and is_as_rebuilt(companion, game_id)


def test_a_new_move_after_an_undone_correction_forgets_the_redo(client: FlaskClient, companion: Companion) -> None:
    game_id, _ = corrected_camera_roll(client, companion)
    step(client, companion, game_id, "undo")
    rolled_by_hand(client, game_id, 1, (1, 1, 1, 1))  # Bruno's start roll
    assert not companion.view(game_id)["can_redo"]
    with pytest.raises(Conflict, match="redo"):
        companion.append(game_id, "redo", {})
    assert rolls(companion, game_id)[0][2] == ("orange", 2)  # Asha's roll stays as the camera read it


def test_the_table_says_the_correction_was_taken_back_or_made_again(client: FlaskClient, companion: Companion) -> None:
    game_id, _ = corrected_camera_roll(client, companion)
    step(client, companion, game_id, "undo")
    assert step_said(client, game_id) == (
        "Taken back: the correction of “Asha rolled the dice”. The move stands again as it was before that correction."
    )
    assert step_said(client, game_id, "fr").startswith("Annulé : la correction de « Asha a lancé les dés ».")
    step(client, companion, game_id, "redo")
    assert step_said(client, game_id) == "Played again: the correction of “Asha rolled the dice”."
    assert step_said(client, game_id, "fr") == "Rétabli : la correction de « Asha a lancé les dés »."
    step(client, companion, game_id, "undo")
    step(client, companion, game_id, "undo")  # now the roll itself
    assert step_said(client, game_id) == "Taken back: Asha rolled the dice."


def test_an_old_logs_undo_after_a_correction_still_takes_back_the_whole_move(
    service: Companion, free_game: dict
) -> None:
    # Written as a version before the marker wrote it: the undo's payload is its origin alone.
    gid, store = free_game["game_id"], service.store
    store.append(gid, "move", {**roll(3, 3), "origin": "api"}, 2)
    store.append(gid, "move", {"move": {"type": "end_turn"}, "origin": "api"}, 3)
    store.append(gid, "move", {**roll(1), "origin": "api"}, 4)
    store.append(gid, "correction", {"target": 4, **roll(6), "origin": "web"}, 5)
    store.append(gid, "undo", {"origin": "web"}, 6)
    old = GameSession(store, gid)
    assert [p["score"] for p in old.view()["players"]] == [6, 0, 0]  # Bob's roll is gone, corrected or not
    assert [seq for seq, _ in old.timeline.standing] == [2, 3]
    old.append("redo", {"origin": "web"})
    assert [p["score"] for p in old.view()["players"]] == [6, 6, 0]  # it comes back as corrected
    old.append("undo", {"origin": "web"})  # written now: the last action is Bob's roll (its correction went with it)
    assert [p["score"] for p in old.view()["players"]] == [6, 0, 0]
    assert old.state == GameSession(store, gid).state


def test_a_correction_of_an_earlier_roll_undone_refolds_the_moves_after_it(service: Companion, free_game: dict) -> None:
    gid = free_game["game_id"]
    first = service.append(gid, "move", roll(3, 3))
    service.append(gid, "move", {"move": {"type": "end_turn"}})
    service.append(gid, "move", roll(1))
    service.append(gid, "correction", {"target": first.seq, **roll(3, 5)})
    assert [p["score"] for p in service.view(gid)["players"]] == [8, 1, 0]
    service.append(gid, "undo", {})
    assert [p["score"] for p in service.view(gid)["players"]] == [6, 1, 0]  # Bob's roll still stands
    service.append(gid, "redo", {})
    assert [p["score"] for p in service.view(gid)["players"]] == [8, 1, 0]
    assert is_as_rebuilt(service, gid)


def test_every_writer_of_an_undo_gets_the_new_meaning(client: FlaskClient, companion: Companion) -> None:
    # The JSON API's undo with no field (an older client), and the undo button, both take back the correction.
    game_id, as_read = corrected_camera_roll(client, companion)
    response = client.post(f"/api/games/{game_id}/events", json={"type": "undo"})
    assert response.status_code == 201 and response.get_json()["event"]["payload"]["last"] == "action"
    assert companion.session(game_id).state.to_dict() == as_read
    step(client, companion, game_id, "redo")
    companion.bus.publish(ButtonPressed("undo", "gpio"))
    assert companion.events(game_id)[-1].payload == {**UNDO_LAST_ACTION, "origin": "gpio"}
    assert companion.session(game_id).state.to_dict() == as_read


def test_a_later_correction_taken_back_gives_back_the_earlier_one() -> None:
    # Each correction taken back gives the move it replaced, so two corrections undo one at a time.
    undo = {"origin": "web", **UNDO_LAST_ACTION}
    log: list[tuple[int, str, dict[str, Any]]] = [
        (2, "move", roll(2)),
        (3, "correction", {"target": 2, **roll(4)}),
        (4, "correction", {"target": 2, **roll(5)}),
        (5, "undo", undo),
    ]
    assert timeline_of(log).standing == [(2, roll(4)["move"])]
    assert timeline_of([*log, (6, "undo", undo)]).standing == [(2, roll(2)["move"])]
    assert timeline_of([*log, (6, "undo", undo), (7, "redo", {})]).standing == [(2, roll(4)["move"])]
    assert timeline_of([*log[:-1], (5, "undo", {"origin": "web"})]).standing == []  # an old undo: the whole move
