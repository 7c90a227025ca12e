"""The colour calibration page: name the dice the camera sees, the colours are learnt and used at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from dice_drawing import draw_die, table
from flask.testing import FlaskClient
from werkzeug.test import TestResponse as Response

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from vision.calibration import Calibration
from vision.reader import read_dice
from vision.reading import DiceReading


class StillCamera:
    """A camera that always shows the same frame."""

    def __init__(self, frame: np.ndarray) -> None:
        self.frame = frame
        self.reading = read_dice(frame)
        self.calibration: Calibration | None = None

    def latest_frame(self) -> tuple[np.ndarray, DiceReading]:
        return self.frame, self.reading

    def latest_jpeg(self) -> None:
        return None

    def wait_for_frame(self, after_version: int, timeout: float) -> int:
        return after_version

    def status(self) -> dict[str, str]:
        return {"state": "ok"}

    def close(self) -> None:
        pass


def blue_and_orange() -> np.ndarray:
    """A table with a blue die (left) and an orange one (right)."""
    frame = table(seed=21)
    draw_die(frame, (200, 240), 60, 0, 2, "blue")
    draw_die(frame, (440, 240), 60, 0, 5, "orange")
    return frame


@pytest.fixture
def setup(tmp_path: Path) -> Iterator[tuple[FlaskClient, StillCamera, Path]]:
    camera = StillCamera(blue_and_orange())
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        app = create_app({"TESTING": True}, services=service)
        yield app.test_client(), camera, tmp_path


def test_naming_the_dice_saves_and_uses_the_calibration(setup: tuple[FlaskClient, StillCamera, Path]) -> None:
    client, camera, data = setup
    page = client.get("/calibrate?lang=en").get_data(as_text=True)
    token = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert token and "Die 2" in page
    left_first = sorted(range(2), key=lambda i: camera.reading.dice[i].bbox[0])
    form = {"token": token.group(1), f"colour.{left_first[0] + 1}": "violet", f"colour.{left_first[1] + 1}": "orange"}
    answer = client.post("/calibrate", data=form)
    assert answer.status_code == 302
    saved = Calibration.load(data / "calibration.json")
    assert set(saved.centres) == {"violet", "orange"}
    assert camera.calibration == saved
    colours = sorted((d.bbox[0], d.color) for d in read_dice(camera.frame, saved).dice)
    assert [c for _, c in colours] == ["violet", "orange"]


def test_each_die_to_name_is_shown_beside_its_colour_choice(setup: tuple[FlaskClient, StillCamera, Path]) -> None:
    client, camera, _ = setup
    page = client.get("/calibrate?lang=fr").get_data(as_text=True)
    pictures = re.findall(r'<img src="data:image/jpeg;base64,([A-Za-z0-9+/=]+)" alt="" width="48"', page)
    assert len(pictures) == len(camera.reading.dice) == 2
    assert pictures[0] != pictures[1]  # each die's own picture: the blue 2 and the orange 5
    assert "Dé 2" in page and "Apprendre ces couleurs" in page


def test_an_unknown_colour_or_a_stale_picture_writes_nothing(setup: tuple[FlaskClient, StillCamera, Path]) -> None:
    client, _, data = setup
    page = client.get("/calibrate").get_data(as_text=True)
    token = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert token
    assert client.post("/calibrate", data={"token": token.group(1), "colour.1": "pink"}).status_code == 400
    stale = client.post("/calibrate?lang=fr", data={"token": "0" * 32, "colour.1": "blue"}).get_data(as_text=True)
    assert "plus conservée" in stale
    assert not (data / "calibration.json").exists()


def _taught(
    client: FlaskClient, camera: StillCamera, names: list[str], width: int
) -> tuple[Response, dict[int, int], str]:
    """The dice of the camera's picture named on the calibration page, from left to right (`width`: the picture's
    share of each die): the page's answer, the number the page gave each die by its place from the left, and the
    token of the picture they were named on."""
    page = client.get("/calibrate").get_data(as_text=True)
    token = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert token
    number = {die.bbox[0] // width: n for n, die in enumerate(camera.reading.dice, 1)}
    form = {"token": token.group(1), **{f"colour.{number[place]}": name for place, name in enumerate(names)}}
    answer = client.post("/calibrate", data=form)
    assert answer.status_code == 302
    return answer, number, token.group(1)


def test_a_die_named_by_a_slip_is_left_out_and_named_on_the_page(tmp_path: Path) -> None:
    frame = table(seed=22)
    for x, colour in [(120, "blue"), (320, "blue"), (520, "orange")]:
        draw_die(frame, (x, 240), 60, 0, 3, colour)
    camera = StillCamera(frame)
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        client = create_app({"TESTING": True}, services=service).test_client()
        # The middle die is blue, named orange by a slip of the finger.
        answer, number, token = _taught(client, camera, ["blue", "orange", "orange"], 200)
        assert f"left_out={number[1]}:orange:blue" in answer.headers["Location"]
        shown = client.get(answer.headers["Location"] + "&lang=en").get_data(as_text=True)
        assert f"Die {number[1]}, named orange, looks blue beside the others: it was left out." in shown
        # The picture the dice were named on is shown again (its token kept), so that die 2 is the same die.
        assert f'name="token" value="{token}"' in shown
        shown = client.get(answer.headers["Location"] + "&lang=fr").get_data(as_text=True)
        assert f"Le dé {number[1]}, nommé orange, semble plutôt bleu à côté des autres" in shown
        saved = Calibration.load(tmp_path / "calibration.json")
        assert saved.notes["examples"] == {"blue": 1, "orange": 1}
        colours = sorted((d.bbox[0], d.color) for d in read_dice(frame, saved).dice)
        assert [c for _, c in colours] == ["blue", "blue", "orange"]


def test_a_forged_left_out_address_shows_nothing(setup: tuple[FlaskClient, StillCamera, Path]) -> None:
    client, _, _ = setup
    page = client.get("/calibrate?saved=1&left_out=1:pink:blue&left_out=x:blue:orange&left_out=2&lang=en")
    assert page.status_code == 200
    assert "left out" not in page.get_data(as_text=True)


def test_a_picture_named_while_others_reload_the_page_is_still_taught(
    setup: tuple[FlaskClient, StillCamera, Path],
) -> None:
    # The tablet shows the picture; while its player names the dice, phones open the page ten times over.
    client, camera, data = setup
    page = client.get("/calibrate?lang=en").get_data(as_text=True)
    token = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert token
    for _ in range(10):
        assert client.get("/calibrate").status_code == 200
    answer = client.post("/calibrate", data={"token": token.group(1), "colour.1": "blue", "colour.2": "orange"})
    assert answer.status_code == 302
    assert (data / "calibration.json").exists()


def test_kept_calibration_pictures_stay_within_their_memory(
    setup: tuple[FlaskClient, StillCamera, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.web import calibrate

    client, camera, _ = setup
    monkeypatch.setattr(calibrate, "KEPT_BYTES", 3 * camera.frame.nbytes)
    for _ in range(6):
        client.get("/calibrate")
    assert len(calibrate._snapshots) == 3


def test_a_white_die_named_blue_is_kept_and_the_page_says_it_shows_almost_no_colour(tmp_path: Path) -> None:
    frame = table(seed=23)
    for x, colour in [(160, "orange"), (480, "white")]:
        draw_die(frame, (x, 240), 60, 0, 3, colour)
    camera = StillCamera(frame)
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        client = create_app({"TESTING": True}, services=service).test_client()
        answer, number, _ = _taught(client, camera, ["orange", "blue"], 320)
        assert f"colourless={number[1]}:blue" in answer.headers["Location"]
        shown = client.get(answer.headers["Location"] + "&lang=en").get_data(as_text=True)
        assert f"Die {number[1]}, named blue, shows almost no colour: it was kept." in shown
        shown = client.get(answer.headers["Location"] + "&lang=fr").get_data(as_text=True)
        assert f"Le dé {number[1]}, nommé bleu, ne montre presque aucune couleur" in shown
        assert sorted(Calibration.load(tmp_path / "calibration.json").centres) == ["blue", "orange"]


def test_a_forged_colourless_address_shows_nothing(setup: tuple[FlaskClient, StillCamera, Path]) -> None:
    client, _, _ = setup
    page = client.get("/calibrate?saved=1&colourless=1:pink&colourless=x:blue&colourless=2&lang=en")
    assert page.status_code == 200
    assert "almost no colour" not in page.get_data(as_text=True)
