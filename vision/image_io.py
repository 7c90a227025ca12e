"""Loading images safely: a clear error naming the file, never a None passed on."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from vision.errors import UnreadableImageError

MAX_PIXELS = 80_000_000

_PAST_ANY_LIMIT = (1 << 20, 1 << 20)
"""The size said of a header Pillow refuses as a decompression bomb: more than any limit here."""


def load_image(path: str | Path) -> np.ndarray:
    """The image at `path` as BGR uint8, turned as its EXIF orientation says (a phone photo taken upright is stored
    on its side, and labelled as shown); UnreadableImageError names the path and what is wrong."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise UnreadableImageError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    if not raw:
        raise UnreadableImageError(f"{path}: the file is empty")
    # A few kilobytes of PNG can claim 30000x30000 pixels: refuse it from its header, before the pixels fill memory.
    size = stated_size(raw)
    if size == _PAST_ANY_LIMIT:
        raise UnreadableImageError(f"{path}: its header states more than {MAX_PIXELS} pixels")
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        raise UnreadableImageError(f"{path}: {size[0]}x{size[1]} is larger than {MAX_PIXELS} pixels")
    try:
        image = cv2.imdecode(np.frombuffer(raw, dtype=np.uint8), cv2.IMREAD_COLOR)
    except cv2.error as exc:  # e.g. its own limit of 2**30 pixels, met by a format stated_size does not read
        why = f"its header states more than {MAX_PIXELS} pixels" if "MAX_IMAGE_PIXELS" in exc.err else exc.err
        raise UnreadableImageError(f"{path}: OpenCV refused to decode it ({why})") from exc
    if image is None:
        raise UnreadableImageError(f"{path}: not an image OpenCV can decode (JPEG, PNG, BMP, TIFF, WebP...)")
    if image.shape[0] * image.shape[1] > MAX_PIXELS:
        raise UnreadableImageError(f"{path}: {image.shape[1]}x{image.shape[0]} is larger than {MAX_PIXELS} pixels")
    return image


def stated_size(raw: bytes) -> tuple[int, int] | None:
    """(width, height) as the file's header states it, read by Pillow without decoding a pixel; None for a format
    Pillow does not know, or a header it cannot make sense of (OpenCV then has its say, and the size is checked
    after decoding)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a bomb's warning (the limit here is MAX_PIXELS), a broken EXIF's
            with Image.open(io.BytesIO(raw)) as header:
                return header.size
    except Image.DecompressionBombError:
        return _PAST_ANY_LIMIT  # Pillow's own limit, far above MAX_PIXELS
    except (OSError, ValueError, SyntaxError):  # UnidentifiedImageError is an OSError; a broken header raises these
        return None
