"""The colour teaching page never leaves the player at a dead end: a picture with no die offers no button that can
only be refused, the form of such a picture says what was wrong with it, and a refused colour name draws the page
again on the same picture, for the player to pick again, rather than an error page whose only way on is home."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from dice_drawing import table
from flask.testing import FlaskClient
from test_web_calibrate import StillCamera, blue_and_orange
from werkzeug.test import TestResponse

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import calibrate as calibrate_module
from companion.web import create_app
from vision.reader import read_dice

Setup = tuple[FlaskClient, StillCamera, Path]

SAY = {
    "en": {
        "what_to_do": "Put one die of each colour under the camera, then take a new picture to name them.",
        "look_again": "Take a new picture",
        "save": "Learn these colours",
        "had_no_dice": "Nothing was learnt: the picture sent held no die.",
        "none_named": "Name at least one die.",
        "purple": "Die 1: 'purple' is not a colour the camera can learn; choose blue, green",
        "home": "Back to the games",
    },
    "fr": {
        "what_to_do": "Posez un dé de chaque couleur sous la caméra, puis prenez une nouvelle image pour les nommer.",
        "look_again": "Prendre une nouvelle image",
        "save": "Apprendre ces couleurs",
        "had_no_dice": "Rien n'a été appris : l'image envoyée ne montrait aucun dé.",
        "none_named": "Nommez au moins un dé.",
        "purple": "Dé 1 : 'purple' n’est pas une couleur que la caméra sait apprendre ; choisissez bleu, vert",
        "home": "Retour aux parties",
    },
}


def empty_table() -> np.ndarray:
    """The table with no die on it."""
    frame = table(seed=21)
    assert not read_dice(frame).dice
    return frame


def show(camera: StillCamera, frame: np.ndarray) -> None:
    """The camera's latest picture becomes `frame`."""
    camera.frame, camera.reading = frame, read_dice(frame)


@pytest.fixture
def setup(tmp_path: Path) -> Iterator[Setup]:
    camera = StillCamera(empty_table())
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        app = create_app({"TESTING": True}, services=service)
        yield app.test_client(), camera, tmp_path


def text_of(response: TestResponse) -> str:
    """The page of `response` as a reader sees it (its entities written out)."""
    return html.unescape(response.get_data(as_text=True))


def token_of(page: str) -> str:
    found = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert found, page
    return found.group(1)


def selected(page: str, number: int) -> list[str]:
    """The colours chosen in die `number`'s drop-down."""
    found = re.search(rf'<select class="input" name="colour\.{number}">(.*?)</select>', page, re.S)
    assert found, page
    return re.findall(r'<option value="(\w*)" selected>', found.group(1))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_picture_with_no_die_offers_no_button_to_learn_but_what_to_do_and_a_new_picture(
    setup: Setup, lang: str
) -> None:
    client, _, _ = setup
    page = text_of(client.get(f"/calibrate?lang={lang}"))
    assert SAY[lang]["what_to_do"] in page
    assert SAY[lang]["save"] not in page and 'action="/calibrate"' not in page and 'name="token"' not in page
    link = re.search(r'<a class="button[^"]*" href="([^"]+)">([^<]+)</a>', page)
    assert link and link.group(2) == SAY[lang]["look_again"]
    assert link.group(1) == "/calibrate"  # no `shown`: the camera's latest picture, not the one kept


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_form_of_a_picture_that_held_no_die_says_so_over_the_latest_picture(setup: Setup, lang: str) -> None:
    client, camera, data = setup
    stale = calibrate_module._keep(camera.frame, camera.reading)  # an empty table's picture, as a stale tab shows
    show(camera, blue_and_orange())
    answer = client.post(f"/calibrate?lang={lang}", data={"token": stale, "colour.1": "blue"})
    assert answer.status_code == 409  # refused, not saved: said by the status too
    page = text_of(answer)
    assert SAY[lang]["had_no_dice"] in page and SAY[lang]["none_named"] not in page
    assert token_of(page) != stale and len(re.findall(r'<select class="input"', page)) == 2  # the dice now seen
    assert not (data / "calibration.json").exists() and camera.calibration is None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_colour_the_camera_cannot_learn_draws_the_page_again_on_its_picture(setup: Setup, lang: str) -> None:
    client, camera, data = setup
    show(camera, blue_and_orange())
    token = token_of(client.get(f"/calibrate?lang={lang}").get_data(as_text=True))
    show(camera, empty_table())  # the camera moved on meanwhile: the page stays on the picture named
    answer = client.post(f"/calibrate?lang={lang}", data={"token": token, "colour.1": "purple", "colour.2": "orange"})
    assert answer.status_code == 400
    page = text_of(answer)
    refusal = re.search(r'<div class="notice notice--bad" role="alert"><p class="break">(.*?)</p>', page, re.S)
    assert refusal and refusal.group(1).startswith(SAY[lang]["purple"])
    assert token_of(page) == token and SAY[lang]["save"] in page and SAY[lang]["home"] not in page
    assert selected(page, 1) == [] and selected(page, 2) == ["orange"]  # to pick die 1 again, die 2 as named
    asked = client.post(
        "/calibrate", data={"token": token, "colour.2": "purple"}, headers={"Accept": "application/json"}
    )
    assert asked.status_code == 400 and asked.get_json()["error"]["details"]["field"] == "colour.2"  # the API's error
    assert not (data / "calibration.json").exists() and camera.calibration is None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_form_naming_no_die_is_answered_on_the_picture_it_was_sent_for(setup: Setup, lang: str) -> None:
    client, camera, data = setup
    show(camera, blue_and_orange())
    token = token_of(client.get(f"/calibrate?lang={lang}").get_data(as_text=True))
    show(camera, empty_table())
    answer = client.post(f"/calibrate?lang={lang}", data={"token": token, "colour.1": "", "colour.2": ""})
    assert answer.status_code == 400
    page = text_of(answer)
    assert SAY[lang]["none_named"] in page
    assert token_of(page) == token and len(re.findall(r'<select class="input"', page)) == 2
    assert not (data / "calibration.json").exists()
