"""What an operator setting the box up for a game night is told: `doctor` and `config show` refuse what `serve`
refuses, the global options are taken after the command too, the start log says whether phones can connect (and
the health page too), says the camera once and keeps its jargon to DEBUG, the doctor's report is free of log lines,
and a body that is not JSON is said to be so, with where it stops being JSON."""

# ruff: noqa: F811  (pytest fixtures imported from other tests are parameters here)

from __future__ import annotations

import logging
import signal
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_cli_doctor import _no_companion_environment  # noqa: F401  (autouse fixture)
from test_web_api import assert_error
from test_web_fixtures import PLAYERS, app, client, service  # noqa: F401  (fixtures)

import companion.server
import companion.web.server
from companion.cli import main
from companion.cli.main import _parser
from companion.events.store import EventStore
from companion.service import Companion
from companion.web.server import listening, make_server

CLASHING = "[gpio.pins]\nstatus = 17\nseats = [17, 5]\n"
NO_GPIO = "[gpio.pins]\nstatus = 99\n"
PHONES = ["192.168.1.20", "10.0.0.7"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.parametrize(
    ("pins", "said"),
    [
        (CLASHING, "gpio.pins.seats[0] = 17 is already used by gpio.pins.status"),
        (NO_GPIO, "gpio.pins.status = 99 is not a usable GPIO"),
    ],
)
def test_doctor_and_config_show_refuse_the_pins_serve_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pins: str, said: str
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(pins)
    given = ["--config", str(config), "--data-dir", str(tmp_path / "data")]
    assert main([*given, "serve", "--port", str(free_port())]) == 2
    assert said in capsys.readouterr().err
    assert main([*given, "doctor"]) == 1  # the README: exits 1 when serve could not use the pins
    gpio = next(line for line in capsys.readouterr().out.splitlines() if "UNUSABLE" in line)
    assert said in gpio
    assert main([*given, "config", "show"]) == 2
    assert said in capsys.readouterr().err


def test_doctor_names_a_zones_file_serve_could_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[camera]\nzones = "{tmp_path / "no-zones.json"}"\n')
    assert main(["--config", str(config), "--data-dir", str(tmp_path), "doctor"]) == 1
    assert "UNUSABLE: camera.zones" in capsys.readouterr().out


def test_the_global_options_are_taken_after_the_command_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = _parser().parse_args(["serve", "--port", "8731", "--data-dir", str(tmp_path)])
    assert (args.data_dir, args.port) == (str(tmp_path), 8731)
    before = _parser().parse_args(["--data-dir", str(tmp_path), "--config", "c.toml", "serve"])
    assert before.data_dir == str(tmp_path) and str(before.config) == "c.toml"  # not undone by the command's
    assert main(["config", "show", "--data-dir", str(tmp_path)]) == 0
    assert f'data.dir = "{tmp_path}"    # flag:--data-dir' in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    helped = capsys.readouterr().out
    assert "--data-dir" in helped and "--config" in helped


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """`serve` run in this process, its server stopped as soon as it would wait for requests; the log captured
    from INFO, and the machine's network addresses are PHONES."""
    real = companion.server.make_server

    def made(*args: Any, **kwargs: Any) -> Any:
        server = real(*args, **kwargs)
        monkeypatch.setattr(server, "run", server.close)  # as a stop signal would
        return server

    monkeypatch.setattr(companion.server, "make_server", made)
    monkeypatch.setattr(signal, "signal", lambda *args: None)
    monkeypatch.setattr(companion.web.server, "lan_addresses", lambda: list(PHONES))
    with caplog.at_level(logging.INFO):
        yield


def serve_lines(caplog: pytest.LogCaptureFixture, tmp_path: Path, *flags: str) -> list[str]:
    """The start log of `companion serve` (with `served`), its port written PORT."""
    port = free_port()
    assert main(["serve", "--data-dir", str(tmp_path), "--port", str(port), *flags]) == 0
    return [r.getMessage().replace(str(port), "PORT") for r in caplog.records if r.levelno >= logging.INFO]


def test_serving_on_a_loopback_address_says_phones_cannot_connect_and_what_lets_them(
    served: None, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    lines = serve_lines(caplog, tmp_path)
    said = [line for line in lines if "phones" in line]
    assert len(said) == 1
    assert "cannot reach 127.0.0.1" in said[0] and "server.host" in said[0] and "--host 0.0.0.0" in said[0]


def test_serving_on_every_address_names_the_addresses_phones_can_open(
    served: None, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    lines = serve_lines(caplog, tmp_path, "--host", "0.0.0.0")
    said = [line for line in lines if "phones" in line]
    assert said == ["phones and the tablet can open http://192.168.1.20:PORT/ or http://10.0.0.7:PORT/"]


def test_the_start_log_says_the_camera_once_and_no_malloc_jargon(
    served: None, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    lines = serve_lines(caplog, tmp_path)
    camera = [line for line in lines if line.startswith("camera: using")]
    assert len(camera) == 1 and "replaying the bundled synthetic demo frames" in camera[0]
    assert not [line for line in lines if "malloc" in line]


def test_the_machines_own_addresses_leave_out_loopback() -> None:
    addresses = companion.web.server.lan_addresses()
    assert all(not address.startswith("127.") for address in addresses)
    assert all(len(address.split(".")) == 4 for address in addresses)
    assert listening("localhost", 1).is_loopback and listening("::1", 1).is_loopback
    assert listening("::", 1).is_every_address and not listening("192.168.1.20", 1).is_loopback


@pytest.mark.parametrize(
    ("host", "shown"),
    [("127.0.0.1", "--host 0.0.0.0"), ("0.0.0.0", 'href="http://192.168.1.20:')],
)
def test_the_health_page_says_who_can_open_the_dashboard(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, host: str, shown: str
) -> None:
    monkeypatch.setattr(companion.web.server, "lan_addresses", lambda: list(PHONES))
    server = make_server(app, host, 0)
    try:
        page = client.get("/health?lang=en").get_data(as_text=True)
    finally:
        server.close()
    row = page[page.index('data-key="reach"') :]
    assert shown in row[: row.index("</dd>")]


def test_the_doctor_says_games_stored_and_logs_nothing_in_its_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    with Companion(EventStore(tmp_path / "events.db")) as stored:
        stored.create_game("free_dice", PLAYERS)
        stored.create_game("free_dice", PLAYERS)
    caplog.clear()
    with caplog.at_level(logging.INFO):
        assert main(["--data-dir", str(tmp_path), "doctor", "--open"]) == 0
    out = capsys.readouterr().out
    assert "why: 2 games stored" in out
    assert "gpio             mock (gpiozero MockFactory" in out
    assert [f"{r.name}: {r.getMessage()}" for r in caplog.records] == []


def test_a_body_that_is_not_json_is_said_to_be_so_and_where(client: FlaskClient) -> None:
    body = '{"kind": "free_dice", "players": ['
    error = assert_error(client.post("/api/games", data=body, content_type="application/json"), 400, "malformed")
    assert "not valid JSON" in error["message"] and "line 1, column 35" in error["message"]
    assert error["details"] == {"field": "body", "line": 1, "column": 35, "position": 34}
    listed = client.post("/api/games", data="[1, 2]", content_type="application/json")
    assert "must be a JSON object, got a list" in assert_error(listed, 400, "malformed")["message"]
