"""Composites: real dice cut out of single-die photos and laid side by side on a synthetic table, labelled from
their photos' own labels.

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
from vision.synthetic.datasets import STORED_QUALITY


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
    """`count` pictures of up to 6 to 12 real dice each on a table; returns the labels.jsonl path."""
    rng = np.random.default_rng(seed)
    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    lines = []
    for index in range(count):
        image, dice = _composite(rng, crops, int(rng.integers(6, 13)))
        name = f"composite_{index:04d}.jpg"
        cv2.imwrite(str(images / name), image, [cv2.IMWRITE_JPEG_QUALITY, STORED_QUALITY])
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
    canvas = np.clip(table_for(rng, style, columns * cell, rows * cell)[0], 0, 255).astype(np.float32)
    dice: list[dict[str, object]] = []
    for slot in rng.choice(columns * rows, size=min(count, columns * rows), replace=False):
        crop, value, colour = crops[int(rng.integers(0, len(crops)))]
        size = int(rng.integers(60, 110))
        cut = die_cutout(crop)
        if cut is None:
            continue  # the die cannot be told from its ground: left out rather than pasted with it
        die, alpha = cut
        scale = size / max(die.shape[:2])
        width, height = max(1, round(die.shape[1] * scale)), max(1, round(die.shape[0] * scale))
        die = cv2.resize(die, (width, height), interpolation=cv2.INTER_AREA).astype(np.float32)
        alpha = cv2.resize(alpha, (width, height), interpolation=cv2.INTER_AREA)[:, :, None]
        x = int(slot % columns) * cell + int(rng.integers(5, cell - width - 4))
        y = int(slot // columns) * cell + int(rng.integers(5, cell - height - 4))
        area = canvas[y : y + height, x : x + width]
        area[:] = area * (1.0 - alpha) + die * alpha
        dice.append({"value": value, "color": colour, "bbox": [x, y, x + width, y + height]})
    return np.clip(np.round(canvas), 0, 255).astype(np.uint8), dice


CUT_LEVEL = 25.0
"""Distance from the photo's ground (the median of its border; in a*, b*, and a third of lightness) from which a
pixel belongs to the die."""


def die_cutout(crop: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The die of a single-die photo cut out of its ground: the part, holding the photo's centre, that differs
    from the colour of the photo's border; as (BGR box around it, its soft-edged alpha 0-1). None when that part
    is under a fifth of the photo (a die the colour of its ground) or runs to every edge of it (no ground)."""
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab).astype(np.float32)
    border = np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]])
    gap = lab - np.median(border, axis=0)
    # Mostly by colour: the die's shadow on the felt is darker felt, and keeps the felt's colour.
    distance = np.hypot(gap[:, :, 1], gap[:, :, 2]) + 0.3 * np.abs(gap[:, :, 0])
    mask = np.where(distance > CUT_LEVEL, 255, 0).astype(np.uint8)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    mask = np.asarray(cv2.morphologyEx(cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel), cv2.MORPH_OPEN, kernel))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    h, w = mask.shape
    centre = int(labels[h // 2, w // 2])
    if count < 2 or centre == 0 or stats[centre, cv2.CC_STAT_AREA] < 0.2 * h * w:
        return None
    x, y, bw, bh = (int(v) for v in stats[centre, :4])
    if bw >= w and bh >= h:
        return None
    part = np.where(labels == centre, 255, 0).astype(np.uint8)
    outline, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(part, outline, -1, 255, cv2.FILLED)  # the pips inside the die are die too
    alpha = cv2.GaussianBlur(part.astype(np.float32) / 255.0, (0, 0), 0.8)
    return crop[y : y + bh, x : x + bw], alpha[y : y + bh, x : x + bw]
