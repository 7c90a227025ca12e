"""One service per data directory: a second `companion serve` on the same games would read a log the first one
keeps writing, show a stale table and have every move refused. The first one holds an exclusive lock on a file
in the directory (the kernel releases it when the process ends, even killed or powered off mid-write); a second
one is refused at start, naming the directory and the process holding it.

The lock file goes with its directory: a data folder deleted (`rm -rf`) and made again under a running service is a
new folder with a new, free lock file. On Linux the first service also holds a name in the abstract socket
namespace made from the folder's path, which no file operation removes: a second one on that path is refused too.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import os
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.errors import CompanionError, ConfigError

LOCK_NAME = "serve.lock"


class DataDirInUse(CompanionError, OSError):
    """Another service already serves the games of this data directory."""

    code = "data_dir_in_use"


@contextmanager
def owning(data_dir: Path) -> Iterator[None]:
    """Hold the data directory for this process until the block ends; DataDirInUse when another process does,
    ConfigError (restarting cannot help) when this user may not open the lock file in it."""
    path = data_dir / LOCK_NAME
    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except PermissionError as exc:
        raise ConfigError(
            f"the data folder {data_dir} is not writable by this user: {path} cannot be opened ({exc.strerror}); "
            "give the folder to the user running the service, or choose another data.dir"
        ) from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(handle, 32, 0).decode("ascii", "replace").strip() or "unknown"
            raise DataDirInUse(
                f"another companion service (pid {holder}) already serves the games in {data_dir}; "
                "stop it first, or give this one its own --data-dir"
            ) from None
        with _path_name_held(data_dir):
            os.ftruncate(handle, 0)
            os.pwrite(handle, f"{os.getpid()}\n".encode("ascii"), 0)
            yield
    finally:
        os.close(handle)  # closing releases the lock


@contextmanager
def _path_name_held(data_dir: Path) -> Iterator[None]:
    """Hold the abstract socket name of the data folder's path (Linux; elsewhere the lock file alone says it);
    DataDirInUse when another process holds it: a service still running on a folder deleted and made again."""
    if not sys.platform.startswith("linux"):
        yield
        return
    digest = hashlib.sha256(str(data_dir.resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    held = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        try:
            held.bind(f"\0companion-serve-{digest}")
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                raise
            raise DataDirInUse(
                f"another companion service already serves the games in {data_dir}: its data folder was deleted "
                "and made again while it ran (its serve.lock went with it); stop that one first, or give this one "
                "its own --data-dir"
            ) from None
        yield
    finally:
        held.close()
