"""Pictures too large to hold, and annotated copies that cannot be written: named, refused, the rest still read."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from dice_drawing import draw_die, table

from companion.cli.main import main
from vision import image_io
from vision.errors import UnreadableImageError
from vision.image_io import load_image, stated_size

HUGE_PGM = b"P5\n100000 100000\n255\n"
"""A header alone, claiming ten billion pixels: more than OpenCV's own limit, which it enforces by raising."""


def photo(path: Path, width: int = 640, value: int = 4) -> Path:
    """A photo of one white die, `width` pixels wide, written to `path`."""
    image = np.ascontiguousarray(table(seed=3)[:, :width])
    draw_die(image, (width // 2, 240), 60, 15, value, "white")
    assert cv2.imwrite(str(path), image)
    return path


def encoded(extension: str, width: int, height: int, params: tuple[int, ...] = ()) -> bytes:
    """A noisy picture of `width` x `height` as OpenCV encodes it."""
    picture = np.random.default_rng(width).integers(0, 256, (height, width, 3), dtype=np.uint8)
    if extension in (".pgm", ".pbm"):
        picture = picture[:, :, 0]
    ok, data = cv2.imencode(extension, picture, list(params))
    assert ok
    return data.tobytes()


FORMATS = [
    (".png", ()),
    (".jpg", ()),
    (".jpg", (cv2.IMWRITE_JPEG_PROGRESSIVE, 1)),
    (".webp", (cv2.IMWRITE_WEBP_QUALITY, 80)),
    (".webp", (cv2.IMWRITE_WEBP_QUALITY, 101)),  # lossless
    (".bmp", ()),
    (".tif", ()),
    (".pgm", ()),
    (".ppm", ()),
    (".pbm", ()),
    # PAM (P7) is not read by Pillow: such a file is checked after decoding only.
]


@pytest.mark.parametrize(("extension", "params"), FORMATS)
@pytest.mark.parametrize(("width", "height"), [(1, 1), (37, 91), (640, 480), (3000, 20)])
def test_the_size_is_read_from_the_header_of_each_format(
    extension: str, params: tuple[int, ...], width: int, height: int
) -> None:
    assert stated_size(encoded(extension, width, height, params)) == (width, height)


@pytest.mark.parametrize(
    "header",
    [b"", b"\xff\xd8", b"\xff\xd8\xff\xe1\x00", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0", b"RIFF\0\0\0\0WEBPVP8 ", b"BM"]
    + [b"II*\0\xff\xff\xff\xff", b"MM\0*\0\0\0\x08\0\x05", b"P5\n", b"P7\nWIDTH 3\n", b"GIF89a", b"not an image"],
)
def test_a_header_too_short_or_unknown_states_no_size(header: bytes) -> None:
    assert stated_size(header) is None


def test_a_header_claiming_billions_of_pixels_is_refused_naming_the_file(tmp_path: Path) -> None:
    huge = tmp_path / "huge.pgm"
    huge.write_bytes(HUGE_PGM)
    with pytest.raises(UnreadableImageError, match=r"huge\.pgm: its header states more than 80000000 pixels"):
        load_image(huge)


def test_a_format_sized_only_by_opencv_is_refused_by_its_limit_without_a_crash(tmp_path: Path) -> None:
    # A Sun raster header (no size of its own read here) claiming 100000x100000: OpenCV raises, and that is named.
    huge = tmp_path / "huge.ras"
    huge.write_bytes(struct.pack(">8I", 0x59A66A95, 100_000, 100_000, 8, 0, 1, 0, 0))
    with pytest.raises(UnreadableImageError, match=r"huge\.ras: .*more than 80000000 pixels"):
        load_image(huge)


@pytest.mark.parametrize(("extension", "params"), FORMATS)
def test_a_picture_over_the_limit_is_refused_before_its_pixels_are_decoded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extension: str, params: tuple[int, ...]
) -> None:
    # As a 875 KB PNG of 30000x30000 would be, at a limit small enough not to need 5 GB to show it.
    path = tmp_path / f"bomb{extension}"
    path.write_bytes(encoded(extension, 200, 100, params))
    decoded: list[Any] = []
    monkeypatch.setattr(image_io, "MAX_PIXELS", 10_000)
    monkeypatch.setattr(cv2, "imdecode", lambda *args: decoded.append(args))
    with pytest.raises(UnreadableImageError, match=rf"bomb\{extension}: 200x100 is larger than 10000 pixels"):
        load_image(path)
    assert decoded == []


def test_read_dice_names_a_picture_too_large_and_reads_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "huge.pgm"
    huge.write_bytes(HUGE_PGM)
    good = photo(tmp_path / "good.jpg")
    assert main(["--data-dir", str(tmp_path), "read-dice", str(huge), str(good), "--jsonl"]) == 1
    out, err = capsys.readouterr()
    assert [json.loads(line)["image"] for line in out.splitlines()] == [str(good)]
    (refused,) = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    assert refused["image"] == str(huge)
    assert "huge.pgm: its header states more than" in refused["error"]


def test_calibrate_colours_names_a_picture_too_large_and_saves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "huge.pgm"
    huge.write_bytes(HUGE_PGM)
    assert main(["--data-dir", str(tmp_path), "calibrate-colours", f"white={huge}"]) == 1
    assert "huge.pgm: its header states more than" in capsys.readouterr().err
    assert not (tmp_path / "calibration.json").exists()


def test_an_annotated_copy_that_cannot_be_written_is_named_and_the_others_are_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = photo(tmp_path / "first.png"), photo(tmp_path / "second.png")
    drawn = tmp_path / "drawn"
    (drawn / "first.annotated.jpg").mkdir(parents=True)  # its place is taken (root may write anywhere else)
    argv = ["--data-dir", str(tmp_path), "read-dice", str(first), str(second), "--jsonl", "--annotate", str(drawn)]
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert [json.loads(line)["image"] for line in out.splitlines()] == [str(first), str(second)]
    (failed,) = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    assert failed["image"] == str(first)
    assert failed["error"].startswith(f"{drawn / 'first.annotated.jpg'}: cannot write the annotated copy (")
    assert load_image(drawn / "second.annotated.jpg").shape == load_image(second).shape


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full, a device that is always full")
def test_an_annotated_copy_on_a_full_disk_is_named_and_no_truncated_file_is_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot = photo(tmp_path / "shot.png")
    drawn = tmp_path / "drawn"
    drawn.mkdir()
    (drawn / "shot.annotated.jpg").symlink_to("/dev/full")
    assert main(["--data-dir", str(tmp_path), "read-dice", str(shot), "--annotate", str(drawn)]) == 1
    err = capsys.readouterr().err
    assert "shot.annotated.jpg: cannot write the annotated copy (No space left on device)" in err
    assert not (drawn / "shot.annotated.jpg").exists()


def test_photos_sharing_a_name_get_annotated_copies_of_their_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "d1").mkdir()
    (tmp_path / "d2").mkdir()
    photos = [photo(tmp_path / "d1/x.jpg", 400), photo(tmp_path / "d2/x.jpg", 500), photo(tmp_path / "d1/x.png", 600)]
    photos.append(photo(tmp_path / "x-2.png", 300))  # a name the second copy took: it moves on
    photos.append(photo(tmp_path / "lone.png", 200))
    drawn = tmp_path / "drawn"
    assert main(["--data-dir", str(tmp_path), "read-dice", *map(str, photos), "--annotate", str(drawn)]) == 0
    capsys.readouterr()
    names = ["x.annotated.jpg", "x-2.annotated.jpg", "x-3.annotated.jpg", "x-2-2.annotated.jpg", "lone.annotated.jpg"]
    assert sorted(p.name for p in drawn.iterdir()) == sorted(names)
    assert [load_image(drawn / name).shape[1] for name in names] == [400, 500, 600, 300, 200]
