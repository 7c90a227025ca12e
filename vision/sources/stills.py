"""Sources made of stills: a folder (as fast as asked, or paced), a replay (recorded or steady), synthetic scenes."""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from vision.errors import CameraError
from vision.sources.base import Clock, Sleep
from vision.sources.sequence import SequenceSource, list_images

Size = tuple[int, int] | None


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
        paths = list_images(folder)
        pace: dict[str, Any] = {}
        if seconds_per_still is not None:
            if seconds_per_still <= 0 or camera_fps <= 0:
                raise ValueError(f"seconds_per_still and camera_fps must be > 0, got {seconds_per_still}, {camera_fps}")
            pace = {"offsets": [i * seconds_per_still for i in range(len(paths))], "hold": seconds_per_still}
            pace["tick"] = 1 / camera_fps
        super().__init__(
            paths,
            kind="folder",
            description=f"folder of {len(paths)} images in {folder}",
            summary=("folder", {"n": len(paths), "folder": str(folder)}),
            loop=loop,
            size=size,
            clock=clock,
            sleep=sleep,
            **pace,
        )

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
        timing = _replay_timing(Path(directory), stills_per_second, camera_fps)
        super().__init__(**timing, kind="replay", loop=loop, size=size, clock=clock, sleep=sleep)


def _replay_timing(folder: Path, stills_per_second: float, camera_fps: float) -> dict[str, Any]:
    """The frames of a replay and when each is due: a recording's own pace, or stills at a steady rate."""
    # Imported here: vision.recording itself imports vision.sources (its error class).
    from vision.recording import Recording, is_recording

    if is_recording(folder):
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
    paths = list_images(folder)
    return {
        "images": paths,
        "offsets": [i / rate for i in range(len(paths))],
        "hold": 1 / rate,
        "tick": 1 / camera_fps,
        "description": f"replay of {len(paths)} stills at {rate:g} per second from {folder}",
        "summary": ("replay_stills", {"n": len(paths), "rate": f"{rate:g}", "folder": str(folder)}),
    }


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
