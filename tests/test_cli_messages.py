"""What the command line says when it has nothing to say or cannot go on: `check-reader --json` stays JSON with no
examples yet, and a file that cannot be used is named in words, without Python's exception class or errno."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import numpy as np
import pytest

from companion.cli import main
from companion.cli.errors_text import os_error_text
from companion.devices.examples import ExampleCollector
from companion.service import Companion
from vision.synthetic import render_scene

LEAKS = ("FileNotFoundError", "OSError", "Errno", "Traceback")


def _no_frame(game_id: str) -> np.ndarray | None:
    """No camera frame for any game: the examples here are saved from a picture given outright."""
    return None


def _one_example(service: Companion, folder: Path) -> None:
    """One labelled picture of two white dice (SYNTHETIC), saved as the service saves a corrected roll."""
    image, truth = render_scene(0, 640, 480, 2, ("white",), "white_on_wood", die_px=(50.0, 60.0), tilt_deg=(0, 5))
    dice = [{"value": d.value, "color": d.color, "bbox": list(d.bbox)} for d in truth]
    ExampleCollector(service, _no_frame, folder).save(image, dice, "roll-0")


def _figures(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    """`companion check-reader --json` run to success, its stdout parsed as the one JSON object it must be."""
    assert main([*argv, "check-reader", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert isinstance(figures, dict)
    return figures


def test_check_reader_json_without_a_labels_file_is_one_json_object_with_zero_counts_and_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    figures = _figures(capsys, "--data-dir", str(tmp_path))
    assert figures["labels"] == str(tmp_path / "examples" / "labels.jsonl")
    assert (figures["pictures"], figures["dice"], figures["right"], figures["misread"]) == (0, 0, 0, [])
    assert figures["value_accuracy"] is None
    assert "no examples yet" in str(figures["note"])


def test_check_reader_json_with_an_emptied_labels_file_is_one_json_object_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "labels.jsonl").write_text("\n")
    figures = _figures(capsys, "--data-dir", str(tmp_path))
    assert (figures["pictures"], figures["pictures_exact"], figures["unread"]) == (0, 0, 0)
    assert "no examples yet" in str(figures["note"])


def test_check_reader_json_with_no_examples_has_the_keys_of_a_run_with_some(
    service: Companion, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = _figures(capsys, "--data-dir", str(tmp_path / "empty"))
    _one_example(service, tmp_path / "examples")
    scored = _figures(capsys, "--data-dir", str(tmp_path))
    assert scored["pictures"] == 1 and "note" not in scored
    assert set(empty) == set(scored) | {"note"}


def test_check_reader_without_json_still_says_no_examples_yet_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(tmp_path), "check-reader"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("no examples yet in ")
    assert "{" not in out


def test_a_missing_examples_folder_is_named_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nonexistent"
    assert main(["--data-dir", str(tmp_path), "check-reader", "--examples", str(missing)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {missing / 'labels.jsonl'} does not exist")
    assert not any(leak in err for leak in LEAKS)


def test_a_missing_log_to_replay_is_named_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.jsonl"
    assert main(["--data-dir", str(tmp_path), "replay", str(missing)]) == 1
    err = capsys.readouterr().err
    assert err == f"companion: {missing} does not exist\n"


def test_a_folder_given_as_the_log_to_replay_is_named_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(tmp_path), "replay", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err == f"companion: {tmp_path} is a folder, not a file\n"


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (FileNotFoundError(errno.ENOENT, "No such file or directory", "log.jsonl"), "log.jsonl does not exist"),
        (PermissionError(errno.EACCES, "Permission denied", "log.jsonl"), "log.jsonl cannot be opened: permission"),
        (IsADirectoryError(errno.EISDIR, "Is a directory", "games"), "games is a folder, not a file"),
        (NotADirectoryError(errno.ENOTDIR, "Not a directory", "a.txt/b"), "a.txt/b cannot be reached: part of"),
        (OSError(errno.ENOSPC, "No space left on device", "out.jpg"), "out.jpg: no space left on device"),
        (OSError(errno.EXDEV, "Invalid cross-device link", "a", None, "b"), "a -> b: invalid cross-device link"),
        (OSError(errno.EADDRINUSE, "Address already in use"), "Address already in use"),
        (FileNotFoundError("labels.jsonl does not exist (a folder ...)"), "labels.jsonl does not exist (a folder"),
    ],
)
def test_a_file_error_is_said_as_a_sentence_without_class_or_errno(error: OSError, said: str) -> None:
    text = os_error_text(error)
    assert text.startswith(said)
    assert not any(leak in text for leak in LEAKS)
    assert "[" not in text  # as in "[Errno 2]"


def _malformed_examples(tmp_path: Path) -> Path:
    """A folder of examples whose labels.jsonl has a second line that is not JSON."""
    folder = tmp_path / "examples"
    folder.mkdir()
    line = json.dumps({"image": "a.jpg", "dice": []})
    (folder / "labels.jsonl").write_text(line + "\n{not json\n", encoding="utf-8")
    return folder


def test_check_reader_json_says_a_malformed_labels_file_as_one_json_object_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _malformed_examples(tmp_path)
    assert main(["check-reader", "--examples", str(folder), "--json"]) == 1
    captured = capsys.readouterr()
    said = json.loads(captured.err)
    assert said["labels"] == str(folder / "labels.jsonl") and "labels.jsonl, line 2: not JSON" in said["error"]
    # The line is left out and the others are scored: the figures are still one JSON object on stdout.
    figures = json.loads(captured.out)
    assert [line.split(": ")[0] for line in figures["unusable_lines"]] == [f"{folder / 'labels.jsonl'}, line 2"]
    assert [u.split(":")[0] for u in figures["unreadable"]] == ["a.jpg"]


def test_check_reader_says_a_malformed_labels_file_without_the_class_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _malformed_examples(tmp_path)
    assert main(["check-reader", "--examples", str(folder)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {folder / 'labels.jsonl'}, line 2: not JSON")
    assert "LabelsError" not in err and "ValueError" not in err


def test_check_reader_json_names_a_missing_examples_folder_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere"
    assert main(["check-reader", "--examples", str(missing), "--json"]) == 1
    said = json.loads(capsys.readouterr().err)
    assert said["error"].startswith(f"{missing / 'labels.jsonl'} does not exist")


def test_a_value_error_reaching_the_command_line_is_said_by_its_message_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(*_: object) -> int:
        raise ValueError("river space 7 holds no reward of that kind")

    monkeypatch.setattr("companion.cli.commands.run", refuse)
    assert main(["doctor"]) == 1
    assert capsys.readouterr().err == "companion: river space 7 holds no reward of that kind\n"
