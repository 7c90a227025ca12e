"""A hand and forearm reaching in over the table from one edge of the picture, with its shadow."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SKINS = ((150, 178, 228), (120, 150, 205), (92, 122, 178), (64, 88, 132), (170, 196, 236))


@dataclass(frozen=True)
class HandPose:
    """Where the hand enters, how far it reaches (0: just outside the picture, 1: full reach), its size and skin."""

    edge_point: tuple[float, float]
    heading: float  # radians, pointing into the picture
    reach: float
    palm: float  # palm width in pixels
    skin: tuple[float, float, float]
    spread: float  # how far apart the fingers are


def pick_hand(rng: np.random.Generator, width: int, height: int, die_px: float) -> HandPose:
    """A hand entering from a random edge, about five die sides across the palm."""
    edge = int(rng.integers(4))
    t = rng.uniform(0.2, 0.8)
    point, heading = (
        ((t * width, height), -np.pi / 2),
        ((t * width, 0.0), np.pi / 2),
        ((0.0, t * height), 0.0),
        ((float(width), t * height), np.pi),
    )[edge]
    palm = float(np.clip(die_px * rng.uniform(3.5, 5.0), 0.1 * min(width, height), 0.3 * min(width, height)))
    skin = tuple(float(c) * rng.uniform(0.9, 1.08) for c in SKINS[int(rng.integers(len(SKINS)))])
    return HandPose(
        edge_point=(float(point[0]), float(point[1])),
        heading=float(heading + rng.uniform(-0.5, 0.5)),
        reach=1.0,
        palm=palm,
        skin=(skin[0], skin[1], skin[2]),
        spread=float(rng.uniform(0.0, 0.35)),
    )


def hand_mask(pose: HandPose, width: int, height: int) -> np.ndarray:
    """Alpha (H x W, 0..1) of the hand and forearm."""
    scale = 4
    mask = np.zeros((height, width), np.uint8)
    direction = np.array([np.cos(pose.heading), np.sin(pose.heading)])
    across = np.array([-direction[1], direction[0]])
    start = np.array(pose.edge_point) - direction * pose.palm * 2.5
    wrist = np.array(pose.edge_point) + direction * pose.palm * (pose.reach * 2.6 - 1.4)
    palm_centre = wrist + direction * pose.palm * 0.55

    def pt(p: np.ndarray) -> tuple[int, int]:
        return int(round(p[0] * (1 << scale))), int(round(p[1] * (1 << scale)))

    cv2.line(mask, pt(start), pt(wrist), 255, max(1, int(pose.palm * 0.8)), cv2.LINE_AA, scale)
    angle = float(np.degrees(pose.heading))
    axes = (int(pose.palm * 0.6 * (1 << scale)), int(pose.palm * 0.5 * (1 << scale)))
    cv2.ellipse(mask, pt(palm_centre), axes, angle, 0, 360, 255, -1, cv2.LINE_AA, scale)
    for finger in range(4):
        offset = (finger - 1.5) / 1.5
        bend = offset * pose.spread
        tip_dir = np.array([np.cos(pose.heading + bend), np.sin(pose.heading + bend)])
        root = palm_centre + across * offset * pose.palm * 0.36 + direction * pose.palm * 0.4
        length = pose.palm * (0.75 - 0.12 * abs(offset))
        tip = root + tip_dir * length
        cv2.line(mask, pt(root), pt(tip), 255, max(1, int(pose.palm * 0.17)), cv2.LINE_AA, scale)
    thumb_root = palm_centre - across * pose.palm * 0.4
    thumb_tip = thumb_root + (direction * 0.5 - across * 0.6) * pose.palm
    cv2.line(mask, pt(thumb_root), pt(thumb_tip), 255, max(1, int(pose.palm * 0.2)), cv2.LINE_AA, scale)
    return cv2.GaussianBlur(mask, (0, 0), max(0.8, pose.palm * 0.01)).astype(np.float32) / 255.0


def draw_hand(image: np.ndarray, pose: HandPose, light_direction: tuple[float, float, float]) -> np.ndarray:
    """Lay the hand and its shadow over the picture in place; returns the hand's alpha."""
    height, width = image.shape[:2]
    alpha = hand_mask(pose, width, height)
    if not alpha.any():
        return alpha
    # The hand floats well above the table: its shadow lies off to the side away from the lamp, and is soft.
    lx, ly, lz = light_direction
    lift = pose.palm * 1.2
    shift = np.array([[1, 0, -lx / max(lz, 0.2) * lift], [0, 1, ly / max(lz, 0.2) * lift]], np.float32)
    shadow = cv2.warpAffine(alpha, shift, (width, height))
    shadow = cv2.GaussianBlur(shadow, (0, 0), pose.palm * 0.15)
    image *= (1 - 0.4 * shadow)[:, :, None]
    # Skin shaded by a gentle gradient across the arm (rounded) and brighter towards the fingers.
    shade = cv2.GaussianBlur(alpha, (0, 0), pose.palm * 0.12)
    skin = np.array(pose.skin, np.float32)[None, None, :] * (0.7 + 0.35 * shade)[:, :, None]
    image *= 1 - alpha[:, :, None]
    image += skin * alpha[:, :, None]
    return alpha
