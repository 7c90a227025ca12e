"""benchmarks/vision_stages.py: the stages it times are the reader's own, and its report names each of them."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from benchmarks import vision_stages
from benchmarks.vision_bench import synthetic_frames, yardstick
from vision.reader import candidate, cuts, pips, read
from vision.reader.view import ANALYSIS_SIDE, View


def _untimed(name: str, step: Any, *args: Any) -> Any:
    return step(*args)


def test_the_stages_find_what_the_reader_finds_in_a_webcam_frame() -> None:
    """The benchmark times the reader's finding path only while it is the same: same mask, same die size."""
    (frame,) = synthetic_frames(1, 640, 480, "white_on_wood", ("white",))
    mask, side, pieces = vision_stages.find(frame, _untimed)
    view = View.of(frame, ANALYSIS_SIDE / 640)
    assert np.array_equal(mask, view.mask)
    assert view.side is not None and side == view.side
    assert pieces, "a frame of dice gives pieces to read"


def test_the_report_gives_every_stage_and_the_reading_per_die() -> None:
    frames = synthetic_frames(2, 640, 480, "white_on_wood", ("white",))
    spent = vision_stages.stage_times(frames, repeats=1)
    assert spent["dice"] == [len(read.read_dice(frame).dice) for frame in frames]
    lines = vision_stages.report(spent)
    named = [line.split("  median")[0].strip() for line in lines[:-1]]
    assert named == [*vision_stages.FINDING, "finding in all", "read_dice", "reading (the rest)"]
    assert "ms a die" in lines[-1]


def test_the_regions_are_split_into_first_tries_and_retries_and_the_reader_is_restored() -> None:
    frames = synthetic_frames(3, 640, 480, "white_on_wood", ("white",))
    before = (read.read_region, candidate.read_region, cuts.read_region, pips._read_polarity, pips.find_blobs)
    regions = vision_stages.region_tries(frames)
    assert (read.read_region, candidate.read_region, cuts.read_region, pips._read_polarity, pips.find_blobs) == before
    assert regions and all(spent > 0.0 for spent, _, _ in regions)
    # Every region is read with at least one polarity; a clear die with exactly one, and one search for pips.
    assert all(polarities >= 1 for _, polarities, _ in regions)
    first = sum(polarities == 1 and searches == 1 for _, polarities, searches in regions)
    assert 0 < first < len(regions)
    lines = vision_stages.tries_report(regions, len(frames))
    assert [line.split("  ")[0].strip() for line in lines] == ["read at the first try", "read with retries"]
    counts = [float(line.split(" regions a frame")[0].split()[-1]) for line in lines]
    assert sum(counts) * len(frames) == pytest.approx(len(regions))


def test_the_speed_benchmark_says_how_fast_the_machine_is() -> None:
    """Figures of different stops are taken on different machines: the benchmark's first line measures the machine."""
    line = yardstick()
    shape = r"machine: \d+ cores; a 12 MP frame copied in [\d.]+ ms, shrunk to 480x360 in [\d.]+ ms \(medians of 5\)"
    assert re.fullmatch(shape, line)
