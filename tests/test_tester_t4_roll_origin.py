"""A roll the camera filled in partly and the table finished by hand says both on the Rajas table's last roll card,
where it said "entered by hand" as if the camera had read nothing (a game-night tester's find)."""

from __future__ import annotations

import html
import re
import time
from typing import Any

from flask.testing import FlaskClient

from companion.events.bus import RollSettled
from companion.service import Companion
from companion.web.rajas.fix import told_by

PLAYERS = [{"name": "Asha"}, {"name": "Bruno"}]
COLORS = ("blue", "green", "orange", "violet")

# Asha's start roll as the camera saw it: blue 3 and green 4 read surely, orange only guessed, violet unread.
PARTLY_READ: list[dict[str, Any]] = [
    {"value": 3, "color": "blue", "confidence": 0.9, "zone": "table", "bbox": [0, 0, 8, 8]},
    {"value": 4, "color": "green", "confidence": 0.9, "zone": "table", "bbox": [10, 0, 18, 8]},
    {"value": 5, "color": "orange", "confidence": 0.3, "zone": "table", "bbox": [20, 0, 28, 8]},
    {"value": None, "color": "violet", "confidence": 0.0, "zone": "table", "bbox": [30, 0, 38, 8]},
]
# The same roll with nothing read surely: the form was left for the table to tap whole.
NOTHING_SURE: list[dict[str, Any]] = [{**die, "confidence": 0.3} for die in PARTLY_READ]


def caption(client: FlaskClient, game_id: str, lang: str) -> str:
    """Who rolled the last roll and how its dice came, as the Rajas table's last roll card says it."""
    page = client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True)
    found = re.search(r'id="last-roll-title">.*?<span class="card__subtitle">(.*?)</span>', page, re.S)
    assert found, page[-1500:]
    return html.unescape(found.group(1)).strip()


def finish_by_hand(client: FlaskClient, companion: Companion, dice: list[dict[str, Any]], frame: bool = True) -> str:
    """A Rajas game whose start roll settled as `dice` (played by no one: the camera did not read them all), then
    finished at the table from the roll form (3 4 2 6), sent with the form's picture unless `frame` is False."""
    game_id = str(companion.create_game("rajas", PLAYERS)["game_id"])
    companion.bus.publish(RollSettled({"dice": dice, "frame_id": "f1", "width": 64, "height": 48}, time.time()))
    assert len(companion.events(game_id)) == 1  # the camera played nothing
    assert 'name="frame" value="f1"' in client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    form = {"type": "roll", "seat": "0", **({"frame": "f1"} if frame else {})}
    for index, (color, value) in enumerate(zip(COLORS, (3, 4, 2, 6), strict=True)):
        form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
    response = client.post(f"/games/{game_id}/rajas/play", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[-1500:]
    return game_id


def test_a_roll_the_camera_filled_in_and_the_table_finished_says_both(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = finish_by_hand(client, companion, PARTLY_READ)
    assert caption(client, game_id, "en") == "Asha · read by the camera, finished by hand"
    assert caption(client, game_id, "fr") == "Asha · lu par la caméra, complété à la main"


def test_a_finished_roll_corrected_afterwards_says_all_three(client: FlaskClient, companion: Companion) -> None:
    game_id = finish_by_hand(client, companion, PARTLY_READ)
    rolled = companion.events(game_id)[-1]
    form = {"type": "correction", "target": str(rolled.seq), "if_seq": str(rolled.seq)}
    for index, (color, value) in enumerate(zip(COLORS, (3, 4, 2, 5), strict=True)):
        form.update({f"fix.{index}.color": color, f"fix.{index}.value": str(value)})
    response = client.post(f"/games/{game_id}/rajas/fix", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[-1500:]
    assert caption(client, game_id, "en") == "Asha · read by the camera, finished by hand, corrected"
    assert caption(client, game_id, "fr") == "Asha · lu par la caméra, complété à la main, corrigé"


def test_a_roll_the_camera_read_nothing_of_is_still_entered_by_hand(client: FlaskClient, companion: Companion) -> None:
    # A reading went with the form, but it filled in no die: every die was tapped at the table.
    game_id = finish_by_hand(client, companion, NOTHING_SURE)
    assert caption(client, game_id, "en") == "Asha · entered by hand"


def test_a_roll_sent_without_the_cameras_picture_is_entered_by_hand(client: FlaskClient, companion: Companion) -> None:
    game_id = finish_by_hand(client, companion, PARTLY_READ, frame=False)
    assert caption(client, game_id, "fr") == "Asha · saisi à la main"


def test_told_by_counts_only_sure_rolled_dice_the_table_kept() -> None:
    move = {"type": "roll", "seat": 0, "dice": [{"color": "blue", "value": 3}, {"color": "green", "value": 4}]}
    kept_on_kali = {"value": 4, "color": "green", "confidence": 0.9, "zone": "kali:green"}
    tapped_over = {"value": 6, "color": "blue", "confidence": 0.9, "zone": "table"}
    assert told_by({"move": move, "origin": "camera"}) == "camera"
    assert told_by({"move": move, "origin": "web"}) == "manual"
    assert told_by({"move": move, "origin": "web", "reading": {"dice": [kept_on_kali, tapped_over]}}) == "manual"
    read = {"value": 3, "color": "blue", "confidence": 0.9, "zone": "table"}
    assert told_by({"move": move, "origin": "web", "reading": {"dice": [read]}}) == "camera_finished"
