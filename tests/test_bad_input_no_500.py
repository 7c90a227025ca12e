"""Inputs that Python's own readers refuse in their own way (json's RecursionError, int()'s 4300-digit limit, digits
of other scripts that str.isdigit() takes): each is a 400 naming the field, in plain words, and nothing is written.
One test per finding of a tester's run on the service's defaults off a Pi."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_web_api import assert_error
from test_web_calibrate import StillCamera, blue_and_orange

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app

NINES = "9" * 5000
DEEP = "[" * 3000 + "]" * 3000
COLORS = ("blue", "green", "orange", "violet")


def _page(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def _rajas(client: FlaskClient, companion: Companion) -> str:
    """A Rajas game of two, both rolled: Bruno (lower total) places first."""
    game_id = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    for seat, values in ((0, (3, 4, 2, 5)), (1, (1, 1, 1, 1))):
        form = {"type": "roll", "seat": str(seat)}
        for index, (color, value) in enumerate(zip(COLORS, values, strict=True)):
            form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
        assert client.post(f"/games/{game_id}/rajas/play", data=form).status_code == 303
    return game_id


def _seq(companion: Companion, game_id: str) -> int:
    return int(companion.view(game_id)["seq"])


@pytest.mark.parametrize(
    "body",
    [
        '{"type": "move", "payload": {"move": {"type": "roll", "dice": [{"value": ' + NINES + ', "color": "blue"}]}}}',
        '{"type": "undo", "seat": ' + NINES + "}",
        '{"type": "move", "payload": {"move": {"type": "roll", "dice": [{"value": -' + NINES + "}]}}}",
    ],
    ids=["a die's value", "a top field", "a negative value"],
)
def test_finding_1_a_huge_integer_in_an_api_body_is_a_400_naming_the_body(
    client: FlaskClient, companion: Companion, body: str
) -> None:
    game_id = str(companion.create_game("free_dice", [{"name": "Ann"}])["game_id"])
    before = _seq(companion, game_id)
    response = client.post(f"/api/games/{game_id}/events", data=body, content_type="application/json")
    error = assert_error(response, 400, "malformed")
    assert error["details"]["field"] == "body"
    assert error["message"] == "the request body holds a number of more than 4300 digits"
    assert _seq(companion, game_id) == before
    created = client.post(
        "/api/games", data='{"kind": "free_dice", "seed": ' + NINES + "}", content_type="application/json"
    )
    assert assert_error(created, 400, "malformed")["details"]["field"] == "body"
    assert len(companion.games()) == 1


BOUNDARY = "bad-input-boundary"


def _upload(client: FlaskClient, content: bytes, lang: str) -> Any:
    head = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="board.json"\r\n'
    body = (head + "Content-Type: application/json\r\n\r\n").encode() + content + f"\r\n--{BOUNDARY}--\r\n".encode()
    path = f"/boards/rajas/import?lang={lang}"
    return client.post(path, data=body, content_type=f"multipart/form-data; boundary={BOUNDARY}")


@pytest.mark.parametrize(
    ("content", "lang", "said"),
    [
        (b"[" * 50_000 + b"]" * 50_000, "en", "This board file is nested too deeply to be read"),
        (b"[" * 50_000 + b"]" * 50_000, "fr", "Ce fichier de plateau est imbriqué trop profondément"),
        (b'{"game": "rajas", "format": 1, "facts": {"2p.quarry.slots": ' + b"9" * 5000 + b"}}", "en", "more than 4300"),
        (b'{"game": "rajas", "format": 1, "facts": {"2p.quarry.slots": ' + b"9" * 5000 + b"}}", "fr", "plus de 4300"),
    ],
    ids=["nested, en", "nested, fr", "a 5000-digit value, en", "a 5000-digit value, fr"],
)
def test_finding_2_a_board_file_nested_too_deeply_or_with_a_huge_number_is_refused_in_plain_words(
    client: FlaskClient, companion: Companion, content: bytes, lang: str, said: str
) -> None:
    before = companion.boards.export("rajas")
    response = _upload(client, content, lang)
    assert response.status_code == 400
    page = _page(response)
    assert said in page
    assert "set_int_max_str_digits" not in page and "Something went wrong" not in page
    assert companion.boards.export("rajas") == before


@pytest.mark.parametrize("written", [DEEP, NINES, '{"kind": "money", "amount": ' + NINES + "}"])
@pytest.mark.parametrize("path", ["fact", "check"])
def test_finding_3_a_reward_json_nested_too_deeply_or_with_a_huge_number_is_a_400_naming_it(
    client: FlaskClient, companion: Companion, path: str, written: str
) -> None:
    game_id = _rajas(client, companion)
    before = _seq(companion, game_id)
    form = {"type": "answer_fact", "key": "2p.port.slots", "reward.json": written}
    response = client.post(f"/games/{game_id}/rajas/{path}?lang=en", data=form)
    assert response.status_code == 400
    # The field named in the table's words ("reward printed", the field reward.json), as for a reward not JSON.
    assert 'Field “reward printed”: a reward written in JSON, e.g. {"kind": "money", "amount": 3}' in _page(response)
    assert _seq(companion, game_id) == before
    assert "2p.port.slots" not in companion.view(game_id).get("facts_told", {})


@pytest.mark.parametrize(
    "asked", [DEEP, '{"type": "pass", "seat": ' + NINES + "}"], ids=["nested too deeply", "a 5000-digit seat"]
)
def test_finding_4_a_check_asked_again_with_unreadable_json_is_a_400_naming_it(
    client: FlaskClient, companion: Companion, asked: str
) -> None:
    game_id = _rajas(client, companion)
    before = _seq(companion, game_id)
    response = client.get(f"/games/{game_id}/rajas/check", query_string={"asked": asked, "lang": "en"})
    assert response.status_code == 400
    assert "The move asked could not be read again" in _page(response)
    told = {"asked": asked, "type": "answer_fact", "key": "2p.port.slots", "value": "2"}
    assert client.post(f"/games/{game_id}/rajas/fact?lang=en", data=told).status_code == 400
    assert _seq(companion, game_id) == before


@pytest.mark.parametrize("if_seq", ["²", "٣", "3²", "¹²"])
@pytest.mark.parametrize("step", ["undo", "play", "fix"])
def test_finding_5_an_if_seq_of_other_digits_than_ascii_is_a_400_naming_it(
    client: FlaskClient, companion: Companion, step: str, if_seq: str
) -> None:
    game_id = _rajas(client, companion)
    before = _seq(companion, game_id)
    form = {"if_seq": if_seq, "seat": "1", "type": "place", "space": "room.yogi"}
    if step == "fix":
        form = {"if_seq": if_seq, "target": str(before), "fix.0.value": "2", "fix.0.color": "green"}
    response = client.post(f"/games/{game_id}/rajas/{step}?lang=en", data=form)
    assert response.status_code == 400
    assert f"its “if_seq” is '{if_seq}', not an event number" in _page(response)
    assert _seq(companion, game_id) == before


@pytest.mark.parametrize(
    ("field", "said"),
    [
        ("name_²", "name_²"),
        ("name_٣", "name_٣"),
        ("name_" + "9" * 5000, "This game is played by 1 to 8 players, not 2."),
        ("name_10", "This game is played by 1 to 8 players, not 2."),
    ],
    ids=["superscript two", "arabic-indic three", "5000 nines", "row 10"],
)
def test_finding_6_a_start_form_naming_a_row_that_is_none_is_a_400_naming_it(
    client: FlaskClient, companion: Companion, field: str, said: str
) -> None:
    response = client.post("/games?lang=en", data={"kind": "free_dice", "name_0": "A", field: "B"})
    assert response.status_code == 400
    assert said in _page(response)
    assert companion.games() == []


@pytest.fixture
def calibrating(tmp_path: Path) -> Iterator[FlaskClient]:
    """The calibration page on a camera that shows two dice."""
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = StillCamera(blue_and_orange())
        yield create_app({"TESTING": True}, services=service).test_client()


@pytest.mark.parametrize(
    "query",
    [
        "left_out=²:red:blue",
        "left_out=٢:red:blue",
        f"left_out={NINES}:red:blue",
        "left_out=3:red:blue",
        "left_out=0:red:blue",
        "colourless=²:blue",
        f"colourless={NINES}:blue",
        "colourless=99999999999999999999999:blue",
        "colourless=3:blue",
    ],
)
def test_finding_7_a_calibration_address_naming_no_die_shown_shows_no_die(calibrating: FlaskClient, query: str) -> None:
    response = calibrating.get(f"/calibrate?saved=1&{query}&lang=en")
    assert response.status_code == 200
    page = _page(response)
    assert not re.search(r"Die [^ ]+, named", page)
    # The same address naming a die of the picture (2 of 2) still says it.
    kept = calibrating.get("/calibrate?saved=1&left_out=2:red:blue&colourless=1:blue&lang=en")
    assert "Die 2, named red, looks blue" in _page(kept) and "Die 1, named blue, shows almost no colour" in _page(kept)


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        ({"dice.0.seen": "1,2,3,٣"}, 400),
        ({f"dice.{NINES}.seen": "1,2,3,4"}, 303),
        ({f"dice.{NINES}.value": "3", f"dice.{NINES}.color": "blue"}, 303),
    ],
    ids=["a box of other digits", "a seen row of 5000 digits", "a die row of 5000 digits"],
)
def test_finding_5_other_numbers_a_roll_form_reads_with_int_are_ascii_and_bounded(
    client: FlaskClient, companion: Companion, extra: dict[str, str], status: int
) -> None:
    # The same pattern as if_seq (a digit test, then int()) in the roll form's rows and camera boxes.
    game_id = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    before = _seq(companion, game_id)
    form = {"type": "roll", "seat": "0", **{f"dice.{i}.color": c for i, c in enumerate(COLORS)}}
    form.update({f"dice.{i}.value": str(i + 1) for i in range(4)} | extra)
    response = client.post(f"/games/{game_id}/rajas/play?lang=en", data=form)
    assert response.status_code == status
    if status == 400:  # the box refused, naming the die's row; nothing played
        assert "the box of a die seen is four whole numbers" in _page(response) and _seq(companion, game_id) == before
    else:  # a row no form draws is not read (as "dice.x.value"): the four dice are played
        assert [d["value"] for d in companion.events(game_id, before)[-1].payload["move"]["dice"]] == [1, 2, 3, 4]


def test_finding_5_a_refused_roll_form_with_a_huge_camera_box_is_drawn_again_not_a_500(
    client: FlaskClient, companion: Companion
) -> None:
    # Refused for its box, the form is drawn again with what was posted: the box was read with int() there too.
    game_id = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    before = _seq(companion, game_id)
    form = {"type": "roll", "seat": "0", **{f"dice.{i}.color": c for i, c in enumerate(COLORS)}}
    form.update({f"dice.{i}.value": str(i + 1) for i in range(4)} | {"dice.0.seen": f"1,2,3,{NINES}"})
    response = client.post(f"/games/{game_id}/rajas/play?lang=en", data=form)
    assert response.status_code == 400 and _seq(companion, game_id) == before


def test_finding_5_a_last_event_id_of_other_digits_than_ascii_is_a_400_naming_it(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = str(companion.create_game("free_dice", [{"name": "Ann"}])["game_id"])
    response = client.get(f"/stream/games/{game_id}", headers={"Last-Event-ID": "\u00b2"})
    assert assert_error(response, 400, "malformed")["details"]["field"] == "Last-Event-ID"
