"""A replay of a plain folder of stills (`camera.source = replay:DIR`) with pictures that cannot be decoded counts
and shows only those it can read, names the others once (log, health page in the page's language), and decodes each
picture once when opened, as a folder camera does; one with no picture it can read ends at once saying why."""

# ruff: noqa: F811  (the decodings fixture imported is a parameter here)

from __future__ import annotations

import logging
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_folder_health_unreadable import decodings  # noqa: F401  (fixture)

from companion.i18n import translate
from vision.sources import ManualClock, ReplaySource


def _folder(tmp_path: Path) -> Path:
    """Two good stills around a file that is no picture, in natural name order."""
    folder = tmp_path / "stills"
    folder.mkdir()
    for name, shade in (("a.png", 10), ("c.png", 30)):
        assert cv2.imwrite(str(folder / name), np.full((48, 64, 3), shade, dtype=np.uint8))
    (folder / "b-broken.jpg").write_bytes(b"not a picture at all")
    return folder


def test_the_replay_counts_and_shows_only_the_stills_it_can_read(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = _folder(tmp_path)
    clock = ManualClock()
    with caplog.at_level(logging.WARNING):
        source = ReplaySource(folder, stills_per_second=1.0, camera_fps=2.0, loop=False, clock=clock, sleep=clock.sleep)
    with source:
        shades = [int(frame.image[0, 0, 0]) for frame in iter(source.read, None)]
        assert len(source) == 2
        said = f"replay of 2 stills at 1 per second from {folder} (1 cannot be read: b-broken.jpg)"
        assert source.description == said
        assert [path.name for path, _ in source.unreadable] == ["b-broken.jpg"]
        assert source.status().error is None  # nothing went wrong while replaying: the broken file was left out
    assert sorted(set(shades)) == [10, 30]
    assert caplog.text.count("b-broken.jpg: not a decodable image") == 1  # said once, when opened


def test_the_health_page_says_it_in_the_pages_language(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    with ReplaySource(folder) as source:
        assert source.summary is not None
        name, params = source.summary
    assert name == "replay_stills_unreadable" and params["n"] == 2
    assert translate("en", f"health.source.{name}", params) == (
        f"replay of 2 stills, 2 a second, from {folder} (1 cannot be read: b-broken.jpg)"
    )
    assert translate("fr", f"health.source.{name}", params) == (
        f"2 images fixes rejouées, 2 par seconde, depuis {folder} (1 ne peut pas être lue : b-broken.jpg)"
    )


def test_each_still_is_decoded_once_however_often_it_is_shown(tmp_path: Path, decodings: list[int]) -> None:
    clock = ManualClock()
    folder = _folder(tmp_path)
    with ReplaySource(folder, stills_per_second=1.0, camera_fps=10, clock=clock, sleep=clock.sleep) as source:
        frames = [source.read() for _ in range(40)]  # two rounds of the stills, a frame every 0.1 s
    assert all(frame is not None for frame in frames)
    assert len(decodings) == 3  # the three files, each once


def test_a_folder_of_nothing_readable_ends_at_once_saying_why(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "x.jpg").write_bytes(b"junk")
    with ReplaySource(folder) as source:
        assert source.read() is None
        status = source.status()
    assert status.state == "ended" and "x.jpg" in (status.error or "")
