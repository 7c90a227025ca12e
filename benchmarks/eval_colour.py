"""Colour right on REAL photos once calibrated, against the default palette, on photos the calibration never saw.

    python benchmarks/eval_colour.py [--labels ../shared/data/dice/chaseelliottpatterson__dice-reader/labels.jsonl]
        [--per-colour 1] [--seed 0] [--draws 5]

The calibration is learnt as a table's owner teaches it (dashboard or `companion calibrate-colours`): from
--per-colour dice of each colour, drawn from the photos of the "train" split, each die where the reader finds
it. Every photo of the other splits is then read with the default palette and with that calibration, and the
colour of the die nearest the photo's centre (the harness's rule for single-die photos) is compared with its
label. The draw of the teaching dice is repeated over --draws seeds from --seed (five by default), as one die may
teach well or badly, and the mean printed.
The default palette is also scored told among the labelled colours alone, as the camera tells them when the game
played names the colours of its dice (Calibration.only).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision.calibration import Calibration, calibrate_from_examples  # noqa: E402
from vision.image_io import load_image  # noqa: E402
from vision.reader import read_dice  # noqa: E402
from vision.reading import Die  # noqa: E402

DEFAULT_LABELS = ROOT.parent / "shared" / "data" / "dice" / "chaseelliottpatterson__dice-reader" / "labels.jsonl"
Photo = tuple[np.ndarray, str, str]
"""The image, its die's labelled colour, its split."""


def photos(labels: Path) -> list[Photo]:
    """Every single-die photo with a labelled colour."""
    found = []
    for line in labels.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if len(entry["dice"]) == 1 and entry["dice"][0].get("color"):
            image = load_image(str(labels.parent / entry["image"]))
            found.append((image, entry["dice"][0]["color"], entry.get("split", "")))
    return found


def central_die(image: np.ndarray, calibration: Calibration | None) -> Die | None:
    """The die nearest the photo's centre, as the harness picks it on single-die photos."""
    dice = read_dice(image, calibration).dice
    h, w = image.shape[:2]
    return min(dice, key=lambda d: (d.center[0] - w / 2) ** 2 + (d.center[1] - h / 2) ** 2, default=None)


def teach(teaching: list[Photo], per_colour: int, seed: int) -> Calibration:
    """A calibration learnt from `per_colour` photos of each colour, drawn with `seed`."""
    rng = np.random.default_rng(seed)
    examples = []
    for colour in sorted({c for _, c, _ in teaching}):
        mine = [p for p in teaching if p[1] == colour]
        for index in rng.choice(len(mine), size=min(per_colour, len(mine)), replace=False):
            image = mine[int(index)][0]
            die = central_die(image, None)
            h, w = image.shape[:2]
            examples.append((image, die.bbox if die is not None else (0, 0, w, h), colour))
    return calibrate_from_examples(examples)


def score(tested: list[Photo], calibration: Calibration | None) -> tuple[float, Counter[tuple[str, str]]]:
    """Share of photos whose central die has the labelled colour, and the (labelled, read) counts."""
    pairs: Counter[tuple[str, str]] = Counter()
    for image, colour, _ in tested:
        die = central_die(image, calibration)
        pairs[(colour, (die.color or "unknown") if die is not None else "no die")] += 1
    right = sum(n for (want, got), n in pairs.items() if want == got)
    return right / max(1, len(tested)), pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=Path, default=DEFAULT_LABELS)
    parser.add_argument("--per-colour", type=int, default=1, help="dice of each colour shown to teach the colours")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--draws", type=int, default=5, help="draws of the teaching dice, from --seed on")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    every = photos(args.labels)
    teaching = [p for p in every if p[2] == "train"]
    tested = [p for p in every if p[2] != "train"]
    print(f"REAL photos: {args.labels.parent.name}; taught from {args.per_colour} die per colour of the train split")
    print(f"({len(teaching)} photos), scored on the other splits ({len(tested)} photos, none used to teach)")
    share, pairs = score(tested, None)
    print(f"default palette: colour right {share:.3f}  {dict(sorted(pairs.items()))}")
    colours = sorted({c for _, c, _ in every})
    share, pairs = score(tested, Calibration.default().only(colours))
    print(f"default palette told among {', '.join(colours)} alone (a game's dice): colour right {share:.3f}  ", end="")
    print(dict(sorted(pairs.items())))
    shares = []
    for seed in range(args.seed, args.seed + args.draws):
        share, pairs = score(tested, teach(teaching, args.per_colour, seed))
        shares.append(share)
        print(f"calibrated (seed {seed}): colour right {share:.3f}  {dict(sorted(pairs.items()))}")
    print(f"calibrated, mean of {len(shares)} draws: colour right {sum(shares) / max(1, len(shares)):.3f}")


if __name__ == "__main__":
    main()
