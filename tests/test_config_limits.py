"""Configuration limits: a config file that cannot be read, and values out of range, stop start-up with exit 2 and
a message naming the file, or the key, the value and what is allowed; never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.config import load_config
from companion.errors import ConfigError


def refusal(**kwargs: Any) -> str:
    with pytest.raises(ConfigError) as caught:
        load_config(**kwargs)
    return str(caught.value)


def test_a_directory_named_as_the_config_file_exits_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--config", str(tmp_path), "config", "show"]) == 2
    err = capsys.readouterr().err
    assert f"config file {tmp_path} is a directory" in err and "Traceback" not in err


def test_a_directory_in_companion_config_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path))
    assert main(["config", "show"]) == 2
    assert f"config file {tmp_path} is a directory" in capsys.readouterr().err


def test_a_directory_where_the_user_config_file_goes_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "companion" / "config.toml"
    folder.mkdir(parents=True)
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert main(["config", "show"]) == 2
    assert f"config file {folder} is a directory" in capsys.readouterr().err


def test_a_config_file_that_is_not_utf8_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bin.toml"
    path.write_bytes(b"\xff\xfe[server]\n")
    assert f"config file {path} is not UTF-8 text (byte 0xff at offset 0)" in refusal(path=path, env={})
    assert main(["--config", str(path), "config", "show"]) == 2
    assert str(path) in capsys.readouterr().err


def refuse_for(monkeypatch: pytest.MonkeyPatch, method: str, target: Path) -> None:
    """Path.<method> of `target` fails as it does for a file the service's user may not read (the tests may run
    as root, who reads everything)."""
    original = getattr(Path, method)

    def denied(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self == target:
            raise PermissionError(13, "Permission denied", str(self))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Path, method, denied)


def test_a_config_file_that_cannot_be_read_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[server]\nport = 9000\n")
    refuse_for(monkeypatch, "open", path)
    assert main(["--config", str(path), "config", "show"]) == 2
    assert f"config file {path} cannot be read: Permission denied" in capsys.readouterr().err


def test_a_user_config_folder_that_cannot_be_entered_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "companion" / "config.toml"
    refuse_for(monkeypatch, "stat", path)
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert main(["config", "show"]) == 2
    assert f"config file {path} cannot be looked at: Permission denied" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "raw", "allowed"),
    [
        ("COMPANION_CAMERA__FPS", "inf", "0.5 to 120 frames per second"),
        ("COMPANION_CAMERA__FPS", "1e400", "0.5 to 120 frames per second"),
        ("COMPANION_CAMERA__FPS", "1e-300", "0.5 to 120 frames per second"),
        ("COMPANION_CAMERA__FPS", "nan", "0.5 to 120 frames per second"),
        ("COMPANION_CAMERA__FPS", "0.4", "0.5 to 120 frames per second"),
        ("COMPANION_CAMERA__FPS", "121", "0.5 to 120 frames per second"),
        ("COMPANION_CAMERA__WIDTH", "0", "120 to 8192 pixels"),
        ("COMPANION_CAMERA__WIDTH", "100000", "120 to 8192 pixels"),
        ("COMPANION_CAMERA__HEIGHT", "119", "120 to 8192 pixels"),
        ("COMPANION_CAMERA__SETTLE_SECONDS", "0", "more than 0 and at most 10 seconds"),
        ("COMPANION_CAMERA__SETTLE_SECONDS", "11", "more than 0 and at most 10 seconds"),
        ("COMPANION_CAMERA__SETTLE_SECONDS", "inf", "more than 0 and at most 10 seconds"),
        ("COMPANION_SERIAL__BAUDRATE", "11520", "a standard rate: 1200, 2400"),
        ("COMPANION_SERIAL__BAUDRATE", "0", "115200"),
        ("COMPANION_SERIAL__BAUDRATE", "1000000000", "4000000"),
    ],
)
def test_a_number_out_of_range_is_refused_naming_key_value_and_range(name: str, raw: str, allowed: str) -> None:
    said = refusal(env={name: raw})
    key = name.removeprefix("COMPANION_").lower().replace("__", ".")
    assert said.startswith(f"{key} = ") and f"(from env:{name})" in said and allowed in said


@pytest.mark.parametrize("text", ["fps = inf", "fps = nan", "fps = -inf", "width = 9000", "settle_seconds = 60.0"])
def test_a_number_out_of_range_in_the_file_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "c.toml"
    path.write_text(f"[camera]\n{text}\n")
    assert f"camera.{text.split()[0]} = " in refusal(path=path, env={})


@pytest.mark.parametrize(
    ("name", "raw", "value"),
    [
        ("COMPANION_CAMERA__FPS", "0.5", 0.5),
        ("COMPANION_CAMERA__FPS", "120", 120.0),
        ("COMPANION_CAMERA__WIDTH", "160", 160),
        ("COMPANION_CAMERA__HEIGHT", "8192", 8192),
        ("COMPANION_CAMERA__SETTLE_SECONDS", "10", 10.0),
        ("COMPANION_SERIAL__BAUDRATE", "9600", 9600),
        ("COMPANION_SERIAL__BAUDRATE", "4000000", 4000000),
    ],
)
def test_numbers_at_the_ends_of_their_range_are_taken(name: str, raw: str, value: Any) -> None:
    section, key = name.removeprefix("COMPANION_").lower().split("__")
    assert load_config(env={name: raw}).get(section, key) == value


def test_a_tiny_frame_rate_stops_start_up_with_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COMPANION_CAMERA__FPS", "1e-300")
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert main(["doctor"]) == 2
    assert "camera.fps = 1e-300" in capsys.readouterr().err


@pytest.mark.parametrize("host", ["999.1.1.1", "1.2.3", "", "pi local", "-pi.local", "pi_local", "a" * 64 + ".local"])
def test_a_host_that_is_neither_an_address_nor_a_name_is_refused(host: str) -> None:
    said = refusal(env={"COMPANION_SERVER__HOST": host})
    assert f"server.host = {host!r}" in said and "an IP address" in said and "host name" in said


@pytest.mark.parametrize("host", ["0.0.0.0", "127.0.0.1", "::", "::1", "[::1]", "localhost", "pi.local", "dice-pi"])
def test_addresses_and_host_names_are_taken(host: str) -> None:
    assert load_config(env={"COMPANION_SERVER__HOST": host}).get("server", "host") == host


def test_a_wrong_host_flag_stops_serve_before_it_starts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["--data-dir", str(tmp_path), "serve", "--host", "999.1.1.1"]) == 2
    err = capsys.readouterr().err
    assert "server.host = '999.1.1.1' (from flag:--host)" in err


@pytest.mark.parametrize(("raw", "level"), [("debug", "DEBUG"), ("Warning", "WARNING"), ("INFO", "INFO")])
def test_the_log_level_is_taken_in_any_case(tmp_path: Path, raw: str, level: str) -> None:
    assert load_config(env={"COMPANION_LOG__LEVEL": raw}).get("log", "level") == level
    path = tmp_path / "c.toml"
    path.write_text(f'[log]\nlevel = "{raw}"\n')
    assert load_config(path, env={}).get("log", "level") == level


def test_a_wrong_log_level_is_named_as_it_was_written() -> None:
    said = refusal(env={"COMPANION_LOG__LEVEL": "verbose"})
    assert "log.level = 'verbose'" in said and "'DEBUG'" in said
