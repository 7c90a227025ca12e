"""Configuration mistakes a host's first-install tester made, each refused with a message naming it: a serial port
that is empty, a Windows COM name or has a space at its end (`config show` said nothing and `serve` retried "cannot
open : ..." for ever), a COMPANION_ variable with one underscore (silently ignored), a key outside any section, a
duplicate key, a zones file named without its origin, a Pi camera named where picamera2 cannot be imported (doctor
said it was fine), and sub-commands whose help said nothing of their arguments."""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest

from companion.cli import commands, main
from companion.cli.main import EXIT_BAD_CONFIG
from companion.config import load_config
from companion.devices import choose
from companion.errors import ConfigError

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _no_companion_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in os.environ if name.startswith("COMPANION_")]:
        monkeypatch.delenv(name)


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def _refusal(**kwargs: object) -> str:
    with pytest.raises(ConfigError) as refused:
        load_config(**kwargs)  # type: ignore[arg-type]
    return str(refused.value)


def _serve_status(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> int:
    """`companion ... serve`'s exit status, the service itself left unstarted (it would run until stopped)."""
    monkeypatch.setattr(commands, "serve", lambda args, config: 0)
    return main([*argv, "serve"])


@pytest.mark.parametrize("port", ["", "   "])
def test_an_empty_or_blank_serial_port_stops_serve_naming_key_value_and_origin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], port: str
) -> None:
    path = _file(tmp_path, f'[serial]\nport = "{port}"\n')
    assert _serve_status(monkeypatch, ["--config", str(path)]) == EXIT_BAD_CONFIG
    err = capsys.readouterr().err
    assert f"serial.port = '{port}' (from file:{path}) is not allowed" in err
    assert "an empty or blank text names no port" in err and "/dev/ttyACM0" in err
    assert main(["--config", str(path), "config", "show"]) == EXIT_BAD_CONFIG


def test_a_serial_port_with_a_space_at_its_end_is_refused_with_the_port_without_it(tmp_path: Path) -> None:
    path = _file(tmp_path, '[serial]\nport = "/dev/ttyACM0 "\n')
    said = _refusal(path=path, env={})
    assert said == (
        f"serial.port = '/dev/ttyACM0 ' (from file:{path}) is not allowed: expected the port without the spaces"
        ' around it: "/dev/ttyACM0"'
    )


@pytest.mark.parametrize("port", ["COM3", "com12", r"\\.\COM4"])
def test_a_windows_com_port_is_refused_as_no_port_of_this_machine(port: str) -> None:
    said = _refusal(env={"COMPANION_SERIAL__PORT": port})
    assert said.startswith("serial.port = ") and "(from env:COMPANION_SERIAL__PORT)" in said
    assert f"{port} is a Windows port name; here the board is /dev/ttyACM0" in said


def test_a_port_spelt_in_capitals_or_without_dev_is_refused_with_the_right_spelling() -> None:
    assert _refusal(env={"COMPANION_SERIAL__PORT": "OFF"}).endswith('expected "off", in lower case')
    assert _refusal(env={"COMPANION_SERIAL__PORT": "ttyACM0"}).endswith('did you mean "/dev/ttyACM0"?')


def test_a_url_pyserial_cannot_open_is_refused_naming_the_ones_it_can() -> None:
    said = _refusal(env={"COMPANION_SERIAL__PORT": "tcp://pi.local:7000"})
    assert "tcp:// is not one" in said and "socket://" in said and "loop://" in said and "virtual://" in said


@pytest.mark.parametrize(
    "port",
    ["auto", "off", "virtual", "virtual://", "/dev/ttyACM0", "/dev/serial/by-id/usb-Raspberry_Pi_Pico-if00", "loop://"]
    + ["socket://192.168.1.20:7000", "rfc2217://pi.local:2217", "hwgrep://2e8a:0005"],
)
def test_device_paths_and_the_urls_the_bridge_opens_are_kept(port: str) -> None:
    assert load_config(env={"COMPANION_SERIAL__PORT": port}).get("serial", "port") == port


@pytest.mark.parametrize(
    ("name", "meant"),
    [
        ("COMPANION_DATA_DIR", "COMPANION_DATA__DIR"),
        ("COMPANION_SERIAL_PORT", "COMPANION_SERIAL__PORT"),
        ("COMPANION_CAMERA_SETTLE_SECONDS", "COMPANION_CAMERA__SETTLE_SECONDS"),
        ("COMPANION_CAMRA__SOURCE", "COMPANION_CAMERA__SOURCE"),
        ("COMPANION_CONFG", "COMPANION_CONFIG"),
    ],
)
def test_a_companion_variable_that_is_no_setting_is_refused_with_its_right_spelling(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str, meant: str
) -> None:
    monkeypatch.setenv(name, "x")
    assert _serve_status(monkeypatch, []) == EXIT_BAD_CONFIG
    assert f"environment variable {name} is not a setting: did you mean {meant}?" in capsys.readouterr().err


def test_a_companion_variable_far_from_any_says_how_settings_are_named() -> None:
    said = _refusal(env={"COMPANION_WHATEVER": "1"})
    assert said.startswith("environment variable COMPANION_WHATEVER is not a setting: settings are")
    assert "COMPANION_<SECTION>__<KEY>" in said and "did you mean" not in said


def test_every_companion_variable_read_elsewhere_in_the_repository_is_let_through() -> None:
    """The names the deploy scripts, the reader harness and the config file's lookup read, found as a grep would."""
    from companion.config.loader import OTHER_VARIABLES

    read = set()
    for folder in ("deploy", "vision", "companion", "hardware", "firmware_bridge", "benchmarks"):
        for path in (ROOT / folder).rglob("*"):
            # The loader's own docstring names the mistakes it refuses (COMPANION_DATA_DIR): not a name read.
            is_loader = path.name == "loader.py" and path.parent.name == "config"
            if path.is_file() and path.suffix in ("", ".py", ".sh", ".service", ".toml", ".rules") and not is_loader:
                read |= set(re.findall(r"\bCOMPANION_[A-Z0-9_]*[A-Z0-9]", path.read_text(errors="replace")))
    others = {name for name in read if "__" not in name and name != "COMPANION_SECTION"}
    assert {"COMPANION_CONFIG", "COMPANION_CALIBRATION", "COMPANION_VENV", "COMPANION_CLI_USER"} <= others
    assert others <= OTHER_VARIABLES
    config = load_config(env=dict.fromkeys(others, "x"))  # none refused
    assert config.get("serial", "port") == "auto"


def test_a_key_outside_any_section_is_said_so_with_the_sections_that_have_it(tmp_path: Path) -> None:
    path = _file(tmp_path, "port = 9000\n")
    said = _refusal(path=path, env={})
    assert said == (
        f"port = 9000 in file:{path} is a key outside any section (written before any [section] heading); write it"
        " under [server] or [serial]"
    )
    assert "unknown section" not in _refusal(path=_file(tmp_path, 'colour = "red"\n'), env={})


def test_a_value_where_a_table_is_wanted_says_table_not_a_python_type(tmp_path: Path) -> None:
    said = _refusal(path=_file(tmp_path, "[gpio]\npins = 5\n"), env={})
    assert said.endswith(
        "gpio.pins = 5 (from file:" + str(tmp_path / "config.toml") + ") is not allowed: expected a table"
    )
    assert "dict" not in _refusal(env={"COMPANION_GPIO__PINS": "5"}) + said


def test_a_key_set_twice_is_named_with_its_line(tmp_path: Path) -> None:
    path = _file(tmp_path, "[server]\nport = 9000\nport = 9001\n")
    assert _refusal(path=path, env={}) == (
        f"config file {path} is not valid TOML: line 3 sets port a second time (port = 9001); a key is set once in"
        " its section"
    )


def test_a_section_declared_twice_is_named_in_toml_words(tmp_path: Path) -> None:
    path = _file(tmp_path, '[server]\nport = 9000\n[server]\nhost = "0.0.0.0"\n')
    said = _refusal(path=path, env={})
    assert said.endswith("line 3 declares [server] a second time; each section once, all its keys under it")
    assert "('server',)" not in said


def test_a_missing_zones_file_is_named_with_where_it_was_set(tmp_path: Path) -> None:
    path = _file(tmp_path, f'[camera]\nzones = "{tmp_path / "none.json"}"\n')
    config = load_config(path=path, env={}, flags={"data.dir": str(tmp_path)})
    from companion.config.serving import serve_problems

    assert serve_problems(config)["camera"] == (
        f"camera.zones = '{tmp_path / 'none.json'}' (from file:{path}): no such file"
    )


def test_a_malformed_zones_file_is_named_with_the_file_and_where_it_was_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    zones = tmp_path / "z.json"
    zones.write_text('{"version": 1, "table": [[0, 0], [1, 0]], "zones": []}')
    monkeypatch.setenv("COMPANION_CAMERA__ZONES", str(zones))
    assert main(["--data-dir", str(tmp_path), "config", "show"]) == EXIT_BAD_CONFIG
    assert (
        f"camera.zones = '{zones}' (from env:COMPANION_CAMERA__ZONES): zones file {zones}: zone 'table': polygon"
        " must be a list of at least 3 [x, y] points"
    ) in capsys.readouterr().err


def test_the_data_directory_zones_file_malformed_is_named_as_that_file(tmp_path: Path) -> None:
    (tmp_path / "zones.json").write_text('{"version": 1')
    config = load_config(env={}, flags={"data.dir": str(tmp_path)}, flag_names={"data.dir": "--data-dir"})
    from companion.config.serving import serve_problems

    said = serve_problems(config)["camera"]
    assert said.startswith("camera.zones (not set: the data directory's zones.json, data.dir from flag:--data-dir):")
    assert f"zones file {tmp_path / 'zones.json'}: not valid JSON" in said


def test_a_pi_camera_named_where_picamera2_cannot_be_imported_is_unusable_for_doctor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        choose.importlib.util, "find_spec", lambda name, *a: None if name == "picamera2" else real(name, *a)
    )
    monkeypatch.setenv("COMPANION_CAMERA__SOURCE", "picamera2")
    monkeypatch.setenv("COMPANION_GPIO__FACTORY", "mock")
    assert main(["--data-dir", str(tmp_path), "doctor"]) == 1
    out = capsys.readouterr().out
    camera = out.split("\nzones")[0]
    assert "why: UNUSABLE: camera.source = picamera2 (env:COMPANION_CAMERA__SOURCE)" in camera
    assert "picamera2 cannot be imported" in camera and "sudo apt install python3-picamera2" in camera
    assert "--system-site-packages" in camera


def test_a_pi_camera_named_where_picamera2_is_installed_is_not_unusable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(choose.importlib.util, "find_spec", lambda name, *a: object())
    choice, spec = choose.choose_camera(load_config(env={"COMPANION_CAMERA__SOURCE": "picamera2:1"}))
    assert spec == "picamera2:1" and not choice.reason.startswith("UNUSABLE")


def test_config_show_has_help_of_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["config", "show", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: companion config show") and "where it came from" in out


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("export", "game_id in /api/games"),
        ("replay", "as `companion export` prints it"),
        ("replay", "the rebuilt game (its view, state and each line's"),
        ("read-dice", "photos of dice on the table"),
    ],
)
def test_every_argument_of_export_replay_and_read_dice_has_help(
    capsys: pytest.CaptureFixture[str], command: str, said: str
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert said in " ".join(capsys.readouterr().out.split())


def test_doctor_says_a_folder_camera_named_on_a_plain_file_is_a_file_not_a_folder(tmp_path: Path) -> None:
    from companion.cli.commands import _folder_noted

    picture = tmp_path / "afile"
    picture.write_bytes(b"not a folder")
    row = _folder_noted({"implementation": f"folder:{picture}", "reason": "camera.source"})
    assert row["reason"] == f"camera.source; {picture} is a file, not a folder"
    missing = _folder_noted({"implementation": f"replay:{tmp_path / 'gone'}", "reason": "camera.source"})
    assert missing["reason"].endswith(f"the folder {tmp_path / 'gone'} is not there now")
