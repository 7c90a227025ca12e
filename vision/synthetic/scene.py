"""Synthetic dice scenes with their truth: a table, dice in 3D seen through a camera, lamp, shadows, hand, noise.

Everything is drawn with OpenCV from a seeded random generator, so a seed always gives the same picture.
These pictures test and demonstrate the reader; their figures are never reported together with real photos.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.reading import Die
from vision.synthetic.backgrounds import Region, soft_mask, table_for
from vision.synthetic.camera import Camera, make_camera
from vision.synthetic.die import DieLayer, DiePose, render_die
from vision.synthetic.hand import HandPose, draw_hand, pick_hand
from vision.synthetic.layout import Spot, place_dice, touching_pairs
from vision.synthetic.light import (
    CameraMarks,
    Lighting,
    darken,
    develop,
    light_field,
    pick_camera_marks,
    pick_lighting,
)
from vision.synthetic.looks import BODIES, pick_look, side_values

STYLES = ("rajas", "white_on_wood", "tray")
RAJAS = ("blue", "orange", "green", "violet")
Span = float | tuple[float, float]

TILTED_DEG = 12.0  # from this camera tilt on, the truth flags dice "tilted"
BLURRED_PX = 3.0  # from this much motion blur on, the truth flags dice "blurred"
MIN_DISTANCE = 6.0  # the camera stays at least this many die sides from the table centre
HIDDEN_SHARE = 0.15  # a die this much covered by the hand is "partly_hidden"; 85 % covered, it is not in the truth


@dataclass(frozen=True)
class Scene:
    """Everything fixed about a scene while dice move in it: camera, table, lamp, camera marks."""

    camera: Camera
    table: np.ndarray  # H x W x 3 float32, the empty table before the lamp's colour
    region: Region | None
    lighting: Lighting
    field: np.ndarray
    marks: CameraMarks
    tilt_deg: float
    die_px: float
    translucent_share: float


def _draw(rng: np.random.Generator, span: Span) -> float:
    """A number from a span (low, high), or the number itself."""
    if isinstance(span, tuple):
        return float(rng.uniform(span[0], span[1]))
    return float(span)


def _check(width: int, height: int, n_dice: int, colours: tuple[str, ...], style: str) -> None:
    """Refuse impossible requests whole, naming the field and what is allowed."""
    if style not in STYLES:
        raise ValueError(f"style {style!r} is not known; allowed: {', '.join(STYLES)}")
    if width < 32 or height < 32:
        raise ValueError(f"width and height must be at least 32 pixels, got {width}x{height}")
    if n_dice < 0:
        raise ValueError(f"n_dice must be 0 or more, got {n_dice}")
    unknown = [c for c in colours if c not in BODIES]
    if not colours or unknown:
        raise ValueError(f"colours {list(colours)!r} must be non-empty, from: {', '.join(sorted(BODIES))}")


def plan_scene(
    rng: np.random.Generator,
    width: int,
    height: int,
    style: str,
    die_px: Span,
    tilt_deg: Span,
    blur: Span,
    clean: bool,
) -> Scene:
    """Choose the camera, the table, the lamp and the camera's marks of one scene."""
    size = _draw(rng, die_px)
    tilt = 0.0 if clean else float(np.clip(_draw(rng, tilt_deg), 0.0, 40.0))
    # A camera closer than ~6 die sides would need a macro lens: big dice in a small picture mean a zoom.
    widest = float(np.degrees(2 * np.arctan(width / (2 * size * MIN_DISTANCE))))
    fov = min(float(rng.uniform(50, 70)), widest)
    camera = make_camera(width, height, size, tilt, float(rng.uniform(0, 360)), fov)
    table, region = table_for(rng, style, width, height)
    lighting = pick_lighting(rng, clean)
    field = light_field(rng, lighting, width, height)
    marks = pick_camera_marks(rng, 0.0 if clean else max(0.0, _draw(rng, blur)), width, clean)
    translucent = 0.0 if clean else (0.35 if style == "tray" else 0.1)
    return Scene(camera, table.astype(np.float32), region, lighting, field, marks, tilt, size, translucent)


def pick_poses(
    rng: np.random.Generator, scene: Scene, spots: list[Spot], colours: tuple[str, ...], clean: bool
) -> list[DiePose]:
    """A value, a colour and a look for each spot."""
    poses = []
    for spot in spots:
        value = int(rng.integers(1, 7))
        look = pick_look(rng, str(colours[int(rng.integers(len(colours)))]), scene.translucent_share)
        glare = 0.0 if clean or rng.random() >= scene.lighting.glare_share else float(rng.uniform(0.3, 0.9))
        seed = int(rng.integers(2**31))
        poses.append(DiePose(spot.x, spot.y, spot.yaw, value, side_values(rng, value), look, seed, glare))
    return poses


def compose(
    rng: np.random.Generator,
    scene: Scene,
    poses: list[DiePose],
    touching: set[int] | None = None,
    hand: HandPose | None = None,
) -> tuple[np.ndarray, list[Die]]:
    """The picture of the dice at their poses (and the hand, if any), and the truth about them."""
    image = scene.table.copy()
    cast_shadows(image, scene, poses)
    camera = scene.camera
    order = sorted(range(len(poses)), key=lambda i: -_distance(camera, poses[i]))  # far dice first
    layers: dict[int, DieLayer] = {}
    for index in order:
        layer = render_die(camera, poses[index], scene.lighting)
        if layer is not None:
            _lay(image, layer)
            layers[index] = layer
    cover = draw_hand(image, hand, scene.lighting.direction) if hand is not None else None
    picture = develop(rng, image, scene.lighting, scene.field, scene.marks)
    truth = [_truth(scene, poses[i], layers[i], i in (touching or set()), cover) for i in sorted(layers)]
    return picture, [die for die in truth if die is not None]


def _distance(camera: Camera, pose: DiePose) -> float:
    return float(np.linalg.norm(camera.position - np.array([pose.x, pose.y, 0.5])))


def _lay(image: np.ndarray, layer: DieLayer) -> None:
    """Lay a die's layer (premultiplied colour) over the picture."""
    x, y = layer.origin
    h, w = layer.alpha.shape
    window = image[y : y + h, x : x + w]
    window *= 1 - layer.alpha[:, :, None]
    window += layer.colour


def cast_shadows(image: np.ndarray, scene: Scene, poses: list[DiePose]) -> None:
    """Each die's shadow away from the lamp, and the dark contact line where it sits on the table."""
    if not poses or scene.lighting.shadow <= 0:
        return
    camera, light = scene.camera, np.array(scene.lighting.direction)
    height, width = image.shape[:2]
    cast, contact = [], []
    for pose in poses:
        corners = pose.corners()
        ground = corners - np.outer(corners[:, 2] / max(light[2], 0.15), light)
        cast.append(_hull(camera.project(np.vstack([corners[:4], ground[4:]]))))
        grown = (corners[:4, :2] - (pose.x, pose.y)) * 1.1 + (pose.x, pose.y)
        contact.append(camera.project(np.column_stack([grown, np.zeros(4)])))
    sigma = max(0.8, scene.lighting.softness * scene.die_px)
    darken(image, soft_mask(cast, width, height, sigma), scene.lighting.shadow)
    darken(image, soft_mask(contact, width, height, max(0.8, 0.08 * scene.die_px)), 0.3)


def _hull(points: np.ndarray) -> np.ndarray:
    return cv2.convexHull(points.astype(np.float32)).reshape(-1, 2)


def _truth(scene: Scene, pose: DiePose, layer: DieLayer, is_touching: bool, cover: np.ndarray | None) -> Die | None:
    """What a perfect reader would report for this die; None when the hand hides it."""
    flags = set()
    if is_touching:
        flags.add("touching")
    if scene.tilt_deg >= TILTED_DEG:
        flags.add("tilted")
    if max(scene.marks.blur, float(np.hypot(*pose.streak))) >= BLURRED_PX:
        flags.add("blurred")
    if layer.clipped:
        flags.add("partly_hidden")
    if cover is not None:
        x0, y0, x1, y1 = layer.bbox
        hidden = float(cover[y0:y1, x0:x1].mean()) if x1 > x0 and y1 > y0 else 0.0
        if hidden >= 1 - HIDDEN_SHARE:
            return None
        if hidden >= HIDDEN_SHARE:
            flags.add("partly_hidden")
    return Die(pose.value, pose.look.truth_name, layer.bbox, layer.centre, 1.0, frozenset(flags))


def dimmed(scene: Scene, light: float) -> Scene:
    """The scene with `light` of its lamp's light reaching the camera (a dim room under 1; see render_scene)."""
    if light == 1.0:
        return scene
    blue, green, red = (gain * light for gain in scene.lighting.gains)
    return replace(scene, lighting=replace(scene.lighting, gains=(blue, green, red)))


def render_scene(
    seed: int | np.random.Generator,
    width: int = 640,
    height: int = 480,
    n_dice: int = 6,
    colours: tuple[str, ...] = RAJAS,
    style: str = "rajas",
    *,
    die_px: Span = (28.0, 60.0),
    tilt_deg: Span = (0.0, 30.0),
    blur: Span = 0.0,
    touching: bool | float = False,
    hand: bool = False,
    clean: bool = False,
    light: float = 1.0,
) -> tuple[np.ndarray, list[Die]]:
    """A table with up to n_dice dice (fewer when they do not fit) and the truth about each one.

    style: "rajas" (felt, wood, linen or a printed board), "white_on_wood" (a desk) or "tray" (a dark dice
    tray with a rim). die_px: a die's side in pixels at the picture's centre; tilt_deg: the camera's angle
    from overhead; blur: pixels of motion blur of the whole picture (each a number or a (low, high) span).
    touching: True (half of the dice) or the share of dice laid against another. hand: a hand reaches in.
    clean: a flat-lit top view with no glare, blur, noise or compression (for tests of the drawing itself).
    light: how much of the lamp's light reaches the camera (under 1: a dim room, the camera out of exposure; the
    sensor's noise stays as it was, so it grows against the picture).
    Truth: value, colour name ("white" for ivory too), box of the die's outline, centre of its top face,
    confidence 1.0, flags (tilted, touching, blurred, partly_hidden).
    """
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    _check(width, height, n_dice, colours, style)
    scene = dimmed(plan_scene(rng, width, height, style, die_px, tilt_deg, blur, clean), light)
    share = 0.5 if touching is True else float(touching)
    spots = place_dice(rng, scene.camera, n_dice, share, scene.region)
    poses = pick_poses(rng, scene, spots, colours, clean)
    pose_hand = pick_hand(rng, width, height, scene.die_px) if hand else None
    if pose_hand is not None:
        pose_hand = replace(pose_hand, reach=float(rng.uniform(0.5, 1.0)))
    return compose(rng, scene, poses, touching_pairs(spots), pose_hand)
