"""A labels file left empty (every corrected roll forgotten after an undo) is no corrected roll at all, on the
reader-check page and for `companion check-reader`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.cli import main
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder whose labels.jsonl exists but holds no example (a blank line, as an editor may leave)."""
    folder = tmp_path / "examples"
    folder.mkdir()
    (folder / "labels.jsonl").write_text("\n")
    return tmp_path


@pytest.fixture
def client(data: Path) -> Iterator[FlaskClient]:
    with Companion(EventStore(data / "e.db"), data_dir=data) as service:
        yield create_app({"TESTING": True}, services=service).test_client()


def test_the_page_says_no_corrected_rolls_yet_when_every_one_was_forgotten(client: FlaskClient) -> None:
    english = client.get("/reader-check?lang=en").get_data(as_text=True)
    assert "No corrected rolls yet" in english
    assert "0 corrected rolls" not in english
    french = client.get("/reader-check?lang=fr").get_data(as_text=True)
    assert "Aucun lancer corrigé" in french
    assert "0 sur 0" not in french


def test_the_page_says_no_corrected_rolls_yet_for_an_empty_file_and_a_damaged_calibration(
    client: FlaskClient, data: Path
) -> None:
    (data / "calibration.json").write_text("{half a file")  # not needed when there is nothing to read
    page = client.get("/reader-check?lang=en")
    assert page.status_code == 200
    assert "No corrected rolls yet" in page.get_data(as_text=True)


def test_check_reader_says_no_examples_yet_when_every_one_was_forgotten(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(data), "check-reader"]) == 0
    out = capsys.readouterr().out
    assert "no examples yet" in out
    assert "0 pictures" not in out
    assert main(["--data-dir", str(data), "check-reader", "--examples", str(data / "examples")]) == 0
    assert "no examples yet" in capsys.readouterr().out
