"""Configuration: defaults, file, environment, flags, and refusals that name the key and the value."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.config import load_config
from companion.errors import ConfigError
from companion.web.app import settings_from


def test_defaults_bind_to_loopback_and_say_where_they_come_from() -> None:
    config = load_config(env={})
    assert config.get("server", "host") == "127.0.0.1"
    assert config.origins["server"]["host"] == "default"


def test_file_then_env_then_flags_override_in_that_order(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[server]\nport = 9001\nhost = "0.0.0.0"\n[camera]\nfps = 5\n')
    config = load_config(path, env={"COMPANION_SERVER__PORT": "9002"}, flags={"server.host": "127.0.0.2"})
    assert config.get("server", "port") == 9002
    assert config.origins["server"]["port"] == "env:COMPANION_SERVER__PORT"
    assert config.get("server", "host") == "127.0.0.2"
    assert config.origins["server"]["host"] == "flag:--host"
    assert config.get("camera", "fps") == 5.0
    assert config.origins["camera"]["fps"] == f"file:{path}"


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("[server]\nprot = 1\n", ["server.prot", "server.port"]),
        ("[sever]\nport = 1\n", ["sever", "server"]),
        ("[server]\nport = 70000\n", ["server.port", "70000", "1 to 65535"]),
        ('[server]\nport = "80"\n', ["server.port", "'80'", "expected a whole number"]),
        ('[server]\nlanguage = "de"\n', ["server.language", "'de'", "'fr'"]),
        ('[camera]\nsource = "kinect:0"\n', ["camera.source", "kinect:0", "webcam:N"]),
        ('[camera]\nsource = "webcam:zz"\n', ["camera.source", "webcam:zz", "webcam:/dev/videoN"]),
        ('[camera]\nsource = "replay:"\n', ["camera.source", "replay:DIR"]),
        ('[camera]\nsource = "synthetic:seven"\n', ["camera.source", "synthetic:SEED"]),
        ('[server]\ntrusted_origins = "https://dice.example"\n', ["server.trusted_origins", "list"]),
        ('[server]\ntrusted_origins = ["dice.example"]\n', ["server.trusted_origins", "'dice.example'", "https://"]),
        ('[server]\ntrusted_origins = ["https://dice.example/play"]\n', ["server.trusted_origins", "no path"]),
        ("[server\n", ["not valid TOML"]),
    ],
)
def test_a_wrong_key_or_value_is_named(tmp_path: Path, text: str, names: list[str]) -> None:
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(path, env={})
    for name in names:
        assert name in str(caught.value)


def test_trusted_origins_from_the_file_or_the_environment(tmp_path: Path) -> None:
    both = ["https://dice.example", "http://pi.local:8321"]
    assert load_config(env={}).get("server", "trusted_origins") == []
    path = tmp_path / "c.toml"
    path.write_text('[server]\ntrusted_origins = ["https://dice.example", "http://pi.local:8321"]\n')
    assert load_config(path, env={}).get("server", "trusted_origins") == both
    for raw in ("https://dice.example, http://pi.local:8321", '["https://dice.example", "http://pi.local:8321"]'):
        config = load_config(env={"COMPANION_SERVER__TRUSTED_ORIGINS": raw})
        assert config.get("server", "trusted_origins") == both
        assert settings_from(config)["TRUSTED_ORIGINS"] == both
    with pytest.raises(ConfigError, match="COMPANION_SERVER__TRUSTED_ORIGINS.*'pi.local'"):
        load_config(env={"COMPANION_SERVER__TRUSTED_ORIGINS": "pi.local"})
    with pytest.raises(ConfigError, match="server.trusted_origins.*inline TOML array"):
        load_config(env={"COMPANION_SERVER__TRUSTED_ORIGINS": '["https://dice.example"'})


def test_a_wrong_environment_value_is_named() -> None:
    with pytest.raises(ConfigError, match="COMPANION_CAMERA__FPS"):
        load_config(env={"COMPANION_CAMERA__FPS": "fast"})


def test_start_up_with_a_bad_config_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[gpio]\nfactory = 'wiringpi'\n")
    assert main(["--config", str(path), "serve"]) == 2
    assert "gpio.factory" in capsys.readouterr().err


def test_config_show_prints_every_key_and_its_origin(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[server]\nport = 9100\n")
    assert main(["--config", str(path), "config", "show"]) == 0
    out = capsys.readouterr().out
    assert f"server.port = 9100    # file:{path}" in out
    assert 'server.host = "127.0.0.1"    # default' in out


def test_data_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert load_config(env={}).data_dir() == tmp_path / "companion"


def test_every_wrong_key_and_value_of_a_file_is_named_at_once(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[camera]\nfps = "fast"\nwidht = 640\n[nope]\nx = 1\n[server]\nport = 70000\n')
    with pytest.raises(ConfigError) as refused:
        load_config(path, env={"COMPANION_LOG__LEVEL": "LOUD"})
    said = str(refused.value)
    assert said.startswith("5 problems:\n  - ")
    for named in ("camera.fps = 'fast'", "unknown key camera.widht", "unknown section [nope]", "server.port = 70000"):
        assert named in said
    assert "log.level = 'LOUD'" in said


def test_one_wrong_value_is_said_alone_as_before(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[camera]\nfps = "fast"\n')
    with pytest.raises(ConfigError) as refused:
        load_config(path, env={})
    assert str(refused.value).startswith("camera.fps = 'fast' (from file:") and "problems" not in str(refused.value)
