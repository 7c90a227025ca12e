"""`companion doctor` in the words of what it finds: a file given for a folder said to be a file, a replay's missing
folder said to be a recording's, both in the page's language too; a stand-in the configuration names said as the
health page says it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.cli import main
from companion.cli.probe import probe_camera
from companion.config import load_config
from companion.i18n import translate
from vision.errors import CameraError
from vision.sources import open_source


@pytest.fixture(autouse=True)
def _no_companion_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in os.environ if name.startswith("COMPANION_")]:
        monkeypatch.delenv(name)


def _probed(tmp_path: Path, spec: str) -> str:
    config = load_config(env={"COMPANION_DATA__DIR": str(tmp_path), "COMPANION_CAMERA__SOURCE": spec})
    probe = probe_camera(config, seconds=0.5)
    assert not probe.works
    return probe.said


def _said(spec: str) -> tuple[str, dict[str, str]]:
    with pytest.raises(CameraError) as raised:
        open_source(spec)
    assert raised.value.said is not None
    return raised.value.said


def test_a_file_given_for_an_image_folder_is_said_to_be_a_file(tmp_path: Path) -> None:
    file = tmp_path / "rolls.json"
    file.write_text("{}", encoding="utf-8")
    assert _probed(tmp_path, f"folder:{file}") == f"NOT OPENED: image folder {file} is a file, not a folder"
    key, params = _said(f"folder:{file}")
    assert translate("fr", key, params) == f"le dossier d'images {file} est un fichier, pas un dossier"


def test_a_missing_image_folder_is_still_said_missing(tmp_path: Path) -> None:
    missing = tmp_path / "none"
    assert _probed(tmp_path, f"folder:{missing}") == f"NOT OPENED: image folder {missing} does not exist"


def test_a_replay_of_a_missing_folder_names_a_recording_folder(tmp_path: Path) -> None:
    missing = tmp_path / "nonexistent"
    assert _probed(tmp_path, f"replay:{missing}") == f"NOT OPENED: recording folder {missing} does not exist"
    key, params = _said(f"replay:{missing}")
    assert translate("en", key, params) == f"recording folder {missing} does not exist"
    assert translate("fr", key, params) == f"le dossier d'enregistrement {missing} n'existe pas"


def test_a_replay_of_a_file_names_it_a_file(tmp_path: Path) -> None:
    file = tmp_path / "session.mp4"
    file.write_bytes(b"\x00")
    assert _probed(tmp_path, f"replay:{file}") == f"NOT OPENED: recording folder {file} is a file, not a folder"
    key, params = _said(f"replay:{file}")
    assert translate("fr", key, params) == f"le dossier d'enregistrement {file} est un fichier, pas un dossier"


@pytest.mark.parametrize("spec", ["synthetic:3", "replay:DIR", "folder:DIR"])
def test_doctor_says_a_stand_in_the_configuration_names_as_the_health_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    spec = spec.replace("DIR", str(tmp_path))
    monkeypatch.setenv("COMPANION_CAMERA__SOURCE", spec)
    main(["--data-dir", str(tmp_path), "doctor"])
    camera = capsys.readouterr().out.splitlines()[0]
    assert camera == f"{'camera':<16} {spec} [stand-in, as configured]"  # the health page: "Stand-in, as configured"
