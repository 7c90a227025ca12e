"""Composites of real single-die photos on a synthetic table: boxes where the crops were pasted."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
from dice_drawing import draw_die, table

from vision.synthetic.composite import die_cutout, load_crops, write_composites


def test_crops_are_pasted_where_their_labels_say(tmp_path: Path) -> None:
    source = tmp_path / "crops"
    (source / "images").mkdir(parents=True)
    lines = []
    for value in (2, 5):
        image = table(80, 80, seed=value)
        draw_die(image, (40, 40), 50, 0, value, "blue")
        cv2.imwrite(str(source / "images" / f"d{value}.png"), image)
        lines.append(
            json.dumps({"image": f"images/d{value}.png", "dice": [{"value": value, "bbox": None, "color": "blue"}]})
        )
    (source / "labels.jsonl").write_text("\n".join(lines) + "\n")
    crops = load_crops(source / "labels.jsonl")
    assert [value for _, value, _ in crops] == [2, 5]
    labels = write_composites(tmp_path / "out", crops, 2, seed=3)
    for line in labels.read_text().splitlines():
        entry = json.loads(line)
        picture = cv2.imread(str(labels.parent / entry["image"]))
        assert 6 <= len(entry["dice"]) <= 12
        for die in entry["dice"]:
            x0, y0, x1, y1 = die["bbox"]
            assert die["value"] in (2, 5) and 0 <= x0 < x1 <= picture.shape[1] and 0 <= y0 < y1 <= picture.shape[0]
            assert np.abs(picture[y0:y1, x0:x1].astype(int) - picture[0:1, 0:1].astype(int)).mean() > 5


def test_a_die_is_cut_out_of_its_ground_and_a_photo_of_ground_alone_gives_none() -> None:
    image = table(80, 80, seed=1)
    draw_die(image, (40, 40), 50, 0, 4, "blue")
    cut = die_cutout(image)
    assert cut is not None
    die, alpha = cut
    assert 48 <= die.shape[0] <= 56 and 48 <= die.shape[1] <= 56 and die.shape[:2] == alpha.shape
    assert alpha[die.shape[0] // 2, die.shape[1] // 2] > 0.99 and alpha[0, 0] < 0.9
    assert die_cutout(table(80, 80, seed=2)) is None
