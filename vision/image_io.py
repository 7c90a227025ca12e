"""Loading images safely: a clear error naming the file, never a None passed on."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.errors import UnreadableImageError

MAX_PIXELS = 80_000_000


def load_image(path: str | Path) -> np.ndarray:
    """The image at `path` as BGR uint8, turned as its EXIF orientation says (a phone photo taken upright is stored
    on its side, and labelled as shown); UnreadableImageError names the path and what is wrong."""
    path = Path(path)
    try:
        data = np.fromfile(str(path), dtype=np.uint8)
    except OSError as exc:
        raise UnreadableImageError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    if data.size == 0:
        raise UnreadableImageError(f"{path}: the file is empty")
    image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if image is None:
        raise UnreadableImageError(f"{path}: not an image OpenCV can decode (JPEG, PNG, BMP, TIFF, WebP...)")
    if image.shape[0] * image.shape[1] > MAX_PIXELS:
        raise UnreadableImageError(f"{path}: {image.shape[1]}x{image.shape[0]} is larger than {MAX_PIXELS} pixels")
    return image
