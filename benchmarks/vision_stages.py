"""Where the reader's time goes on a 640x480 webcam-like frame, single-threaded: each stage that finds the dice,
timed alone, then the rest of read_dice (reading every piece, the dice proposed by their pips alone, colours) as the
whole less the finding. The frames are the SYNTHETIC ones vision_bench.py times at 640x480.

    cd /work/main && python benchmarks/vision_stages.py [--frames 40] [--repeats 3]

The stages are called as vision/reader/view.py calls them for a video frame (scaled to ANALYSIS_SIDE, no closer
look: that is for 12-megapixel photos, and for frames of which nothing was read). A median per stage is printed; the
medians of the stages need not add up to the median of the whole.

Then the reading is split by region (see `region_tries`): the regions read at the first try (one polarity of the
pips, one threshold) and those that took retries, with what each kind costs a frame.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.vision_bench import synthetic_frames  # noqa: E402
from vision.reader import as_crop, candidate, cards, cuts, diesize, pips, segment, table  # noqa: E402
from vision.reader import read as read_module  # noqa: E402
from vision.reader.heap import keep_heap  # noqa: E402
from vision.reader.read import read_dice  # noqa: E402
from vision.reader.shrink import shrink  # noqa: E402
from vision.reader.view import ANALYSIS_SIDE, MIN_DIE_SIDE  # noqa: E402

FINDING = ("scale down", "to Lab", "table colours", "foreground mask", "die size", "cut into pieces")


def stage_times(frames: list[Any], repeats: int) -> dict[str, list[float]]:
    """Milliseconds of each finding stage, of the finding in all and of the whole read, and the dice found ("dice"),
    per frame and repeat."""
    spent: dict[str, list[float]] = {name: [] for name in (*FINDING, "finding in all", "read_dice", "dice")}

    def timed(name: str, step: Callable[..., Any], *args: Any) -> Any:
        started = time.perf_counter()
        result = step(*args)
        spent[name].append((time.perf_counter() - started) * 1000)
        return result

    read_dice(frames[0])  # warm-up
    for _ in range(repeats):
        for frame in frames:
            started = time.perf_counter()
            find(frame, timed)
            spent["finding in all"].append((time.perf_counter() - started) * 1000)
            spent["dice"].append(len(timed("read_dice", read_dice, frame).dice))
    return spent


def find(frame: Any, timed: Callable[..., Any]) -> tuple[Any, float, list[segment.Candidate]]:
    """The finding stages in turn, each run through `timed(name, step, *args)`: the mask, the die size (0 when none is
    found) and the candidates read_dice reads (blobs with their ways of cutting, and the dice on cards)."""
    small = timed("scale down", shrink, frame, min(1.0, ANALYSIS_SIDE / max(frame.shape[:2])))
    lab = timed("to Lab", cv2.cvtColor, small, cv2.COLOR_BGR2Lab)
    centres = timed("table colours", table.background_centres, lab)
    mask = timed("foreground mask", table.foreground_mask, lab, centres)
    side = timed("die size", diesize.die_side_estimate, mask, MIN_DIE_SIDE, lab[:, :, 0]) or 0.0
    return mask, side, timed("cut into pieces", _pieces, mask, side, small, lab)


def _pieces(mask: Any, side: float, small: Any, lab: Any) -> list[segment.Candidate]:
    if not side:
        return []
    return segment.split_regions(mask, side, small, lab) + cards.dice_on_cards(lab, mask, side)


def report(spent: dict[str, list[float]]) -> list[str]:
    """One line per stage: its median, and its share of the whole read's median; then the reading's mean cost per
    die found."""
    whole = statistics.median(spent["read_dice"])
    lines = []
    for name in (*FINDING, "finding in all", "read_dice"):
        values = spent[name]
        median = statistics.median(values)
        lines.append(f"{name:<20} median {median:7.2f} ms  {100 * median / whole:5.1f} % of read_dice")
    rest = whole - statistics.median(spent["finding in all"])
    lines.append(f"{'reading (the rest)':<20} median {rest:7.2f} ms  {100 * rest / whole:5.1f} % of read_dice")
    reading = statistics.mean(spent["read_dice"]) - statistics.mean(spent["finding in all"])
    dice = statistics.mean(spent["dice"])
    lines.append(f"{dice:.1f} dice found per frame: the reading costs {reading / max(dice, 1.0):.2f} ms a die (means)")
    return lines


@dataclass
class _Tries:
    """What the region being read has cost so far: how deep in read_region the reader is, how many polarity reads
    and blob searches it made; and each finished region's (ms, polarity reads, blob searches)."""

    depth: int = 0
    polarities: int = 0
    searches: int = 0
    regions: list[tuple[float, int, int]] = field(default_factory=list)


def region_tries(frames: list[Any]) -> list[tuple[float, int, int]]:
    """Each region read_dice reads in the frames, outermost calls only (a region read again inside another's read
    counts with it): its milliseconds, and how many polarity reads (pips._read_polarity) and blob searches
    (pips.find_blobs) it took. The reader's functions are wrapped for the count while this runs, and restored; the
    wrapping costs a few microseconds a call of its own."""
    tries = _Tries()
    region_read = read_module.read_region

    def region(*args: Any, **kwargs: Any) -> Any:
        outermost = tries.depth == 0
        if outermost:
            tries.polarities = tries.searches = 0
        tries.depth += 1
        started = time.perf_counter()
        try:
            return region_read(*args, **kwargs)
        finally:
            tries.depth -= 1
            if outermost:
                spent = (time.perf_counter() - started) * 1000
                tries.regions.append((spent, tries.polarities, tries.searches))

    def counted(step: Callable[..., Any], kind: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            setattr(tries, kind, getattr(tries, kind) + 1)
            return step(*args, **kwargs)

        return call

    with (
        mock.patch.object(read_module, "read_region", region),
        mock.patch.object(candidate, "read_region", region),
        mock.patch.object(cuts, "read_region", region),
        mock.patch.object(as_crop, "read_region", region),
        mock.patch.object(pips, "_read_polarity", counted(pips._read_polarity, "polarities")),
        mock.patch.object(pips, "find_blobs", counted(pips.find_blobs, "searches")),
    ):
        for frame in frames:
            read_dice(frame)
    return tries.regions


def tries_report(regions: list[tuple[float, int, int]], frames: int) -> list[str]:
    """Two lines: the regions read at the first try (one polarity, one threshold) and the others (the other
    polarity, the top-hat, higher thresholds, a tilted box's top face, a clump's ways of cutting, a sharpened
    patch), each as a count per frame, mean ms a region and ms a frame."""
    first = [spent for spent, polarities, searches in regions if polarities == 1 and searches == 1]
    others = [spent for spent, polarities, searches in regions if not (polarities == 1 and searches == 1)]
    lines = []
    for name, kind in (("read at the first try", first), ("read with retries", others)):
        mean = statistics.mean(kind) if kind else 0.0
        count, total = len(kind) / frames, sum(kind) / frames
        lines.append(f"{name:<22} {count:5.1f} regions a frame, {mean:5.2f} ms each, {total:6.2f} ms a frame")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=40, help="synthetic 640x480 frames")
    parser.add_argument("--repeats", type=int, default=3, help="passes over the frames")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    keep_heap()  # as `companion serve` does
    frames = synthetic_frames(args.frames, 640, 480, "white_on_wood", ("white",))
    print(f"SYNTHETIC 640x480 white dice on wood, {len(frames)} frames x {args.repeats}, cv2.setNumThreads(1)")
    print("\n".join(report(stage_times(frames, args.repeats))))
    print("regions read per frame (wrapped for the count, so a little slower):")
    print("\n".join(tries_report(region_tries(frames), len(frames))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
