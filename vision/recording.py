"""A recorded camera session on disk: numbered image files plus frames.jsonl of their time offsets.

Layout of a session folder:
    frames.jsonl   one JSON object per frame, in order: {"file": "frame_000000.jpg", "t": 0.0}
                   (t = seconds since the first frame); appended and flushed frame by frame, so a
                   session cut short by a crash is still readable up to its last complete line
    session.json   {"format": "dice-companion-recording", "version": 1, "description": ..., "frames": N}
                   written atomically when the recorder is closed (optional when reading)
    frame_*.jpg    the frames (or .png)
`replay:DIR` plays such a folder back at its recorded pace (vision.sources.ReplaySource).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

import cv2

from vision.errors import RecordingError, Said
from vision.storage import write_json_atomically

if TYPE_CHECKING:
    from vision.sources.frame import Frame, FrameSource

FORMAT_NAME = "dice-companion-recording"
FORMAT_VERSION = 1
INDEX_FILE = "frames.jsonl"
SESSION_FILE = "session.json"
IMAGE_FORMATS = ("jpg", "png")


def is_recording(directory: str | os.PathLike[str]) -> bool:
    """True when the folder holds a recorded session (not just a folder of images)."""
    return (Path(directory) / INDEX_FILE).is_file()


@dataclass(frozen=True)
class Recording:
    """A session read back from disk: its frame files and their offsets in seconds."""

    directory: Path
    files: tuple[Path, ...]
    offsets: tuple[float, ...]
    description: str = ""

    @property
    def frame_interval(self) -> float:
        """The typical time between two frames (median; 1/30 s for a single frame)."""
        gaps = [b - a for a, b in zip(self.offsets, self.offsets[1:], strict=False) if b > a]
        return statistics.median(gaps) if gaps else 1 / 30

    @property
    def duration(self) -> float:
        """Seconds from the first frame to the end of the last one."""
        return self.offsets[-1] + self.frame_interval

    @classmethod
    def load(cls, directory: str | os.PathLike[str]) -> Recording:
        """Read a session folder; RecordingError naming the line and field when it is malformed."""
        folder = Path(directory)
        try:
            lines = (folder / INDEX_FILE).read_text(encoding="utf-8").splitlines()
        except FileNotFoundError as exc:
            said: Said = ("vision.recording.not_a_recording", {"folder": str(folder), "index": INDEX_FILE})
            raise RecordingError(f"{folder} is not a recording: {INDEX_FILE} is missing", said=said) from exc
        files: list[Path] = []
        offsets: list[float] = []
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            file, offset = _parse_index_line(folder, number, line)
            if offsets and offset < offsets[-1]:
                said = ("vision.recording.time_goes_back", {**_where(folder, number), "t": offset})
                raise RecordingError(f"{folder / INDEX_FILE} line {number}: t={offset} goes back in time", said=said)
            files.append(file)
            offsets.append(offset)
        if not files:
            said = ("vision.recording.no_frames", {"folder": str(folder), "index": INDEX_FILE})
            raise RecordingError(f"{folder / INDEX_FILE} lists no frames", said=said)
        return cls(folder, tuple(files), tuple(offsets), _read_description(folder))


def _parse_index_line(folder: Path, number: int, line: str) -> tuple[Path, float]:
    """One line of frames.jsonl as (existing file, offset)."""
    where, said = f"{folder / INDEX_FILE} line {number}", _where(folder, number)
    try:
        entry = json.loads(line)
    except json.JSONDecodeError as exc:
        raise RecordingError(f"{where}: not JSON ({exc.msg})", said=("vision.recording.unreadable_line", said)) from exc
    if not isinstance(entry, dict):
        message = f"{where}: expected an object with 'file' and 't', got {line!r}"
        raise RecordingError(message, said=("vision.recording.unreadable_line", said))
    name, offset = entry.get("file"), entry.get("t")
    if not isinstance(name, str) or not name or Path(name).name != name:
        message = f"{where}: 'file' must be a plain file name in the folder, got {name!r}"
        raise RecordingError(message, said=("vision.recording.bad_file_name", {**said, "name": repr(name)}))
    if isinstance(offset, bool) or not isinstance(offset, int | float) or not offset >= 0:
        message = f"{where}: 't' must be a number of seconds >= 0, got {offset!r}"
        raise RecordingError(message, said=("vision.recording.bad_time", {**said, "value": repr(offset)}))
    if not (folder / name).is_file():
        raise RecordingError(
            f"{where}: frame file {name} is missing", said=("vision.recording.frame_missing", {**said, "name": name})
        )
    return folder / name, float(offset)


def _where(folder: Path, number: int) -> dict[str, Any]:
    """The parameters naming a line of a session's frames.jsonl, for a page to say which is wrong."""
    return {"folder": str(folder), "index": INDEX_FILE, "line": number}


def _read_description(folder: Path) -> str:
    """The description from session.json, or '' when absent or unreadable (it is optional)."""
    try:
        meta = json.loads((folder / SESSION_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    return str(meta.get("description", "")) if isinstance(meta, dict) else ""


class SessionRecorder:
    """Writes frames into a new session folder as they come; close() finishes session.json."""

    def __init__(
        self,
        directory: str | os.PathLike[str],
        *,
        image_format: str = "jpg",
        jpeg_quality: int = 92,
        description: str = "",
    ) -> None:
        if image_format not in IMAGE_FORMATS:
            raise ValueError(f"image_format: {image_format!r} is not one of {', '.join(IMAGE_FORMATS)}")
        if not 1 <= jpeg_quality <= 100:
            raise ValueError(f"jpeg_quality: {jpeg_quality} is outside 1..100")
        self.directory = Path(directory)
        if is_recording(self.directory):
            raise FileExistsError(f"{self.directory} already holds a recording; choose a new folder")
        self.directory.mkdir(parents=True, exist_ok=True)
        self.description = description
        self.frames_written = 0
        self._format = image_format
        self._params = [cv2.IMWRITE_JPEG_QUALITY, jpeg_quality] if image_format == "jpg" else []
        self._first: float | None = None
        self._index: IO[str] | None = open(self.directory / INDEX_FILE, "w", encoding="utf-8")  # noqa: SIM115

    def write(self, frame: Frame) -> None:
        """Append one frame (image file first, then its index line, so the index never names a missing file)."""
        if self._index is None:
            raise ValueError("write: the recorder is closed")
        if self._first is None:
            self._first = frame.timestamp
        name = f"frame_{self.frames_written:06d}.{self._format}"
        ok, data = cv2.imencode(f".{self._format}", frame.image, self._params)
        if not ok:
            raise ValueError(f"write: frame {frame.index} could not be encoded as {self._format}")
        data.tofile(str(self.directory / name))
        offset = round(max(0.0, frame.timestamp - self._first), 6)
        self._index.write(json.dumps({"file": name, "t": offset}) + "\n")
        self._index.flush()
        self.frames_written += 1

    def close(self) -> None:
        """Finish the session (writes session.json); safe to call twice."""
        index, self._index = self._index, None
        if index is None:
            return
        index.close()
        meta: dict[str, Any] = {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "description": self.description,
            "frames": self.frames_written,
        }
        write_json_atomically(self.directory / SESSION_FILE, meta)

    def __enter__(self) -> SessionRecorder:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def record(
    source: FrameSource,
    directory: str | os.PathLike[str],
    *,
    max_frames: int | None = None,
    seconds: float | None = None,
    clock: Any = time.monotonic,
    idle_sleep: float = 0.01,
    **recorder_options: Any,
) -> Recording:
    """Record `source` into a new folder until max_frames, `seconds` or the source's end; return it."""
    if max_frames is None and seconds is None:
        raise ValueError("record: give max_frames or seconds, otherwise it would never stop")
    recorder_options.setdefault("description", f"recording of {source.description}")
    deadline = None if seconds is None else clock() + seconds
    with SessionRecorder(directory, **recorder_options) as recorder:
        while max_frames is None or recorder.frames_written < max_frames:
            if deadline is not None and clock() >= deadline:
                break
            frame = source.read()
            if frame is not None:
                recorder.write(frame)
            elif source.status().state in ("ended", "closed"):
                break
            else:
                time.sleep(idle_sleep)  # a lost camera returns None at once; do not spin
    return Recording.load(directory)
