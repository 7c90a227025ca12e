"""Colours taught that cannot be saved (a data folder read-only, a disk full) are said on the teaching page in its
language, the picture kept to try again, and at the command line in English; the calibration saved before is left
whole, no temporary file is left behind, and the camera keeps the colours it had."""

from __future__ import annotations

import errno
import html
import logging
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_cli_dice import photo
from test_web_calibrate import StillCamera, blue_and_orange

from companion.cli.main import main
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from vision import storage
from vision.calibration import Calibration

READ_ONLY = OSError(errno.EROFS, "Read-only file system")
DISK_FULL = OSError(errno.ENOSPC, "No space left on device")


class _FailingWrites:
    """The os module as vision.storage sees it, whose file writes raise `error` (the temporary file opened)."""

    def __init__(self, error: OSError) -> None:
        self.error = error

    def fdopen(self, handle: int, mode: str) -> Any:
        file = os.fdopen(handle, mode)
        error = self.error

        def write(data: bytes) -> int:
            raise error

        file.write = write  # type: ignore[method-assign,assignment]
        return file

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)


def _read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: Any, **kwargs: Any) -> tuple[int, str]:
        raise READ_ONLY

    monkeypatch.setattr(storage.tempfile, "mkstemp", refused)


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "os", _FailingWrites(DISK_FULL))


FAILURES: list[tuple[Callable[[pytest.MonkeyPatch], None], str, str]] = [
    (_read_only, "le dossier {folder} est en lecture seule", "the folder {folder} is read-only"),
    (_disk_full, "le disque qui contient {folder} est plein", "the disk that holds {folder} is full"),
]
IDS = ["read-only", "disk full"]


@pytest.fixture
def teaching(tmp_path: Path) -> Iterator[tuple[FlaskClient, StillCamera, Path, bytes]]:
    """The teaching page of a table whose colours were saved before (the file's bytes)."""
    before = Calibration.default()
    before.save(tmp_path / "calibration.json")
    camera = StillCamera(blue_and_orange())
    camera.calibration = before
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        yield create_app({"TESTING": True}, services=service).test_client(), camera, tmp_path, _bytes(tmp_path)


def _bytes(folder: Path) -> bytes:
    return (folder / "calibration.json").read_bytes()


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", page))


def _form(client: FlaskClient, camera: StillCamera, lang: str) -> dict[str, str]:
    page = client.get(f"/calibrate?lang={lang}").get_data(as_text=True)
    token = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert token
    left_first = sorted(range(2), key=lambda i: camera.reading.dice[i].bbox[0])
    return {"token": token.group(1), f"colour.{left_first[0] + 1}": "violet", f"colour.{left_first[1] + 1}": "orange"}


@pytest.mark.parametrize(("failure", "french", "english"), FAILURES, ids=IDS)
def test_the_teaching_page_says_the_colours_were_not_saved_and_keeps_the_picture(
    teaching: tuple[FlaskClient, StillCamera, Path, bytes],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failure: Callable[[pytest.MonkeyPatch], None],
    french: str,
    english: str,
) -> None:
    client, camera, data, saved_before = teaching
    before, files = camera.calibration, sorted(data.iterdir())
    form = _form(client, camera, "fr")
    failure(monkeypatch)
    with caplog.at_level(logging.WARNING):
        answer = client.post("/calibrate?lang=fr", data=form)
    assert answer.status_code == 503
    page = _text(answer.get_data(as_text=True))
    why = french.format(folder=data)
    assert f"Les couleurs n'ont pas pu être enregistrées : {why}. Rien n'a changé" in page
    assert "Votre image est toujours là" in page and "Traceback" not in page
    assert f'name="token" value="{form["token"]}"' in page and "data:image/jpeg;base64," in page
    assert 'value="violet" selected' in page  # the colours named still chosen, to save again as they are
    assert _bytes(data) == saved_before and sorted(data.iterdir()) == files  # nothing half-written, nothing left
    assert camera.calibration is before
    assert f"colour calibration not saved in {data / 'calibration.json'}: {english.format(folder=data)}" in caplog.text


def test_keeping_the_default_colours_that_cannot_be_saved_is_said_on_the_page_in_english(
    teaching: tuple[FlaskClient, StillCamera, Path, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, camera, data, saved_before = teaching
    _read_only(monkeypatch)
    answer = client.post("/calibrate/keep?lang=en")
    assert answer.status_code == 503
    assert f"The colours could not be saved: the folder {data} is read-only." in _text(answer.get_data(as_text=True))
    assert _bytes(data) == saved_before


@pytest.mark.parametrize(("failure", "french", "english"), FAILURES, ids=IDS)
def test_the_command_line_says_it_in_english_and_exits_1(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    failure: Callable[[pytest.MonkeyPatch], None],
    french: str,
    english: str,
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    Calibration.default().save(data / "calibration.json")
    saved_before, files = _bytes(data), sorted(data.iterdir())
    orange = photo(tmp_path / "orange.png", [(320, 5, "orange")])
    failure(monkeypatch)
    assert main(["--data-dir", str(data), "calibrate-colours", f"orange={orange}"]) == 1
    err = capsys.readouterr().err
    why = english.format(folder=data)
    assert (
        f"companion: The colours could not be saved: {why}. Nothing was changed: the colours known before are kept.\n"
        in err
    )
    assert "Traceback" not in err
    assert _bytes(data) == saved_before and sorted(data.iterdir()) == files
