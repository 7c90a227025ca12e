"""Where dice lie on the table: apart, or touching a die already placed (edge to edge or corner to edge)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synthetic.camera import Camera

GAP = 0.12  # dice that do not touch keep at least this much table (in die sides) between them


@dataclass(frozen=True)
class Spot:
    """A place for one die: centre on the table, yaw, and which placed dice it touches."""

    x: float
    y: float
    yaw: float
    touches: tuple[int, ...] = ()


def footprint(x: float, y: float, yaw: float, grow: float = 0.0) -> np.ndarray:
    """Corners (4, 2) of a die's base, grown by `grow` die sides on every edge."""
    half = 0.5 + grow
    c, s = np.cos(yaw), np.sin(yaw)
    square = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    return square @ np.array([[c, -s], [s, c]]).T + (x, y)


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Area shared by two convex polygons."""
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(area)


def fits(camera: Camera, spot: Spot, region: np.ndarray | None, margin: float) -> bool:
    """True when the whole die (top and sides) lies in the picture, and in the region if there is one."""
    base = footprint(spot.x, spot.y, spot.yaw)
    points = camera.project(np.vstack([np.column_stack([base, z * np.ones(4)]) for z in (0.0, 1.0)]))
    inside = bool(
        points[:, 0].min() >= margin
        and points[:, 1].min() >= margin
        and points[:, 0].max() <= camera.width - margin
        and points[:, 1].max() <= camera.height - margin
    )
    if not inside or region is None:
        return inside
    contour = region.astype(np.float32).reshape(-1, 1, 2)
    return all(cv2.pointPolygonTest(contour, (float(px), float(py)), False) >= 0 for px, py in points)


def _is_clear(spot: Spot, placed: list[Spot], skip: tuple[int, ...] = ()) -> bool:
    """True when the spot keeps its distance from every placed die (except those it is meant to touch)."""
    mine = footprint(spot.x, spot.y, spot.yaw, GAP / 2)
    for index, other in enumerate(placed):
        if index in skip or np.hypot(spot.x - other.x, spot.y - other.y) > 1.6 + GAP:
            continue
        if overlap(mine, footprint(other.x, other.y, other.yaw, GAP / 2)) > 1e-6:
            return False
    return True


def _against(rng: np.random.Generator, partner: Spot) -> Spot:
    """A spot touching `partner`: slid in from a random side until the two bases just meet."""
    face_to_face = rng.random() < 0.6
    yaw = partner.yaw + (rng.normal(0, 0.03) if face_to_face else rng.uniform(0, np.pi / 2))
    heading = partner.yaw + (np.pi / 2) * int(rng.integers(4)) + rng.uniform(-0.35, 0.35)
    near, far = 0.5, 2.0
    other = footprint(partner.x, partner.y, partner.yaw)
    for _ in range(18):  # bisection on the distance between centres
        middle = (near + far) / 2
        x, y = partner.x + np.cos(heading) * middle, partner.y + np.sin(heading) * middle
        if overlap(footprint(x, y, yaw), other) > 1e-6:
            near = middle
        else:
            far = middle
    reach = far + 0.003
    return Spot(partner.x + np.cos(heading) * reach, partner.y + np.sin(heading) * reach, yaw)


def place_dice(
    rng: np.random.Generator, camera: Camera, count: int, touching: float, region: np.ndarray | None = None
) -> list[Spot]:
    """Up to `count` spots in view; a share `touching` of them set against a die already placed."""
    area = region if region is not None else np.array([[0, 0], [camera.width, 0], [camera.width, camera.height],
                                                       [0, camera.height]], np.float32)  # fmt: skip
    low, high = area.min(axis=0), area.max(axis=0)
    placed: list[Spot] = []
    for _ in range(count * 80):
        if len(placed) >= count:
            break
        partner = int(rng.integers(len(placed))) if placed and rng.random() < touching else -1
        if partner >= 0:
            spot = _against(rng, placed[partner])
        else:
            pixel = rng.uniform(low, high)[None, :]
            x, y = camera.to_table(pixel)[0]
            spot = Spot(float(x), float(y), float(rng.uniform(0, 2 * np.pi)))
        skip = (partner,) if partner >= 0 else ()
        if fits(camera, spot, region, 2.0) and _is_clear(spot, placed, skip):
            placed.append(Spot(spot.x, spot.y, spot.yaw, skip))
    return placed


def touching_pairs(spots: list[Spot]) -> set[int]:
    """Indices of every die touching another."""
    touched = {i for i, spot in enumerate(spots) if spot.touches}
    return touched | {j for spot in spots for j in spot.touches}
