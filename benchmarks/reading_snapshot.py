"""Every reading of a fixed set of frames, saved and compared: a refactor or speed-up of the reader must keep every
reading exactly as it was, and this is how to check it (and how fast the reader is meanwhile).

    cd /work/main && python benchmarks/reading_snapshot.py save FILE      # before touching vision/reader
    cd /work/main && python benchmarks/reading_snapshot.py compare FILE   # after each change: 0 differences

The frames: 40 SYNTHETIC 640x480 frames of white dice on wood and 40 of Rajas dice, 10 SYNTHETIC 1280x720 Rajas
frames (all built as benchmarks/vision_bench.py builds them) and up to 20 REAL development photos. Each die is kept
with its value, colour, box, centre, confidence (to 4 decimals: finer than the 3 of the JSON form, so that a change
in the 4th decimal shows), flags and zone; each frame with its warnings. `compare` lists the first differences and
exits 1 when any frame differs. Both print the median CPU milliseconds per frame of each set (time.process_time:
the machine is shared, and the wall clock counts the other users' work too); with --repeats N each frame is read N
times and its least time counts, which steadies the figure further.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.vision_bench import dev_photos, synthetic_frames  # noqa: E402
from vision.reader.heap import keep_heap  # noqa: E402
from vision.reader.read import read_dice  # noqa: E402
from vision.reading import DiceReading  # noqa: E402

RAJAS = ("blue", "orange", "green", "violet", "white")
SHOWN = 10
"""How many differences `compare` lists (it counts them all)."""

Frames = dict[str, list[np.ndarray]]
Snapshot = dict[str, list[dict[str, Any]]]
Reader = Callable[[np.ndarray], DiceReading]


def standard_sets() -> Frames:
    """The fixed frames, by set name (the development photos only where they are found)."""
    sets = {
        "640x480 white on wood": synthetic_frames(40, 640, 480, "white_on_wood", ("white",)),
        "640x480 rajas": synthetic_frames(40, 640, 480, "rajas", RAJAS),
        "1280x720 rajas": synthetic_frames(10, 1280, 720, "rajas", RAJAS),
    }
    photos = dev_photos(20)
    if photos:
        sets["development photos"] = photos
    return sets


def reading_record(reading: DiceReading) -> dict[str, Any]:
    """What is compared of one reading: every die in full and the warnings (not the time it took)."""
    dice = [
        {
            "value": die.value,
            "color": die.color,
            "bbox": [int(v) for v in die.bbox],
            "center": [round(float(die.center[0]), 4), round(float(die.center[1]), 4)],
            "confidence": round(float(die.confidence), 4),
            "flags": sorted(die.flags),
            "zone": die.zone,
        }
        for die in reading.dice
    ]
    return {"dice": dice, "warnings": list(reading.warnings)}


def snapshot(sets: Frames, repeats: int = 1, reader: Reader = read_dice) -> tuple[Snapshot, dict[str, float]]:
    """The records of every frame of every set (from its first read), and each set's median over the frames of
    their least CPU milliseconds in `repeats` reads (the least: others' work on the machine only ever adds)."""
    records: Snapshot = {}
    cpu: dict[str, float] = {}
    for name, frames in sets.items():
        records[name] = []
        least = []
        for frame in frames:
            spent = []
            for _ in range(max(1, repeats)):
                started = time.process_time()
                reading = reader(frame)
                spent.append((time.process_time() - started) * 1000)
                if len(spent) == 1:
                    records[name].append(reading_record(reading))
            least.append(min(spent))
        cpu[name] = statistics.median(least) if least else 0.0
    return records, cpu


def differences(saved: Snapshot, now: Snapshot) -> tuple[int, int, list[str]]:
    """How many frames and dice differ between two snapshots, and a line for each frame that differs."""
    frames = dice = 0
    lines = []
    for name in sorted(set(saved) | set(now)):
        before, after = saved.get(name, []), now.get(name, [])
        if len(before) != len(after):
            lines.append(f"{name}: {len(before)} frames saved, {len(after)} read now")
        for index, (old, new) in enumerate(zip(before, after, strict=False)):
            if old == new:
                continue
            frames += 1
            old_dice, new_dice = old["dice"], new["dice"]
            changed = sum(a != b for a, b in zip(old_dice, new_dice, strict=False)) + abs(len(old_dice) - len(new_dice))
            dice += changed
            lines.append(f"{name} frame {index}: {changed} dice differ\n  saved {old}\n  now   {new}")
    return frames, dice, lines


def print_cpu(cpu: dict[str, float], sets: Frames) -> None:
    """One line per set: its CPU milliseconds per frame."""
    for name, ms in cpu.items():
        print(f"{name:<24} {len(sets[name]):>3} frames  CPU median {ms:8.2f} ms/frame", flush=True)


def save(path: Path, sets: Frames, repeats: int = 1) -> None:
    """Read every frame and write the snapshot to `path`."""
    records, cpu = snapshot(sets, repeats)
    path.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
    print_cpu(cpu, sets)
    print(f"saved {sum(map(len, records.values()))} readings to {path}")


def compare(path: Path, sets: Frames, repeats: int = 1) -> int:
    """Read every frame again and report how it differs from the snapshot at `path`: 0 when nothing does, else 1."""
    saved = json.loads(path.read_text(encoding="utf-8"))
    records, cpu = snapshot(sets, repeats)
    print_cpu(cpu, sets)
    frames, dice, lines = differences(saved, records)
    for line in lines[:SHOWN]:
        print(line)
    if len(lines) > SHOWN:
        print(f"... and {len(lines) - SHOWN} more")
    total = sum(map(len, records.values()))
    print(f"{frames} of {total} frames differ, {dice} dice differ")
    return 1 if lines else 0


def main(argv: list[str] | None = None) -> int:
    """Save or compare, as the command line says."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("save", "compare"))
    parser.add_argument("file", type=Path)
    parser.add_argument("--repeats", type=int, default=1, help="reads of each frame timed (the least counts)")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    keep_heap()  # as `companion serve` and vision_bench.py do
    sets = standard_sets()
    if args.action == "save":
        save(args.file, sets, args.repeats)
        return 0
    return compare(args.file, sets, args.repeats)


if __name__ == "__main__":
    raise SystemExit(main())
