"""`companion doctor` says what would be used; with --open it opens the camera and the microcontroller and says
whether they work, exiting 1 when one does not."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.cli import main
from companion.cli.probe import probe_microcontroller
from companion.config import load_config
from firmware_bridge.fake_device import PtyDevice


@pytest.fixture(autouse=True)
def _no_companion_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in os.environ if name.startswith("COMPANION_")]:
        monkeypatch.delenv(name)


def test_doctor_alone_opens_nothing_and_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "doctor"]) == 0
    out = capsys.readouterr().out
    assert "camera" in out and "microcontroller" in out and "store" in out
    assert "opened:" not in out and "answered" not in out


def test_doctor_open_finds_the_built_in_stand_ins_working(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "doctor", "--open"]) == 0
    out = capsys.readouterr().out
    assert "camera           opened: a 1280x720 frame" in out
    assert "microcontroller  answered on virtual://: firmware virtual-1, 24 LEDs" in out


def test_doctor_open_names_a_camera_and_a_port_that_cannot_be_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    port = tmp_path / "no-such-port"
    config = tmp_path / "config.toml"
    config.write_text(f'[camera]\nsource = "webcam:{tmp_path / "no-camera"}"\n[serial]\nport = "{port}"\n')
    assert main(["--config", str(config), "--data-dir", str(tmp_path), "doctor", "--open"]) == 1
    lines = capsys.readouterr().out.splitlines()
    camera = next(line for line in lines if line.startswith("camera ") and "OPEN" in line)
    board = next(line for line in lines if line.startswith("microcontroller ") and "OPEN" in line)
    assert "NOT OPENED" in camera and "no-camera" in camera
    assert "NOT OPENED" in board and str(port) in board


def test_a_board_that_answers_and_one_whose_firmware_hangs(tmp_path: Path) -> None:
    with PtyDevice(tmp_path / "usb-fake-pico", led_count=16) as device:
        config = load_config(env={"COMPANION_SERIAL__PORT": str(device.link_path)})
        answered = probe_microcontroller(config, seconds=5.0)
        assert answered.works, answered.said
        assert "16 LEDs" in answered.said and str(device.link_path) in answered.said
        device.is_responsive = False
        silent = probe_microcontroller(config, seconds=0.5)
    assert not silent.works
    assert "NO ANSWER in 0.5 s" in silent.said


def test_doctor_exits_1_for_a_store_serve_could_not_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "events.db").write_text("not a database")
    assert main(["--data-dir", str(tmp_path), "doctor"]) == 1
    assert "UNUSABLE" in capsys.readouterr().out


def test_doctor_alone_says_a_webcam_and_a_serial_port_that_are_not_plugged_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "webcam:97"\n[serial]\nport = "/dev/ttyACM97"\n')
    assert not Path("/dev/video97").exists() and not Path("/dev/ttyACM97").exists()
    # serve would start and wait for them: not a fault of the configuration, so still exit 0.
    assert main(["--config", str(config), "--data-dir", str(tmp_path), "doctor"]) == 0
    out = capsys.readouterr().out
    assert "/dev/video97 is not there now (plugged in? `doctor --open` tries it)" in out
    assert "/dev/ttyACM97 is not there now (plugged in? `doctor --open` tries it)" in out


def test_doctor_alone_says_nothing_of_a_device_file_that_is_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "webcam:/dev/null"\n[serial]\nport = "/dev/null"\n')
    assert main(["--config", str(config), "--data-dir", str(tmp_path), "doctor"]) == 0
    assert "is not there now" not in capsys.readouterr().out
