"""The frames of the last camera rolls, kept on disk so that a roll corrected after a restart still has its picture.

One JPEG file per roll, in the examples folder's frames/, written once when the roll is played. A file is named by a
hash of the roll's frame id: the id is the camera's, but it comes back from the event log, where it could be any
text, and a hash is always one plain name inside the folder. Each file is written atomically (see vision/storage.py),
so after a power cut a frame is there whole or not at all; the temporary file such a cut may leave is never read (no
frame is named like one) and is removed on start.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
from collections import OrderedDict
from pathlib import Path

from vision.storage import write_bytes_atomically

log = logging.getLogger(__name__)

FRAMES = "frames"
"""The folder, in the examples folder, where the last camera rolls' frames are kept."""
_FRAME_FILE = re.compile(r"[0-9a-f]{32}\.jpg")


def file_name(frame_id: str) -> str:
    """The name of the file a roll's frame is kept in, whatever its frame id holds (slashes, dots, any character)."""
    return hashlib.sha256(frame_id.encode("utf-8", "surrogatepass")).hexdigest()[:32] + ".jpg"


class RollFrames:
    """The JPEG frames of the last `kept` rolls, by frame id: in memory while this process runs and on disk for the
    next one, the oldest forgotten first (on disk, by the time each file was written)."""

    def __init__(self, folder: Path, kept: int) -> None:
        self.folder = folder
        self.kept = kept
        self._lock = threading.Lock()
        self._memory: OrderedDict[str, bytes] = OrderedDict()
        self._on_disk: OrderedDict[str, None] = OrderedDict()  # file names, the oldest first
        self._load()

    def _load(self) -> None:
        """Count the frames kept before a restart, oldest first, and remove what a power cut left half written."""
        found = []
        try:
            for path in self.folder.iterdir() if self.folder.is_dir() else ():
                if path.name.startswith(".") and path.name.endswith(".tmp"):
                    path.unlink(missing_ok=True)
                elif _FRAME_FILE.fullmatch(path.name) and path.is_file():
                    found.append((path.stat().st_mtime_ns, path.name))
        except OSError as exc:  # the frames are a help to corrections: the table plays on without them
            log.warning("the frames of the rolls before this start cannot be read: %s", exc)
        for _, name in sorted(found):
            self._on_disk[name] = None
        self._forget_oldest()

    def keep(self, frame_id: str, jpeg: bytes) -> None:
        """Keep a roll's frame (once: a frame already kept is not written again). Should the card refuse the file,
        the frame is still kept in memory, for a correction before the next restart."""
        name = file_name(frame_id)
        with self._lock:
            self._memory[frame_id] = jpeg
            self._memory.move_to_end(frame_id)
            while len(self._memory) > self.kept:
                self._memory.popitem(last=False)
            if name in self._on_disk:
                return
            try:
                write_bytes_atomically(self.folder / name, jpeg)
            except OSError as exc:
                log.warning("the frame of roll %s is not kept on disk: %s", frame_id, exc)
                return
            self._on_disk[name] = None
            self._forget_oldest()

    def get(self, frame_id: str) -> bytes | None:
        """A roll's frame as JPEG: from memory, else from disk (kept before a restart); None once forgotten."""
        name = file_name(frame_id)
        with self._lock:
            kept = self._memory.get(frame_id)
            if kept is not None or name not in self._on_disk:
                return kept
            try:
                return (self.folder / name).read_bytes()
            except OSError:
                return None

    def _forget_oldest(self) -> None:
        """Delete the oldest files past `kept` (a power cut before a delete leaves one more, deleted at next start).
        The caller holds the lock, or is the constructor."""
        while len(self._on_disk) > self.kept:
            name, _ = self._on_disk.popitem(last=False)
            (self.folder / name).unlink(missing_ok=True)
