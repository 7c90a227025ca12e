"""Table surfaces: felt, wood grain, linen, a printed board, a dark dice tray with a rim.

Large patterns are drawn at a working size of at most WORK_SIDE pixels and enlarged (they are smooth), the
fine texture (fibres, paper grain) is added at full size, so a 12-megapixel table costs a fraction of a second.
"""

from __future__ import annotations

import cv2
import numpy as np

WORK_SIDE = 1200
Region = np.ndarray  # a polygon (N, 2) in pixels where dice may lie

FELTS = ((58, 112, 38), (52, 96, 30), (110, 62, 30), (40, 40, 120), (92, 92, 88))
WOODS = (((40, 70, 110), (95, 150, 200)), ((30, 48, 75), (70, 105, 145)), ((70, 120, 170), (140, 190, 225)))
LINENS = ((190, 198, 205), (150, 160, 170), (120, 135, 150), (200, 190, 170))
TRAY_FLOORS = ((32, 30, 30), (62, 38, 26), (34, 54, 28), (36, 30, 78), (40, 44, 48))


def smooth_noise(rng: np.random.Generator, width: int, height: int, cells: int) -> np.ndarray:
    """Noise varying over about `cells` blobs across the longer side, values around -1..1."""
    aspect = height / width
    grid = rng.standard_normal((max(2, round(cells * aspect)) + 1, cells + 1)).astype(np.float32)
    return cv2.resize(grid, (width, height), interpolation=cv2.INTER_CUBIC)


def fine_grain(rng: np.random.Generator, width: int, height: int, sigma: float, amount: float) -> np.ndarray:
    """Per-pixel texture (fibres, paper): blurred white noise of standard deviation about `amount`."""
    noise: np.ndarray = rng.standard_normal((height, width), dtype=np.float32)
    noise = cv2.GaussianBlur(noise, (0, 0), sigma)
    return noise * np.float32(amount / max(1e-6, 0.28 / sigma))


def _work_size(width: int, height: int) -> tuple[int, int, float]:
    scale = min(1.0, WORK_SIDE / max(width, height))
    return max(2, round(width * scale)), max(2, round(height * scale)), scale


def _enlarge(image: np.ndarray, width: int, height: int) -> np.ndarray:
    if image.shape[1] == width and image.shape[0] == height:
        return image
    return cv2.resize(image, (width, height), interpolation=cv2.INTER_LINEAR)


def felt(rng: np.random.Generator, width: int, height: int, colour: tuple[float, ...] | None = None) -> np.ndarray:
    """Felt or baize: an even colour, blotchy by a few percent, with fine fibres."""
    base = np.array(colour if colour is not None else FELTS[int(rng.integers(len(FELTS)))], np.float32)
    base *= np.float32(rng.uniform(0.85, 1.15))
    w, h, _ = _work_size(width, height)
    blotch = 1 + 0.05 * smooth_noise(rng, w, h, 4) + 0.025 * smooth_noise(rng, w, h, 24)
    image = _enlarge(blotch[:, :, None] * base, width, height)
    fibres = fine_grain(rng, width, height, rng.uniform(0.7, 1.3), 0.07 * float(base.mean()) + 3)
    return image + fibres[:, :, None]


def wood(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """Planks of wood: growth rings bent by knots, streaks along the grain, dark joints between planks."""
    w, h, scale = _work_size(width, height)
    dark, light = (np.array(c, np.float32) for c in WOODS[int(rng.integers(len(WOODS)))])
    angle = rng.uniform(0, np.pi)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32) / np.float32(scale)
    across = -xs * np.sin(angle) + ys * np.cos(angle)
    period = rng.uniform(0.01, 0.03) * max(width, height)
    bend = smooth_noise(rng, w, h, 4) * period * rng.uniform(0.3, 1.2)
    plank = rng.uniform(0.15, 0.45) * max(width, height)
    index = np.floor((across + 1e5) / plank)
    phase = np.sin(index * 12.9898) * 43758.5453 % 1  # a fixed pseudo-random offset per plank
    rings = 0.5 + 0.5 * np.sin(2 * np.pi * (across + bend + phase * period * 7) / period)
    tone = 0.35 + 0.45 * rings ** rng.uniform(1.5, 4.0)
    streaks = cv2.filter2D(rng.standard_normal((h, w)).astype(np.float32), -1, _line_kernel(61, angle))
    tone += 0.25 * smooth_noise(rng, w, h, 6) + 1.2 * streaks
    image = dark + np.clip(tone, 0, 1)[:, :, None] * (light - dark)
    image *= (0.9 + 0.2 * phase)[:, :, None]
    joint = ((across + 1e5) % plank) < max(1.5, 0.002 * max(width, height))
    image[joint] *= 0.55
    image = _enlarge(image.astype(np.float32), width, height)
    return image + fine_grain(rng, width, height, 0.8, 4.0)[:, :, None]


def linen(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A woven tablecloth: a light colour with a fine weave and soft folds."""
    image = felt(rng, width, height, LINENS[int(rng.integers(len(LINENS)))])
    pitch = rng.uniform(2.5, 5.0) * max(1.0, max(width, height) / 1500)
    xs = np.arange(width, dtype=np.float32)
    ys = np.arange(height, dtype=np.float32)
    weave = 4 * np.sin(xs / pitch)[None, :] * np.sin(ys / pitch)[:, None]
    w, h, _ = _work_size(width, height)
    folds = _enlarge(smooth_noise(rng, w, h, 3) * 0.05, width, height)
    return image * (1 + folds)[:, :, None] + weave[:, :, None]


def board(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A printed game board: cream card with muted coloured areas, outlines and symbols."""
    image = felt(rng, width, height, (178, 208, 222))
    unit = max(width, height) / 20
    inks = ((60, 90, 170), (120, 130, 60), (70, 160, 200), (150, 110, 90), (90, 90, 90))
    for _ in range(int(rng.integers(4, 10))):
        ink = tuple(float(c) * rng.uniform(0.8, 1.1) for c in inks[int(rng.integers(len(inks)))])
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        size = rng.uniform(1.5, 6) * unit
        corners = np.array([[x, y], [x + size, y], [x + size, y + size * 0.7], [x, y + size * 0.7]], np.int32)
        if rng.random() < 0.5:
            cv2.fillConvexPoly(image, corners, ink, cv2.LINE_AA)
        cv2.polylines(image, [corners], True, (40, 40, 50), max(1, int(unit * 0.06)), cv2.LINE_AA)
    for _ in range(int(rng.integers(2, 8))):
        centre = (int(rng.uniform(0, width)), int(rng.uniform(0, height)))
        cv2.circle(image, centre, int(unit * rng.uniform(0.4, 1.2)), (50, 60, 90), max(1, int(unit * 0.05)))
    return image


def tray(rng: np.random.Generator, width: int, height: int) -> tuple[np.ndarray, Region]:
    """A dark dice tray (felt or leather floor, raised rim) lying on a wooden table; returns where dice may lie."""
    table = wood(rng, width, height)
    margin = rng.uniform(0.0, 0.06, 4) * (width, height, width, height)
    rim = rng.uniform(0.025, 0.05) * min(width, height)
    outer = _rectangle(margin[0], margin[1], width - margin[2], height - margin[3])
    inner = _rectangle(margin[0] + rim, margin[1] + rim, width - margin[2] - rim, height - margin[3] - rim)
    floor_colour = np.array(TRAY_FLOORS[int(rng.integers(len(TRAY_FLOORS)))], np.float32)
    floor = felt(rng, width, height, tuple(floor_colour))
    rim_gain = (floor_colour * rng.uniform(1.2, 2.0) + 10) / np.maximum(floor_colour, 1)
    tray_part = soft_mask([outer], width, height, max(1.0, rim * 0.05))
    floor_part = soft_mask([inner], width, height, 1.0)
    # The rim shades the floor along its inner edge.
    shade = 1 - 0.45 * (1 - soft_mask([inner], width, height, rim * 0.4))
    gain = (tray_part - floor_part)[:, :, None] * rim_gain + (floor_part * shade)[:, :, None]
    image = table * (1 - tray_part)[:, :, None]
    image += floor * gain
    inset = rim * 0.3
    region = _rectangle(
        margin[0] + rim + inset,
        margin[1] + rim + inset,
        width - margin[2] - rim - inset,
        height - margin[3] - rim - inset,
    )
    return image, region


def _rectangle(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """The corners (4, 2) of an upright rectangle."""
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


def soft_mask(polygons: list[np.ndarray], width: int, height: int, sigma: float) -> np.ndarray:
    """Filled convex polygons blurred by sigma pixels, drawn at a reduced size when the blur allows (fast on 12 MP)."""
    scale = float(np.clip(4.0 / max(sigma, 1e-6), 0.125, 1.0))
    w, h = max(2, round(width * scale)), max(2, round(height * scale))
    mask: np.ndarray = np.zeros((h, w), np.float32)
    for polygon in polygons:
        points = np.round(np.asarray(polygon) * scale * 16).astype(np.int32)
        cv2.fillConvexPoly(mask, points, 1.0, cv2.LINE_AA, 4)
    if sigma * scale >= 0.3:
        mask = cv2.GaussianBlur(mask, (0, 0), sigma * scale)
    return cv2.resize(mask, (width, height), interpolation=cv2.INTER_LINEAR) if scale < 1 else mask


def _line_kernel(length: int, angle: float) -> np.ndarray:
    """A normalised line `length` pixels long at `angle` (radians): a streak or motion-blur kernel."""
    size = max(1, int(length)) | 1
    kernel = np.zeros((size, size), np.float32)
    half = (size - 1) / 2
    dx, dy = np.cos(angle) * half, np.sin(angle) * half
    start = (int(round((half - dx) * 16)), int(round((half - dy) * 16)))
    end = (int(round((half + dx) * 16)), int(round((half + dy) * 16)))
    cv2.line(kernel, start, end, 1.0, 1, cv2.LINE_AA, 4)
    total = float(kernel.sum())
    if total <= 0:
        kernel[size // 2, size // 2] = 1.0
        total = 1.0
    return kernel / total


def line_kernel(length: float, angle: float) -> np.ndarray:
    """The motion-blur kernel of a streak `length` pixels long at `angle` (radians)."""
    return _line_kernel(max(1, round(length)), angle)


def table_for(rng: np.random.Generator, style: str, width: int, height: int) -> tuple[np.ndarray, Region | None]:
    """The table of a style: rajas (felt, wood, linen or a board), white_on_wood (a desk), tray."""
    if style == "tray":
        return tray(rng, width, height)
    if style == "white_on_wood":
        return wood(rng, width, height), None
    pick = rng.random()
    if pick < 0.35:
        return felt(rng, width, height), None
    if pick < 0.65:
        return wood(rng, width, height), None
    if pick < 0.85:
        return linen(rng, width, height), None
    return board(rng, width, height), None
