"""One die in 3D on the table, drawn through the camera: top and visible side faces, rounded outline, blur."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synthetic.backgrounds import line_kernel
from vision.synthetic.camera import Camera
from vision.synthetic.face import draw_face
from vision.synthetic.light import Lighting, brightness
from vision.synthetic.looks import DieLook

SQUARE = np.array([[-0.5, 0.5], [0.5, 0.5], [0.5, -0.5], [-0.5, -0.5]])  # texture corners tl, tr, br, bl
SIDE_NORMALS = np.array([[0.0, -1.0], [1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])


@dataclass(frozen=True)
class DiePose:
    """A die lying on the table: where, turned how far, which faces show, how it looks, how it moves."""

    x: float
    y: float
    yaw: float  # radians
    value: int
    sides: tuple[int, int, int, int]  # values of the four side faces, in the order of SIDE_NORMALS
    look: DieLook
    seed: int  # the die's own randomness (glare spot), fixed while it lies still
    glare: float = 0.0
    streak: tuple[float, float] = (0.0, 0.0)  # motion during the exposure, in pixels

    def turn(self) -> np.ndarray:
        """The 2x2 rotation of the die about the vertical."""
        c, s = np.cos(self.yaw), np.sin(self.yaw)
        return np.array([[c, -s], [s, c]])

    def footprint(self) -> np.ndarray:
        """Corners (4, 2) of the die's base on the table."""
        return SQUARE @ self.turn().T + (self.x, self.y)

    def corners(self) -> np.ndarray:
        """The 8 corners (8, 3): base then top."""
        base = self.footprint()
        return np.vstack([np.column_stack([base, np.zeros(4)]), np.column_stack([base, np.ones(4)])])


@dataclass(frozen=True)
class DieLayer:
    """A die drawn on its own: colour and alpha in a window of the picture, its box and top-face centre."""

    colour: np.ndarray  # h x w x 3 float32, premultiplied by alpha
    alpha: np.ndarray  # h x w float32
    origin: tuple[int, int]
    bbox: tuple[int, int, int, int]  # of the unblurred outline, in picture pixels, clipped to the picture
    centre: tuple[float, float]
    clipped: bool  # part of the die lies outside the picture


def visible_faces(camera: Camera, pose: DiePose) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """(world corners tl, tr, br, bl; outward normal; value) of each face the camera sees, sides first."""
    corners = pose.corners()
    turn = pose.turn()
    faces = []
    for normal_2d, value in zip(SIDE_NORMALS @ turn.T, pose.sides, strict=True):
        normal = np.array([normal_2d[0], normal_2d[1], 0.0])
        centre = np.array([pose.x, pose.y, 0.5]) + normal * 0.5
        right = np.cross(-normal, [0.0, 0.0, 1.0])
        quad = np.array([centre - right * 0.5, centre + right * 0.5, centre + right * 0.5, centre - right * 0.5])
        quad[:, 2] = [1.0, 1.0, 0.0, 0.0]
        if camera.sees_from(centre, normal):
            faces.append((quad, normal, int(value)))
    faces.append((corners[4:], np.array([0.0, 0.0, 1.0]), pose.value))
    return faces


def _face_light(quad: np.ndarray, lighting: Lighting) -> tuple[float, float]:
    """The lamp's direction in the face's own picture axes (for the pips' shadows)."""
    ex, ey = quad[1] - quad[0], quad[3] - quad[0]
    light = np.array(lighting.direction)
    vec = np.array([np.dot(light, ex), np.dot(light, ey)])
    norm = float(np.hypot(*vec))
    return (0.0, 0.0) if norm < 1e-6 else (float(vec[0] / norm), float(vec[1] / norm))


def render_die(camera: Camera, pose: DiePose, lighting: Lighting) -> DieLayer | None:
    """The die drawn in a window of the picture; None when it is wholly outside it."""
    faces = visible_faces(camera, pose)
    outline = camera.project(pose.corners())
    pad = 2 + int(np.ceil(np.hypot(*pose.streak)))
    x0, y0 = np.floor(outline.min(axis=0)).astype(int) - pad
    x1, y1 = np.ceil(outline.max(axis=0)).astype(int) + pad
    wx0, wy0 = int(max(0, x0)), int(max(0, y0))
    wx1, wy1 = int(min(camera.width, x1)), int(min(camera.height, y1))
    if wx1 <= wx0 or wy1 <= wy0:
        return None
    size = (wx1 - wx0, wy1 - wy0)
    side_px = float(np.linalg.norm(outline[5] - outline[4]))
    mask = _outline_mask(outline - (wx0, wy0), size, pose.look.corner * side_px)
    colour: np.ndarray = np.empty((size[1], size[0], 3), np.float32)
    colour[:] = np.array(pose.look.body, np.float32) * brightness(lighting, faces[0][1]) * 0.8
    rng = np.random.default_rng(pose.seed)
    for quad, normal, value in faces:
        _paint_face(colour, camera, quad, normal, value, pose, lighting, (wx0, wy0), rng)
    ys, xs = np.nonzero(mask > 0.35)
    if len(xs) == 0:
        return None
    bbox = (int(xs.min()) + wx0, int(ys.min()) + wy0, int(xs.max()) + wx0 + 1, int(ys.max()) + wy0 + 1)
    colour *= mask[:, :, None]
    if np.hypot(*pose.streak) >= 1.0:
        kernel = line_kernel(np.hypot(*pose.streak), float(np.arctan2(pose.streak[1], pose.streak[0])))
        colour, mask = cv2.filter2D(colour, -1, kernel), cv2.filter2D(mask, -1, kernel)
    top = camera.project(np.array([[pose.x, pose.y, 1.0]]))[0]
    clipped = bool(x0 + pad < 0 or y0 + pad < 0 or x1 - pad > camera.width or y1 - pad > camera.height)
    return DieLayer(colour, mask, (wx0, wy0), bbox, (float(top[0]), float(top[1])), clipped)


def _outline_mask(points: np.ndarray, size: tuple[int, int], rounding: float) -> np.ndarray:
    """Alpha of the die's outline (the hull of its corners) with corners rounded like the die's."""
    mask: np.ndarray = np.zeros((size[1], size[0]), np.uint8)
    hull = cv2.convexHull(np.round(points * 16).astype(np.int32))
    cv2.fillConvexPoly(mask, hull, 255, cv2.LINE_AA, 4)
    radius = int(round(rounding * 0.8))
    if radius >= 2:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    return mask.astype(np.float32) / 255.0


def _paint_face(
    colour: np.ndarray,
    camera: Camera,
    quad: np.ndarray,
    normal: np.ndarray,
    value: int,
    pose: DiePose,
    lighting: Lighting,
    origin: tuple[int, int],
    rng: np.random.Generator,
) -> None:
    """Warp one face's picture onto the window through the camera and lay it over what is there."""
    target = (camera.project(quad) - origin).astype(np.float32)
    edge = float(max(np.linalg.norm(target[1] - target[0]), np.linalg.norm(target[3] - target[0])))
    texels = int(np.clip(edge * 2, 16, 512))
    is_top = normal[2] > 0.5
    glare = pose.glare if is_top else 0.0
    face, alpha = draw_face(rng, texels, pose.look, value, _face_light(quad, lighting), glare)
    face *= np.float32(brightness(lighting, normal))
    source = np.array([[0, 0], [texels, 0], [texels, texels], [0, texels]], np.float32)
    homography = cv2.getPerspectiveTransform(source, target)
    size = (colour.shape[1], colour.shape[0])
    warped = cv2.warpPerspective(face, homography, size, flags=cv2.INTER_LINEAR)
    cover = cv2.warpPerspective(alpha, homography, size, flags=cv2.INTER_LINEAR)[:, :, None]
    # A side face seen almost edge-on has a near-singular homography: OpenCV's float warp can then give NaN
    # at a pixel where the inverse mapping runs off to infinity. Such a pixel gets none of the face.
    np.nan_to_num(warped, copy=False, nan=0.0, posinf=0.0, neginf=0.0)
    np.nan_to_num(cover, copy=False, nan=0.0, posinf=0.0, neginf=0.0)
    colour *= 1 - cover
    colour += warped * cover
