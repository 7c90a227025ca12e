"""The Raspberry Pi camera through picamera2 (installed from apt on the Pi, imported only when used)."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from vision.errors import CameraError

MISSING_PICAMERA2 = (
    "picamera2 is not available: on a Raspberry Pi install it with 'sudo apt install python3-picamera2' "
    "(not from pip; a virtualenv needs --system-site-packages); elsewhere use 'webcam:0' or 'replay:DIR'"
)


class Picamera2Capture:
    """One started Pi camera delivering BGR frames of the requested size."""

    def __init__(
        self,
        camera_num: int = 0,
        width: int | None = None,
        height: int | None = None,
        fps: float | None = None,
    ) -> None:
        try:
            module = importlib.import_module("picamera2")
        except ImportError as exc:
            raise CameraError(MISSING_PICAMERA2, said=("vision.camera.picamera_missing", {})) from exc
        self.camera_num = camera_num
        self._camera: Any = None
        try:
            self._camera = module.Picamera2(camera_num)
            self._camera.configure(self._camera.create_video_configuration(**_configuration(width, height, fps)))
            self._camera.start()
        except Exception as exc:  # libcamera reports a missing/busy camera with RuntimeError, IndexError...
            self.close()
            said = ("vision.camera.picamera_cannot_start", {"number": camera_num, "problem": str(exc)})
            raise CameraError(f"cannot start Pi camera {camera_num}: {exc}", said=said) from exc

    def read(self) -> np.ndarray:
        """The next frame (BGR: picamera2's "RGB888" is laid out B, G, R in memory)."""
        if self._camera is None:
            said = ("vision.camera.picamera_closed", {"number": self.camera_num})
            raise CameraError(f"Pi camera {self.camera_num} is closed", said=said)
        image: np.ndarray = self._camera.capture_array("main")
        return image

    def close(self) -> None:
        """Stop and release the camera (safe twice)."""
        camera, self._camera = self._camera, None
        if camera is None:
            return
        try:
            camera.stop()
        finally:
            camera.close()


def _configuration(width: int | None, height: int | None, fps: float | None) -> dict[str, Any]:
    """Keyword arguments of create_video_configuration for a BGR stream of the requested size and rate."""
    main: dict[str, Any] = {"format": "RGB888"}
    if width and height:
        main["size"] = (int(width), int(height))
    config: dict[str, Any] = {"main": main}
    if fps:
        config["controls"] = {"FrameRate": float(fps)}
    return config
