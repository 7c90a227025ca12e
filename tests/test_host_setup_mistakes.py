"""Setup mistakes a host's tester made at home, each said before the evening: a data folder that is a file (serve
said "file exists" and exited 1, which systemd restarts; doctor said it "will be created"), a folder camera whose
folder is not there (doctor said nothing), and a pin library named in the settings that cannot be loaded (doctor
exited 0, though the buttons would be dead)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_gpio_factory_missing import block_import

from companion.cli import main
from companion.cli.main import EXIT_BAD_CONFIG


@pytest.fixture(autouse=True)
def _no_companion_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in os.environ if name.startswith("COMPANION_")]:
        monkeypatch.delenv(name)


def _lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    said = capsys.readouterr()
    return [line.strip() for line in (said.out + said.err).splitlines() if line.strip()]


def test_a_data_folder_that_is_a_file_stops_serve_as_a_setting_and_doctor_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert main(["--data-dir", str(afile), "serve"]) == EXIT_BAD_CONFIG
    [line] = _lines(capsys)
    assert line == (
        f"companion: configuration error: data.dir = {afile} (from flag:--data-dir) cannot hold the service's data: "
        "it is a file, not a folder"
    )
    assert main(["--data-dir", str(afile), "doctor"]) == 1
    store = [line for line in _lines(capsys) if line.startswith("why: UNUSABLE: data.dir")]
    assert store == [f"why: UNUSABLE: data.dir = {afile} (flag:--data-dir) is a file, not a folder"]
    assert afile.read_text() == "x"


def test_a_data_folder_under_a_file_cannot_be_made_and_doctor_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert main(["--data-dir", str(afile / "data"), "serve"]) == EXIT_BAD_CONFIG
    assert "cannot hold the service's data: it cannot be made (" in _lines(capsys)[0]
    assert main(["--data-dir", str(afile / "data"), "doctor"]) == 1
    assert any(f"cannot be made: {afile} is a file, not a folder" in line for line in _lines(capsys))


def test_doctor_names_a_camera_folder_that_is_not_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[camera]\nsource = "folder:{tmp_path / "nonexist"}"\n[gpio]\nfactory = "off"\n')
    assert main(["--config", str(config), "--data-dir", str(tmp_path / "data"), "doctor"]) == 0
    assert any(f"the folder {tmp_path / 'nonexist'} is not there now" in line for line in _lines(capsys))


def test_doctor_exits_1_for_a_pin_library_named_that_cannot_be_loaded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    block_import(monkeypatch, "lgpio")
    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "off"\n[gpio]\nfactory = "lgpio"\n')
    assert main(["--config", str(config), "--data-dir", str(tmp_path / "data"), "doctor"]) == 1
    gpio = [line for line in _lines(capsys) if "gpio.factory = 'lgpio' cannot be used here" in line]
    assert len(gpio) == 1 and gpio[0].startswith("why: UNUSABLE: ")
    assert gpio[0].endswith("(serve runs on simulated pins meanwhile)")


def test_config_show_says_the_pins_in_effect_not_only_an_empty_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[gpio.pins]\nstatus = 4\n")
    assert main(["--config", str(config), "--data-dir", str(tmp_path / "data"), "config", "show"]) == 0
    [pins] = [line for line in _lines(capsys) if line.startswith("# gpio pins in effect")]
    assert pins.startswith("# gpio pins in effect (BCM): status 4, seats[0] 5, seats[1] 6")
    assert "buttons.confirm 23, buttons.undo 24, buttons.next 25" in pins  # the built-in ones kept
