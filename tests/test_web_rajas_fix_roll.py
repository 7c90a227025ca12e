"""The Rajas table corrects its last roll: each die's number and colour tapped again on the "Correct this roll" panel,
sent as one correction event that keeps the rest of the roll; refused in the table's words when the rules or a move
played since would not allow it, nothing written then; a stale form refused; no panel without a roll."""

from __future__ import annotations

import html
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

from companion.devices.examples import ExampleCollector
from companion.events.bus import RollSettled
from companion.games.rajas.sampler import random_move
from companion.games.rajas.state import dice_count
from companion.service import Companion
from companion.web.rajas.table import kali

COLORS = ("blue", "green", "orange", "violet")
PLAYERS = [{"name": "Asha"}, {"name": "Bruno"}]


def camera_rolled(companion: Companion, values: tuple[int, ...], frame_id: str | None = None) -> None:
    """The camera read every die of the start roll surely, one of each colour: it plays the roll by itself."""
    dice = [
        {"value": v, "color": c, "confidence": 0.95, "zone": "table", "bbox": [10 * n, 0, 10 * n + 8, 8]}
        for n, (c, v) in enumerate(zip(COLORS, values, strict=True))
    ]
    reading: dict[str, Any] = {"dice": dice, "width": 64, "height": 48}
    if frame_id:
        reading["frame_id"] = frame_id
    companion.bus.publish(RollSettled(reading, time.time()))


def rolled_by_hand(client: FlaskClient, game_id: str, seat: int, values: tuple[int, ...]) -> None:
    form = {"type": "roll", "seat": str(seat)}
    for index, (color, value) in enumerate(zip(COLORS, values, strict=True)):
        form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
    assert client.post(f"/games/{game_id}/rajas/play", data=form).status_code == 303


def page(client: FlaskClient, game_id: str, lang: str = "en") -> str:
    return html.unescape(client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True))


def fix_form(companion: Companion, game_id: str, dice: list[tuple[str, int]], **changes: str) -> dict[str, str]:
    """The correction panel's form as the page draws it now (the last roll's seq, the game's last event), with every
    die tapped as `dice` (colour, number)."""
    session = companion.session(game_id)
    target = max(seq for seq, move in session.timeline.standing if move["type"] == "roll")
    form = {"type": "correction", "if_seq": str(session.last_seq), "target": str(target)}
    for n, (color, value) in enumerate(dice):
        form.update({f"fix.{n}.color": color, f"fix.{n}.value": str(value)})
    return {**form, **changes}


def ticked(text: str) -> list[tuple[str, str]]:
    """The (colour, number) ticked on each row of the correction panel, in order."""
    colors = re.findall(r'name="fix\.(\d)\.color" value="(\w+)" checked', text)
    values = dict(re.findall(r'name="fix\.(\d)\.value" value="(\d)" checked', text))
    return [(color, values.get(n, "")) for n, color in colors]


def test_a_roll_the_camera_played_is_corrected_on_the_page_as_one_correction_event(
    client: FlaskClient, companion: Companion
) -> None:
    # The camera read the orange die as a 2; it shows a 6. One tap on the panel, and the state's dice change.
    game_id = str(companion.create_game("rajas", PLAYERS)["game_id"])
    camera_rolled(companion, (3, 4, 2, 5))
    roll = companion.events(game_id)[-1]
    assert roll.type == "move" and roll.payload["origin"] == "camera"
    shown = page(client, game_id)
    assert 'id="fix-roll"' in shown and "Correct this roll" in shown and "Asha · read by the camera" in shown
    assert ticked(shown) == [("blue", "3"), ("green", "4"), ("orange", "2"), ("violet", "5")]
    dice = [("blue", 3), ("green", 4), ("orange", 6), ("violet", 5)]
    response = client.post(f"/games/{game_id}/rajas/fix", data=fix_form(companion, game_id, dice))
    assert response.status_code == 303, response.get_data(as_text=True)[-1500:]
    assert companion.session(game_id).state.player(0)["dice"] == {
        "blue": [3],
        "green": [4],
        "orange": [6],
        "violet": [5],
    }
    events = companion.events(game_id)
    assert [e.type for e in events] == ["game_started", "move", "correction"]
    assert events[-1].payload["target"] == roll.seq and events[-1].payload["origin"] == "web"
    assert [(d["color"], d["value"]) for d in events[-1].payload["move"]["dice"]] == dice
    shown = page(client, game_id)
    assert "Asha · read by the camera, corrected" in shown and "The roll was corrected." in shown
    assert ticked(shown) == [("blue", "3"), ("green", "4"), ("orange", "6"), ("violet", "5")]
    french = page(client, game_id, "fr")
    assert "Asha · lu par la caméra, corrigé" in french and "Corriger ce lancer" in french


def test_a_correction_keeps_the_seat_and_the_dice_given_back_of_the_roll(
    client: FlaskClient, companion: Companion
) -> None:
    # A player's Kali is full when a space gives them a die: they give one of theirs back to take it. Corrected,
    # the roll is the same roll (its seat, the die given back) with the number the new die shows.
    game_id = at_a_full_kali(companion)
    pending = companion.view(game_id)["pending"][0]
    seat, color = pending["seat"], next(iter(pending["fixed"]), "blue")
    given_back = kali(companion.view(game_id)["players"][seat])[0]
    form = {
        "type": "roll",
        "seat": str(seat),
        "dice.0.color": color,
        "dice.0.value": "4",
        "return": given_back["token"],
    }
    assert client.post(f"/games/{game_id}/rajas/play", data=form).status_code == 303
    played = companion.events(game_id)[-1]
    assert [(d["color"], d["value"]) for d in played.payload["move"]["return"]] == [
        (given_back["color"], given_back["value"])
    ]
    kept = companion.session(game_id).state.player(seat)["dice"]
    fixed = fix_form(companion, game_id, [(color, 2)])
    assert client.post(f"/games/{game_id}/rajas/fix", data=fixed).status_code == 303
    correction = companion.events(game_id)[-1]
    assert correction.type == "correction"
    die = {"color": color, "value": 2, "as": 2, "via": None}
    assert correction.payload["move"] == {**played.payload["move"], "dice": [die]}
    after = companion.session(game_id).state.player(seat)["dice"]
    assert sorted([*after[color], 4]) == sorted([*kept[color], 2])  # the 4 is a 2; every other die as it was
    assert {c: v for c, v in after.items() if c != color} == {c: v for c, v in kept.items() if c != color}


def test_a_roll_that_took_no_die_has_no_panel(client: FlaskClient, companion: Companion) -> None:
    # Bruno's Kali is full and he takes no die: the last roll has no die to correct.
    game_id = at_a_full_kali(companion)
    assert 'id="fix-roll"' in page(client, game_id)  # an earlier roll, still the last one
    seat = companion.view(game_id)["pending"][0]["seat"]
    assert client.post(f"/games/{game_id}/rajas/play", data={"type": "roll", "seat": str(seat)}).status_code == 303
    assert companion.events(game_id)[-1].payload["move"]["dice"] == []
    assert 'id="fix-roll"' not in page(client, game_id) and 'id="last-roll"' not in page(client, game_id)


def at_a_full_kali(companion: Companion) -> str:
    """A two-player game played at random (seeded) until a player must roll with no room left on their Kali."""
    game_id = str(companion.create_game("rajas", PLAYERS, {"facts": FACTS})["game_id"])
    rng = random.Random(3)
    for _ in range(300):
        if full_kali_roll(companion, game_id):
            return game_id
        companion.append(game_id, "move", {"move": random_move(companion.session(game_id).state, rng, FACTS)})
    raise AssertionError("no roll onto a full Kali in 300 moves")


def full_kali_roll(companion: Companion, game_id: str) -> bool:
    """Whether the game waits for a roll of a player whose Kali has no room for it (a die must be given back)."""
    data = companion.session(game_id).state.data
    pending = data["pending"][0] if data["pending"] else None
    if pending is None or pending["kind"] != "roll" or pending["reroll"] is not None or pending["seat"] is None:
        return False
    me = data["players"][pending["seat"]]
    offered = sum(pending["fixed"].values()) + pending["free"]
    return dice_count(me) > 0 and dice_count(me) + offered > me["capacity"]


def test_a_camera_roll_corrected_on_the_page_keeps_its_picture_as_a_labelled_example(
    client: FlaskClient, companion: Companion, tmp_path: Path
) -> None:
    # The roll's event keeps the camera's reading (the log is never rewritten): its frame, labelled with the dice
    # corrected on the page, die for die in the reading's order, is an example of this table's dice.
    collector = ExampleCollector(companion, {"f1": np.full((48, 64, 3), 90, np.uint8)}.get, tmp_path / "examples")
    game_id = str(companion.create_game("rajas", PLAYERS)["game_id"])
    camera_rolled(companion, (3, 4, 2, 5), frame_id="f1")
    dice = [("blue", 3), ("green", 1), ("orange", 2), ("violet", 5)]
    assert client.post(f"/games/{game_id}/rajas/fix", data=fix_form(companion, game_id, dice)).status_code == 303
    assert companion.events(game_id)[1].payload["reading"]["frame_id"] == "f1"
    assert collector.saved == 1
    label = json.loads((tmp_path / "examples" / "labels.jsonl").read_text())
    assert [(d["color"], d["value"]) for d in label["dice"]] == dice


@pytest.fixture
def placed_after_the_roll(client: FlaskClient, companion: Companion) -> str:
    """Asha rolled 3 4 2 5, Bruno four 1s; then Bruno placed a worker on the green balcony, paying his green 1."""
    game_id = str(companion.create_game("rajas", PLAYERS)["game_id"])
    rolled_by_hand(client, game_id, 0, (3, 4, 2, 5))
    rolled_by_hand(client, game_id, 1, (1, 1, 1, 1))
    form = {"type": "place", "seat": "1", "space": "balcony.green", "pay": "1:green-1"}
    response = client.post(f"/games/{game_id}/rajas/play", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[-1500:]
    assert companion.events(game_id)[-1].payload["move"]["type"] == "place"
    return game_id


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Roll not corrected: a move played after this roll would no longer be allowed with these dice. "
            "You have no green die showing 1. Undo back to before that move first, then correct the roll.",
        ),
        (
            "fr",
            "Lancer non corrigé : un coup joué après ce lancer ne serait plus permis avec ces dés. "
            "Vous n'avez pas de dé vert montrant 1. Annulez d’abord jusqu’avant ce coup, puis corrigez le lancer.",
        ),
    ],
)
def test_a_correction_a_later_move_refuses_writes_nothing_and_says_why(
    client: FlaskClient, companion: Companion, placed_after_the_roll: str, lang: str, said: str
) -> None:
    # Bruno's green die was a 2, not a 1: but the 1 paid for the balcony since would no longer be his to pay.
    game_id = placed_after_the_roll
    before = [e.seq for e in companion.events(game_id)]
    state = companion.session(game_id).state.to_dict()
    dice = [("blue", 1), ("green", 2), ("orange", 1), ("violet", 1)]
    response = client.post(f"/games/{game_id}/rajas/fix?lang={lang}", data=fix_form(companion, game_id, dice))
    text = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert said in text and "die_not_owned" not in text and "rajas.refused" not in text
    assert [e.seq for e in companion.events(game_id)] == before
    assert companion.session(game_id).state.to_dict() == state
    assert re.search(r'<details class="more" id="fix-roll" open>', text)  # the panel open, as it was tapped
    assert ticked(text) == [("blue", "1"), ("green", "2"), ("orange", "1"), ("violet", "1")]


def test_a_corrected_roll_the_rules_refuse_writes_nothing_and_keeps_what_was_tapped(
    client: FlaskClient, companion: Companion
) -> None:
    # The start roll is one die of each colour: a blue die corrected to green is two green dice, and no blue.
    game_id = str(companion.create_game("rajas", PLAYERS)["game_id"])
    camera_rolled(companion, (3, 4, 2, 5))
    dice = [("green", 6), ("green", 4), ("orange", 2), ("violet", 5)]
    response = client.post(f"/games/{game_id}/rajas/fix?lang=en", data=fix_form(companion, game_id, dice))
    text = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert "No, not allowed" in text and "Roll not corrected: Roll " in text and "roll_offer" not in text
    assert [e.type for e in companion.events(game_id)] == ["game_started", "move"]
    assert companion.session(game_id).state.player(0)["dice"]["blue"] == [3]
    assert ticked(text) == [("green", "6"), ("green", "4"), ("orange", "2"), ("violet", "5")]
    french = client.post(f"/games/{game_id}/rajas/fix?lang=fr", data=fix_form(companion, game_id, dice))
    assert "Lancer non corrigé : Lancez " in html.unescape(french.get_data(as_text=True))


def test_a_die_tapped_out_of_range_is_named_and_nothing_is_written(client: FlaskClient, companion: Companion) -> None:
    game_id = str(companion.create_game("rajas", PLAYERS)["game_id"])
    camera_rolled(companion, (3, 4, 2, 5))
    dice = [("blue", 3), ("green", 4), ("orange", 2), ("violet", 5)]
    response = client.post(
        f"/games/{game_id}/rajas/fix?lang=en", data=fix_form(companion, game_id, dice, **{"fix.2.value": "7"})
    )
    text = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 400
    assert "Die 3 of the roll (field “number shown”): the number showing is 1 to 6, not '7'." in text
    assert 'class="roll-row roll-row--wrong"' in text
    assert [e.type for e in companion.events(game_id)] == ["game_started", "move"]


def test_a_stale_correction_form_is_refused_like_the_other_rajas_forms(
    client: FlaskClient, companion: Companion, placed_after_the_roll: str
) -> None:
    # Drawn before Bruno placed his worker (another screen played since): the roll is the same, the table is not.
    game_id = placed_after_the_roll
    dice = [("blue", 1), ("green", 1), ("orange", 1), ("violet", 2)]
    drawn_before = fix_form(companion, game_id, dice, if_seq=str(companion.session(game_id).last_seq - 1))
    before = [e.seq for e in companion.events(game_id)]
    response = client.post(f"/games/{game_id}/rajas/fix?lang=en", data=drawn_before)
    text = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 409 and "The game moved on" in text
    assert [e.seq for e in companion.events(game_id)] == before
    assert ticked(text) == [("blue", "1"), ("green", "1"), ("orange", "1"), ("violet", "1")]  # drawn afresh
    # A form for a roll that is no longer the last one (Asha's, before Bruno rolled) is refused the same way.
    asha = {**fix_form(companion, game_id, dice), "target": "2"}
    assert client.post(f"/games/{game_id}/rajas/fix?lang=en", data=asha).status_code == 409
    assert [e.seq for e in companion.events(game_id)] == before


def test_no_roll_no_panel(client: FlaskClient, companion: Companion) -> None:
    game_id = str(companion.create_game("rajas", PLAYERS)["game_id"])
    assert 'id="fix-roll"' not in page(client, game_id) and "Correct this roll" not in page(client, game_id)
    form = {"type": "correction", "if_seq": "1", "target": "1", "fix.0.color": "blue", "fix.0.value": "3"}
    assert client.post(f"/games/{game_id}/rajas/fix", data=form).status_code == 409
    camera_rolled(companion, (3, 4, 2, 5))
    assert 'id="fix-roll"' in page(client, game_id)
    assert client.post(f"/games/{game_id}/rajas/undo", data={"if_seq": "2"}).status_code == 303
    assert 'id="fix-roll"' not in page(client, game_id) and 'id="last-roll"' not in page(client, game_id)
    assert len(companion.events(game_id)) == 3


def test_a_correction_is_undone_and_redone_as_any_event(client: FlaskClient, companion: Companion) -> None:
    # Undo takes back the last thing done, the correction: the roll stands again as the camera read it (and no
    # longer says it was corrected); redo makes the correction again.
    game_id = str(companion.create_game("rajas", PLAYERS)["game_id"])
    camera_rolled(companion, (3, 4, 2, 5))
    dice = [("blue", 3), ("green", 4), ("orange", 6), ("violet", 5)]
    assert client.post(f"/games/{game_id}/rajas/fix", data=fix_form(companion, game_id, dice)).status_code == 303
    seq = str(companion.session(game_id).last_seq)
    assert client.post(f"/games/{game_id}/rajas/undo", data={"if_seq": seq}).status_code == 303
    assert companion.session(game_id).state.player(0)["dice"]["orange"] == [2]
    shown = page(client, game_id)
    assert "the correction of" in shown and "Asha rolled the dice" in shown  # what the undo took back
    assert "Asha · read by the camera, corrected" not in shown
    assert "Asha · read by the camera" in shown
    seq = str(companion.session(game_id).last_seq)
    assert client.post(f"/games/{game_id}/rajas/redo", data={"if_seq": seq}).status_code == 303
    assert companion.session(game_id).state.player(0)["dice"]["orange"] == [6]
    assert "Asha · read by the camera, corrected" in page(client, game_id)
