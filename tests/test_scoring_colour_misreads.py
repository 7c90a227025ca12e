"""A die read with its value right but its colour wrong, or with no colour, is a misread (vision/scoring.py), and the
check page and `companion check-reader` say it is the colour that was wrong."""

# ruff: noqa: F811  (the page's fixture, imported from test_web_reader_check, is a parameter here)

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient
from test_web_reader_check import _scene, table  # noqa: F401  (fixture)

from companion.cli import main
from companion.devices.examples import ExampleCollector
from companion.service import Companion
from vision.reader import read_dice
from vision.reading import DiceReading, Die
from vision.scoring import Score, load_examples, score

BOX = [10, 10, 40, 40]


def _scored(tmp_path: Path, truth: list[dict[str, Any]], read: list[Die]) -> Score:
    """One labelled picture with the dice `truth`, scored against a reader that reads the dice `read`."""
    cv2.imwrite(str(tmp_path / "roll.png"), np.zeros((48, 64, 3), np.uint8))
    labels = tmp_path / "labels.jsonl"
    labels.write_text(json.dumps({"image": "roll.png", "dice": truth}) + "\n")
    return score(load_examples(labels), lambda image: DiceReading(tuple(read), 64, 48), tmp_path)


def _die(value: int | None, color: str | None) -> Die:
    return Die(value, color, (10, 10, 40, 40), (25.0, 25.0), 0.9)


@pytest.mark.parametrize(
    ("true_colour", "read_value", "read_colour", "right", "colour_right", "misread", "colour_only"),
    [
        ("blue", 4, "blue", 1, 1, False, False),
        ("blue", 4, "orange", 1, 0, True, True),  # the value right, the colour another
        ("blue", 4, None, 1, 0, True, True),  # the value right, no colour read
        (None, 4, "orange", 1, 0, False, False),  # no colour labelled: the value alone is scored
        (None, 4, None, 1, 0, False, False),
        ("blue", 3, "orange", 0, 0, True, False),  # both wrong: one misread, a value error
        ("blue", 3, "blue", 0, 1, True, False),
    ],
)
def test_a_labelled_colour_read_otherwise_is_a_misread_and_the_value_still_counts(
    tmp_path: Path,
    true_colour: str | None,
    read_value: int,
    read_colour: str | None,
    right: int,
    colour_right: int,
    misread: bool,
    colour_only: bool,
) -> None:
    result = _scored(tmp_path, [{"value": 4, "color": true_colour, "bbox": BOX}], [_die(read_value, read_colour)])
    assert (result.dice, result.right, result.value_accuracy()) == (1, right, float(right))
    assert (result.coloured, result.colour_right) == (int(true_colour is not None), colour_right)
    assert result.exact == int(not misread)
    assert len(result.misreads) == int(misread)
    assert [m.is_colour_only for m in result.misreads] == ([colour_only] if misread else [])
    assert result.confusion == {(4, read_value): 1}


def test_a_colour_only_misread_is_described_as_the_colour_read_wrong(tmp_path: Path) -> None:
    truth = [{"value": 4, "color": "blue", "bbox": BOX}]
    (other,) = _scored(tmp_path, truth, [_die(4, "orange")]).misreads
    assert other.describe() == f"roll.png: a 4 (blue) at {BOX} read with the wrong colour: orange (value right, 0.90)"
    (none,) = _scored(tmp_path, truth, [_die(4, None)]).misreads
    assert none.describe().endswith("read with no colour (value right, 0.90)")
    (value,) = _scored(tmp_path, truth, [_die(3, "orange")]).misreads
    assert value.describe().endswith("read as 3 (orange, 0.90)")


def _told_blue(service: Companion, data: Path, others: str | None = "white") -> int:
    """A roll of four white dice saved with the first told as blue, its value as it lies, and the others told as
    `others`; the first one's value."""
    image, dice = _scene(3)
    dice = [{**dice[0], "color": "blue"}, *({**die, "color": others} for die in dice[1:])]
    ExampleCollector(service, lambda frame_id: None, data / "examples").save(image, dice, "roll-0")
    return int(dice[0]["value"])


def test_the_page_says_the_colour_was_read_wrong(table: tuple[FlaskClient, Companion, Path]) -> None:
    client, service, data = table
    value = _told_blue(service, data)
    english = client.get("/reader-check?lang=en").get_data(as_text=True)
    assert "Values read right: 4 of 4 (100 %)" in english
    assert "Colours read right: 3 of 4 (75 %)" in english
    assert "Rolls read exactly right: 0 of 1" in english
    assert f"a {value} (blue) read as {value} (white): the value is right, the colour wrong" in english
    french = client.get("/reader-check?lang=fr").get_data(as_text=True)
    assert "Lancers lus sans faute : 0 sur 1" in french
    assert f"un {value} (bleu) lu comme un {value} (blanc) : la valeur est juste, la couleur fausse" in french


def test_the_page_says_the_colour_was_not_read(
    table: tuple[FlaskClient, Companion, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, service, data = table
    value = _told_blue(service, data, others=None)

    def colourless(image: np.ndarray, **kwargs: Any) -> DiceReading:
        reading = read_dice(image, **kwargs)
        return dataclasses.replace(reading, dice=tuple(dataclasses.replace(d, color=None) for d in reading.dice))

    monkeypatch.setattr("companion.web.reader_check.read_dice", colourless)
    english = client.get("/reader-check?lang=en").get_data(as_text=True)
    assert "Rolls read exactly right: 0 of 1" in english
    assert f"a {value} (blue) read without its colour: the value is right" in english
    assert english.count("<li><span") == 1  # the three dice labelled with no colour are not misreads
    french = client.get("/reader-check?lang=fr").get_data(as_text=True)
    assert f"un {value} (bleu) lu sans sa couleur : la valeur est juste" in french


def test_check_reader_prints_a_colour_read_wrong_as_such(
    service: Companion, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    value = _told_blue(service, tmp_path)
    assert main(["--data-dir", str(tmp_path), "check-reader"]) == 0
    out = capsys.readouterr().out
    assert "values read right: 4 of 4 (100.0%)" in out
    assert "colours read right: 3 of 4 (75.0%)" in out
    assert "pictures read exactly: 0 of 1" in out
    (line,) = out.split("not read right:\n")[1].splitlines()
    assert line.startswith(f"  images/roll-0.jpg: a {value} (blue) at ")
    assert "read with the wrong colour: white (value right, " in line and "read as" not in line
    assert main(["--data-dir", str(tmp_path), "check-reader", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert (figures["right"], figures["pictures_exact"], len(figures["misread"])) == (4, 0, 1)
