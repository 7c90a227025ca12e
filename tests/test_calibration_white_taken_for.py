"""A table taught coloured dice but never a white one may take a white die under a warm lamp for a warm colour
taught: the calibration page and `companion calibrate-colours` say so, and how to tell them apart (teach white)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_calibration_untaught_defaults import named, rajas_taught
from test_cli_dice import photo
from test_web_calibrate import StillCamera, _taught, blue_and_orange

from companion.cli.main import main
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from vision.calibration import Calibration, calibrate_from_examples, taught_over
from vision.calibration_check import WARM_WHITE_BGR, white_taken_for
from vision.palette import default_centres


def test_a_warm_white_die_after_the_rajas_four_reads_orange_and_the_warning_names_orange() -> None:
    _, _, saved = rajas_taught()
    assert named(saved, WARM_WHITE_BGR) == "orange"  # what the warning is about
    assert white_taken_for(saved) == ("orange",)


def test_taught_white_too_the_warm_white_die_is_white_and_nothing_is_said() -> None:
    image, dice, _ = rajas_taught()
    white = {name: tuple(centre) for name, centre in default_centres(("white",)).items()}
    rajas = calibrate_from_examples([(image, box, colour) for box, colour in dice])
    with_white = taught_over(Calibration({**rajas.centres, **white}, rajas.spread, "table", compares_hue=True), None)
    assert named(with_white, WARM_WHITE_BGR) == "white"
    assert white_taken_for(with_white) == ()


def test_no_colour_near_a_warm_white_taught_says_nothing() -> None:
    centres = {k: tuple(v) for k, v in default_centres(("blue", "green", "violet")).items()}
    saved = taught_over(Calibration(centres, 18.0, "table", compares_hue=True), None)
    assert "white" in saved.by_default and white_taken_for(saved) == ()
    assert white_taken_for(Calibration.default()) == ()  # the default palette knows white


def _teach_blue_and_orange(tmp_path: Path, rajas: bool) -> tuple[str, str]:
    """The calibration page after naming a blue and an orange die, in English and in French (a Rajas game in play,
    whose dice are never white, when `rajas`)."""
    camera = StillCamera(blue_and_orange())
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        if rajas:
            service.create_game("rajas", [{"name": "Asha", "color": "orange"}, {"name": "Bruno", "color": "violet"}])
        client = create_app({"TESTING": True}, services=service).test_client()
        answer, _, _ = _taught(client, camera, ["blue", "orange"], 240)
        english = client.get(answer.headers["Location"] + "&lang=en").get_data(as_text=True)
        return english, client.get(answer.headers["Location"] + "&lang=fr").get_data(as_text=True)


def test_the_page_says_a_white_die_may_be_taken_for_orange_in_english_and_french(tmp_path: Path) -> None:
    english, french = _teach_blue_and_orange(tmp_path, rajas=False)
    assert "under a warm lamp it may take them for a colour taught (orange). If you play with white dice" in english
    assert "elle peut les prendre pour une couleur apprise (orange). Si vous jouez avec des dés blancs" in french


def test_a_rajas_game_in_play_has_no_white_dice_and_the_page_says_nothing_of_them(tmp_path: Path) -> None:
    english, _ = _teach_blue_and_orange(tmp_path, rajas=True)
    assert "Colours learnt" in english  # the teaching went through
    assert "warm lamp" not in english


def test_the_command_line_notes_that_white_may_read_as_orange(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blue = photo(tmp_path / "blue.png", [(320, 2, "blue")])
    orange = photo(tmp_path / "orange.png", [(320, 5, "orange")])
    assert main(["--data-dir", str(tmp_path), "calibrate-colours", f"blue={blue}", f"orange={orange}"]) == 0
    said = capsys.readouterr().out
    assert "white was never taught; under a warm lamp a white die may be read as orange" in said
    white = photo(tmp_path / "white.png", [(320, 3, "white")])
    assert main(["--data-dir", str(tmp_path), "calibrate-colours", f"white={white}"]) == 0
    assert "warm lamp" not in capsys.readouterr().out
    assert np.isfinite(Calibration.load(tmp_path / "calibration.json").centres["white"]).all()
