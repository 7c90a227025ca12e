"""Loading images safely: a clear error naming the file, never a None passed on."""

from __future__ import annotations

import io
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
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
    if path.is_dir():
        raise UnreadableImageError(f"{path}: a folder, not a picture; name its pictures, e.g. {path / '*.jpg'}")
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
        image = decode_quietly(np.frombuffer(raw, dtype=np.uint8))
    except cv2.error as exc:  # e.g. its own limit of 2**30 pixels, met by a format stated_size does not read
        why = f"its header states more than {MAX_PIXELS} pixels" if "MAX_IMAGE_PIXELS" in exc.err else exc.err
        raise UnreadableImageError(f"{path}: OpenCV refused to decode it ({why})") from exc
    if image is None:
        raise UnreadableImageError(f"{path}: not an image OpenCV can decode (JPEG, PNG, BMP, TIFF, WebP...)")
    if image.shape[0] * image.shape[1] > MAX_PIXELS:
        raise UnreadableImageError(f"{path}: {image.shape[1]}x{image.shape[0]} is larger than {MAX_PIXELS} pixels")
    return image


_QUIET = threading.Lock()


@contextmanager
def opencv_silent() -> Iterator[None]:
    """OpenCV's own log kept quiet meanwhile: a file it cannot decode makes it write a line of its internals to the
    terminal ("[ERROR:0@0.476] global loadsave.cpp:1355 imdecode_ ...") before the caller's own message says, in
    words, which file and why. The level is OpenCV's global one, so decodings take turns."""
    with _QUIET:
        before = cv2.utils.logging.getLogLevel()
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
        try:
            yield
        finally:
            cv2.utils.logging.setLogLevel(before)


def decode_quietly(data: np.ndarray) -> np.ndarray | None:
    """cv2.imdecode in colour, OpenCV's own log quiet (see opencv_silent); None when it cannot decode the bytes."""
    with opencv_silent():
        image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return None if image is None else np.asarray(image)


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
