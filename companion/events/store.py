"""The append-only event log of every game, in SQLite (WAL, synchronous=FULL: an acknowledged event survives
power loss). No event is ever updated or deleted: undo, redo and corrections are events too. Beside the log, a
summary of each game (whether it has ended) is kept for the list of games, and rewritten as the game goes on."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from companion.errors import GameNotFound, StoreError

log = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS summaries (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    seq INTEGER NOT NULL,
    is_over INTEGER NOT NULL
);
"""
# `summaries` is not the log: it caches what the list of games shows of a game's state (whether it has ended),
# as of one event, so that the list need not rebuild every game from its log. It holds only while `seq` is the
# game's last event; a store written before it existed has none, and says nothing until the game is opened.

_COLUMNS = {
    "games": ("id", "kind", "created_at"),
    "events": ("game_id", "seq", "type", "payload", "created_at"),
    "settings": ("name", "value"),
    "summaries": ("game_id", "seq", "is_over"),
}
"""The columns this version reads and writes in each table of the schema. A table that is missing is created (a
store from before `summaries`); one lacking a column is another program's file or another layout, refused at open
rather than found out in the middle of a game."""

_UNREADABLE = {sqlite3.SQLITE_NOTADB: "it is not an SQLite database", sqlite3.SQLITE_CORRUPT: "it is damaged"}
"""SQLite's (primary) result codes that say the file itself is unreadable, whatever the time: waiting or restarting
cannot help, unlike a locked database, a full disk or an I/O error."""


_FAILURE_KINDS = {
    sqlite3.SQLITE_READONLY: "read_only",
    sqlite3.SQLITE_PERM: "read_only",
    sqlite3.SQLITE_CANTOPEN: "read_only",
    sqlite3.SQLITE_FULL: "full",
}
"""What a write refused by SQLite says of the store, shortly, by SQLite's (primary) result code: its files cannot
be written (read-only: a file, its -wal or -shm, or its folder), or the disk is full; any other code is "other"."""

FREE_BYTES_NEEDED = 1 << 20
"""Below this much free space on its disk, the store is said to be full before a write tries (see `unwritable`):
one move is a few pages of SQLite's write-ahead log, but a disk this full refuses the next ones soon."""


class StoreLost(StoreError):
    """The file at the store's path is no longer the store's open database (deleted with its data folder, or
    another file put in its place): a write would go to a file nobody can open again, so none is acknowledged."""

    code = "store_lost"


class StoreUnreadable(StoreError):
    """The file at the store's path cannot be read as this store: not a database, damaged, or holding tables this
    version cannot use. Nothing was written to it; the host has to move it aside (or restore a copy)."""

    code = "store_unreadable"

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"the event store {path} cannot be read: {why}", path=str(path))
        self.path = path


def _open_error(path: Path, exc: sqlite3.Error) -> StoreError:
    """SQLite's refusal to open the store: StoreUnreadable for a file that is no database or is damaged, a plain
    StoreError for what may pass (locked by another process, a disk not there for a moment)."""
    code = getattr(exc, "sqlite_errorcode", None)
    why = _UNREADABLE.get(code & 0xFF) if isinstance(code, int) else None
    if why is not None:
        return StoreUnreadable(path, f"{why} ({exc})")
    return StoreError(f"cannot open the event store at {path}: {exc}")


def _failure_kind(exc: sqlite3.Error) -> str:
    """ "read_only", "full" or "other": what SQLite's refusal of a write says of the store (see _FAILURE_KINDS)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return _FAILURE_KINDS.get(code & 0xFF, "other") if isinstance(code, int) else "other"


def _identity(path: Path) -> tuple[int, int] | None:
    """The device and inode of the file at `path` (None for an in-memory store): which file the store opened."""
    if str(path) == ":memory:":
        return None
    found = os.stat(path)
    return found.st_dev, found.st_ino


def unwritable(path: Path) -> str:
    """Why the store at `path` could not be written, found without writing ("" when nothing says so): its folder,
    the database or its -wal or -shm file not writable by this user, or the disk full. For `companion doctor`; the
    service itself tries a write at start (EventStore.check_writable), which also finds what this cannot."""
    folder = path.parent
    if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
        return f"its folder {folder} cannot be written by this user"
    for one in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if one.exists() and not os.access(one, os.W_OK):
            return f"{one} cannot be written by this user"
    if not folder.is_dir():
        return ""
    disk = os.statvfs(folder)
    free = (disk.f_bfree if os.geteuid() == 0 else disk.f_bavail) * disk.f_frsize
    if free < FREE_BYTES_NEEDED:
        return f"the disk holding {folder} is full ({free // 1024} kB free)"
    return ""


def _probe(path: Path) -> None:
    """Read an existing store's schema through a read-only connection, so that a file SQLite cannot read, or whose
    tables this version cannot use, is refused before anything could write to it: the last connection that may
    write checkpoints the -wal file into the database and removes it on closing, even a file it found unreadable."""
    if str(path) == ":memory:" or not path.exists():
        return
    db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    try:
        _check_tables(db, path)
        _check_pages(db, path)
    finally:
        db.close()


def _check_pages(db: sqlite3.Connection, path: Path) -> None:
    """Refuse (StoreUnreadable) a store damaged inside, its schema whole (an SD card's sectors gone bad, a copy taken
    half-written): SQLite's quick_check reads every page once (a cost that grows with the store's size), so
    the service stops at start with the file named rather than answering every page with an internal error."""
    found = [str(row[0]) for row in db.execute("PRAGMA quick_check(3)")]
    if found != ["ok"]:
        raise StoreUnreadable(path, f"it is damaged (SQLite's check: {'; '.join(found)})")


def _prepare(db: sqlite3.Connection) -> None:
    """Set the store's journal and create the tables it does not have yet."""
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    db.executescript(_SCHEMA)


def _check_tables(db: sqlite3.Connection, path: Path) -> None:
    """Refuse (StoreUnreadable) a store whose existing tables lack columns this version uses; reading the schema
    also makes SQLite refuse a file that is not a database or is damaged, before anything is written to it."""
    lacking = []
    for table, columns in _COLUMNS.items():
        found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        missing = [name for name in columns if name not in found]
        if found and missing:
            lacking.append(f"{table} has no {', '.join(missing)}")
    if lacking:
        raise StoreUnreadable(path, f"its tables are not the ones this version uses ({'; '.join(lacking)})")


class GameRow(NamedTuple):
    """One game of the store, as the list of games to resume shows it."""

    game_id: str
    kind: str
    created_at: float
    events: int
    last_played_at: float
    players: tuple[str, ...]
    is_over: bool | None
    """Whether the game has ended, as its summary says; None when no summary holds for its last event."""


def _names(start: str | None) -> tuple[str, ...]:
    """The players' names in a game's first event (none when it holds no list of players)."""
    try:
        players = json.loads(start or "{}").get("players")
        return tuple(str(p.get("name", "")) for p in players) if isinstance(players, list) else ()
    except (ValueError, AttributeError):
        return ()


@dataclass(frozen=True)
class StoredEvent:
    """One event of a game's log as it was acknowledged."""

    game_id: str
    seq: int
    type: str
    payload: dict[str, Any]
    created_at: float

    def to_dict(self) -> dict[str, Any]:
        """JSON form (also one line of an exported log)."""
        return {
            "game_id": self.game_id,
            "seq": self.seq,
            "type": self.type,
            "payload": self.payload,
            "created_at": self.created_at,
        }


class EventStore:
    """SQLite-backed event log shared by the service's threads."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path) if str(path) != ":memory:" else Path(":memory:")
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.path.exists():
                # Said, not silent: after a data folder deleted under a running service, this is where every game
                # it held is found gone.
                log.info("event store %s: none there, a new empty one is made", self.path)
        try:
            _probe(self.path)
            db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            try:
                _prepare(db)
                # Absolute: a relative path stat'ed later would follow the process's current folder.
                self._file = self.path if str(path) == ":memory:" else self.path.absolute()
                self._identity = _identity(self._file)
            except BaseException:
                db.close()  # a store refused is not left open
                raise
        except sqlite3.Error as exc:
            raise _open_error(self.path, exc) from exc
        self._db: sqlite3.Connection | None = db
        self._lock = threading.RLock()
        self.last_write_at: float | None = None
        self.write_failure: str | None = None
        """Why the latest write failed (a full disk, a file made read-only), None once a write succeeds again; for
        a store lost (StoreLost), why, for good: no write succeeds again on this file."""
        self.failure_kind: str | None = None
        """What write_failure says, shortly: "lost", "read_only", "full" or "other" (None while writes succeed)."""
        self._lost: str | None = None
        """Why the store's file is no longer the one at its path (see `_check_still_there`), once found."""

    @contextmanager
    def _transaction(self, failed: str = "write failed, nothing of it kept") -> Iterator[sqlite3.Connection]:
        """One write transaction; SQLite's own failures (a full disk, an I/O error) become a StoreError naming the
        store, with nothing of the transaction kept. A constraint failure is left to the caller, who knows what
        it means (a game moved on, an id taken). Before it commits, the file at the store's path must still be
        the one it writes to (see `_check_still_there`): else StoreLost, and nothing is kept either."""
        db = self._connection()
        with self._lock:
            if self._lost is not None:  # a new error each time: one raised again keeps every traceback before
                raise StoreLost(self._lost, path=str(self.path))
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                    self._check_still_there()
                    db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:  # SQLite may have rolled back by itself (a full disk does)
                        db.execute("ROLLBACK")
                    raise
            except sqlite3.IntegrityError:
                raise
            except sqlite3.Error as exc:
                self._failed(f"{exc} ({self.path})", _failure_kind(exc), failed)
                raise StoreError(
                    f"the event store at {self.path} could not be written ({exc}); nothing was kept"
                ) from exc
            self.last_write_at = time.time()
            if self.write_failure is not None:
                log.info("event store %s: written again (it had failed: %s)", self.path, self.write_failure)
            self.write_failure = self.failure_kind = None

    def _failed(self, why: str, kind: str, failed: str) -> None:
        """Keep why writes fail; logged (as `failed`) once for one reason (a camera retrying every second on a full
        disk wrote the same line again and again), and again when the reason changes."""
        if why != self.write_failure:
            log.error("event store %s: %s: %s", self.path, failed, why)
        self.write_failure, self.failure_kind = why, kind

    def _check_still_there(self) -> None:
        """Refuse (StoreLost, for good) a write to a store whose file is no longer the one at its path: its data
        folder deleted (`rm -rf`) or the file replaced while the service ran. SQLite would write on into the open,
        unlinked file and every move would be acknowledged, then lost at the next start. One stat per write."""
        if self._identity is None:
            return
        try:
            found: tuple[int, int] | None = _identity(self._file)
        except (FileNotFoundError, NotADirectoryError):
            found = None
        if found == self._identity:
            return
        what = "it was deleted (its data folder removed?)" if found is None else "another file took its place"
        self._lost = (
            f"the event store {self.path} is no longer the file at its path: {what}; nothing more is written, so "
            "that no move is acknowledged and then lost; stop the service, put the data folder back (or restore a "
            "copy) and start it again"
        )
        self.write_failure, self.failure_kind = self._lost, "lost"
        log.error("%s", self._lost)
        raise StoreLost(self._lost, path=str(self.path))

    def check_writable(self) -> str | None:
        """Write a row and take it back, so that a store that cannot be written (a read-only file, its -wal or -shm,
        a full disk) is said when the service starts, not at the table's first move; why it cannot (also kept in
        write_failure and logged), or None. Nothing is left of the row; `last_write_at` stays the last move's."""
        last = self.last_write_at
        said = "cannot be written: every move is refused (none acknowledged) until it can be; its games can be read"
        try:
            with self._transaction(failed=said) as db:
                db.execute("INSERT OR REPLACE INTO settings VALUES ('write_check', '')")
                db.execute("DELETE FROM settings WHERE name = 'write_check'")
        except StoreError:
            pass  # said by _failed, kept in write_failure
        self.last_write_at = last
        return self.write_failure

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError("the event store is closed")
        return self._db

    def create_game(self, kind: str, first_event: dict[str, Any], game_id: str | None = None) -> StoredEvent:
        """Create a game and write its first event in one transaction."""
        game_id = game_id or uuid.uuid4().hex[:12]
        now = time.time()
        try:
            with self._transaction() as db:
                db.execute("INSERT INTO games (id, kind, created_at) VALUES (?, ?, ?)", (game_id, kind, now))
                db.execute(
                    "INSERT INTO events VALUES (?, 1, 'game_started', ?, ?)",
                    (game_id, json.dumps(first_event, sort_keys=True), now),
                )
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"a game with id {game_id!r} exists already") from exc
        return StoredEvent(game_id, 1, "game_started", first_event, now)

    def append(self, game_id: str, type_: str, payload: dict[str, Any], expected_seq: int) -> StoredEvent:
        """Append one event as number expected_seq; refuses if another event took that place first."""
        now = time.time()
        text = json.dumps(payload, sort_keys=True)
        with self._transaction() as db:
            row = db.execute("SELECT MAX(seq) FROM events WHERE game_id = ?", (game_id,)).fetchone()
            if row[0] is None:
                raise GameNotFound(f"no game {game_id!r}")
            if row[0] + 1 != expected_seq:
                raise StoreError(f"game {game_id} moved on (event {row[0]} exists, expected {expected_seq - 1})")
            db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?)", (game_id, expected_seq, type_, text, now))
        return StoredEvent(game_id, expected_seq, type_, payload, now)

    def events(self, game_id: str, after: int = 0) -> list[StoredEvent]:
        """Events of one game with seq > after, in order."""
        with self._lock:
            rows = (
                self._connection()
                .execute(
                    "SELECT seq, type, payload, created_at FROM events WHERE game_id = ? AND seq > ? ORDER BY seq",
                    (game_id, after),
                )
                .fetchall()
            )
        return [StoredEvent(game_id, seq, t, json.loads(p), c) for seq, t, p, c in rows]

    def games(self) -> list[GameRow]:
        """Every game, the one played last first (the game a table comes back to is the one it left): its id, kind,
        when it started and was last played, its number of events, its players' names (from its first event) and
        whether it has ended (from its summary, never by rebuilding it)."""
        with self._lock:
            rows = (
                self._connection()
                .execute(
                    "SELECT g.id, g.kind, g.created_at, COUNT(e.seq), MAX(e.created_at), "
                    "(SELECT payload FROM events WHERE game_id = g.id AND seq = 1), "
                    "CASE WHEN s.seq = MAX(e.seq) THEN s.is_over END "
                    "FROM games g JOIN events e ON e.game_id = g.id LEFT JOIN summaries s ON s.game_id = g.id "
                    "GROUP BY g.id ORDER BY MAX(e.created_at) DESC, g.created_at DESC"
                )
                .fetchall()
            )
        return [
            GameRow(gid, kind, created, count, last, _names(start), None if over is None else bool(over))
            for gid, kind, created, count, last, start, over in rows
        ]

    def set_summary(self, game_id: str, seq: int, is_over: bool) -> None:
        """Note whether a game has ended after its event `seq` (see `summaries` in the schema); the same summary
        again writes nothing."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO summaries VALUES (?, ?, ?) ON CONFLICT (game_id) DO UPDATE "
                "SET seq = excluded.seq, is_over = excluded.is_over "
                "WHERE seq != excluded.seq OR is_over != excluded.is_over",
                (game_id, seq, int(is_over)),
            )

    def has_game(self, game_id: str) -> bool:
        """True if the game exists."""
        with self._lock:
            row = self._connection().execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
        return row is not None

    def get_setting(self, name: str) -> str | None:
        """A small persisted setting (e.g. the active game)."""
        with self._lock:
            row = self._connection().execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def set_setting(self, name: str, value: str) -> None:
        """Persist a small setting."""
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (name, value))

    def close(self) -> None:
        """Close the database; safe to call twice."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
