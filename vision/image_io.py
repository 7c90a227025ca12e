"""Loading images safely: a clear error naming the file, never a None passed on."""

from __future__ import annotations

import errno
import io
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from PIL import Image

from vision.errors import Said, UnreadableImageError

MAX_PIXELS = 80_000_000

_PAST_ANY_LIMIT = (1 << 20, 1 << 20)
"""The size said of a header Pillow refuses as a decompression bomb: more than any limit here."""


def load_image(path: str | Path) -> np.ndarray:
    """The image at `path` as BGR uint8, turned as its EXIF orientation says (a phone photo taken upright is stored
    on its side, and labelled as shown); UnreadableImageError names the path and what is wrong."""
    path = Path(path)
    named = {"path": str(path)}
    if path.is_dir():
        said: Said = ("vision.image.folder", {**named, "example": str(path / "*.jpg")})
        raise UnreadableImageError(
            f"{path}: a folder, not a picture; name its pictures, e.g. {path / '*.jpg'}", said=said
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        said = _unreadable_said(path, exc)
        raise UnreadableImageError(f"{path}: cannot read the file ({exc.strerror or exc})", said=said) from exc
    if not raw:
        raise UnreadableImageError(f"{path}: the file is empty", said=("vision.image.empty", named))
    # A few kilobytes of PNG can claim 30000x30000 pixels: refuse it from its header, before the pixels fill memory.
    _check_size(path, stated_size(raw))
    try:
        image = decode_quietly(np.frombuffer(raw, dtype=np.uint8))
    except cv2.error as exc:  # e.g. its own limit of 2**30 pixels, met by a format stated_size does not read
        if "MAX_IMAGE_PIXELS" in exc.err:
            message = f"{path}: OpenCV refused to decode it (its header states more than {MAX_PIXELS} pixels)"
            raise UnreadableImageError(message, said=_too_large_said(path)) from exc
        said = ("vision.image.refused", {**named, "problem": exc.err})
        raise UnreadableImageError(f"{path}: OpenCV refused to decode it ({exc.err})", said=said) from exc
    if image is None:
        message = f"{path}: not an image OpenCV can decode (JPEG, PNG, BMP, TIFF, WebP...)"
        raise UnreadableImageError(message, said=("vision.image.undecodable", named))
    _check_size(path, (image.shape[1], image.shape[0]))
    return image


_UNREADABLE_KEYS = {
    errno.ENOENT: "vision.image.missing",
    errno.EACCES: "vision.image.denied",
    errno.EPERM: "vision.image.denied",
}
"""The commonest reasons a picture's file cannot be read, in plain words for a page; others in the system's words."""


def _unreadable_said(path: Path, exc: OSError) -> Said:
    """Why the file at `path` could not be read, as a key for a page."""
    key = _UNREADABLE_KEYS.get(exc.errno or 0)
    if key is not None:
        return (key, {"path": str(path)})
    return ("vision.image.unreadable", {"path": str(path), "problem": exc.strerror or str(exc)})


def _check_size(path: Path, size: tuple[int, int] | None) -> None:
    """Refuse a picture of more than MAX_PIXELS, from the size its header states or that it decoded to."""
    if size == _PAST_ANY_LIMIT:
        raise UnreadableImageError(
            f"{path}: its header states more than {MAX_PIXELS} pixels", said=_too_large_said(path)
        )
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        said = ("vision.image.too_large", {**_too_large_said(path)[1], "width": size[0], "height": size[1]})
        raise UnreadableImageError(f"{path}: {size[0]}x{size[1]} is larger than {MAX_PIXELS} pixels", said=said)


def _too_large_said(path: Path) -> Said:
    """A picture of more than MAX_PIXELS, as a key for a page (the limit in millions of pixels)."""
    return ("vision.image.too_many_pixels", {"path": str(path), "millions": MAX_PIXELS / 1_000_000})


_QUIET = threading.Lock()


@contextmanager
def opencv_silent() -> Iterator[None]:
    """OpenCV's own log kept quiet meanwhile: a file it cannot decode makes it write a line of its internals to the
    terminal ("[ERROR:0@0.476] global loadsave.cpp:1355 imdecode_ ...") before the caller's own message says, in
    words, which file and why. The level is OpenCV's global one, so decodings take turns."""
    # OpenCV 5 has the level in cv2.utils.logging; the 4.x wheels the Pi's numpy 1.x needs (deploy/constraints-pi.txt)
    # have only cv2.getLogLevel and cv2.setLogLevel. Both count from 0, silent.
    logging = getattr(cv2.utils, "logging", None)
    where: Any = logging or cv2
    get_level, set_level = where.getLogLevel, where.setLogLevel
    with _QUIET:
        before = get_level()
        set_level(SILENT)
        try:
            yield
        finally:
            set_level(before)


SILENT = 0
"""OpenCV's log level that says nothing (cv2.utils.logging.LOG_LEVEL_SILENT in OpenCV 5)."""


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
