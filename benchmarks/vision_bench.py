"""Speed of the dice reader, single-threaded: ms per frame at 640x480 and 1280x720, per development photo and
per 12-megapixel tray photo (and empty tray); peak memory; then the settling loop (benchmarks/settle_bench.py).

    cd /work/main && python benchmarks/vision_bench.py [--frames 40] [--reader vision.reader:read_dice] [--no-settle]

Frames are SYNTHETIC scenes (vision.synthetic) except the development photos (../shared/data/dice, REAL),
reported on lines of their own. --reader times another function taking a BGR frame (for comparisons). A first line
measures the machine itself (see `yardstick`): figures taken on different machines compare through it.
benchmarks/vision_stages.py splits the 640x480 figure into the reader's stages.
"""

from __future__ import annotations

import argparse
import importlib
import os
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.reader.heap import keep_heap

ROOT = Path(__file__).resolve().parents[1]
DEV = ROOT.parent / "shared" / "data" / "dice"
Reader = Callable[[np.ndarray], Any]


def load_reader(spec: str) -> Reader:
    """The function named module:function (imported only now, so the benchmark runs against any reader)."""
    module, _, name = spec.partition(":")
    if not name:
        raise SystemExit(f"--reader wants module:function, got {spec!r}")
    sys.path.insert(0, str(ROOT))
    function: Reader = getattr(importlib.import_module(module), name)
    return function


def timings(images: list[np.ndarray], reader: Reader) -> tuple[float, float]:
    """Median and 95th-percentile milliseconds of the reader over the images (one warm-up call first)."""
    reader(images[0])
    spent = []
    for image in images:
        started = time.perf_counter()
        reader(image)
        spent.append((time.perf_counter() - started) * 1000)
    spent.sort()
    return statistics.median(spent), spent[min(len(spent) - 1, round(0.95 * (len(spent) - 1)))]


def report(name: str, images: list[np.ndarray], reader: Reader) -> None:
    """Print one line of timings."""
    median, p95 = timings(images, reader)
    size = f"{images[0].shape[1]}x{images[0].shape[0]}"
    print(
        f"{name:<52} {size:>10} {len(images):>4} frames  median {median:8.2f} ms  p95 {p95:8.2f} ms",
        flush=True,
    )


def synthetic_frames(count: int, width: int, height: int, style: str, colours: tuple[str, ...]) -> list[np.ndarray]:
    """Synthetic frames of one size and style, 4 to 12 dice each."""
    from vision.synthetic import render_scene

    frames = []
    for seed in range(count):
        dice = 4 + seed % 9
        frames.append(render_scene(seed, width, height, dice, colours, style, touching=0.3, blur=(0.0, 3.0))[0])
    return frames


def dev_photos(limit: int) -> list[np.ndarray]:
    """Up to `limit` development photos, full size, spread over both folders (none when absent)."""
    paths = sorted(DEV.glob("*/images/**/*.jpg"))
    step = max(1, len(paths) // max(1, limit))
    photos = [cv2.imread(str(p)) for p in paths[::step][:limit]]
    return [p for p in photos if p is not None]


def memory(reader: Reader, image: np.ndarray) -> tuple[float, float]:
    """Peak Python allocations (MiB, tracemalloc) of one read, and the process's peak RSS so far (MiB)."""
    tracemalloc.start()
    reader(image)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def yardstick() -> str:
    """How fast this machine is at the work that dominates a 12 MP read, to compare figures taken on different
    machines: the median of 5 plain copies of a 12 MP frame (memory), and of 5 shrinks of it to 480 pixels across
    by OpenCV's area averaging (as vision/reader/view.py's first look)."""
    frame = np.random.default_rng(0).integers(0, 256, (3024, 4032, 3), dtype=np.uint8)
    copies, shrinks = [], []
    for _ in range(5):
        started = time.perf_counter()
        frame.copy()
        copies.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        cv2.resize(frame, (480, 360), interpolation=cv2.INTER_AREA)
        shrinks.append((time.perf_counter() - started) * 1000)
    return (
        f"machine: {os.cpu_count()} cores; a 12 MP frame copied in {statistics.median(copies):.1f} ms, "
        f"shrunk to 480x360 in {statistics.median(shrinks):.1f} ms (medians of 5)"
    )


def main() -> int:
    """Run every measurement and print it."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=40, help="frames per synthetic size (trays: a quarter)")
    parser.add_argument("--reader", default="vision.reader:read_dice", help="module:function to time")
    parser.add_argument("--no-settle", action="store_true", help="skip the settling-loop benchmark")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    heap = keep_heap()  # as `companion serve` does (vision/reader/heap.py)
    reader = load_reader(args.reader)
    rajas = ("blue", "orange", "green", "violet", "white")
    print(f"reader {args.reader}; OpenCV {cv2.__version__}, numpy {np.__version__}, cv2.setNumThreads(1)")
    print(f"malloc thresholds kept as `companion serve` keeps them (vision/reader/heap.py): {heap}")
    print(yardstick() + "\n", flush=True)
    webcam = synthetic_frames(args.frames, 640, 480, "white_on_wood", ("white",))
    report("SYNTHETIC 640x480 white dice on wood (webcam-like)", webcam, reader)
    report("SYNTHETIC 640x480 Rajas dice", synthetic_frames(args.frames, 640, 480, "rajas", rajas), reader)
    report("SYNTHETIC 1280x720 Rajas dice", synthetic_frames(args.frames, 1280, 720, "rajas", rajas), reader)
    from vision.synthetic import render_kind

    trays = [render_kind("tray", seed)[0] for seed in range(max(3, args.frames // 4))]
    report("SYNTHETIC 4032x3024 (12 MP) tray, 20-30 dice", trays, reader)
    from vision.synthetic import render_scene

    # No die reads surely on an empty tray: the closer look is taken (vision/reader/view.py, NONE_SURE_CLOSER).
    empty = [render_scene(seed, 4032, 3024, 0, ("blue", "red"), "tray")[0] for seed in range(3)]
    report("SYNTHETIC 4032x3024 (12 MP) empty tray", empty, reader)
    del empty
    photos = dev_photos(120)
    if photos:
        report("REAL development photos (full size, one die each)", photos, reader)
    else:
        print(f"REAL development photos: not found at {DEV}")
    del webcam
    # Memory is measured in a pass of its own: tracing allocations slows the timed runs down.
    traced, rss = memory(reader, trays[0])
    print(f"\npeak memory of one 12 MP read: {traced:.1f} MiB (tracemalloc); process peak RSS {rss:.0f} MiB")
    print("(the RSS includes the synthetic pictures this benchmark holds)", flush=True)
    if not args.no_settle:
        print("\nsettling loop (benchmarks/settle_bench.py):", flush=True)
        subprocess.run([sys.executable, "-m", "benchmarks.settle_bench"], cwd=ROOT, check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
