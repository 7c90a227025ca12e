"""Parts of the reader that were made quicker: they must give what the slower way gave."""

from __future__ import annotations

import platform
import sys

import cv2
import numpy as np
from dice_drawing import draw_die, table

from vision.reader import chroma, read_dice
from vision.reader import layout as layout_module
from vision.reader import table as table_module
from vision.reader.diesize import PIP_MARGIN, plain_table
from vision.reader.heap import keep_heap
from vision.reader.segment import components
from vision.reader.shrink import area_resize, shrink
from vision.reader.stats import percentiles, top_percentile


def _blobs_and_specks() -> np.ndarray:
    """A mask like a frame's: a few die-sized squares, one touching another, and specks of noise."""
    mask = np.zeros((360, 480), np.uint8)
    for x, y in ((40, 40), (200, 60), (236, 64), (300, 250)):
        cv2.rectangle(mask, (x, y), (x + 35, y + 35), 255, -1)
    rng = np.random.default_rng(7)
    for x, y in rng.integers(0, 470, (40, 2)):
        mask[y % 355 : y % 355 + 2, x : x + 3] = 255
    return mask


def test_components_give_the_labels_and_stats_of_opencvs_default() -> None:
    mask = _blobs_and_specks()
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(mask)
    quick = components(mask)
    assert quick[0] == count
    assert np.array_equal(quick[1], labels)
    assert np.array_equal(quick[2], stats)
    assert np.allclose(quick[3], centroids)


def test_the_table_far_from_the_foreground_is_made_plain_and_the_rest_kept() -> None:
    rng = np.random.default_rng(3)
    lightness = rng.integers(60, 200, (360, 480), dtype=np.uint8)
    mask = np.zeros_like(lightness)
    mask[100:140, 100:140] = 255
    plain = plain_table(lightness, mask)
    near = slice(100 - PIP_MARGIN, 140 + PIP_MARGIN)
    assert np.array_equal(plain[near, near], lightness[near, near])
    far = np.ones(lightness.shape, bool)
    far[100 - PIP_MARGIN - 1 : 140 + PIP_MARGIN + 1, 100 - PIP_MARGIN - 1 : 140 + PIP_MARGIN + 1] = False
    assert len(np.unique(plain[far])) == 1
    assert abs(int(plain[0, 0]) - int(lightness[far].mean())) <= 1
    assert plain_table(lightness, np.full_like(mask, 255)) is lightness  # no table far from anything


def test_each_die_of_a_row_pushed_together_is_read() -> None:
    image = table(seed=21)
    values = (2, 5, 3)
    for index, value in enumerate(values):
        draw_die(image, (230 + 60 * index, 240), 60, 0, value, "white")
    reading = read_dice(image)
    assert sorted(d.value or 0 for d in reading.dice) == sorted(values)


def test_a_frame_shrunk_by_three_quarters_is_what_opencvs_area_resize_gives() -> None:
    rng = np.random.default_rng(5)
    noise = rng.integers(0, 256, (480, 640, 3), dtype=np.uint8)
    extremes = rng.integers(0, 2, (480, 640, 3), dtype=np.uint8) * 255  # sums landing on every half
    for image in (table(seed=4), noise, extremes):
        assert np.array_equal(shrink(image, 0.75), cv2.resize(image, (480, 360), interpolation=cv2.INTER_AREA))
    odd = noise[:478, :637]  # not whole blocks of four: the general path
    assert np.array_equal(shrink(odd, 0.75), cv2.resize(odd, (478, 358), interpolation=cv2.INTER_AREA))


def test_frames_up_to_four_times_the_analysis_size_are_shrunk_in_one_step_as_opencv_does() -> None:
    # 1280x720 to 480x270: a halving first would leave a last step under 2 (see shrink.HALVED_DOWN_TO).
    frame = cv2.resize(table(seed=4), (1280, 720))
    assert np.array_equal(shrink(frame, 0.375), cv2.resize(frame, (480, 270), interpolation=cv2.INTER_AREA))


def test_a_12_megapixel_photo_is_halved_twice_then_shrunk_close_to_the_one_step_shrink() -> None:
    photo = cv2.resize(table(seed=4), (4032, 3024), interpolation=cv2.INTER_CUBIC)
    cv2.circle(photo, (2000, 1500), 300, (255, 255, 255), -1)  # a sharp edge, where the two may part most
    quick = area_resize(photo, (480, 360))
    whole = cv2.resize(photo, (480, 360), interpolation=cv2.INTER_AREA)
    assert quick.shape == whole.shape
    gap = np.abs(quick.astype(int) - whole.astype(int))
    assert gap.mean() < 0.8 and np.percentile(gap, 99) <= 3  # halved down to a last step of 1.05: 1.3 and 5


def _distance_by_transform(lab: np.ndarray, centre: tuple[float, float, float]) -> np.ndarray:
    """The table distance as it was first computed: the Lab gaps weighted by cv2.transform."""
    l_c, a_c, b_c = centre
    weight = 0.6 * 0.8
    gaps = cv2.absdiff(lab, (l_c, a_c, b_c, 0.0))  # type: ignore[call-overload, unused-ignore]
    one = cv2.transform(gaps, np.array([[weight, 0.8, 0.8]], np.float32))
    planes = cv2.split(lab)
    chromaticity = table_module._chromaticity(planes)
    own = [min(255.0, max(0.0, round((v - 128.0) * 64.0 / max(l_c, 30.0)) + 128.0)) for v in (a_c, b_c)]
    if abs(own[0] - 128.0) + abs(own[1] - 128.0) >= chroma.SHADOW_CHROMA:
        darker = cv2.subtract(np.full(planes[0].shape, l_c, np.uint8), planes[0])
        one = cv2.subtract(one, cv2.convertScaleAbs(darker, alpha=weight * table_module.SHADOW_RELIEF))
    gain = 0.8 * table_module.CHROMA_GAIN * l_c / chroma.CHROMA_UNIT
    first, second = (
        cv2.LUT(plane, table_module._weighted_gaps(gain, v)) for plane, v in zip(chromaticity, own, strict=True)
    )
    return np.asarray(cv2.max(one, cv2.add(first, second, dtype=cv2.CV_8U)))


def test_the_table_distance_is_what_cv2_transform_gave_for_every_lab_colour() -> None:
    levels = np.arange(256, dtype=np.uint8)
    lab = np.stack(np.meshgrid(levels, levels, levels, indexing="ij"), axis=-1).reshape(4096, 4096, 3)
    planes = cv2.split(lab)
    chromaticity = table_module._chromaticity(planes)
    for centre in ((0.0, 0.0, 0.0), (150.0, 128.0, 131.0), (120.0, 150.0, 170.0)):  # the last a coloured table
        quick = table_module._distance_to(planes, chromaticity, np.array(centre))
        assert np.array_equal(quick, _distance_by_transform(lab, centre))


def test_the_plain_table_is_what_cv2_mean_and_a_boolean_mask_gave() -> None:
    rng = np.random.default_rng(11)
    mask = _blobs_and_specks()
    for lightness in (rng.integers(0, 256, mask.shape, dtype=np.uint8), np.where(mask > 0, 200, 100).astype(np.uint8)):
        away = cv2.dilate(mask, np.ones((2 * PIP_MARGIN + 1,) * 2, np.uint8)) == 0
        slow = lightness.copy()
        slow[away] = round(cv2.mean(lightness, mask=away.view(np.uint8))[0])
        assert np.array_equal(plain_table(lightness, mask), slow)


def test_the_top_percentile_and_percentiles_are_numpys() -> None:
    rng = np.random.default_rng(13)
    for index in range(40):
        contrast = rng.integers(-255, 256, (64, 64)).astype(np.float32)
        if index % 2:
            contrast = np.round(contrast / 40.0) * 40.0  # few values: the two neighbours of a percentile agree
        for share in (99.0, 50.0, 1.0):
            assert top_percentile(contrast, share) == float(np.percentile(contrast, share))
        values = rng.integers(0, 256, (64, 64), dtype=np.uint8)
        shares = (1.0, 50.0, 70.0, 99.0)
        expected = tuple(float(np.percentile(values, s, method="inverted_cdf")) for s in shares)
        assert percentiles(values, shares) == expected


def _faint_squares_by_labels(distance: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The faint squares as they were first found: every part of the faint mask labelled, then measured (the mask
    within each part labelled too, for its largest piece)."""
    faint = table_module.cleaned(distance, table_module.FAINT_LEVEL)
    count, labels, stats, _ = components(faint)
    added = np.zeros_like(mask)
    for index in range(1, count):
        area = stats[index, cv2.CC_STAT_AREA]
        x, y, w, h = (int(v) for v in stats[index, :4])
        if not 30 <= area <= 0.05 * faint.size or max(w, h) > 2.1 * min(w, h):
            continue
        part = (labels[y : y + h, x : x + w] == index).astype(np.uint8)
        pieces, _, sizes, _ = components(((mask[y : y + h, x : x + w] > 0) & (part > 0)).astype(np.uint8))
        if pieces > 1 and sizes[1:, cv2.CC_STAT_AREA].max() > 0.4 * area:
            continue
        found, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        contour = max(found, key=cv2.contourArea)
        (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
        if max(rw, rh) / max(min(rw, rh), 1.0) < 1.45 and cv2.contourArea(contour) >= 0.7 * rw * rh:
            added[y : y + h, x : x + w][part > 0] = 255
    return added


def test_faint_squares_are_found_from_outlines_as_from_labels() -> None:
    rng = np.random.default_rng(17)
    found = 0
    for _ in range(30):
        distance = cv2.GaussianBlur(rng.integers(0, 30, (360, 480), dtype=np.uint8), (0, 0), 2.0)
        mask = np.zeros_like(distance)
        for _ in range(12):
            x, y = (float(v) for v in rng.integers(20, 330, 2))
            side, angle = float(rng.integers(4, 40)), float(rng.integers(0, 90))
            box = cv2.boxPoints(((x, y), (side, side * rng.uniform(0.6, 1.1)), angle))
            cv2.fillPoly(distance, [box.astype(np.int32)], int(rng.integers(19, 40)))
            if rng.random() < 0.3:  # partly in the mask already
                cv2.circle(mask, (int(x), int(y)), int(rng.integers(2, side)), 255, -1)
            if rng.random() < 0.3:  # in the mask as fragments (side faces in shade), none of them most of it
                for dx in (-0.4, 0.4):
                    centre = (int(x + dx * side), int(y))
                    cv2.circle(mask, centre, max(1, int(side) // 4), 255, -1)
            if rng.random() < 0.2:  # a ring, whose hole the faint mask fills
                cv2.circle(distance, (int(x), int(y)), max(2, int(side) // 4), 5, -1)
        quick = table_module._faint_squares(distance, mask)
        assert np.array_equal(quick, _faint_squares_by_labels(distance, mask))
        found += int(quick.any())
    assert found >= 20


def _fits_by_einsum(offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The layout fits at every angle as first computed: the pips turned by np.einsum over rotation matrices."""
    n = len(offsets)
    rotated = np.einsum("aij,nj->ani", layout_module._ROTATIONS, offsets)
    reach = np.maximum.reduce(np.abs(rotated), axis=2)
    corner = reach > 0.4 * np.maximum.reduce(reach, axis=1, keepdims=True)
    spacing = np.add.reduce(reach * corner, axis=1) / np.maximum(np.add.reduce(corner, axis=1), 1)
    scaled = rotated / spacing[:, None, None]
    places = np.stack(layout_module.LAYOUTS[n])  # L x m x 2
    across = scaled[None, :, :, 0, None] - places[:, None, None, :, 0]
    down = scaled[None, :, :, 1, None] - places[:, None, None, :, 1]
    distances = np.sqrt(across * across + down * down)
    closest = np.minimum.reduce(distances, axis=3)
    return spacing, np.sqrt(np.add.reduce(closest * closest, axis=2) / n), distances.argmin(axis=3)


def test_layout_fits_at_every_angle_are_what_einsum_gave() -> None:
    rng = np.random.default_rng(23)
    for n in range(2, 7):
        for _ in range(200):
            offsets = rng.normal(0.0, 12.0, (n, 2)).astype(np.float32)
            quick = layout_module.fits_at_every_angle(offsets)
            for mine, theirs in zip(quick, _fits_by_einsum(offsets), strict=True):
                assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs)


def test_the_heap_is_kept_where_malloc_is_glibcs() -> None:
    # `companion serve` and the benchmarks keep the heap's free memory between frames (vision/reader/heap.py):
    # where malloc is glibc's, both thresholds take; elsewhere nothing is set and it says so.
    expected = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert keep_heap() is expected
