"""The synthetic scene generator: deterministic, truthful boxes, faces with the right pips, valid labels."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from vision.synthetic import Style, render_scene, render_sequence, write_dataset, write_demo_frames


def test_the_same_seed_draws_the_same_scene() -> None:
    first, truth = render_scene(5, 320, 240, 4)
    second, again = render_scene(5, 320, 240, 4)
    assert np.array_equal(first, second)
    assert truth == again
    assert not np.array_equal(first, render_scene(6, 320, 240, 4)[0])


def test_truth_boxes_lie_in_the_picture_around_a_die() -> None:
    image, truth = render_scene(1, 640, 480, 8, style=Style("wood", (30, 50)))
    assert len(truth) == 8
    plain = render_scene(1, 640, 480, 0, style=Style("wood", (30, 50)))[0]
    for die in truth:
        x0, y0, x1, y1 = die.bbox
        assert 0 <= x0 < x1 <= 640 and 0 <= y0 < y1 <= 480
        assert x0 <= die.center[0] <= x1 and y0 <= die.center[1] <= y1
        inside = np.abs(image[y0:y1, x0:x1].astype(int) - plain[y0:y1, x0:x1].astype(int))
        assert inside.mean() > 10  # something was drawn there


def test_a_clean_top_view_shows_as_many_pips_as_its_value() -> None:
    style = Style("tray", (80, 80), noise=0.0)
    for seed in range(12):
        image, truth = render_scene(seed, 200, 200, 1, ("blue",), style)
        x0, y0, x1, y1 = truth[0].bbox
        face = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
        _, bright = cv2.threshold(face, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        count, _, stats, _ = cv2.connectedComponentsWithStats(bright)
        pips = [s for s in stats[1:] if s[cv2.CC_STAT_AREA] > 20]
        assert len(pips) in (truth[0].value, truth[0].value + 1)  # a glare spot may add one


def test_a_sequence_rolls_then_rests() -> None:
    frames = render_sequence(2, n_frames=20)
    moving = [is_moving for _, _, is_moving in frames]
    assert moving[0] and not moving[-1]
    assert frames[-1][1] == frames[-2][1]  # the dice lie still at the end


def test_a_written_dataset_follows_the_harness_format(tmp_path: Path) -> None:
    labels = write_dataset(tmp_path, "webcam", 3, seed=1)
    lines = [json.loads(line) for line in labels.read_text().splitlines()]
    assert len(lines) == 3
    for line in lines:
        assert (tmp_path / line["image"]).exists()
        assert line["size"] == [640, 480]
        assert all(1 <= d["value"] <= 6 and len(d["bbox"]) == 4 and d["color"] == "white" for d in line["dice"])


def test_demo_frames_say_they_are_synthetic(tmp_path: Path) -> None:
    written = write_demo_frames(tmp_path)
    assert len(written) == 8 and all(p.stat().st_size < 200_000 for p in written)
    assert "SYNTHETIC" in (tmp_path / "README.md").read_text()
