"""python -m vision.synthetic --demo DIR | --dataset DIR --kind tray|webcam|rajas --count N [--seed S]"""

from __future__ import annotations

import argparse
from pathlib import Path

from vision.synthetic.datasets import KINDS, write_dataset, write_demo_frames


def main() -> int:
    """Write demo frames or a labelled synthetic set."""
    parser = argparse.ArgumentParser(prog="python -m vision.synthetic", description=__doc__)
    parser.add_argument("--demo", type=Path, help="write the demo frames into this folder")
    parser.add_argument("--dataset", type=Path, help="write a labelled set (images/, labels.jsonl) into this folder")
    parser.add_argument("--kind", choices=sorted(KINDS), default="rajas")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.demo:
        for path in write_demo_frames(args.demo):
            print(path)
    if args.dataset:
        print(write_dataset(args.dataset, args.kind, args.count, args.seed))
    if not args.demo and not args.dataset:
        parser.error("say --demo DIR or --dataset DIR")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
