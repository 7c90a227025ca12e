"""Synthetic dice scenes with their truth: tables, dice with shading, shadow and side faces, light, blur, noise.

Everything is drawn with OpenCV from a seeded random generator, so a seed always gives the same picture.
These pictures test and demonstrate the reader; they are never reported together with real photos.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.reading import Die

PIP_PLACES = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}

# Body colour (BGR) and pip colour of each kind of die.
BODIES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "blue": ((175, 85, 25), (245, 245, 245)),
    "green": ((75, 150, 45), (245, 245, 245)),
    "orange": ((35, 125, 235), (245, 245, 245)),
    "violet": ((145, 55, 115), (245, 245, 245)),
    "red": ((45, 35, 195), (245, 245, 245)),
    "white": ((226, 232, 236), (30, 30, 30)),
}

TABLES = {
    "felt": (60, 110, 40),
    "red_felt": (40, 40, 120),
    "wood": (55, 95, 140),
    "tray": (45, 40, 40),
    "cloth": (150, 140, 130),
}


@dataclass(frozen=True)
class Style:
    """How a scene looks: the table, die sizes, tilt, blur and noise."""

    table: str = "wood"
    die_px: tuple[int, int] = (36, 56)
    tilt: float = 0.0
    blur: float = 0.0
    motion: float = 0.0
    noise: float = 3.0
    touching: bool = False


def render_scene(
    seed: int | np.random.Generator,
    width: int = 640,
    height: int = 480,
    n_dice: int = 6,
    colours: tuple[str, ...] = ("blue", "orange", "green", "violet"),
    style: Style | None = None,
) -> tuple[np.ndarray, list[Die]]:
    """A table with n_dice dice and their true values, colours and boxes."""
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    style = style or Style()
    image = table(rng, width, height, style.table)
    placed = place_dice(rng, width, height, n_dice, style)
    truth = []
    for x, y, side, angle in placed:
        value = int(rng.integers(1, 7))
        colour = str(colours[int(rng.integers(0, len(colours)))])
        box = draw_die(image, rng, (x, y), side, angle, value, colour, style.tilt)
        truth.append(Die(value, colour, box, (x, y), 1.0))
    return finish(image, rng, style), truth


def table(rng: np.random.Generator, width: int, height: int, kind: str) -> np.ndarray:
    """A table surface with texture and uneven light."""
    base = np.array(TABLES[kind], np.float32) * rng.uniform(0.85, 1.15)
    image = np.empty((height, width, 3), np.float32)
    image[:] = base
    if kind == "wood":
        ys = np.arange(height, dtype=np.float32)[:, None]
        xs = np.arange(width, dtype=np.float32)[None, :]
        grain = np.sin(ys / rng.uniform(6, 14) + 3 * np.sin(xs / rng.uniform(80, 200))) * 10
        image += grain[:, :, None]
    texture = cv2.GaussianBlur(rng.normal(0, 8, (height, width)).astype(np.float32), (0, 0), 1.2)
    image += texture[:, :, None]
    light = np.linspace(rng.uniform(0.8, 1.0), rng.uniform(1.0, 1.2), width, dtype=np.float32)[None, :, None]
    return np.clip(image * light, 0, 255).astype(np.uint8)


def place_dice(rng: np.random.Generator, width: int, height: int, count: int, style: Style) -> list[tuple[float, ...]]:
    """Where the dice lie: apart, or (touching) side by side with a die already placed, never overlapping."""
    placed: list[tuple[float, ...]] = []
    for _ in range(count * 60):
        if len(placed) == count:
            break
        side = float(rng.uniform(*style.die_px))
        margin = side * 1.2
        partner = -1
        if style.touching and placed and rng.random() < 0.5:
            partner = int(rng.integers(0, len(placed)))
            ox, oy, other_side, angle = placed[partner]
            along = np.deg2rad(angle + 90 * int(rng.integers(0, 4)))
            reach = (side + other_side) / 2 * 1.02
            x, y = ox + np.cos(along) * reach, oy - np.sin(along) * reach  # the rotation draw_die uses
        else:
            x, y = rng.uniform(margin, width - margin), rng.uniform(margin, height - margin)
            angle = float(rng.uniform(0, 90))
        if not (margin <= x <= width - margin and margin <= y <= height - margin):
            continue
        others = [p for index, p in enumerate(placed) if index != partner]
        # Two squares turned any way cannot overlap when their centres are further apart than their half-diagonals.
        if all(np.hypot(x - px, y - py) > 0.72 * (side + ps) for px, py, ps, _ in others):
            placed.append((float(x), float(y), side, angle))
    return placed


def draw_die(
    image: np.ndarray,
    rng: np.random.Generator,
    centre: tuple[float, float],
    side: float,
    angle: float,
    value: int,
    colour: str,
    tilt: float = 0.0,
) -> tuple[int, int, int, int]:
    """Draw one die (shadow, side face when seen at an angle, shaded top face, pips); returns its box."""
    body, pip = BODIES[colour]
    shade = rng.uniform(0.85, 1.1)
    body_colour = tuple(float(np.clip(c * shade, 0, 255)) for c in body)
    top = _square(centre, side, angle)
    extrude = np.array([0.0, side * np.sin(np.deg2rad(tilt))])  # the side facing the camera, when tilted
    shadow = (top + [side * 0.12, side * 0.15]).astype(np.int32)
    overlay = image.copy()
    cv2.fillConvexPoly(overlay, shadow, (0, 0, 0), cv2.LINE_AA)
    cv2.addWeighted(overlay, 0.35, image, 0.65, 0, dst=image)
    if tilt > 0:
        side_face = np.concatenate([top, top + extrude]).astype(np.float32)
        hull = cv2.convexHull(side_face).astype(np.int32)
        cv2.fillConvexPoly(image, hull, tuple(c * 0.7 for c in body_colour), cv2.LINE_AA)
    face = np.round(top).astype(np.int32)
    cv2.fillConvexPoly(image, face, body_colour, cv2.LINE_AA)
    cv2.polylines(image, [face], True, tuple(c * 0.8 for c in body_colour), max(1, int(side / 30)), cv2.LINE_AA)
    rotation = cv2.getRotationMatrix2D((0, 0), angle, 1.0)[:, :2]
    radius = max(1.0, side * rng.uniform(0.08, 0.1))
    for px, py in PIP_PLACES[value]:
        x, y = np.array([px, py], np.float64) * side * 0.27 @ rotation.T + centre
        cv2.circle(image, (int(round(x * 4)), int(round(y * 4))), int(radius * 4), pip, -1, cv2.LINE_AA, 2)
    if rng.random() < 0.2:
        _glare(image, centre, side, angle)
    corners = np.concatenate([top, top + extrude]) if tilt > 0 else top
    x0, y0 = np.floor(corners.min(axis=0)).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int)
    h, w = image.shape[:2]
    return max(0, int(x0)), max(0, int(y0)), min(w, int(x1)), min(h, int(y1))


def _glare(image: np.ndarray, centre: tuple[float, float], side: float, angle: float) -> None:
    """A soft reflection of the lamp on a corner of the top face."""
    h, w = image.shape[:2]
    gx, gy = int(centre[0] - side * 0.22), int(centre[1] - side * 0.22)
    reach = int(side * 0.4) + 2
    x0, y0, x1, y1 = max(0, gx - reach), max(0, gy - reach), min(w, gx + reach), min(h, gy + reach)
    if x1 <= x0 or y1 <= y0:
        return
    spot = np.zeros((y1 - y0, x1 - x0), np.float32)
    axes = (max(1, int(side * 0.14)), max(1, int(side * 0.07)))
    cv2.ellipse(spot, (gx - x0, gy - y0), axes, angle + 45, 0, 360, 1.0, -1)
    spot = cv2.GaussianBlur(spot, (0, 0), max(1.0, side * 0.05))[:, :, None] * 0.55
    region = image[y0:y1, x0:x1].astype(np.float32)
    image[y0:y1, x0:x1] = np.clip(region * (1 - spot) + 255 * spot, 0, 255).astype(np.uint8)


def _square(centre: tuple[float, float], side: float, angle: float) -> np.ndarray:
    rotation = cv2.getRotationMatrix2D((0, 0), angle, 1.0)[:, :2]
    half = side / 2
    return np.array([[-half, -half], [half, -half], [half, half], [-half, half]]) @ rotation.T + centre


def lighting(rng: np.random.Generator) -> np.ndarray:
    """A lamp: per-channel gain (warmer or colder, brighter or dimmer)."""
    warm = np.array([rng.uniform(0.85, 1.0), rng.uniform(0.95, 1.02), rng.uniform(1.0, 1.12)], np.float32)
    return warm * np.float32(rng.uniform(0.8, 1.1))


def finish(image: np.ndarray, rng: np.random.Generator, style: Style, light: np.ndarray | None = None) -> np.ndarray:
    """Light colour, blur, motion, sensor noise and JPEG compression."""
    out = image.astype(np.float32) * (lighting(rng) if light is None else light)
    if style.blur > 0:
        out = cv2.GaussianBlur(out, (0, 0), style.blur)
    if style.motion > 1:
        length = int(style.motion)
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1.0 / length
        out = cv2.filter2D(
            out,
            -1,
            cv2.warpAffine(
                kernel,
                cv2.getRotationMatrix2D((length / 2, length / 2), float(rng.uniform(0, 180)), 1.0),
                (length, length),
            ),
        )
    out += rng.normal(0, style.noise, out.shape).astype(np.float32)
    clean = np.clip(out, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", clean, [cv2.IMWRITE_JPEG_QUALITY, 88])
    decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    return clean if decoded is None else np.asarray(decoded)
