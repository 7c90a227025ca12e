"""Sources made of stills: a folder (as fast as asked, or paced), a replay (recorded or steady), synthetic scenes."""

from __future__ import annotations

import importlib
import logging
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from vision.errors import CameraError, UnreadableImageError
from vision.sources.base import Clock, Sleep, Summary
from vision.sources.sequence import Loader, SequenceSource, fitted, list_images, read_image_file

log = logging.getLogger(__name__)

Size = tuple[int, int] | None

KEPT_FROM_SCAN = 32
"""A folder of at most this many pictures keeps each as decoded when it is scanned, for its first showing: the
source caches that many (SequenceSource's cache_limit), so none is decoded twice; a larger one decodes each again
when it is shown, as it always does."""

NAMED_UNREADABLE = 3
"""How many of the pictures that cannot be read are named in a folder's description (the log names them all)."""


@dataclass
class PictureScan:
    """What opening a folder learnt of its pictures: those that decode, those that do not (with why, in English),
    and the decoded pictures kept for their first showing (see KEPT_FROM_SCAN)."""

    readable: list[Path] = field(default_factory=list)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)
    decoded: dict[Path, np.ndarray] = field(default_factory=dict)

    def loader(self) -> Loader:
        """Load a picture: the one decoded by the scan the first time (then forgotten here: the source caches it),
        else decoded from its file."""

        def load(path: Path) -> np.ndarray:
            image = self.decoded.pop(path, None)
            return read_image_file(path) if image is None else image

        return load


def scan_pictures(paths: Sequence[Path], size: Size = None) -> PictureScan:
    """Decode each picture once, when the folder is opened: which ones a camera made of them will show, and which
    it cannot (not an image, a truncated JPEG), said once rather than found again at every frame."""
    scan = PictureScan()
    keep = len(paths) <= KEPT_FROM_SCAN
    for path in paths:
        try:
            image = read_image_file(path)
        except UnreadableImageError as exc:
            scan.unreadable.append((path, str(exc)))
            continue
        scan.readable.append(path)
        if keep:
            scan.decoded[path] = fitted(image, size) if size is not None else image
    return scan


def _folder_said(folder: Path, scan: PictureScan) -> tuple[str, Summary]:
    """A folder camera told in English (the log) and as a name and its figures (the health page): the pictures it
    shows, and how many cannot be read, naming the first of them."""
    shown = len(scan.readable)
    if not scan.unreadable:
        return f"folder of {shown} images in {folder}", ("folder", {"n": shown, "folder": str(folder)})
    description = f"folder of {shown} image{'' if shown == 1 else 's'} in {folder} ({_unreadable_named(scan)})"
    return description, ("folder_unreadable", {"n": shown, "folder": str(folder), "unreadable": _unreadable_said(scan)})


def _unreadable_names(scan: PictureScan) -> str:
    """The first NAMED_UNREADABLE names of the pictures that cannot be read, "..." after them if there are more."""
    names = ", ".join(path.name for path, _ in scan.unreadable[:NAMED_UNREADABLE])
    return names + (", ..." if len(scan.unreadable) > NAMED_UNREADABLE else "")


def _unreadable_named(scan: PictureScan) -> str:
    """How many pictures cannot be read, and the first of them, in English (the log)."""
    return f"{len(scan.unreadable)} cannot be read: {_unreadable_names(scan)}"


def _unreadable_said(scan: PictureScan) -> dict[str, Any]:
    """The same for the health page: a message of its own, whose singular and plural are the language's."""
    return {"key": "health.source.unreadable", "params": {"n": len(scan.unreadable), "names": _unreadable_names(scan)}}


def _a_folder(path: Path, what: str) -> Path:
    """`path`, a folder; CameraError saying what it is instead (`what`: "image" for a folder of pictures, "recording"
    for a replay's): a file given for a folder was said to be a folder that does not exist."""
    if path.is_dir():
        return path
    if path.exists():
        said = (f"vision.camera.{what}_folder_is_file", {"folder": str(path)})
        raise CameraError(f"{what} folder {path} is a file, not a folder", said=said)
    if what == "recording":  # a missing folder of pictures is said where they are listed (list_images)
        said = ("vision.camera.recording_folder_missing", {"folder": str(path)})
        raise CameraError(f"recording folder {path} does not exist", said=said)
    return path


class FolderSource(SequenceSource):
    """The images of a folder in natural name order.

    Unpaced (`seconds_per_still` None): one per read(), as fast as they are asked for, for tools that go through
    pictures. Paced: watched like a camera looking at each picture in turn for `seconds_per_still`, delivered
    again every 1/camera_fps s meanwhile, so that each picture looks like dice lying still and can settle as a
    roll: `camera.source = folder:DIR` in the service (open_source) is paced, every picture differing from the
    last would otherwise look like dice forever moving.
    """

    def __init__(
        self,
        directory: str | os.PathLike[str],
        *,
        seconds_per_still: float | None = None,
        camera_fps: float = 10.0,
        loop: bool = True,
        size: Size = None,
        clock: Clock = time.monotonic,
        sleep: Sleep = time.sleep,
    ) -> None:
        folder = Path(directory)
        if seconds_per_still is not None and (seconds_per_still <= 0 or camera_fps <= 0):
            raise ValueError(f"seconds_per_still and camera_fps must be > 0, got {seconds_per_still}, {camera_fps}")
        scan = scan_pictures(list_images(_a_folder(folder, "image")), size)
        # None readable: the pictures are kept, for the source to end at once saying why (status().error).
        paths = scan.readable or [path for path, _ in scan.unreadable]
        pace: dict[str, Any] = {}
        if seconds_per_still is not None:
            pace = {"offsets": [i * seconds_per_still for i in range(len(paths))], "hold": seconds_per_still}
            pace["tick"] = 1 / camera_fps
        description, summary = _folder_said(folder, scan)
        super().__init__(
            paths,
            kind="folder",
            description=description,
            summary=summary,
            loop=loop,
            size=size,
            clock=clock,
            sleep=sleep,
            loader=scan.loader(),
            **pace,
        )
        self.unreadable: tuple[tuple[Path, str], ...] = tuple(scan.unreadable)
        """The pictures of the folder that cannot be decoded, each with why (in English): none of them is shown."""
        if scan.unreadable:
            log.warning("%s; %s", description, "; ".join(why for _, why in scan.unreadable))
        if not scan.readable:
            self._state, self._error = "ended", scan.unreadable[-1][1]

    @classmethod
    def from_paths(
        cls,
        paths: Sequence[str | os.PathLike[str]],
        *,
        loop: bool = True,
        size: Size = None,
        clock: Clock = time.monotonic,
    ) -> SequenceSource:
        """The given image files in the given order (missing files are refused at once)."""
        files = [Path(p) for p in paths]
        missing = [str(p) for p in files if not p.is_file()]
        if missing:
            said = ("vision.camera.files_missing", {"files": ", ".join(missing)})
            raise CameraError(f"image files not found: {', '.join(missing)}", said=said)
        return SequenceSource(
            files,
            kind="folder",
            description=f"{len(files)} image files",
            summary=("files", {"n": len(files)}),
            loop=loop,
            size=size,
            clock=clock,
        )


class ReplaySource(SequenceSource):
    """A recorded session at its real pace, or a plain folder of stills, each in view for a while.

    A plain folder is watched like a camera would watch it: a new still every 1/stills_per_second s,
    delivered again every 1/camera_fps s meanwhile, so that each still scene looks still and can settle
    (the demo frames have no timestamps). Both are ignored for a recording, which keeps its own timing.
    """

    def __init__(
        self,
        directory: str | os.PathLike[str],
        *,
        stills_per_second: float = 2.0,
        camera_fps: float = 10.0,
        loop: bool = True,
        size: Size = None,
        clock: Clock = time.monotonic,
        sleep: Sleep = time.sleep,
    ) -> None:
        scan = PictureScan()
        timing = _replay_timing(Path(directory), stills_per_second, camera_fps, size, scan)
        super().__init__(**timing, kind="replay", loop=loop, size=size, clock=clock, sleep=sleep)
        self.unreadable: tuple[tuple[Path, str], ...] = tuple(scan.unreadable)
        """The stills of a plain folder that cannot be decoded, each with why (in English): none of them is shown."""
        if scan.unreadable:
            log.warning("%s; %s", self.description, "; ".join(why for _, why in scan.unreadable))
        if scan.unreadable and not scan.readable:
            self._state, self._error = "ended", scan.unreadable[-1][1]


def _replay_timing(
    folder: Path, stills_per_second: float, camera_fps: float, size: Size, scan: PictureScan
) -> dict[str, Any]:
    """The frames of a replay and when each is due: a recording's own pace, or stills at a steady rate. The stills
    of a plain folder are scanned into `scan` as a folder camera's are (see scan_pictures): those that cannot be
    decoded are left out and said once, rather than counted among the stills and skipped at every showing."""
    # Imported here: vision.recording itself imports vision.sources (its error class).
    from vision.recording import Recording, is_recording

    if is_recording(_a_folder(folder, "recording")):
        recording = Recording.load(folder)
        what = recording.description or f"recording in {folder}"
        return {
            "images": recording.files,
            "offsets": recording.offsets,
            "hold": recording.frame_interval,
            "description": f"replay of {len(recording.files)} recorded frames ({what}) from {folder}",
            "summary": ("replay_recording", {"n": len(recording.files), "folder": str(folder)}),
        }
    rate = stills_per_second
    if rate <= 0 or camera_fps <= 0:
        raise ValueError(f"stills_per_second and camera_fps must be > 0, got {rate} and {camera_fps}")
    found = scan_pictures(list_images(folder), size)
    scan.readable, scan.unreadable, scan.decoded = found.readable, found.unreadable, found.decoded
    # None readable: the pictures are kept, for the source to end at once saying why (status().error).
    paths = scan.readable or [path for path, _ in scan.unreadable]
    description = f"replay of {len(scan.readable)} stills at {rate:g} per second from {folder}"
    summary: Summary = ("replay_stills", {"n": len(scan.readable), "rate": f"{rate:g}", "folder": str(folder)})
    if scan.unreadable:
        description += f" ({_unreadable_named(scan)})"
        summary = ("replay_stills_unreadable", {**summary[1], "unreadable": _unreadable_said(scan)})
    offsets = [i / rate for i in range(len(paths))]
    timing = {"images": paths, "offsets": offsets, "hold": 1 / rate, "tick": 1 / camera_fps}
    return {**timing, "description": description, "summary": summary, "loader": scan.loader()}


class SyntheticSource(SequenceSource):
    """A rendered sequence (dice rolling, settling, a hand passing) from vision.synthetic, at `fps`."""

    def __init__(
        self,
        seed: int,
        *,
        fps: float = 10.0,
        loop: bool = True,
        size: Size = None,
        clock: Clock = time.monotonic,
        sleep: Sleep = time.sleep,
        **render_options: Any,
    ) -> None:
        if fps <= 0:
            raise ValueError(f"fps must be > 0, got {fps}")
        try:
            synthetic = importlib.import_module("vision.synthetic")
        except ImportError as exc:
            said = ("vision.camera.synthetic_missing", {"problem": str(exc)})
            message = f"synthetic source needs vision.synthetic, which is not available: {exc}"
            raise CameraError(message, said=said) from exc
        self.truth: list[tuple[np.ndarray, list[Any], bool]] = synthetic.render_sequence(seed, **render_options)
        """The rendered sequence: (image, true dice, is_moving) per still, for tests and benchmarks."""
        images = [image for image, _dice, _moving in self.truth]
        super().__init__(
            images,
            kind="synthetic",
            offsets=[i / fps for i in range(len(images))],
            hold=1 / fps,
            description=f"synthetic scene (seed {seed}, {len(images)} frames at {fps:g} fps)",
            summary=("synthetic", {"seed": seed, "n": len(images), "fps": f"{fps:g}"}),
            loop=loop,
            size=size,
            clock=clock,
            sleep=sleep,
        )
