"""A USB/V4L2 webcam through cv2.VideoCapture (MJPG, one-frame buffer so frames are fresh)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.errors import CameraError
from vision.image_io import opencv_silent


class WebcamCapture:
    """One opened webcam; read() raises CameraError when the device stops delivering."""

    def __init__(
        self,
        device: int | str,
        width: int | None = None,
        height: int | None = None,
        fps: float | None = None,
    ) -> None:
        self.device = device
        # A webcam missing makes OpenCV's back ends each write a warning of their own ("can't open camera by index",
        # "should be configured with libavdevice"), at every reopen: the CameraError below says it once, in words.
        with opencv_silent():
            self._capture = cv2.VideoCapture(device)
        if not self._capture.isOpened():
            self._capture.release()
            said = ("vision.camera.webcam_cannot_open", {"device": device})
            raise CameraError(f"cannot open webcam {device!r} (is it plugged in and free?)", said=said)
        # FOURCC first: some UVC drivers only offer large sizes in MJPG.
        self._capture.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter.fourcc(*"MJPG"))
        if width:
            self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        if height:
            self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        if fps:
            self._capture.set(cv2.CAP_PROP_FPS, fps)
        # A one-frame buffer: the settler wants the scene as it is now, not 4 frames ago.
        self._capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)

    def read(self) -> np.ndarray:
        """The next frame (BGR)."""
        ok, image = self._capture.read()
        if not ok or image is None:
            said = ("vision.camera.webcam_no_frame", {"device": self.device})
            raise CameraError(f"webcam {self.device!r} returned no frame (unplugged?)", said=said)
        return image

    def close(self) -> None:
        """Release the device (safe twice)."""
        self._capture.release()
