"""One service per data directory: a second `companion serve` on the same games would read a log the first one
keeps writing, show a stale table and have every move refused. The first one holds an exclusive lock on a file
in the directory (the kernel releases it when the process ends, even killed or powered off mid-write); a second
one is refused at start, naming the directory and the process holding it.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.errors import CompanionError

LOCK_NAME = "serve.lock"


class DataDirInUse(CompanionError, OSError):
    """Another service already serves the games of this data directory."""

    code = "data_dir_in_use"


@contextmanager
def owning(data_dir: Path) -> Iterator[None]:
    """Hold the data directory for this process until the block ends; DataDirInUse when another process does."""
    path = data_dir / LOCK_NAME
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(handle, 32, 0).decode("ascii", "replace").strip() or "unknown"
            raise DataDirInUse(
                f"another companion service (pid {holder}) already serves the games in {data_dir}; "
                "stop it first, or give this one its own --data-dir"
            ) from None
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(handle)  # closing releases the lock
