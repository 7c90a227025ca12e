"""A table speckled like stone leaves thousands of pip-like spots to look through: they are joined and thinned
through a grid (vision.reader.grid), as measuring every pair of them would, and a group of them is measured across
its convex hull (proposals._extent)."""

from __future__ import annotations

import math
from unittest import mock

import cv2
import numpy as np
from dice_drawing import draw_die

from vision.reader import diesize, proposals, read_dice
from vision.reader.grid import Grid


def _groups_pair_by_pair(points: list[tuple[float, float]], reach: float) -> list[list[tuple[float, float]]]:
    groups: list[list[tuple[float, float]]] = []
    for point in points:
        near = [g for g in groups if any(math.hypot(point[0] - q[0], point[1] - q[1]) <= reach for q in g)]
        groups = [g for g in groups if g not in near] + [[point] + [q for g in near for q in g]]
    return groups


def _one_per_pip_pair_by_pair(keys: list[cv2.KeyPoint]) -> list[cv2.KeyPoint]:
    kept: list[cv2.KeyPoint] = []
    for key in sorted(keys, key=lambda k: -k.size):
        far = (math.hypot(key.pt[0] - k.pt[0], key.pt[1] - k.pt[1]) >= proposals.TWICE_FOUND * k.size for k in kept)
        if all(far):
            kept.append(key)
    return kept


def test_the_grid_finds_every_point_within_a_cell_of_a_point() -> None:
    rng = np.random.default_rng(2)
    points = rng.random((300, 2)) * 100
    grid = Grid(7.0)
    for index, (x, y) in enumerate(points):
        grid.add(index, x, y)
    for x, y in rng.random((50, 2)) * 100:
        around = set(grid.around(x, y))
        within = {i for i, (px, py) in enumerate(points) if math.hypot(px - x, py - y) <= 7.0}
        assert within <= around
        assert grid.around(x, y) == sorted(around)


def test_spots_are_grouped_and_thinned_as_measuring_every_pair_would() -> None:
    rng = np.random.default_rng(1)
    for _ in range(100):
        count, span = int(rng.integers(0, 80)), float(rng.choice([20.0, 100.0, 600.0]))
        points = [(float(x), float(y)) for x, y in rng.random((count, 2)) * span]
        points += points[: count // 4]  # a spot found twice
        reach = float(rng.choice([0.0, 3.0, 10.0, 25.0]))
        assert proposals._groups(points, reach) == _groups_pair_by_pair(points, reach)
        keys = [cv2.KeyPoint(x, y, float(rng.choice([2.0, 5.0, 9.0])) + float(rng.random())) for x, y in points]
        thinned = [(k.pt, k.size) for k in proposals._one_per_pip(keys)]
        assert thinned == [(k.pt, k.size) for k in _one_per_pip_pair_by_pair(keys)]


def test_the_extent_of_many_points_is_measured_across_their_hull_alike() -> None:
    rng = np.random.default_rng(0)
    for count in (2, 3, 7, 8, 9, 40, 300):
        points = (rng.random((count, 2)) * 500).astype(np.float32)
        gaps = points[:, None, :] - points[None, :, :]
        assert proposals._extent(points) == float(np.hypot(gaps[..., 0], gaps[..., 1]).max())


def test_the_dice_on_a_speckled_stone_table_read_right_through_one_large_group_of_spots() -> None:
    # Speckles the size of pips all over a 12 MP photo make one large group of spots (1,347 of them, measured pair
    # by pair for each of its ways less one spot, took 31 s; the tests above check the quicker ways measure alike):
    # the six dice lying on it read all the same. No time is asserted in the test suite.
    rng = np.random.default_rng(3)
    photo = np.full((3024, 4032, 3), (120, 130, 140), np.uint8)
    for x, y in zip(rng.integers(0, 4032, 12192), rng.integers(0, 3024, 12192), strict=True):
        shade = int(rng.choice([30, 230]))
        cv2.circle(photo, (int(x), int(y)), int(rng.integers(1, 11)), (shade, shade, shade), -1)
    for index, value in enumerate((1, 2, 3, 4, 5, 6)):
        draw_die(photo, (504 + index * 504, 1512), 180, 10 * index, value, "white")
    with mock.patch.object(proposals, "_extent", wraps=proposals._extent) as extents:
        reading = read_dice(photo)
    assert sorted(d.value for d in reading.dice if d.value is not None) == [1, 2, 3, 4, 5, 6]
    assert max(len(call.args[0]) for call in extents.call_args_list) > 200  # one large group of spots


def test_an_outline_holds_the_points_opencv_finds_in_it_or_on_it() -> None:
    rng = np.random.default_rng(4)
    for _ in range(200):
        outline = cv2.convexHull(rng.integers(0, 60, (6, 1, 2)).astype(np.int32))
        corners = [(float(x), float(y)) for x, y in outline.reshape(-1, 2)]  # on the outline
        points = corners[:1] if rng.random() < 0.3 else []
        points += [(float(x), float(y)) for x, y in rng.random((3, 2)) * 80 - 10]
        every = any(cv2.pointPolygonTest(outline, p, False) >= 0 for p in points)
        assert diesize._holds_any(outline, points) == every


def test_a_group_less_each_pip_keeps_the_ways_that_fit_as_measuring_each_would() -> None:
    # A checkered board of squares a ninth of a die made one group of 11,000 spots: each of its ways less one spot
    # was measured across its own hull; a spot inside the group's hull leaves its extent as it is.
    rng = np.random.default_rng(5)
    for _ in range(200):
        points = (rng.random((int(rng.integers(0, 40)), 2)) * float(rng.choice([10.0, 50.0, 300.0]))).astype(np.float32)
        if len(points) > 4:
            points = np.vstack([points, points[:2]])  # spots found twice
        widest = float(rng.choice([5.0, 30.0, 100.0, 1000.0]))
        each = [np.delete(points, i, axis=0) for i in range(len(points))] if len(points) >= 3 else []
        fitting = [p for p in each if proposals._extent(p) <= widest]
        kept = proposals._less_one(points, widest)
        assert len(kept) == len(fitting) and all(np.array_equal(a, b) for a, b in zip(kept, fitting, strict=True))
