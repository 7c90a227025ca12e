"""Tallies the reader's readings, die by die, on SYNTHETIC sets drawn from many seeds and on composites of real
crops: the figures the reader's rules quote ("synthetic scenes, seeds 5, 7, 11, ...: sure wrongs 43 -> 39").

    python benchmarks/eval_seeds.py [--sets DIR] [--seeds 5,7,...] [--kinds tray,webcam,...] [--jobs 2]
        [--json OUT] [--against EARLIER.json]

The sets are written into --sets (kept there: a second run reads them again without drawing them, about four
minutes saved) as benchmarks/eval_synthetic.py draws them: 8 trays, 40 frames of each webcam kind and 20 Rajas
tables a seed, and 20 composites of the development crops a seed (when the shared photos lie beside the project).
Each die of each picture, in the order of its labels, is matched to the reading over it (the best overlap, at least
0.3 of their union, each reading used once: the matching the reader's rules were measured with; --lenient matches
as the shared harness does by default, a reading whose box holds the die's centre too) and counted as

    right     read right, surely            right?   read right, as a guess
    sure wrong  read wrong, surely          guess wrong  read wrong, as a guess
    unread    found, no value               missed   not found
    extra     a reading where no die lies   extra sure  the same, surely
    exact     pictures read exactly right (every die read right, surely or not, none missed, none extra)

--json writes every picture's tallies; --against prints the pictures whose readings differ from such a file, the
way to see what a change to the reader did. These figures are synthetic or composite, never mixed with those on
real photos. Reading runs in --jobs processes (this is no speed benchmark).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SEEDS = (5, 7, 11, 17, 19, 31, 41, 43, 97, 2026)
COUNTS = {
    "tray": 8,
    "tray-black": 8,
    "webcam": 40,
    "webcam-slight": 40,
    "webcam-small": 40,
    "rajas": 20,
    "composite": 20,
}
CROPS = sorted((ROOT.parent / "shared" / "data" / "dice").glob("*/labels.jsonl"))
COLUMNS = (
    *("pictures", "right", "right?", "sure wrong", "guess wrong"),
    *("unread", "missed", "extra", "extra sure", "exact"),
)
MATCH = 0.3
"""Least overlap (intersection over union) of a reading's box with a die's for the reading to be that die's."""


def draw(folder: Path, kind: str, seed: int) -> Path:
    """The labels.jsonl of one set, drawn into `folder` unless it is there already."""
    labels = folder / "labels.jsonl"
    if labels.exists():
        return labels
    if kind == "composite":
        from vision.synthetic.composite import load_crops, write_composites

        pool = [crop for path in CROPS for crop in load_crops(path)]
        return write_composites(folder, pool, COUNTS[kind], seed=seed)
    from vision.synthetic import write_dataset

    return write_dataset(folder, kind, COUNTS[kind], seed=seed)


def _draw_job(job: tuple[str, str, int]) -> str:
    folder, kind, seed = job
    return str(draw(Path(folder), kind, seed))


def overlap(a: list[float], b: list[float]) -> float:
    """Intersection over union of two boxes (x0, y0, x1, y1)."""
    inter = max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def tally(
    truth: list[dict[str, Any]], read: list[tuple[int | None, float, list[float]]], lenient: bool = False
) -> list[list[Any]]:
    """[category, true value, value read, confidence, box] for each die and each reading left over. `lenient`: match
    as the shared harness does by default (see `pairs`)."""
    from vision.reading import SURE_VALUE

    matched = dict(pairs([die["bbox"] for die in truth], [box for _, _, box in read], lenient))
    rows: list[list[Any]] = []
    for index, die in enumerate(truth):
        if index not in matched:
            rows.append(["missed", die["value"], None, 0.0, die["bbox"]])
            continue
        value, confidence, box = read[matched[index]]
        sure = confidence >= SURE_VALUE
        if value == die["value"]:
            kind = "right" if sure else "right?"
        else:
            kind = "unread" if value is None else "sure wrong" if sure else "guess wrong"
        rows.append([kind, die["value"], value, round(confidence, 3), box])
    used = set(matched.values())
    for index, (value, confidence, box) in enumerate(read):
        if index not in used:
            kind = "extra sure" if value is not None and confidence >= SURE_VALUE else "extra"
            rows.append([kind, None, value, round(confidence, 3), box])
    return rows


def pairs(dice: list[list[float]], boxes: list[list[float]], lenient: bool = False) -> list[tuple[int, int]]:
    """(die, reading) index pairs, each used once. Strict: each die in turn takes the reading it overlaps most, at
    least MATCH. Lenient (the shared harness's default): a pair may also be a reading whose box holds the die's
    centre, or the other way round; the pairs overlapping most are taken first, then the nearest centres."""
    if not lenient:
        taken: dict[int, int] = {}
        for die, box in enumerate(dice):
            shares = [(overlap(box, other), index) for index, other in enumerate(boxes) if index not in taken.values()]
            best = max((pair for pair in shares if pair[0] >= MATCH), default=None, key=lambda pair: pair[0])
            if best is not None:
                taken[die] = best[1]
        return list(taken.items())
    candidates = []
    for die, box in enumerate(dice):
        for index, other in enumerate(boxes):
            share = overlap(box, other)
            if share > MATCH or _inside(_centre(other), box) or _inside(_centre(box), other):
                apart = math.dist(_centre(box), _centre(other))
                candidates.append((-share, apart, die, index))
    chosen: list[tuple[int, int]] = []
    for _, _, die, index in sorted(candidates):
        if all(die != d and index != i for d, i in chosen):
            chosen.append((die, index))
    return chosen


def _centre(box: list[float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _inside(point: tuple[float, float], box: list[float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _read_job(job: tuple[str, dict[str, Any], bool]) -> tuple[str, list[list[Any]]]:
    import cv2

    from vision.image_io import load_image
    from vision.reader import read_dice

    cv2.setNumThreads(1)
    folder, entry, lenient = job
    path = Path(folder) / entry["image"]
    dice = read_dice(load_image(path)).dice
    return str(path), tally(entry["dice"], [(d.value, d.confidence, list(d.bbox)) for d in dice], lenient)


def table(results: dict[str, list[list[Any]]], kind_of: dict[str, str]) -> list[str]:
    """The tallies by kind and in all, one line each."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for picture, rows in results.items():
        for name in ("ALL", kind_of[picture]):
            counts[name].update(row[0] for row in rows)
            counts[name]["pictures"] += 1
            counts[name]["exact"] += all(row[0] in ("right", "right?") for row in rows)
    lines = [f"{'kind':<15}" + "".join(f"{column:>12}" for column in COLUMNS)]
    for name in ["ALL", *sorted(set(kind_of.values()))]:
        lines.append(f"{name:<15}" + "".join(f"{counts[name][column]:>12}" for column in COLUMNS))
    return lines


def differences(earlier: dict[str, list[list[Any]]], now: dict[str, list[list[Any]]]) -> list[str]:
    """The pictures whose tallies differ (category, true value, value read), with what each read."""

    def key(rows: list[list[Any]]) -> list[str]:
        return sorted(str(row[:3]) for row in rows)

    lines = []
    for picture in sorted(set(earlier) & set(now)):
        if key(earlier[picture]) != key(now[picture]):
            lines.append(picture)
            lines.append(f"   before {[row for row in earlier[picture] if row[0] != 'right']}")
            lines.append(f"   now    {[row for row in now[picture] if row[0] != 'right']}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", type=Path, default=Path("/tmp/companion-eval-seeds"), help="where the sets are kept")
    parser.add_argument("--seeds", default=",".join(map(str, SEEDS)))
    parser.add_argument("--kinds", default=",".join(COUNTS))
    parser.add_argument("--jobs", type=int, default=2, help="processes drawing and reading")
    parser.add_argument("--json", type=Path, help="write every picture's tallies here")
    parser.add_argument("--lenient", action="store_true", help="match as the shared harness does by default")
    parser.add_argument("--against", type=Path, help="an earlier --json: print the pictures read otherwise")
    args = parser.parse_args(argv)
    kinds = [kind for kind in args.kinds.split(",") if kind]
    unknown = [kind for kind in kinds if kind not in COUNTS]
    if unknown:
        parser.error(f"unknown kinds {unknown}; known: {', '.join(COUNTS)}")
    if "composite" in kinds and not CROPS:
        print("no shared development photos beside the project: the composites are left out", file=sys.stderr)
        kinds.remove("composite")
    jobs = [(str(args.sets / str(seed) / kind), kind, int(seed)) for seed in args.seeds.split(",") for kind in kinds]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        labels = list(pool.map(_draw_job, jobs))
        pictures = [
            (str(Path(path).parent), json.loads(line), args.lenient)
            for path in labels
            for line in Path(path).read_text(encoding="utf-8").splitlines()
        ]
        results = dict(pool.map(_read_job, pictures, chunksize=4))
    kind_of = {picture: Path(picture).parts[-3] for picture in results}
    matching = "lenient (as the harness)" if args.lenient else "strict"
    print(f"SYNTHETIC and COMPOSITE sets, seeds {args.seeds}, in {args.sets}; {matching} matching")
    print("\n".join(table(results, kind_of)))
    if args.json:
        args.json.write_text(json.dumps(results), encoding="utf-8")
    if args.against:
        print("\n".join(differences(json.loads(args.against.read_text(encoding="utf-8")), results)) or "no change")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
