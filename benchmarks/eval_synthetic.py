"""Scores the reader on SYNTHETIC labelled sets with the shared evaluation harness (real photos: see README).

    python benchmarks/eval_synthetic.py [--count-scale 1.0] [--keep DIR]

Generates three sets with vision.synthetic (trays of 20-30 coloured dice with white pips at 4000x3000; 640x480
webcam frames of white dice with black pips on wood, tilted, some with motion blur; Rajas tables at 1280x720)
and runs ../shared/eval/eval_reader.py on each, printing its report; then the same on composites of the real
development crops pasted on synthetic tables. These figures are synthetic or composite, never to be mixed with
those on real photos.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT.parent / "shared" / "eval" / "eval_reader.py"
SETS = {"tray": 8, "webcam": 40, "rajas": 20}


def score(labels: Path, title: str) -> None:
    """Run the shared harness on one labelled set and let it print its report."""
    print(f"\n===== {title} ({labels.parent}) =====", flush=True)
    command = [
        sys.executable,
        str(HARNESS),
        "--labels",
        str(labels),
        "--python",
        "vision.evaluation:read_path",
        "--pypath",
        str(ROOT),
        "--json",
        str(labels.parent / "report.json"),
    ]
    subprocess.run(command, check=False)


def main() -> int:
    """Generate the sets, score each, print the harness's reports."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count-scale", type=float, default=1.0, help="multiply the number of pictures per set")
    parser.add_argument("--keep", type=Path, help="write the sets here instead of a temporary folder")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from vision.synthetic import write_dataset

    if not HARNESS.exists():
        print(f"the evaluation harness is not at {HARNESS}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        base = args.keep or Path(scratch)
        for kind, count in SETS.items():
            labels = write_dataset(base / f"synthetic-{kind}", kind, max(1, round(count * args.count_scale)), seed=7)
            score(labels, f"SYNTHETIC set '{kind}'")
        crops = sorted((ROOT.parent / "shared" / "data" / "dice").glob("*/labels.jsonl"))
        if crops:
            from vision.synthetic.composite import load_crops, write_composites

            pool = [crop for labels in crops for crop in load_crops(labels)]
            count = max(1, round(20 * args.count_scale))
            labels = write_composites(base / "composite-real-crops", pool, count, seed=7)
            score(labels, "COMPOSITES of real crops on synthetic tables")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
