"""Composites: real single-die photos pasted side by side on a synthetic table, labelled from their own labels.

The crops are read from a labels.jsonl at run time (the shared development photos are never copied into the
project). Figures on composites are reported apart from both the real photos and the fully synthetic scenes.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from vision.image_io import load_image
from vision.synthetic.backgrounds import table_for


def load_crops(labels: Path) -> list[tuple[np.ndarray, int, str | None]]:
    """Every single-die photo of a labels.jsonl, with its value and colour."""
    crops = []
    for line in labels.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if len(entry["dice"]) == 1 and entry["dice"][0].get("bbox") is None:
            die = entry["dice"][0]
            crops.append((load_image(labels.parent / entry["image"]), int(die["value"]), die.get("color")))
    return crops


def write_composites(folder: Path, crops: list[tuple[np.ndarray, int, str | None]], count: int, seed: int = 0) -> Path:
    """`count` pictures of 6 to 12 real crops each on a table; returns the labels.jsonl path."""
    rng = np.random.default_rng(seed)
    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    lines = []
    for index in range(count):
        image, dice = _composite(rng, crops, int(rng.integers(6, 13)))
        name = f"composite_{index:04d}.jpg"
        cv2.imwrite(str(images / name), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        lines.append(
            {
                "image": f"images/{name}",
                "dice": dice,
                "size": [image.shape[1], image.shape[0]],
                "source": "composite of real crops",
                "license": "see the crops' own labels",
            }
        )
    labels = folder / "labels.jsonl"
    labels.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return labels


def _composite(
    rng: np.random.Generator, crops: list[tuple[np.ndarray, int, str | None]], count: int
) -> tuple[np.ndarray, list[dict[str, object]]]:
    cell = 140
    columns, rows = 4, 3
    style = str(rng.choice(["rajas", "white_on_wood", "tray"]))
    canvas = np.clip(table_for(rng, style, columns * cell, rows * cell)[0], 0, 255).astype(np.uint8)
    dice: list[dict[str, object]] = []
    for slot in rng.choice(columns * rows, size=min(count, columns * rows), replace=False):
        crop, value, colour = crops[int(rng.integers(0, len(crops)))]
        size = int(rng.integers(60, 110))
        patch = cv2.resize(crop, (size, size), interpolation=cv2.INTER_AREA)
        x = int(slot % columns) * cell + int(rng.integers(5, cell - size - 5))
        y = int(slot // columns) * cell + int(rng.integers(5, cell - size - 5))
        canvas[y : y + size, x : x + size] = patch
        dice.append({"value": value, "color": colour, "bbox": [x, y, x + size, y + size]})
    return canvas, dice
