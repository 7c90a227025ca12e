"""`companion serve` where the dashboard cannot listen (a port another program holds): one line naming the address,
the settings that chose it and what to do, exit 1 (systemd tries again: the other program may go), and the service
closed before leaving. It said "Address already in use" alone, and half the time the camera's thread, left running
in OpenCV as Python ended, aborted the process (SIGABRT, "terminate called without an active exception")."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import load_config
from companion.server import _cannot_listen

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port of 127.0.0.1 another program listens on."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def test_serve_on_a_port_in_use_exits_1_naming_the_address_and_closes_its_camera(
    tmp_path: Path, taken_port: int
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")}
    for _ in range(3):  # the abort came one run in two
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "companion",
                "--data-dir",
                str(tmp_path / "data"),
                "serve",
                "--port",
                str(taken_port),
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 1, done.stderr[-2000:]
        assert f"the dashboard cannot listen on 127.0.0.1:{taken_port}" in done.stderr, done.stderr[-2000:]
        assert "choose another port (--port)" in done.stderr and "terminate called" not in done.stderr


def test_an_address_of_no_interface_is_said_so() -> None:
    config = load_config(None, env={})
    said = _cannot_listen(config, "192.0.2.7", 8321, OSError(99, "Cannot assign requested address"))
    assert said.startswith("the dashboard cannot listen on 192.0.2.7:8321 (server.host from default, server.port")
    assert "none of this machine's: use 0.0.0.0" in said
