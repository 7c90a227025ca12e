"""`companion calibrate-colours` takes the colour names the dashboard's calibration page offers, and no other."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli_dice import photo

from companion.cli.main import main
from vision.calibration import Calibration


@pytest.mark.parametrize("name", ["Blue Sky", "notacolour", "purple", "bleu"])
def test_an_unknown_colour_name_is_refused_naming_the_allowed_ones_and_nothing_is_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    good = photo(tmp_path / "good.png", [(320, 2, "green")])
    blue = photo(tmp_path / "blue.png", [(320, 5, "blue")])
    assert main(["--data-dir", str(tmp_path), "calibrate-colours", f"green={good}", f"{name}={blue}"]) == 1
    err = capsys.readouterr().err
    assert f"{name.lower()!r} is not a die colour" in err
    assert "allowed: blue, green, orange, violet, red, yellow, white, black" in err
    assert not (tmp_path / "calibration.json").exists()


def test_the_names_are_checked_before_any_photo_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--data-dir", str(tmp_path), "calibrate-colours", "green=missing.png", "sky=also-missing.png"]
    assert main(argv) == 1
    assert "'sky' is not a die colour" in capsys.readouterr().err


def test_a_colour_name_in_capitals_is_the_colour(tmp_path: Path) -> None:
    blue = photo(tmp_path / "blue.png", [(320, 2, "blue")])
    orange = photo(tmp_path / "orange.png", [(320, 5, "orange")])
    assert main(["--data-dir", str(tmp_path), "calibrate-colours", f" Blue={blue}", f"ORANGE={orange}"]) == 0
    assert sorted(Calibration.load(tmp_path / "calibration.json").centres) == ["blue", "orange"]


def test_a_white_die_taught_as_blue_is_saved_with_a_warning_naming_its_photo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    white = photo(tmp_path / "white.png", [(320, 2, "white")])
    orange = photo(tmp_path / "orange.png", [(320, 5, "orange")])
    assert main(["--data-dir", str(tmp_path), "calibrate-colours", f"blue={white}", f"orange={orange}"]) == 0
    err = capsys.readouterr().err
    assert f"warning: blue={white}: its die shows almost no colour, not blue" in err
    assert "orange.png" not in err
    assert sorted(Calibration.load(tmp_path / "calibration.json").centres) == ["blue", "orange"]
