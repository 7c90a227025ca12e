"""Scores the reader on SYNTHETIC labelled sets with the shared evaluation harness (real photos: see README).

    python benchmarks/eval_synthetic.py [--count-scale 1.0] [--seed 7] [--kinds tray,webcam,rajas] [--keep DIR]
        [--light 1.0]

Generates eight sets with vision.synthetic (trays of 20-30 coloured dice with white pips at 4032x3024, and the same
with black dice among them, kind `tray-black`; 640x480
webcam frames of white dice with black pips on wood, tilted 12-30 degrees, some with motion blur, and the same
slightly oblique, 3-18 degrees, kind `webcam-slight`, with small dice, 15-26 pixels a side, kind `webcam-small`, and
seen up close, 90-250 pixels a side, kind `webcam-up-close`; Rajas tables at 1280x720, and a few Rajas dice seen up
close at 640x480, 90-200 pixels a side, kind `rajas-up-close`) and runs
../shared/eval/eval_reader.py on each, printing its report and its value confusion matrix (benchmarks/confusion.py),
and how honest the reader's confidence was on it (benchmarks/doubt.py);
then the same on composites: the real dice of the development crops cut out of their ground and laid on synthetic
tables. These figures are synthetic or composite, never to be mixed with those on real photos.
--light 0.4 draws the synthetic sets in a dim room: the lamp's light at 0.4 of its strength, the camera's noise
as it was (the composites are left out then).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT.parent / "shared" / "eval" / "eval_reader.py"
SETS = {
    "tray": 8,
    "tray-black": 8,
    "webcam": 40,
    "webcam-slight": 40,
    "webcam-small": 40,
    "webcam-up-close": 20,
    "rajas": 20,
    "rajas-up-close": 20,
}


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
    if (labels.parent / "report.json").exists():
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "confusion.py"), str(labels.parent / "report.json")])
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "doubt.py"), str(labels)], check=False)


def main() -> int:
    """Generate the sets, score each, print the harness's reports."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count-scale", type=float, default=1.0, help="multiply the number of pictures per set")
    parser.add_argument("--keep", type=Path, help="write the sets here instead of a temporary folder")
    parser.add_argument("--seed", type=int, default=7, help="seed of the generated sets")
    parser.add_argument("--kinds", default=",".join(SETS), help="which synthetic sets, comma-separated")
    parser.add_argument("--no-composites", action="store_true", help="skip the composites of real crops")
    parser.add_argument("--light", type=float, default=1.0, help="share of the lamp's light (under 1: a dim room)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from vision.synthetic import write_dataset

    if not HARNESS.exists():
        print(f"the evaluation harness is not at {HARNESS}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        base = args.keep or Path(scratch)
        for kind in [k for k in args.kinds.split(",") if k]:
            count = max(1, round(SETS.get(kind, 20) * args.count_scale))
            labels = write_dataset(base / f"synthetic-{kind}", kind, count, seed=args.seed, light=args.light)
            dim = f", light {args.light:g}" if args.light != 1.0 else ""
            score(labels, f"SYNTHETIC set '{kind}'{dim}")
        crops = sorted((ROOT.parent / "shared" / "data" / "dice").glob("*/labels.jsonl"))
        if crops and not args.no_composites and args.light == 1.0:
            from vision.synthetic.composite import load_crops, write_composites

            pool = [crop for labels in crops for crop in load_crops(labels)]
            count = max(1, round(20 * args.count_scale))
            labels = write_composites(base / "composite-real-crops", pool, count, seed=args.seed)
            score(labels, "COMPOSITES of real crops on synthetic tables")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
