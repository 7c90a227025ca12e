"""A pinhole camera above the table: world units are die sides, the table is the plane z = 0."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Camera:
    """Where the camera is, where it looks and how wide it sees; projects table points to pixels."""

    width: int
    height: int
    focal: float
    rotation: np.ndarray  # rows: the camera's x (right), y (down) and z (forward) axes in world coordinates
    position: np.ndarray

    def project(self, points: np.ndarray) -> np.ndarray:
        """Pixel coordinates (N, 2) of world points (N, 3)."""
        local = (np.asarray(points, np.float64) - self.position) @ self.rotation.T
        depth = np.maximum(local[:, 2:3], 1e-6)
        return local[:, :2] / depth * self.focal + (self.width / 2, self.height / 2)

    def to_table(self, pixels: np.ndarray) -> np.ndarray:
        """Table points (N, 2) seen at pixels (N, 2): where their rays meet the plane z = 0."""
        pixels = np.asarray(pixels, np.float64)
        rays = np.column_stack(
            [(pixels[:, 0] - self.width / 2) / self.focal, (pixels[:, 1] - self.height / 2) / self.focal]
        )
        rays = np.column_stack([rays, np.ones(len(rays))]) @ self.rotation
        reach = -self.position[2] / rays[:, 2]
        return (self.position[None, :] + rays * reach[:, None])[:, :2]

    def sees_from(self, point: np.ndarray, normal: np.ndarray) -> bool:
        """True when a face through `point` with outward `normal` faces the camera."""
        return float(np.dot(normal, self.position - point)) > 1e-9


def make_camera(width: int, height: int, die_px: float, tilt_deg: float, roll_deg: float, fov_deg: float) -> Camera:
    """A camera `tilt_deg` from overhead, turned `roll_deg` about its axis, seeing a die `die_px` wide at the centre."""
    focal = width / (2 * np.tan(np.deg2rad(fov_deg) / 2))
    distance = focal / die_px  # a die (1 unit) at the image centre is die_px pixels wide
    tilt, roll = np.deg2rad(tilt_deg), np.deg2rad(roll_deg)
    forward = np.array([0.0, np.sin(tilt), -np.cos(tilt)])
    right = np.array([1.0, 0.0, 0.0])
    down = np.cross(forward, right)
    # Rolling about the optical axis lets the oblique view come from any side of the table.
    turned_right = np.cos(roll) * right + np.sin(roll) * down
    turned_down = np.cross(forward, turned_right)
    rotation = np.vstack([turned_right, turned_down, forward])
    position = -forward * distance
    return Camera(width, height, float(focal), rotation, position)
