"""One service per data directory (companion.events.owner): a second one is refused naming the first."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.cli import main
from companion.events.owner import DataDirInUse, owning


def test_a_second_service_on_the_same_data_directory_is_refused_naming_the_first(tmp_path: Path) -> None:
    with owning(tmp_path):
        refused = rf"\(pid {os.getpid()}\) already serves the games in {tmp_path}"
        with pytest.raises(DataDirInUse, match=refused), owning(tmp_path):
            pass
        with owning(tmp_path.parent):
            pass  # another directory is free
    with owning(tmp_path):  # released when the first one stopped
        pass


def test_serve_exits_1_with_the_reason_while_another_holds_the_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with owning(tmp_path):
        assert main(["--data-dir", str(tmp_path), "serve", "--port", "8399"]) == 1
    assert "already serves the games in" in capsys.readouterr().err
