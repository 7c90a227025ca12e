"""The reader's check is honest (vision/scoring.py, `companion check-reader`, the /reader-check page): a value read
under SURE_VALUE is a guess the table is asked for, never "read right"; a labels.jsonl may be given as the file
itself; a crop of one die labelled without a box ("bbox": null, the shared photos' format) is scored; and a line
that cannot be used is named and left out while the others are scored."""

# ruff: noqa: F811  (the page's fixture, imported from test_web_reader_check, is a parameter here)

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient
from test_web_reader_check import table  # noqa: F401  (fixture)

from companion.cli import main
from companion.service import Companion
from vision import scoring
from vision.reading import SURE_VALUE, DiceReading, Die
from vision.scoring import Score, load_examples, score

BOX = [10, 10, 40, 40]
RED_TWO = {"value": 2, "color": "red", "bbox": BOX}


def _die(value: int | None, confidence: float, bbox: tuple[int, int, int, int] = (10, 10, 40, 40)) -> Die:
    centre = ((bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2)
    return Die(value, "red", bbox, centre, confidence)


def _examples(folder: Path, *lines: Any) -> Path:
    """A folder of examples: a black 64x48 picture roll.png and a labels.jsonl of `lines` (a str is written as
    it is, anything else as JSON)."""
    folder.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / "roll.png"), np.zeros((48, 64, 3), np.uint8))
    labels = folder / "labels.jsonl"
    labels.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    return labels


def _reading(*dice: Die) -> Any:
    """A reader that reads `dice` on any picture, whatever else it is given (the table's calibration)."""

    def read(image: np.ndarray, **kwargs: Any) -> DiceReading:
        return DiceReading(tuple(dice), image.shape[1], image.shape[0])

    return read


def _scored(tmp_path: Path, truth: list[dict[str, Any]], *read: Die) -> Score:
    labels = _examples(tmp_path / "examples", {"image": "roll.png", "dice": truth})
    return score(load_examples(labels), _reading(*read), labels.parent)


@pytest.mark.parametrize(
    ("value", "confidence", "counts", "exact"),
    [
        # counts: right, wrong, guessed right, guessed wrong, unread
        (2, 0.52, (0, 0, 1, 0, 0), 0),  # the tester's die: "2 red (0.52)", corrected to 2
        (3, 0.52, (0, 0, 0, 1, 0), 0),
        (2, 0.9, (1, 0, 0, 0, 0), 1),
        (3, 0.9, (0, 1, 0, 0, 0), 0),
        (2, SURE_VALUE, (1, 0, 0, 0, 0), 1),  # from SURE_VALUE on, a value is sure
        (None, 0.3, (0, 0, 0, 0, 1), 0),
    ],
)
def test_a_value_read_under_sure_value_is_a_guess_and_never_read_right(
    tmp_path: Path, value: int | None, confidence: float, counts: tuple[int, ...], exact: int
) -> None:
    result = _scored(tmp_path, [RED_TWO], _die(value, confidence))
    assert (result.right, result.wrong, result.guessed_right, result.guessed_wrong, result.unread) == counts
    assert result.dice == 1 == sum(counts) + result.missed
    assert result.value_accuracy() == counts[0]
    assert result.exact == exact and len(result.misreads) == 1 - exact
    guessed = value is not None and confidence < SURE_VALUE
    assert [m.is_guess for m in result.misreads] == ([] if exact else [guessed])
    assert not any(m.is_colour_only for m in result.misreads)  # a right guess is no colour-only misread


def test_a_guess_is_described_as_asked_of_the_table(tmp_path: Path) -> None:
    (right,) = _scored(tmp_path, [RED_TWO], _die(2, 0.52)).misreads
    assert right.describe() == (
        f"roll.png: a 2 (red) at {BOX} guessed right as 2 (red, 0.52), too unsure to count: asked of the table"
    )
    (wrong,) = _scored(tmp_path, [RED_TWO], _die(5, 0.41)).misreads
    assert wrong.describe().endswith("guessed wrong as 5 (red, 0.41), too unsure to count: asked of the table")


def test_check_reader_counts_the_tester_s_guess_apart_in_text_and_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _examples(tmp_path / "examples", {"image": "roll.png", "dice": [RED_TWO]})
    monkeypatch.setattr("companion.cli.check.read_dice", _reading(_die(2, 0.52)))
    assert main(["--data-dir", str(tmp_path), "check-reader"]) == 0
    out = capsys.readouterr().out
    assert "values read right: 0 of 1 (0.0%)" in out
    assert "values read wrong, surely: 0; guessed (confidence under 0.6, " in out
    assert "asked of the table): 1 right, 0 wrong" in out
    assert "pictures read exactly: 0 of 1" in out
    assert "not read right:\n  roll.png: a 2 (red) at [10, 10, 40, 40] guessed right as 2" in out
    assert main(["--data-dir", str(tmp_path), "check-reader", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert (figures["right"], figures["wrong"], figures["guessed_right"], figures["guessed_wrong"]) == (0, 0, 1, 0)
    assert (figures["value_accuracy"], figures["unread"], figures["sure_value"]) == (0.0, 0, SURE_VALUE)


def test_the_page_counts_guesses_apart_in_english_and_french(
    table: tuple[FlaskClient, Companion, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, _, data = table
    _examples(
        data / "examples",
        {"image": "roll.png", "dice": [RED_TWO]},
        {"image": "roll.png", "dice": [{**RED_TWO, "value": 4}]},
    )
    monkeypatch.setattr("companion.web.reader_check.read_dice", _reading(_die(2, 0.52)))
    english = client.get("/reader-check?lang=en").get_data(as_text=True)
    assert "Values read right: 0 of 2 (0 %)" in english
    assert "Read wrong though sure: 0 · guessed right: 1 · guessed wrong: 1" in english
    assert "a 2 (red) guessed right, too unsure to count: the table is asked for it" in english
    assert "a 4 (red) guessed as 2, too unsure to count: the table is asked for it" in english
    french = client.get("/reader-check?lang=fr").get_data(as_text=True)
    assert "Mal lus avec certitude : 0 · devinés justes : 1 · devinés faux : 1" in french
    assert "un 2 (rouge) deviné juste, trop incertain pour compter : il est demandé à la table" in french
    assert "un 4 (rouge) deviné comme un 2, trop incertain pour compter" in french


def test_check_reader_takes_the_labels_file_itself_as_well_as_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = _examples(tmp_path / "mine", {"image": "roll.png", "dice": [RED_TWO]})
    monkeypatch.setattr("companion.cli.check.read_dice", _reading(_die(2, 0.9)))
    assert main(["--data-dir", str(tmp_path), "check-reader", "--examples", str(labels), "--json"]) == 0
    by_file = json.loads(capsys.readouterr().out)
    assert main(["--data-dir", str(tmp_path), "check-reader", "--examples", str(labels.parent), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == by_file
    assert (by_file["labels"], by_file["pictures"], by_file["right"], by_file["unreadable"]) == (str(labels), 1, 1, [])
    gone = tmp_path / "mine" / "other.jsonl"
    assert main(["--data-dir", str(tmp_path), "check-reader", "--examples", str(gone)]) == 1
    assert capsys.readouterr().err == f"companion: {gone} does not exist\n"


SHARED_LINE = {  # a line as the shared photos are labelled (/work/shared/data/dice/*/labels.jsonl): a crop of one die
    "image": "roll.png",
    "dice": [{"value": 2, "bbox": None, "color": "red"}],
    "size": [64, 48],
    "split": "test",
    "source": "owner/repo:data/test/2/roll.png",
    "license": "MIT",
    "note": "single-die crop",
}


def test_a_crop_of_one_die_without_a_box_is_matched_to_the_die_read_nearest_its_centre(tmp_path: Path) -> None:
    edge, middle = _die(5, 0.9, (0, 0, 12, 12)), _die(2, 0.9, (22, 14, 42, 34))
    labels = _examples(tmp_path / "examples", SHARED_LINE)
    (example,) = load_examples(labels)
    assert example.dice[0].bbox is None
    result = score([example], _reading(edge, middle), labels.parent)
    assert (result.dice, result.right, result.missed, result.extra, result.exact) == (1, 1, 0, 1, 0)
    (extra,) = result.misreads
    assert extra.truth is None and extra.read == edge
    alone = score([example], _reading(middle), labels.parent)
    assert (alone.right, alone.exact, alone.misreads) == (1, 1, [])
    missed = score([example], _reading(), labels.parent)
    assert (missed.missed, missed.misreads[0].describe()) == (1, "roll.png: a 2 (red) missed")


BAD_LINES = [
    {"image": "roll.png", "dice": [{"value": 9, "bbox": BOX}]},
    {"image": "roll.png", "dice": [{"value": 2, "bbox": None}, {"value": 3, "bbox": BOX}]},
    "{half a line",
]


def test_a_line_that_cannot_be_used_is_named_and_the_others_are_scored(tmp_path: Path) -> None:
    labels = _examples(tmp_path / "examples", SHARED_LINE, *BAD_LINES, {"image": "roll.png", "dice": [RED_TWO]})
    read = scoring.read_labels(labels)
    assert len(read.examples) == 2
    assert [u.split(": ")[0] for u in read.unusable] == [f"{labels}, line {n}" for n in (2, 3, 4)]
    assert "a die's value must be 1 to 6 or null, got 9" in read.unusable[0]
    assert "a die without a bbox can be matched only on a picture of one die" in read.unusable[1]
    assert "not JSON" in read.unusable[2]


def test_check_reader_scores_the_usable_lines_names_the_others_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = _examples(tmp_path / "examples", SHARED_LINE, *BAD_LINES)
    monkeypatch.setattr("companion.cli.check.read_dice", _reading(_die(2, 0.9)))
    assert main(["--data-dir", str(tmp_path), "check-reader"]) == 1
    captured = capsys.readouterr()
    assert "values read right: 1 of 1 (100.0%)" in captured.out
    assert "left out, lines of the labels that cannot be used: 3 (named on stderr)" in captured.out
    assert [line.split(": ")[1] for line in captured.err.splitlines()] == [f"{labels}, line {n}" for n in (2, 3, 4)]
    assert main(["--data-dir", str(tmp_path), "check-reader", "--json"]) == 1
    captured = capsys.readouterr()
    figures, said = json.loads(captured.out), json.loads(captured.err)
    assert (figures["pictures"], figures["right"]) == (1, 1)
    assert said["unusable_lines"] == figures["unusable_lines"] and len(said["unusable_lines"]) == 3
    assert said["labels"] == str(labels) and "line 2: a die's value" in said["error"]


def test_the_page_scores_the_usable_lines_and_names_the_others(
    table: tuple[FlaskClient, Companion, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, _, data = table
    _examples(data / "examples", SHARED_LINE, BAD_LINES[0])
    monkeypatch.setattr("companion.web.reader_check.read_dice", _reading(_die(2, 0.9)))
    english = client.get("/reader-check?lang=en").get_data(as_text=True)
    assert "1 line of the labels file cannot be used and is left out:" in english
    assert "labels.jsonl, line 2: a die&#39;s value must be 1 to 6 or null, got 9" in english
    assert "Values read right: 1 of 1 (100 %)" in english
    french = client.get("/reader-check?lang=fr").get_data(as_text=True)
    assert "1 ligne du fichier d’étiquettes est inutilisable et laissée de côté :" in french
