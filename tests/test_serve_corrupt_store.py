"""`companion serve` on an event store it cannot read: a file that is not a database, a damaged one, or tables of
another layout stop it with an exit status systemd does not restart (deploy/companion.service), one line naming the
file and how to set it aside, and the file left exactly as it was. A store that is only locked stays a failure
that systemd restarts."""

from __future__ import annotations

import configparser
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.cli.main import EXIT_BAD_CONFIG
from companion.errors import StoreError
from companion.events.store import EventStore

UNIT = Path(__file__).resolve().parents[1] / "deploy" / "companion.service"
EXIT_BAD_STORE = 3
"""companion.cli.main.EXIT_BAD_STORE, spelled out: the number the unit file and the host see."""


@pytest.fixture
def serve_args(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """`companion serve` on tmp_path/data with a configuration of its own (no camera, no GPIO); should it get past
    the store, it stops at the web server instead of serving for ever."""

    def no_server(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("serve got past the event store and was about to serve")

    monkeypatch.setattr("companion.server.make_server", no_server)
    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "off"\n\n[gpio]\nfactory = "off"\n')
    (tmp_path / "data").mkdir()
    yield ["--config", str(config), "--data-dir", str(tmp_path / "data"), "serve", "--port", "8417"]


def _error_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line.strip()]


def _damaged(path: Path) -> None:
    """A real SQLite file whose first page (the schema) is overwritten: SQLite says "malformed"."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (id TEXT PRIMARY KEY, kind TEXT NOT NULL, created_at REAL NOT NULL)")
    db.close()
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)
    path.write_bytes(bytes(data))


def test_a_file_that_is_not_a_database_stops_serve_with_exit_3_naming_it_and_how_to_set_it_aside(
    serve_args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "data" / "events.db"
    store.write_bytes(b"not a database")
    assert main(serve_args) == EXIT_BAD_STORE
    lines = _error_lines(capsys)
    assert len(lines) == 1, lines
    assert f"the event store {store} cannot be read: it is not an SQLite database" in lines[0]
    assert "restarting will not help" in lines[0]
    assert f"mkdir {store.parent / 'unreadable-store'} && mv {store} {store.parent / 'unreadable-store'}/" in lines[0]
    assert store.read_bytes() == b"not a database"  # nothing deleted or written over
    assert not (store.parent / "unreadable-store").exists()  # said, not done


def test_a_damaged_database_stops_serve_with_exit_3_and_is_left_as_it_was(
    serve_args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "data" / "events.db"
    _damaged(store)
    before = store.read_bytes()
    assert main(serve_args) == EXIT_BAD_STORE
    lines = _error_lines(capsys)
    assert len(lines) == 1, lines
    assert f"the event store {store} cannot be read: it is damaged (database disk image is malformed)" in lines[0]
    assert store.read_bytes() == before


def test_tables_of_another_layout_stop_serve_with_exit_3_naming_what_is_missing_and_nothing_is_added(
    serve_args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "data" / "events.db"
    with sqlite3.connect(store) as db:  # another program's events.db: an `events` table, but not this one
        db.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT)")
        db.execute("INSERT INTO events (what) VALUES ('kept')")
    db.close()
    before = store.read_bytes()
    assert main(serve_args) == EXIT_BAD_STORE
    lines = _error_lines(capsys)
    assert len(lines) == 1, lines
    assert "its tables are not the ones this version uses (events has no game_id, seq, type, payload" in lines[0]
    assert store.read_bytes() == before  # no table added, not even switched to WAL


def test_the_wal_and_shm_files_are_named_to_be_set_aside_with_the_store(
    serve_args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "data" / "events.db"
    store.write_bytes(b"not a database")
    Path(f"{store}-wal").write_bytes(b"left over")
    assert main(serve_args) == EXIT_BAD_STORE
    (line,) = _error_lines(capsys)
    # SQLite keeps its -shm beside a -wal it finds (made by the read-only look): all three go aside together.
    assert f"mv {store} {store}-wal {store}-shm {store.parent / 'unreadable-store'}/" in line
    assert Path(f"{store}-wal").read_bytes() == b"left over"  # a store's -wal: not removed, not checkpointed


def test_a_locked_store_keeps_the_status_systemd_restarts(
    serve_args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "data" / "events.db"
    holder = sqlite3.connect(store, isolation_level=None)
    holder.execute("CREATE TABLE other (x)")
    holder.execute("BEGIN EXCLUSIVE")  # another process in the middle of a write: the store is busy, not broken
    real_connect = sqlite3.connect
    # Refused at once rather than after SQLite's five-second wait for the lock.
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: real_connect(*a, **{**k, "timeout": 0}))
    try:
        assert main(serve_args) == 1
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    (line,) = _error_lines(capsys)
    assert "database is locked" in line and "unreadable-store" not in line


def test_serve_in_its_own_process_exits_3_with_one_line(tmp_path: Path) -> None:
    store = tmp_path / "events.db"
    store.write_bytes(b"not a database")
    env = {
        **os.environ,
        "COMPANION_CONFIG": str(tmp_path / "none.toml"),
        "COMPANION_DATA__DIR": str(tmp_path),
        "COMPANION_CAMERA__SOURCE": "off",
        "COMPANION_GPIO__FACTORY": "off",
    }
    (tmp_path / "none.toml").write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "companion", "serve", "--port", "8418"], env=env, capture_output=True, text=True
    )
    assert done.returncode == EXIT_BAD_STORE, done.stderr
    assert done.stderr.count("\n") == 1 and f"{store} cannot be read" in done.stderr
    assert store.read_bytes() == b"not a database"


def test_the_unit_does_not_restart_an_unreadable_store_nor_a_bad_configuration() -> None:
    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    unit.read_string(UNIT.read_text())
    service = unit["Service"]
    assert service["ExecStart"].endswith("companion serve")
    assert service["Restart"] == "on-failure"
    kept = service["RestartPreventExitStatus"].split()
    assert str(EXIT_BAD_STORE) in kept and str(EXIT_BAD_CONFIG) in kept
    assert "1" not in kept  # a locked or briefly unreachable store is restarted


def test_an_unreadable_store_is_a_store_error_and_a_store_from_before_summaries_still_opens(tmp_path: Path) -> None:
    from companion.cli.main import EXIT_BAD_STORE as said
    from companion.events.store import StoreUnreadable

    assert said == EXIT_BAD_STORE
    path = tmp_path / "events.db"
    path.write_bytes(b"\x00" * 4096)  # zeros: not an SQLite header
    with pytest.raises(StoreUnreadable) as refused:
        EventStore(path)
    assert isinstance(refused.value, StoreError) and isinstance(refused.value, OSError)
    assert refused.value.path == path
    older = tmp_path / "older.db"
    with sqlite3.connect(older) as db:  # the layout before `summaries` existed
        db.execute("CREATE TABLE games (id TEXT PRIMARY KEY, kind TEXT NOT NULL, created_at REAL NOT NULL)")
        db.execute("CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.close()
    with EventStore(older) as store:
        assert store.games() == [] and store.get_setting("active_game") is None


def test_a_store_damaged_inside_its_schema_whole_stops_serve_with_exit_3(
    serve_args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A host's tester: pages in the middle of a store with games overwritten (a bad SD card, a copy taken without
    # its -wal) passed the opening; serve then stopped on a traceback (exit 1, restarted for ever), or, with the
    # camera off, served every page as an internal error.
    store = tmp_path / "data" / "events.db"
    EventStore(store).close()  # this version's tables
    with sqlite3.connect(store) as db:
        db.execute("INSERT OR IGNORE INTO games VALUES ('g2', 'free_dice', 0)")
        rows = [("g2", seq, "move", "x" * 900, 0.0) for seq in range(1, 200)]
        db.executemany("INSERT INTO events (game_id, seq, type, payload, created_at) VALUES (?, ?, ?, ?, ?)", rows)
    db.close()
    data = bytearray(store.read_bytes())
    assert len(data) > 16 * 4096
    data[8 * 4096 : 10 * 4096] = b"\xab" * (2 * 4096)  # the schema (page 1) left whole
    store.write_bytes(bytes(data))
    assert main(serve_args) == EXIT_BAD_STORE
    lines = _error_lines(capsys)
    assert len(lines) == 1, lines
    assert f"the event store {store} cannot be read: it is damaged (" in lines[0]
    assert store.read_bytes() == bytes(data)
