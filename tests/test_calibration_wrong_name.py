"""A colour taught under a name of the default palette whose die plainly shows another default colour is caught before
it is saved: `companion calibrate-colours blue=<a red die>` had been saved without a word, and the table's red dice
then read blue all evening (the tester's slip). Correctly named dice under a warm or a cool lamp are not."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from dev_photos import CHASE, DICE
from flask.testing import FlaskClient
from test_colour_teaching_check import BLUE_NAMED_RED, _box, features_of_the_train_photos
from test_web_calibrate import StillCamera

from companion.cli.main import main
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from vision.calibration import Calibration, calibrate_from_examples, taught_over
from vision.calibration_check import named_unlike, too_alike
from vision.image_io import load_image
from vision.palette import RAJAS_COLOURS, default_centres
from vision.reader import read_dice
from vision.synthetic.datasets import render_kind
from vision.synthetic.scene import render_scene

WARM = (0.6, 0.95, 1.25)
"""BGR gains of a warm lamp the white balance did not take out (benchmarks/eval_robustness.py)."""
COOL = (1.25, 1.0, 0.75)
"""And of a cool one."""
FAR_NAME = {"blue": "orange", "orange": "blue", "green": "violet", "violet": "green", "red": "blue"}
"""For each coloured default colour, one whose hue lies far from it: a slip of the name the check must catch."""


def default_centre(name: str) -> tuple[float, float, float]:
    a, b, lightness = (float(v) for v in default_centres((name,))[name])
    return a, b, lightness


def teach(tmp_path: Path, *items: str) -> int:
    return main(["--data-dir", str(tmp_path), "calibrate-colours", *items])


def red_die_photo(path: Path) -> Path:
    """A synthetic photo of one red die (the renderer's own red, under a lamp of its drawing), written to `path`."""
    image, _ = render_scene(1, 640, 480, n_dice=1, colours=("red",))
    assert len(read_dice(image).dice) == 1
    cv2.imwrite(str(path), image)
    return path


def lit(image: np.ndarray, gains: tuple[float, float, float]) -> np.ndarray:
    return np.clip(image.astype(np.float32) * np.array(gains, np.float32), 0, 255).astype(np.uint8)


def test_blue_taught_with_a_red_die_is_refused_naming_it_and_how_to_save_it_anyway(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    red = red_die_photo(tmp_path / "red.png")
    assert teach(tmp_path, f"blue={red}") == 1
    out, err = capsys.readouterr()
    assert f"companion: nothing saved: blue ({red}) looks red to the camera, not blue" in err
    assert "red dice would be read as blue" in err and "--force" in err and out == ""
    assert not re.search(r"\d", err.replace(str(red), "")), err  # no degrees nor distances: words a table can use
    assert not (tmp_path / "calibration.json").exists()
    assert teach(tmp_path, f"blue={red}", "--force") == 0
    assert f"warning: blue ({red}) looks red to the camera, not blue" in capsys.readouterr().err
    assert list(Calibration.load(tmp_path / "calibration.json").centres) == ["blue"]


def test_the_same_red_die_taught_as_red_is_saved_without_a_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    red = red_die_photo(tmp_path / "red.png")
    assert teach(tmp_path, f"red={red}") == 0
    assert "looks" not in capsys.readouterr().err
    assert named_unlike(Calibration.load(tmp_path / "calibration.json")) == []


@pytest.mark.parametrize("name", ["white", "black", "yellow"])
def test_a_red_die_taught_as_white_black_or_a_colour_of_no_default_is_not_said_by_this_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    red = red_die_photo(tmp_path / "red.png")
    assert teach(tmp_path, f"{name}={red}") == 0
    assert "looks red" not in capsys.readouterr().err
    assert teach(tmp_path / "other", f"blue={red}") == 1  # the same die under a coloured name is, on another table


@pytest.mark.parametrize("name", ["white", "black", "yellow", "pink"])
def test_white_black_and_a_tables_own_names_are_never_said_whatever_their_hue(name: str) -> None:
    red = default_centre("red")
    found = named_unlike(Calibration({name: red}, 18.0, "calibrated", {"examples": {name: 1}}, compares_hue=True))
    assert found == []
    blue = Calibration({"blue": red}, 18.0, "calibrated", {"examples": {"blue": 1}}, compares_hue=True)
    assert [(f.taught, f.looks) for f in named_unlike(blue)] == [("blue", "red")]


def test_a_colour_kept_from_an_earlier_teaching_is_not_said_again() -> None:
    red = default_centre("red")
    before = Calibration({"blue": red}, 18.0, "calibrated", {"examples": {"blue": 1}}, compares_hue=True)
    green = default_centre("green")
    now = Calibration({"green": green}, 18.0, "calibrated", {"examples": {"green": 1}}, compares_hue=True)
    assert [(f.taught, f.looks) for f in named_unlike(before)] == [("blue", "red")]
    assert named_unlike(taught_over(now, before)) == []  # said, or insisted on, when it was taught


def rajas_dice(scene: int, gains: tuple[float, float, float]) -> tuple[np.ndarray, list[tuple[tuple, str]]]:
    """A synthetic Rajas scene under a lamp of `gains`, and the box the reader outlines of each die of the Rajas
    four in it, with that die's colour."""
    image, truth = render_kind("rajas", 7 * 100_003 + scene)
    shown = lit(image, gains)
    read = read_dice(shown).dice
    found = []
    for die in truth:
        on = [d for d in read if overlap(d.bbox, die.bbox) >= 0.5]  # the die outlined, not one touching it
        if die.color in RAJAS_COLOURS and len(on) == 1:
            found.append((on[0].bbox, str(die.color)))
    return shown, found


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> float:
    """Intersection over union of two boxes."""
    inter = max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


@pytest.mark.parametrize("gains", [WARM, COOL], ids=["warm lamp", "cool lamp"])
def test_the_rajas_four_taught_under_their_own_names_are_not_said_and_named_far_off_they_are(
    gains: tuple[float, float, float],
) -> None:
    taught = {colour: 0 for colour in RAJAS_COLOURS}
    slips, caught = 0, 0
    for scene in range(6):
        image, dice = rajas_dice(scene, gains)
        for box, colour in dice:
            alone = calibrate_from_examples([(image, box, colour)])
            assert named_unlike(alone) == [], (scene, colour)
            taught[colour] += 1
            slip = named_unlike(calibrate_from_examples([(image, box, FAR_NAME[colour])]))
            slips, caught = slips + 1, caught + bool(slip)
        if dice:  # the whole scene taught at once, as a table teaches it
            assert named_unlike(calibrate_from_examples([(image, box, colour) for box, colour in dice])) == []
    assert min(taught.values()) >= 3, taught
    assert caught >= 0.75 * slips, (caught, slips)


needs_photos = pytest.mark.skipif(not DICE.exists(), reason="needs the shared development photos")


@needs_photos
def test_no_real_photo_of_the_train_split_taught_under_its_colour_is_said() -> None:
    taught = [(colour, calibration) for colour, calibration in features_of_the_train_photos() if colour != "white"]
    assert {colour for colour, _ in taught} == {"blue", "red"} and len(taught) > 100
    assert [colour for colour, calibration in taught if named_unlike(calibration)] == []
    slip = calibrate_from_examples([(image := load_image(CHASE / f"{BLUE_NAMED_RED}.jpg"), _box(image), "red")])
    assert [(f.taught, f.looks) for f in named_unlike(slip)] == [("red", "blue")]  # the tester's blue die


@pytest.fixture
def red_and_green(tmp_path: Path) -> Iterator[tuple[FlaskClient, StillCamera, int, int]]:
    """A client of a dashboard whose camera shows a red and a green die, and their numbers on the page."""
    frame, _ = render_scene(1, 640, 480, n_dice=2, colours=("red", "green"), clean=True)
    camera = StillCamera(frame)
    colours = [die.color for die in camera.reading.dice]
    assert sorted(str(c) for c in colours) == ["green", "red"]
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        client = create_app({"TESTING": True}, services=service).test_client()
        yield client, camera, colours.index("red") + 1, colours.index("green") + 1


def token_of(page: str) -> str:
    found = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert found
    return found.group(1)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Nothing was saved: blue (die {n}) looks red to the camera, not blue, and red dice would then be read"),
        ("fr", "Rien n'a été enregistré : bleu (dé {n}) paraît rouge à la caméra, et non bleu, et les dés de couleur"),
    ],
)
def test_the_page_warns_of_blue_taught_with_a_red_die_and_saves_on_insisting(
    red_and_green: tuple[FlaskClient, StillCamera, int, int], tmp_path: Path, lang: str, said: str
) -> None:
    client, camera, red, green = red_and_green
    token = token_of(client.get(f"/calibrate?lang={lang}").get_data(as_text=True))
    form = {"token": token, f"colour.{red}": "blue", f"colour.{green}": "green"}
    answer = client.post(f"/calibrate?lang={lang}", data=form)
    assert answer.status_code == 200
    page = answer.get_data(as_text=True).replace("&#39;", "'")
    assert said.format(n=red) in page
    assert 'name="insist"' in page and token_of(page) == token
    assert not (tmp_path / "calibration.json").exists() and camera.calibration is None
    assert client.post(f"/calibrate?lang={lang}", data=form | {"insist": "1"}).status_code == 302
    assert sorted(Calibration.load(tmp_path / "calibration.json").centres) == ["blue", "green"]


def test_the_page_saves_the_red_die_named_red_at_once(
    red_and_green: tuple[FlaskClient, StillCamera, int, int], tmp_path: Path
) -> None:
    client, _, red, green = red_and_green
    token = token_of(client.get("/calibrate").get_data(as_text=True))
    answer = client.post("/calibrate", data={"token": token, f"colour.{red}": "red", f"colour.{green}": "green"})
    assert answer.status_code == 302
    assert sorted(Calibration.load(tmp_path / "calibration.json").centres) == ["green", "red"]


def test_a_colour_said_too_alike_with_the_colour_it_looks_is_not_said_twice() -> None:
    blue, red = default_centre("blue"), default_centre("red")
    both = Calibration({"red": blue, "blue": blue}, 18.0, "calibrated", {"examples": {"red": 1, "blue": 1}}, True)
    (alike,) = too_alike(both)
    assert [(f.taught, f.looks) for f in named_unlike(both)] == [("red", "blue")]
    assert named_unlike(both, [alike]) == []
    apart = Calibration({"blue": red, "green": default_centre("green")}, 18.0, "calibrated", {"examples": {"blue": 1}})
    assert [(f.taught, f.looks) for f in named_unlike(apart, too_alike(apart))] == [("blue", "red")]
