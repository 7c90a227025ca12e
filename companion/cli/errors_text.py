"""Errors said to the person at the command line: as sentences about what was wrong, without the exception's
class or errno, which mean nothing to a player."""

from __future__ import annotations

import errno
from pathlib import Path

from companion.events.store import StoreUnreadable

PLAIN_ERRNO = {
    errno.ENOENT: "does not exist",
    errno.EACCES: "cannot be opened: permission denied",
    errno.EISDIR: "is a folder, not a file",
    errno.ENOTDIR: "cannot be reached: part of its path is a file, not a folder",
}
"""What the commonest file errors mean, said of the file; others are said in the system's words."""


def os_error_text(exc: OSError) -> str:
    """A file error as a sentence about the file (`game.jsonl does not exist`), without the exception's class or
    errno, which mean nothing to a player; an error raised with a message of its own is that message."""
    if not exc.strerror:
        return str(exc)
    if exc.filename is None:
        return exc.strerror
    name = str(exc.filename) if exc.filename2 is None else f"{exc.filename} -> {exc.filename2}"
    meaning = PLAIN_ERRNO.get(exc.errno) if exc.errno is not None else None
    return f"{name} {meaning}" if meaning else f"{name}: {exc.strerror.lower()}"


def value_error_text(exc: ValueError) -> str:
    """A value refused deep in a command (a malformed file the command read, a number out of range) as its own
    message; the class name only when the error carries no message at all."""
    return str(exc) or f"{type(exc).__name__} (no details given)"


def unreadable_store_text(exc: StoreUnreadable) -> str:
    """A store that cannot be read, on one line: what is wrong with which file, that nothing was changed, and the
    commands that set it aside. SQLite's -wal and -shm files belong to the store: left behind, they would be read as
    part of the next events.db, so they go with it, under the same names (still one store to look into). The
    folder is new, so nothing already set aside is overwritten. (`companion export` reads the same store: no help.)"""
    path = exc.path
    files = [one for one in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if one == path or one.exists()]
    aside = path.parent / "unreadable-store"
    return (
        f"{exc}. Nothing was changed, and restarting will not help: set it aside (mkdir {aside} && mv "
        f"{' '.join(map(str, files))} {aside}/) and start again with an empty store, or put a copy of it from before "
        "in its place"
    )
