"""How honest the reader's confidence is, on labelled photos (labels.jsonl, the shared harness's format).

    python benchmarks/doubt.py LABELS.jsonl [LABELS.jsonl ...]

For each set, then all sets together: the dice read with a value, by band of confidence, and the share of each band
read right; then the sure readings (confidence from SURE_VALUE up, the ones the service settles without asking the
table) and how many of them were wrong. A sure wrong is the failure the issue counts worst: a value scored silently.

Dice are paired with the truth by the shared harness's own matching (../shared/eval/eval_reader.py: IoU over 0.3
or a box's centre inside the other); a picture of one die whose label gives no box is paired with the surest die
read. The reader is vision.evaluation.read_path, the one the harness scores. Real and synthetic sets are never to
be given together: run the script once for each.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from vision.evaluation import read_path
from vision.reading import SURE_VALUE

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT.parent / "shared" / "eval" / "eval_reader.py"
BANDS = (0.0, 0.5, SURE_VALUE, 0.7, 0.8, 0.9, 1.0)
"""Edges of the confidence bands; the last band takes 1.0 in."""


@dataclass(frozen=True)
class Paired:
    """A die of the truth read with a value: the reading's confidence, and whether the value is the true one."""

    confidence: float
    right: bool


def harness() -> ModuleType:
    """The shared evaluation harness, for its matching (OSError when it is not beside the project)."""
    spec = importlib.util.spec_from_file_location("eval_reader", HARNESS)
    if spec is None or spec.loader is None or not HARNESS.exists():
        raise OSError(f"the shared evaluation harness is not at {HARNESS}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def paired(truth: list[dict[str, Any]], read: list[dict[str, Any]], match: Any) -> list[Paired]:
    """The dice of one picture's truth that were read with a value, paired as the harness pairs them (`match`)."""
    if len(truth) == 1 and truth[0].get("bbox") is None:
        valued = [d for d in read if d["value"] is not None]
        surest = max(valued, key=lambda d: d["confidence"], default=None)
        return [] if surest is None else [Paired(surest["confidence"], surest["value"] == truth[0]["value"])]
    pairs = match([d["bbox"] for d in truth], [d["bbox"] for d in read], 0.3)
    return [
        Paired(read[p]["confidence"], read[p]["value"] == truth[g]["value"])
        for g, p in pairs
        if read[p]["value"] is not None
    ]


def band_lines(dice: Sequence[Paired]) -> list[str]:
    """The dice read, band by band of confidence, with the share of each read right; then the sure ones."""
    lines = [f"{'confidence':<11}{'read':>6}{'right':>7}{'share right':>13}"]
    for low, high in zip(BANDS, BANDS[1:], strict=False):
        band = [d for d in dice if low <= d.confidence < high or (high == BANDS[-1] and d.confidence == high)]
        right = sum(d.right for d in band)
        share = f"{right / len(band):.3f}" if band else "-"
        lines.append(f"{low:.2f}-{high:.2f}  {len(band):>6}{right:>7}{share:>13}")
    sure = [d for d in dice if d.confidence >= SURE_VALUE]
    wrong = sum(not d.right for d in sure)
    share = f" ({wrong / len(sure):.1%} of the sure readings)" if sure else ""
    lines.append(f"sure (confidence >= {SURE_VALUE:.2f}): {len(sure)} read, {wrong} wrong{share}")
    return lines


def scored(labels: Path, match: Any) -> tuple[int, list[Paired]]:
    """The number of true dice in a labelled set, and those read with a value, paired with their truth."""
    dice: list[Paired] = []
    total = 0
    for number, line in enumerate(labels.read_text().splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            truth = [{"value": d["value"], "bbox": d.get("bbox")} for d in record["dice"]]
            image = labels.parent / record["image"]
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{labels}, line {number}: not a label the harness reads ({error})") from error
        total += len(truth)
        dice += paired(truth, read_path(str(image)), match)
    return total, dice


def report(sets: Sequence[tuple[str, int, list[Paired]]]) -> list[str]:
    """Each set's bands, then all sets' together when there are several."""
    lines: list[str] = []
    for name, total, dice in sets:
        lines += [f"{name}: {total} dice, {len(dice)} read with a value", *band_lines(dice), ""]
    if len(sets) > 1:
        everything = [d for _, _, dice in sets for d in dice]
        lines += [f"ALL: {len(everything)} read with a value", *band_lines(everything), ""]
    return lines


def _name(labels: Path, given: list[str]) -> str:
    """A set's name: its folder's, with the folder above when another set given has the same."""
    alike = [a for a in given if Path(a).parent.name == labels.parent.name]
    return labels.parent.name if len(alike) == 1 else f"{labels.parent.parent.name}/{labels.parent.name}"


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        match = harness().match
        sets = [(_name(Path(a), argv), *scored(Path(a), match)) for a in argv]
    except (OSError, ValueError) as error:
        print(f"cannot score: {error}", file=sys.stderr)
        return 2
    print("\n".join(report(sets)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
