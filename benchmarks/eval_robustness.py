"""How the reader holds up when the camera gives worse pictures than the synthetic sets draw. SYNTHETIC frames of
each kind are read as drawn (stored as the sets store them), then again through each change a camera or a room
makes: more sensor noise, a lamp too bright, a dim room, a darker one, flat contrast, a soft lens, sharpening, heavy
JPEG, a warm lamp. Per change, per die, over every kind: read right, read surely wrong (the worst: a value scored
silently), guessed wrong, found unread, missed, and found where none lies; and the pictures read exactly.

    python benchmarks/eval_robustness.py [--seed 5] [--count-scale 1.0] [--kinds webcam-slight,rajas]
        [--changes noise,dim] [--by-kind]

Dice are paired with the truth by the shared harness's matching (as benchmarks/doubt.py pairs them). Every figure
here is synthetic: never to be mixed with those on real photos.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.doubt import harness  # noqa: E402
from vision.reader import read_dice  # noqa: E402
from vision.reading import SURE_VALUE  # noqa: E402
from vision.synthetic.datasets import STORED_QUALITY, render_kind  # noqa: E402

KINDS = {"webcam-slight": 40, "webcam": 40, "webcam-small": 40, "rajas": 20, "tray": 4}
"""The kinds read, and how many pictures of each at a count scale of 1."""
Change = Callable[[np.ndarray, np.random.Generator], np.ndarray]


def _jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    """The picture through a JPEG of that quality, as a camera or a phone stores it."""
    _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return np.asarray(cv2.imdecode(np.asarray(data), cv2.IMREAD_COLOR))


def _levels(gain: float, offset: float, noise: float) -> Change:
    """Light scaled by `gain` and lifted by `offset` grey levels, with sensor noise of `noise` levels."""

    def change(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        out = image.astype(np.float32) * gain + offset
        out += rng.standard_normal(image.shape[:2], dtype=np.float32)[:, :, None] * noise
        return _jpeg(np.clip(out, 0, 255).astype(np.uint8), 85)

    return change


def _noise(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    out = image.astype(np.float32) + rng.standard_normal(image.shape[:2], dtype=np.float32)[:, :, None] * 8
    out += rng.standard_normal(image.shape, dtype=np.float32) * 4
    return _jpeg(np.clip(out, 0, 255).astype(np.uint8), 85)


def _soft(image: np.ndarray, _: np.random.Generator) -> np.ndarray:
    h, w = image.shape[:2]
    small = cv2.resize(image, (round(w * 0.55), round(h * 0.55)), interpolation=cv2.INTER_AREA)
    return _jpeg(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), 60)


def _sharp(image: np.ndarray, _: np.random.Generator) -> np.ndarray:
    out = image.astype(np.float32)
    out += 0.8 * (out - cv2.GaussianBlur(out, (0, 0), 1.2))
    return _jpeg(np.clip(out, 0, 255).astype(np.uint8), 85)


def _warm(image: np.ndarray, _: np.random.Generator) -> np.ndarray:
    out = image.astype(np.float32) * np.array([0.6, 0.95, 1.25], np.float32)
    return _jpeg(np.clip(out, 0, 255).astype(np.uint8), 85)


CHANGES: dict[str, Change] = {
    "as drawn": lambda image, _: image,
    "noise": _noise,  # sensor noise of 8 grey levels, 4 more per colour
    "bright": _levels(1.4, 0.0, 2.0),  # a lamp too bright: the light parts clip
    "dim": _levels(0.55, 10.0, 3.0),  # a dim room: half the light, the black level lifted
    "dark": _levels(0.4, 8.0, 2.5),  # a darker one still
    "flat": _levels(0.6, 70.0, 2.0),  # flat contrast: haze, or a cheap lens's flare
    "soft": _soft,  # a soft lens: detail of a picture about half as wide, JPEG 60
    "sharp": _sharp,  # a camera's own sharpening
    "jpeg35": lambda image, _: _jpeg(image, 35),  # a webcam's MJPEG at low quality
    "warm": _warm,  # a warm lamp the white balance did not take out
}


def tally(truth: list[dict[str, Any]], read: list[dict[str, Any]], match: Any) -> Counter[str]:
    """One picture's dice, paired as the harness pairs them (`match`), counted by outcome."""
    counts: Counter[str] = Counter(dice=len(truth), pictures=1)
    pairs = match([d["bbox"] for d in truth], [d["bbox"] for d in read], 0.3)
    exact = len(pairs) == len(truth) == len(read)
    for t, r in pairs:
        value, confidence = read[r]["value"], read[r]["confidence"]
        if value == truth[t]["value"]:
            counts["right"] += 1
            continue
        exact = False
        outcome = "unread" if value is None else ("sure wrong" if confidence >= SURE_VALUE else "guessed wrong")
        counts[outcome] += 1
    counts["missed"] += len(truth) - len(pairs)
    counts["extra"] += len(read) - len(pairs)
    counts["exact"] += exact
    return counts


COLUMNS = ("dice", "right", "sure wrong", "guessed wrong", "unread", "missed", "extra", "pictures", "exact")


def table(rows: dict[str, Counter[str]]) -> list[str]:
    """The counts of each change as a table, with the share of dice read right."""
    lines = [f"{'change':<22}" + "".join(f"{name:>14}" for name in COLUMNS) + f"{'share right':>14}"]
    for name, counts in rows.items():
        share = counts["right"] / max(counts["dice"], 1)
        lines.append(f"{name:<22}" + "".join(f"{counts[c]:>14}" for c in COLUMNS) + f"{share:>14.3f}")
    return lines


def run(seed: int, counts: dict[str, int], changes: list[str], by_kind: bool) -> list[str]:
    """Read every picture as drawn and through each change; the report's lines."""
    match = harness().match
    rows: dict[str, Counter[str]] = {}
    for kind, count in counts.items():
        for index in range(count):
            image, truth = render_kind(kind, seed * 100_003 + index)
            stored = _jpeg(image, STORED_QUALITY)
            labels = [{"value": d.value, "bbox": list(d.bbox)} for d in truth]
            for name in changes:
                picture = CHANGES[name](stored, np.random.default_rng([seed, index, len(name)]))
                read = [
                    {"value": d.value, "confidence": d.confidence, "bbox": list(d.bbox)}
                    for d in read_dice(picture).dice
                ]
                outcome = tally(labels, read, match)
                for key in (name, f"{name} / {kind}") if by_kind else (name,):
                    rows[key] = rows.get(key, Counter()) + outcome
    ordered = dict(sorted(rows.items(), key=lambda item: (changes.index(item[0].split(" / ")[0]), item[0])))
    return table(ordered)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=5, help="seed of the pictures")
    parser.add_argument("--count-scale", type=float, default=1.0, help="multiply the number of pictures per kind")
    parser.add_argument("--kinds", default=",".join(KINDS), help="which kinds, comma-separated")
    parser.add_argument("--changes", default=",".join(name for name in CHANGES if name != "as drawn"))
    parser.add_argument("--by-kind", action="store_true", help="a line for each kind under each change too")
    args = parser.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    changes = ["as drawn", *(c for c in args.changes.split(",") if c and c != "as drawn")]
    unknown = [k for k in kinds if k not in KINDS] + [c for c in changes if c not in CHANGES]
    if unknown:
        parser.error(
            f"unknown kind or change: {', '.join(unknown)}; kinds: {', '.join(KINDS)}; changes: {', '.join(CHANGES)}"
        )
    cv2.setNumThreads(1)
    counts = {kind: max(1, round(KINDS[kind] * args.count_scale)) for kind in kinds}
    print(f"SYNTHETIC pictures (seed {args.seed}): " + ", ".join(f"{n} {kind}" for kind, n in counts.items()))
    print("\n".join(run(args.seed, counts, changes, args.by_kind)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
