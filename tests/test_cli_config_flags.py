"""Where a value came from names the flag as it is typed: `companion config show` printed `# flag:--dir` for a
data directory given with `--data-dir`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.cli import main
from companion.config import load_config


@pytest.fixture(autouse=True)
def _no_companion_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in os.environ if name.startswith("COMPANION_")]:
        monkeypatch.delenv(name)


def test_config_show_names_the_data_dir_flag_as_typed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "config", "show"]) == 0
    out = capsys.readouterr().out
    assert f'data.dir = "{tmp_path}"    # flag:--data-dir' in out
    assert "flag:--dir" not in out


def test_the_doctor_names_the_data_dir_flag_as_typed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path / "new"), "doctor"]) == 0
    assert "will be created (flag:--data-dir)" in capsys.readouterr().out


def test_a_flag_of_the_same_name_as_its_key_needs_no_name_given() -> None:
    config = load_config(env={}, flags={"server.port": 9000, "data.dir": "/srv/dice"}, flag_names={"data.dir": "-d"})
    assert config.origins["server"]["port"] == "flag:--port"
    assert config.origins["data"]["dir"] == "flag:-d"
