"""Labelled synthetic sets in the evaluation harness's format, and the bundled demo frames."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.reading import Die
from vision.synthetic.scene import RAJAS, render_scene

STORED_QUALITY = 92
"""JPEG quality the labelled sets are written at (a scene read as stored has its compression, see tests)."""


@dataclass(frozen=True)
class Kind:
    """What pictures of one kind look like: size, dice, colours, table, camera."""

    sizes: tuple[tuple[int, int], ...]
    dice: tuple[int, int]  # how many dice, low and high
    colours: tuple[str, ...]  # drawn from at random (repeat a colour to make it more frequent)
    style: str
    die_px: tuple[float, float]
    tilt_deg: tuple[float, float]
    blur_share: float  # share of pictures with motion blur
    blur: tuple[float, float]  # pixels of blur when there is some
    touching: float
    hand_share: float


KINDS: dict[str, Kind] = {
    # Top-down phone photos of a dice tray, 12 megapixels, 20-30 coloured dice with white pips.
    "tray": Kind(((4032, 3024),), (20, 30), (*RAJAS, "red"), "tray", (150, 230), (0, 8), 0.1, (2, 6), 0.35, 0.0),
    # Webcam frames of white (or ivory) dice with black pips on a wooden desk, oblique, some blurred.
    "webcam": Kind(((640, 480),), (2, 8), ("white",), "white_on_wood", (26, 55), (12, 30), 0.4, (3, 9), 0.3, 0.0),
    # The same, slightly oblique (3-18 degrees) with milder blur: the webcam frames the unseen set holds.
    "webcam-slight": Kind(((640, 480),), (2, 8), ("white",), "white_on_wood", (26, 55), (3, 18), 0.4, (2, 6), 0.3, 0.0),
    # The same with small dice, 15-26 pixels a side: the low end of the sizes the reader must read, a webcam seeing
    # the whole desk from half a metre up.
    "webcam-small": Kind(((640, 480),), (3, 10), ("white",), "white_on_wood", (15, 26), (3, 18), 0.3, (2, 4), 0.3, 0.0),
    # The same seen up close, 90-250 pixels a side: the high end of the sizes, a webcam a hand's width above a few
    # dice.
    "webcam-up-close": Kind(
        ((640, 480),), (2, 5), ("white",), "white_on_wood", (90, 250), (3, 18), 0.3, (2, 6), 0.3, 0.0
    ),
    # A Rajas of the Ganges table: the four colours, now and then a white die, sometimes a hand.
    "rajas": Kind(
        ((1280, 720), (640, 480)),
        (4, 12),
        (*RAJAS * 3, "white"),
        "rajas",
        (30, 70),
        (0, 30),
        0.15,
        (2, 6),
        0.3,
        0.1,
    ),
    # Trays as above, of black dice with white pips among the coloured ones: black on a dark tray, touching, leaves
    # little but the pips to see.
    "tray-black": Kind(
        ((4032, 3024),),
        (20, 30),
        ("black", "black", "red", "blue", "green"),
        "tray",
        (150, 230),
        (0, 8),
        0.1,
        (2, 6),
        0.35,
        0.0,
    ),
    # A few Rajas dice seen up close, 90-200 pixels a side, on the Rajas tables: a camera over the Kali statue's zone.
    "rajas-up-close": Kind(((640, 480),), (2, 5), RAJAS, "rajas", (90, 200), (0, 20), 0.15, (2, 6), 0.3, 0.0),
}

STREAMS = (
    *("rajas", "tray", "webcam", "webcam-slight", "webcam-small", "webcam-up-close", "rajas-up-close"),
    "tray-black",
)
"""The kinds in the order their scenes' random streams are numbered (a kind's place here seeds them): a kind added at
the end leaves every other kind's scenes as they were."""


def render_kind(kind: str, seed: int, light: float = 1.0) -> tuple[np.ndarray, list[Die]]:
    """One picture of a kind, and its truth; `light` under 1 dims the room (see render_scene)."""
    if kind not in KINDS:
        raise ValueError(f"kind {kind!r} is not known; allowed: {', '.join(sorted(KINDS))}")
    spec = KINDS[kind]
    rng = np.random.default_rng([seed, STREAMS.index(kind)])
    width, height = spec.sizes[int(rng.integers(len(spec.sizes)))]
    blur = float(rng.uniform(*spec.blur)) if rng.random() < spec.blur_share else 0.0
    return render_scene(
        rng,
        width,
        height,
        int(rng.integers(spec.dice[0], spec.dice[1] + 1)),
        spec.colours,
        spec.style,
        die_px=spec.die_px,
        tilt_deg=spec.tilt_deg,
        blur=blur,
        touching=spec.touching,
        hand=bool(rng.random() < spec.hand_share),
        light=light,
    )


def label(image_name: str, image: np.ndarray, truth: list[Die], kind: str) -> dict[str, Any]:
    """One line of labels.jsonl for a rendered picture."""
    return {
        "image": image_name,
        "dice": [{"value": d.value, "color": d.color, "bbox": list(d.bbox), "flags": sorted(d.flags)} for d in truth],
        "size": [int(image.shape[1]), int(image.shape[0])],
        "source": "synthetic",
        "license": "generated",
        "kind": kind,
    }


def write_dataset(folder: Path, kind: str, count: int, seed: int = 0, light: float = 1.0) -> Path:
    """Write `count` labelled pictures of one kind (images/ and labels.jsonl), in a room dimmed to `light` of
    its lamp's (see render_scene); returns the labels.jsonl path."""
    if count < 1:
        raise ValueError(f"count must be at least 1, got {count}")
    images = Path(folder) / "images"
    images.mkdir(parents=True, exist_ok=True)
    lines = []
    for index in range(count):
        image, truth = render_kind(kind, seed * 100_003 + index, light)
        name = f"{kind}_{seed}_{index:04d}.jpg"
        cv2.imwrite(str(images / name), image, [cv2.IMWRITE_JPEG_QUALITY, STORED_QUALITY])
        lines.append(label(f"images/{name}", image, truth, kind))
    labels = Path(folder) / "labels.jsonl"
    labels.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return labels


DEMO_README = """# Demo frames (synthetic)

These pictures are SYNTHETIC: drawn by the project's own generator (`vision/synthetic/`), not photographed.
Rajas of the Ganges dice (blue, orange, green, violet) on different tables, and white dice with black pips on
a desk. The service replays them as its camera when no real camera is configured, so that a fresh install
shows dice being read. `labels.jsonl` holds their truth in the evaluation harness's format.
Regenerate them (deterministic) with:

    python -m vision.synthetic --demo vision/demo_frames
"""

# (style, colours, width, height, dice, die_px, tilt, touching)
DEMO_SCENES: tuple[tuple[str, tuple[str, ...], int, int, int, tuple[float, float], float, float], ...] = (
    ("rajas", RAJAS, 1280, 720, 8, (60, 72), 10.0, 0.3),
    ("rajas", RAJAS, 1280, 720, 10, (52, 64), 20.0, 0.4),
    ("rajas", (*RAJAS, "white"), 1280, 720, 6, (64, 76), 5.0, 0.0),
    ("rajas", RAJAS, 640, 480, 5, (40, 50), 25.0, 0.3),
    ("rajas", RAJAS, 640, 480, 6, (36, 46), 0.0, 0.5),
    ("tray", (*RAJAS, "red"), 1280, 720, 12, (54, 62), 5.0, 0.3),
    ("rajas", RAJAS, 640, 480, 4, (44, 54), 15.0, 0.0),
    ("white_on_wood", ("white",), 640, 480, 5, (36, 48), 22.0, 0.3),
    ("white_on_wood", ("white",), 640, 480, 3, (40, 52), 28.0, 0.0),
    ("rajas", (*RAJAS, "white", "white"), 640, 480, 7, (34, 44), 12.0, 0.3),
)


def write_demo_frames(folder: Path, seed: int = 2026) -> list[Path]:
    """The bundled demo frames (JPEG), their labels.jsonl and README.md; returns the pictures written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written, lines = [], []
    for index, (style, colours, width, height, dice, die_px, tilt, touching) in enumerate(DEMO_SCENES):
        image, truth = render_scene(
            seed * 1000 + index,
            width,
            height,
            dice,
            colours,
            style,
            die_px=die_px,
            tilt_deg=tilt,
            touching=touching,
        )
        path = folder / f"demo_{index:02d}.jpg"
        cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 80])
        written.append(path)
        lines.append(label(path.name, image, truth, f"demo-{style}"))
    (folder / "labels.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    (folder / "README.md").write_text(DEMO_README, encoding="utf-8")
    return written
