"""Teaching a picture of some colours updates those and keeps every other: taught before, or the default palette's."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from dice_drawing import draw_die, table
from flask.testing import FlaskClient
from test_cli_dice import photo
from test_web_calibrate import StillCamera

from companion.cli.main import main
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from vision.calibration import Calibration, calibrate_from_examples, taught_over
from vision.errors import CalibrationError
from vision.image_io import load_image
from vision.palette import RAJAS_COLOURS
from vision.reader import read_dice

SHOWN = ("blue", "green", "violet", "orange", "white")
"""A row of dice, left to right: the teaching names the first three alone."""


def row(seed: int = 21) -> tuple[np.ndarray, list[tuple[tuple[int, int, int, int], str]]]:
    """A picture of the dice SHOWN in a row, with their boxes."""
    frame = table(width=800, seed=seed)
    return frame, [(draw_die(frame, (90 + i * 150, 240), 60, 7 * i, 2 + i, c), c) for i, c in enumerate(SHOWN)]


def colours_read(frame: np.ndarray, calibration: Calibration) -> list[str | None]:
    return [d.color for d in sorted(read_dice(frame, calibration).dice, key=lambda d: d.bbox[0])]


def test_the_colours_not_shown_are_named_as_the_default_palette_names_them() -> None:
    frame, dice = row()
    taught = calibrate_from_examples([(frame, box, colour) for box, colour in dice[:3]])
    assert colours_read(frame, taught) == ["blue", "green", "violet", None, None]  # as the tester found it
    kept = taught_over(taught, None)
    assert kept.centres == taught.centres and kept.spread == taught.spread
    assert kept.by_default == ("orange", "white", "black", "red")
    assert colours_read(frame, kept) == ["blue", "green", "violet", "orange", "white"]
    # A Rajas game: the orange die is one of its dice, the white one none.
    assert colours_read(frame, kept.only(RAJAS_COLOURS)) == ["blue", "green", "violet", "orange", None]


def test_a_second_teaching_keeps_the_colours_taught_before() -> None:
    frame, dice = row()
    first = taught_over(calibrate_from_examples([(frame, box, colour) for box, colour in dice[:3]]), None)
    other, again = row(seed=22)
    second = taught_over(calibrate_from_examples([(other, again[3][0], "orange")]), first)
    assert second.notes["examples"] == {"orange": 1} and second.notes["kept"] == ["blue", "green", "violet"]
    assert {name: second.centres[name] for name in ("blue", "green", "violet")} == first.centres
    assert second.by_default == ("white", "black", "red")
    assert colours_read(frame, second) == ["blue", "green", "violet", "orange", "white"]


def test_a_file_saved_before_the_default_colours_were_kept_loads_and_names_none_of_them(tmp_path: Path) -> None:
    frame, dice = row()
    data = calibrate_from_examples([(frame, box, colour) for box, colour in dice[:3]]).to_dict()
    del data["by_default"]
    (tmp_path / "old.json").write_text(json.dumps(data), encoding="utf-8")
    old = Calibration.load(tmp_path / "old.json")
    assert old.by_default == () and colours_read(frame, old)[3] is None
    assert colours_read(frame, old.with_default(["orange"])) == ["blue", "green", "violet", "orange", None]
    saved = old.with_default(["orange"])
    saved.save(tmp_path / "new.json")
    assert Calibration.load(tmp_path / "new.json") == saved


@pytest.mark.parametrize("by_default", [["pink"], ["blue"], "white"])
def test_a_colour_by_default_must_be_one_of_the_default_palette_not_taught(by_default: object) -> None:
    data = {"version": 1, "centres": {"blue": [15.0, -47.0, 11.8]}, "by_default": by_default}
    with pytest.raises(CalibrationError, match="calibration.by_default must list default colours not taught"):
        Calibration.from_dict(data)


@pytest.fixture
def rajas_table(tmp_path: Path) -> Iterator[tuple[FlaskClient, StillCamera, Companion]]:
    frame, _ = row()
    camera = StillCamera(frame)
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        service.create_game("rajas", [{"name": "Asha", "color": "orange"}, {"name": "Bruno", "color": "violet"}])
        yield create_app({"TESTING": True}, services=service).test_client(), camera, service


def test_teaching_three_colours_on_the_page_keeps_orange_and_says_so_in_french(
    rajas_table: tuple[FlaskClient, StillCamera, Companion], tmp_path: Path
) -> None:
    client, camera, _ = rajas_table
    page = client.get("/calibrate?lang=fr").get_data(as_text=True)
    token = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert token
    order = sorted(range(len(camera.reading.dice)), key=lambda i: camera.reading.dice[i].bbox[0])
    form = {"token": token.group(1)} | {f"colour.{order[i] + 1}": SHOWN[i] for i in range(3)}
    answer = client.post("/calibrate", data=form)
    assert answer.status_code == 302
    saved = Calibration.load(tmp_path / "calibration.json")
    assert camera.calibration == saved and "orange" in saved.by_default
    assert colours_read(camera.frame, saved.only(RAJAS_COLOURS))[3] == "orange"
    shown = client.get(answer.headers["Location"] + "&lang=fr").get_data(as_text=True)
    assert "Apprises sur cette image : bleu, vert et violet." in shown
    assert "Couleurs connues : bleu, vert, orange, violet, rouge, blanc et noir" in shown
    assert "Jamais apprises, reconnues comme par défaut : orange, rouge, blanc et noir" in shown
    assert "ne sait plus reconnaître" not in shown
    assert "blue" not in re.sub(r"<[^>]*>", "", shown).replace("blue=", "")  # no English colour name on the page


def test_a_game_colour_dropped_by_an_older_teaching_is_warned_of_and_kept_on_request(
    rajas_table: tuple[FlaskClient, StillCamera, Companion], tmp_path: Path
) -> None:
    client, camera, _ = rajas_table
    frame, dice = row()
    camera.calibration = calibrate_from_examples([(frame, box, colour) for box, colour in dice[:3]])  # no orange
    page = client.get("/calibrate?lang=fr").get_data(as_text=True)
    assert "La partie en cours a des dés orange que la caméra ne sait plus reconnaître" in page
    assert "Garder pour eux les couleurs par défaut" in page
    english = client.get("/calibrate?lang=en").get_data(as_text=True)
    assert "The game in play has orange dice, which the camera cannot tell any more" in english
    assert client.post("/calibrate/keep").status_code == 302
    saved = Calibration.load(tmp_path / "calibration.json")
    assert saved.by_default == ("orange",) and camera.calibration == saved
    assert colours_read(frame, saved)[3] == "orange"
    assert "ne sait plus reconnaître" not in client.get("/calibrate?lang=fr").get_data(as_text=True)


def test_the_command_line_keeps_the_colours_not_shown_and_says_which(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = {c: photo(tmp_path / f"{c}.png", [(320, 2 + i, c)]) for i, c in enumerate(("blue", "green", "violet"))}
    orange = photo(tmp_path / "orange.png", [(320, 5, "orange")])
    argv = ["--data-dir", str(tmp_path), "calibrate-colours", *(f"{c}={path}" for c, path in shown.items())]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "updated: blue, green, violet\n" in out
    assert "kept from the default palette (never taught): orange, red, white, black\n" in out
    assert "not read until taught: yellow\n" in out  # offered at the table, in no default palette
    first = Calibration.load(tmp_path / "calibration.json")
    assert [d.color for d in read_dice(load_image(orange), first).dice] == ["orange"]
    assert main(["--data-dir", str(tmp_path), "calibrate-colours", f"orange={orange}"]) == 0
    out = capsys.readouterr().out
    assert "updated: orange\nkept as taught before: blue, green, violet\n" in out
    second = Calibration.load(tmp_path / "calibration.json")
    assert {c: second.centres[c] for c in ("blue", "green", "violet")} == first.centres
    assert [d.color for d in read_dice(load_image(shown["blue"]), second).dice] == ["blue"]


def test_the_command_line_names_a_damaged_calibration_and_writes_nothing_over_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "calibration.json").write_text("{not json", encoding="utf-8")
    orange = photo(tmp_path / "orange.png", [(320, 5, "orange")])
    assert main(["--data-dir", str(tmp_path), "calibrate-colours", f"orange={orange}"]) == 1
    assert "calibration.json: not a readable calibration" in capsys.readouterr().err
    assert (tmp_path / "calibration.json").read_text(encoding="utf-8") == "{not json"
