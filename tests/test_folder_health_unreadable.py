"""A folder camera with pictures that cannot be decoded says how many it shows and which it cannot read: on the
health page in the page's language, in the doctor's report and the log in English; each picture is decoded once
when the folder is opened, not found unreadable again at every frame."""

from __future__ import annotations

import html
import logging
import os
import re
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.config import load_config
from companion.devices.platform import pi_model
from companion.web import create_app
from companion.wiring import build_service
from vision.sources import FolderSource, ManualClock
from vision.sources import sequence as sequence_module


def _still(shade: int) -> np.ndarray:
    return np.full((48, 64, 3), shade, dtype=np.uint8)


def _folder(tmp_path: Path) -> Path:
    """Three good pictures, a file that is no picture and a JPEG cut short, in natural name order."""
    folder = tmp_path / "stills"
    folder.mkdir()
    for name, shade in (("a1.png", 10), ("a2.png", 20), ("c.png", 30)):
        assert cv2.imwrite(str(folder / name), _still(shade))
    (folder / "b1-broken.jpg").write_bytes(b"not a picture at all")
    ok, jpeg = cv2.imencode(".jpg", np.random.default_rng(3).integers(0, 255, (240, 320, 3), dtype=np.uint8))
    assert ok
    (folder / "b2-truncated.jpg").write_bytes(jpeg.tobytes()[: len(jpeg) // 2])
    return folder


@pytest.fixture(autouse=True)
def _no_companion_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in os.environ if name.startswith("COMPANION_")]:
        monkeypatch.delenv(name)


def test_the_folder_says_the_pictures_it_shows_and_names_those_it_cannot_read(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = _folder(tmp_path)
    with caplog.at_level(logging.WARNING), FolderSource(folder, loop=False) as source:
        shades = [int(frame.image[0, 0, 0]) for frame in iter(source.read, None)]
        assert len(source) == 3
        assert (
            source.description == f"folder of 3 images in {folder} (2 cannot be read: b1-broken.jpg, b2-truncated.jpg)"
        )
        assert [path.name for path, _ in source.unreadable] == ["b1-broken.jpg", "b2-truncated.jpg"]
    assert shades == [10, 20, 30]
    assert "2 cannot be read: b1-broken.jpg, b2-truncated.jpg" in caplog.text  # the log, in English
    assert f"{folder / 'b2-truncated.jpg'}: not a decodable image" in caplog.text


@pytest.fixture
def decodings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of each picture file decoded from now on (sources decode through sequence.decode_quietly)."""
    sizes: list[int] = []
    real = sequence_module.decode_quietly

    def counting(data: np.ndarray) -> np.ndarray | None:
        sizes.append(data.size)
        return real(data)

    monkeypatch.setattr(sequence_module, "decode_quietly", counting)
    return sizes


def test_each_picture_is_decoded_once_however_often_it_is_shown(tmp_path: Path, decodings: list[int]) -> None:
    clock = ManualClock()
    folder = _folder(tmp_path)
    with FolderSource(folder, seconds_per_still=1.0, camera_fps=10, clock=clock, sleep=clock.sleep) as source:
        frames = [source.read() for _ in range(60)]  # two rounds of the pictures, a frame every 0.1 s
    assert all(frame is not None for frame in frames)  # no picture's time in view left empty
    assert len(decodings) == 5  # the five files, each once, when the folder was opened


@pytest.fixture
def served_health(tmp_path: Path) -> Iterator[tuple[Path, dict[str, str]]]:
    """The health page in French and English of the service as `companion serve` builds it on the folder."""
    if pi_model() is not None:
        pytest.skip("off a Raspberry Pi only (the stand-ins chosen beside the camera)")
    folder = _folder(tmp_path)
    env = {"COMPANION_DATA__DIR": str(tmp_path), "COMPANION_CAMERA__SOURCE": f"folder:{folder}"}
    service = build_service(load_config(env=env))
    try:
        client = create_app({"TESTING": True}, services=service).test_client()
        pages = {lang: client.get(f"/health?lang={lang}").get_data(as_text=True) for lang in ("fr", "en")}
    finally:
        service.close()
    yield folder, {lang: html.unescape(re.sub(r"\s+", " ", page)) for lang, page in pages.items()}


def test_the_health_page_says_it_in_the_pages_language(served_health: tuple[Path, dict[str, str]]) -> None:
    folder, health = served_health
    said = "(2 ne peuvent pas être lues : b1-broken.jpg, b2-truncated.jpg)"
    assert f"dossier de 3 images dans {folder} {said}" in health["fr"]
    assert "cannot be read" not in health["fr"] and "folder of 5" not in health["en"]
    assert f"folder of 3 images in {folder} (2 cannot be read: b1-broken.jpg, b2-truncated.jpg)" in health["en"]


def test_one_picture_that_cannot_be_read_among_many_is_said_in_the_singular(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "b1-broken.jpg").unlink()
    with FolderSource(folder) as source:
        assert source.summary is not None
        name, params = source.summary
    assert name == "folder_unreadable" and params["n"] == 3
    assert params["unreadable"] == {"key": "health.source.unreadable", "params": {"n": 1, "names": "b2-truncated.jpg"}}
    from companion.i18n import translate

    assert translate("fr", f"health.source.{name}", params) == (
        f"dossier de 3 images dans {folder} (1 ne peut pas être lue : b2-truncated.jpg)"
    )


def test_the_doctor_says_it_in_english(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _folder(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text(f'[camera]\nsource = "folder:{folder}"\n[serial]\nport = "off"\n')
    main(["--config", str(config), "--data-dir", str(tmp_path), "doctor", "--open"])
    camera = next(
        line for line in capsys.readouterr().out.splitlines() if line.startswith("camera ") and "open" in line
    )
    assert f"(folder of 3 images in {folder} (2 cannot be read: b1-broken.jpg, b2-truncated.jpg))" in camera
