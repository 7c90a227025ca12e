"""Loading pictures as the camera or the phone meant them to be seen."""

from __future__ import annotations

import struct
from pathlib import Path

import cv2
import numpy as np
from dice_drawing import draw_die, table

from vision.evaluation import read_path
from vision.image_io import load_image

TURN_CLOCKWISE = 6
"""EXIF orientation of a picture stored on its side, to be shown turned a quarter clockwise (a phone held upright)."""


def _with_orientation(jpeg: bytes, orientation: int) -> bytes:
    """A JPEG with an EXIF block holding only its orientation (big-endian TIFF, one IFD entry), as phones write."""
    entry = struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0)
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) + entry + struct.pack(">I", 0)
    block = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(block) + 2) + block + jpeg[2:]


def test_a_phone_photo_stored_on_its_side_is_read_as_it_is_shown(tmp_path: Path) -> None:
    # A tray photographed with the phone held upright is stored landscape, with an orientation tag saying to turn it;
    # whoever labels it sees it turned, so the dice's boxes must be those of the turned picture.
    upright = table(seed=5)[:, :400]
    draw_die(upright, (120, 330), 60, 10, 5, "blue")
    stored = cv2.rotate(upright, cv2.ROTATE_90_COUNTERCLOCKWISE)
    ok, jpeg = cv2.imencode(".jpg", stored, [cv2.IMWRITE_JPEG_QUALITY, 95])
    assert ok
    path = tmp_path / "tray.jpg"
    path.write_bytes(_with_orientation(jpeg.tobytes(), TURN_CLOCKWISE))

    shown = load_image(path)

    assert shown.shape == upright.shape
    assert np.mean(cv2.absdiff(shown, upright)) < 3.0
    (die,) = read_path(str(path))
    x0, y0, x1, y1 = die["bbox"]
    assert die["value"] == 5
    assert x0 < 120 < x1 and y0 < 330 < y1
