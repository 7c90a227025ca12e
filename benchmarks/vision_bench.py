"""Speed of the dice reader, single-threaded: ms per frame at 640x480 and 1280x720, per development photo and
per 12-megapixel tray photo; frames per second of the settling loop on a replay; peak memory.

    python benchmarks/vision_bench.py [--frames 40]

Frames are synthetic scenes (vision.synthetic) except the development photos (../shared/data/dice, real).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision.image_io import load_image  # noqa: E402
from vision.reader import read_dice  # noqa: E402
from vision.synthetic import KINDS, Style, render_scene  # noqa: E402

DEV = ROOT.parent / "shared" / "data" / "dice"


def timings(images: list[np.ndarray], reader: Callable[[np.ndarray], object]) -> tuple[float, float]:
    """Median and 95th-percentile milliseconds of the reader over the images (one warm-up call first)."""
    reader(images[0])
    spent = []
    for image in images:
        started = time.perf_counter()
        reader(image)
        spent.append((time.perf_counter() - started) * 1000)
    spent.sort()
    return statistics.median(spent), spent[min(len(spent) - 1, int(0.95 * len(spent)))]


def scenes(count: int, width: int, height: int, dice: int, style: Style) -> list[np.ndarray]:
    """Synthetic frames of one size."""
    return [
        render_scene(seed, width, height, dice, ("blue", "orange", "green", "violet", "white"), style)[0]
        for seed in range(count)
    ]


def report(name: str, images: list[np.ndarray]) -> None:
    """Print one line of timings."""
    median, p95 = timings(images, read_dice)
    size = f"{images[0].shape[1]}x{images[0].shape[0]}"
    print(f"{name:<44} {size:>10} {len(images):>5} frames   median {median:7.2f} ms   p95 {p95:7.2f} ms")


def main() -> int:
    """Run every measurement and print it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=40)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(f"OpenCV {cv2.__version__}, numpy {np.__version__}, single-threaded (cv2.setNumThreads(1))\n")
    report("synthetic 640x480, 8 dice (webcam-like)", scenes(args.frames, 640, 480, 8, Style("wood", (28, 48))))
    report("synthetic 1280x720, 12 dice (Rajas table)", scenes(args.frames, 1280, 720, 12, Style("cloth", (44, 70))))
    (width, height), _, colours, style = KINDS["tray"]
    trays = [render_scene(seed, width, height, 24, colours, style)[0] for seed in range(max(3, args.frames // 8))]
    report("synthetic 4000x3000 (12 MP), 24 dice (tray)", trays)
    photos = sorted(DEV.glob("*/images/**/*.jpg"))
    if photos:
        report("REAL development photos (full size)", [load_image(p) for p in photos[:: max(1, len(photos) // 100)]])
    else:
        print(f"REAL development photos: not found at {DEV}")
    # Memory is measured in a pass of its own: tracing allocations slows the timed runs down.
    tracemalloc.start()
    read_dice(trays[0])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory reading one 12 MP photo: {peak / 2**20:.1f} MiB (tracemalloc); peak RSS {rss:.0f} MiB")
    print("(the RSS includes the synthetic pictures the benchmark holds)")
    print("\nsettling loop on a replay (benchmarks/settle_bench.py):", flush=True)
    subprocess.run([sys.executable, "-m", "benchmarks.settle_bench"], cwd=ROOT, check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
