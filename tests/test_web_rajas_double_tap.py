"""A form posted twice (a double tap, or a browser sending it again) plays once and answers the table both times."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.service import Companion
from companion.web.rajas import pages

COLORS = ("blue", "green", "orange", "violet")


def roll_form(seat: int, values: tuple[int, ...], if_seq: int) -> dict[str, str]:
    form = {"type": "roll", "seat": str(seat), "if_seq": str(if_seq)}
    for index, (color, value) in enumerate(zip(COLORS, values, strict=True)):
        form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
    return form


def new_game(companion: Companion) -> str:
    return str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])


def test_a_roll_form_posted_twice_plays_one_roll_and_shows_the_table_both_times(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = new_game(companion)
    form = roll_form(0, (3, 4, 2, 5), companion.session(game_id).last_seq)
    first = client.post(f"/games/{game_id}/rajas/play?lang=en", data=form)
    again = client.post(f"/games/{game_id}/rajas/play?lang=en", data=form)
    assert (first.status_code, again.status_code) == (303, 303)
    assert [e.type for e in companion.events(game_id)] == ["game_started", "move"]
    assert companion.session(game_id).state.player(0)["dice"]["blue"] == [3]


def test_another_move_from_a_page_drawn_before_the_last_one_is_still_refused_as_moved_on(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = new_game(companion)
    drawn = companion.session(game_id).last_seq
    assert client.post(f"/games/{game_id}/rajas/play", data=roll_form(0, (3, 4, 2, 5), drawn)).status_code == 303
    other = client.post(f"/games/{game_id}/rajas/play?lang=en", data=roll_form(0, (6, 4, 2, 5), drawn))
    assert other.status_code == 409
    assert companion.session(game_id).state.player(0)["dice"]["blue"] == [3]


def test_the_same_move_posted_again_long_after_is_refused_as_moved_on(
    client: FlaskClient, companion: Companion, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = new_game(companion)
    form = roll_form(0, (3, 4, 2, 5), companion.session(game_id).last_seq)
    assert client.post(f"/games/{game_id}/rajas/play", data=form).status_code == 303
    monkeypatch.setattr(pages, "REPEAT_WITHIN", -1.0)  # the first post is now older than a double tap
    assert client.post(f"/games/{game_id}/rajas/play?lang=en", data=form).status_code == 409


def test_undo_tapped_twice_takes_back_one_move(client: FlaskClient, companion: Companion) -> None:
    game_id = new_game(companion)
    client.post(f"/games/{game_id}/rajas/play", data=roll_form(0, (3, 4, 2, 5), companion.session(game_id).last_seq))
    client.post(f"/games/{game_id}/rajas/play", data=roll_form(1, (1, 1, 1, 1), companion.session(game_id).last_seq))
    drawn = {"if_seq": str(companion.session(game_id).last_seq)}
    first = client.post(f"/games/{game_id}/rajas/undo", data=drawn)
    again = client.post(f"/games/{game_id}/rajas/undo", data=drawn)
    assert (first.status_code, again.status_code) == (303, 303)
    assert [e.type for e in companion.events(game_id)].count("undo") == 1
    assert companion.session(game_id).state.player(0)["dice"]["blue"] == [3]  # Asha's roll still stands


def test_a_move_written_by_the_camera_is_not_taken_for_a_repeat_of_a_form(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = new_game(companion)
    drawn = companion.session(game_id).last_seq
    companion.append(
        game_id,
        "move",
        {
            "move": {
                "type": "roll",
                "seat": 0,
                "dice": [{"color": c, "value": v} for c, v in zip(COLORS, (3, 4, 2, 5), strict=True)],
            }
        },
        origin="camera",
    )
    response = client.post(f"/games/{game_id}/rajas/play?lang=en", data=roll_form(0, (3, 4, 2, 5), drawn))
    assert response.status_code == 409  # the form's own post never reached the game: say it moved on


def fix_form(companion: Companion, game_id: str, values: tuple[int, ...]) -> dict[str, str]:
    """The correction panel's form as drawn now for the last roll, every die tapped with `values`."""
    session = companion.session(game_id)
    target = max(seq for seq, move in session.timeline.standing if move["type"] == "roll")
    form = {"type": "correction", "if_seq": str(session.last_seq), "target": str(target)}
    for n, (color, value) in enumerate(zip(COLORS, values, strict=True)):
        form.update({f"fix.{n}.color": color, f"fix.{n}.value": str(value)})
    return form


def test_a_correction_sent_twice_is_made_once_and_shows_the_table(client: FlaskClient, companion: Companion) -> None:
    game_id = new_game(companion)
    client.post(f"/games/{game_id}/rajas/play", data=roll_form(0, (3, 4, 2, 5), companion.session(game_id).last_seq))
    form = fix_form(companion, game_id, (3, 4, 6, 5))
    first = client.post(f"/games/{game_id}/rajas/fix?lang=en", data=form)
    again = client.post(f"/games/{game_id}/rajas/fix?lang=en", data=form)
    assert (first.status_code, again.status_code) == (303, 303)
    assert [e.type for e in companion.events(game_id)].count("correction") == 1
    assert companion.session(game_id).state.player(0)["dice"]["orange"] == [6]


def test_another_correction_from_a_page_drawn_before_the_last_one_is_refused_as_moved_on(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = new_game(companion)
    client.post(f"/games/{game_id}/rajas/play", data=roll_form(0, (3, 4, 2, 5), companion.session(game_id).last_seq))
    drawn = fix_form(companion, game_id, (3, 4, 6, 5))
    assert client.post(f"/games/{game_id}/rajas/fix", data=drawn).status_code == 303
    other = {**drawn, "fix.2.value": "1"}  # a second phone, the same page, another number
    assert client.post(f"/games/{game_id}/rajas/fix?lang=en", data=other).status_code == 409
    assert companion.session(game_id).state.player(0)["dice"]["orange"] == [6]


def test_a_correction_that_changes_nothing_writes_nothing(client: FlaskClient, companion: Companion) -> None:
    game_id = new_game(companion)
    client.post(f"/games/{game_id}/rajas/play", data=roll_form(0, (3, 4, 2, 5), companion.session(game_id).last_seq))
    before = len(companion.events(game_id))
    same = fix_form(companion, game_id, (3, 4, 2, 5))
    assert client.post(f"/games/{game_id}/rajas/fix?lang=en", data=same).status_code == 303
    assert len(companion.events(game_id)) == before
    client.post(f"/games/{game_id}/rajas/undo", data={"if_seq": str(companion.session(game_id).last_seq)})
    assert companion.session(game_id).state.player(0)["dice"]["blue"] == []  # undo took the roll: nothing between


def test_a_printed_fact_told_twice_is_told_once_and_undo_takes_back_the_move_it_let_play(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = new_game(companion)
    client.post(f"/games/{game_id}/rajas/play", data=roll_form(0, (3, 4, 2, 5), companion.session(game_id).last_seq))
    client.post(f"/games/{game_id}/rajas/play", data=roll_form(1, (1, 1, 1, 1), companion.session(game_id).last_seq))
    move = {"type": "place", "seat": "1", "space": "outer_terrace"}
    assert client.post(f"/games/{game_id}/rajas/play?lang=en", data=move).status_code == 422  # asks the fact
    answer = {"type": "answer_fact", "key": "2p.outer_terrace.slots", "value": "2"}
    first = client.post(f"/games/{game_id}/rajas/fact?lang=en", data=answer)
    again = client.post(f"/games/{game_id}/rajas/fact?lang=en", data=answer)
    assert (first.status_code, again.status_code) == (303, 303)
    moves = [e.payload["move"]["type"] for e in companion.events(game_id) if e.type == "move"]
    assert moves == ["roll", "roll", "answer_fact", "place"]
    client.post(f"/games/{game_id}/rajas/undo", data={"if_seq": str(companion.session(game_id).last_seq)})
    assert companion.view(game_id)["spaces"].get("outer_terrace", []) == []  # the placement is what undo took back
