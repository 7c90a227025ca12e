"""A picture that cannot be read is said once, in the project's words: OpenCV's own log line of its internals no
longer comes first on the terminal, and a folder given for a picture is told as one, with how to name its pictures."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.errors import CameraError, UnreadableImageError
from vision.image_io import load_image
from vision.sources.sequence import read_image_file
from vision.sources.webcam import WebcamCapture

BROKEN_GIF = b"GIF89a\x10\x00\x10\x00\x80\x00\x00garbage"


@pytest.mark.parametrize("load", [load_image, read_image_file], ids=["load_image", "folder_still"])
def test_a_broken_gif_is_refused_in_words_without_opencvs_own_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], load: object
) -> None:
    broken = tmp_path / "broken.gif"
    broken.write_bytes(BROKEN_GIF)
    with pytest.raises(UnreadableImageError, match="broken.gif: not ") as refused:
        load(broken)  # type: ignore[operator]
    assert str(refused.value).startswith(f"{broken}: ")  # "skipping <file>: why" in a folder camera's log
    said = capfd.readouterr()
    assert "imdecode" not in said.err + said.out and "ERROR" not in said.err
    assert cv2.utils.logging.getLogLevel() != cv2.utils.logging.LOG_LEVEL_SILENT  # OpenCV's log is given back


def test_a_good_picture_still_decodes(tmp_path: Path) -> None:
    picture = np.full((12, 16, 3), (10, 200, 40), np.uint8)
    cv2.imwrite(str(tmp_path / "good.png"), picture)
    assert np.array_equal(load_image(tmp_path / "good.png"), picture)


def test_a_folder_given_for_a_picture_says_so_and_how_to_name_its_pictures(tmp_path: Path) -> None:
    with pytest.raises(UnreadableImageError) as refused:
        load_image(tmp_path)
    assert "a folder, not a picture" in str(refused.value) and str(tmp_path / "*.jpg") in str(refused.value)


@pytest.mark.parametrize("device", ["/dev/video-none", 63])
def test_a_webcam_missing_is_said_in_words_without_opencvs_warnings(
    device: int | str, capfd: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(CameraError, match="cannot open webcam"):
        WebcamCapture(device)
    said = capfd.readouterr()
    assert "WARN" not in said.err and "VIDEOIO" not in said.err, said.err


def test_opencv_4_without_cv2_utils_logging_is_kept_quiet_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The OpenCV 4.x wheels the Pi installs (deploy/constraints-pi.txt) have no cv2.utils.logging, only
    cv2.getLogLevel and cv2.setLogLevel: every picture read crashed there."""
    levels = [3]
    monkeypatch.delattr(cv2.utils, "logging")
    monkeypatch.setattr(cv2, "getLogLevel", lambda: levels[-1], raising=False)
    monkeypatch.setattr(cv2, "setLogLevel", levels.append, raising=False)
    picture = np.full((12, 16, 3), (10, 200, 40), np.uint8)
    cv2.imwrite(str(tmp_path / "good.png"), picture)
    assert np.array_equal(load_image(tmp_path / "good.png"), picture)
    assert levels == [3, 0, 3]  # silent while decoding, then as it was
