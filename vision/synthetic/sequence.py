"""Synthetic rolls over time: a hand throws, dice tumble in (moving, blurred) and come to rest one by one."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.reading import Die
from vision.synthetic.die import DiePose
from vision.synthetic.hand import HandPose, pick_hand
from vision.synthetic.layout import place_dice, touching_pairs
from vision.synthetic.looks import side_values
from vision.synthetic.scene import RAJAS, Scene, Span, compose, dimmed, pick_poses, plan_scene

Frame = tuple[np.ndarray, list[Die], bool]
EXPOSURE = 0.5  # share of the frame interval the shutter is open: how long the blur streak of a moving die is


def render_sequence(
    seed: int,
    n_frames: int = 30,
    fps: float = 10.0,
    width: int = 640,
    height: int = 480,
    n_dice: int = 5,
    colours: tuple[str, ...] = RAJAS,
    style: str = "rajas",
    *,
    die_px: Span = (36.0, 56.0),
    tilt_deg: Span = (0.0, 25.0),
    touching: bool | float = False,
    hand: bool | None = None,
    light: float = 1.0,
) -> list[Frame]:
    """(image, true dice, is_moving) per frame: dice thrown in from one edge that roll, slow down and lie still.

    About one second of rolling (never more than 60 % of the frames), then still frames to the end. hand: a
    hand that threw the dice withdraws over the first frames (None: the seed decides, about half the time).
    light: the share of the lamp's light that reaches the camera (under 1: a dim room, see render_scene).
    is_moving is True when anything in view moved since the previous frame (always for the first one).
    """
    if n_frames < 1 or fps <= 0:
        raise ValueError(f"n_frames must be >= 1 and fps > 0, got {n_frames} and {fps}")
    rng = np.random.default_rng(seed)
    scene = dimmed(plan_scene(rng, width, height, style, die_px, tilt_deg, 0.0, False), light)
    spots = place_dice(rng, scene.camera, n_dice, 0.5 if touching is True else float(touching), scene.region)
    finals = pick_poses(rng, scene, spots, colours, False)
    throw = pick_hand(rng, width, height, scene.die_px)
    has_hand = bool(rng.random() < 0.5) if hand is None else hand
    paths, stops = _plan_roll(rng, scene, finals, throw, round(rng.uniform(0.8, 1.3) * fps), n_frames)
    hand_frames = int(rng.integers(3, 7)) if has_hand else 0
    rolls = list(zip(finals, paths, stops, strict=True))
    return _render_frames(seed, rng, scene, rolls, touching_pairs(spots), throw, hand_frames, n_frames)


def _render_frames(
    seed: int,
    rng: np.random.Generator,
    scene: Scene,
    rolls: list[tuple[DiePose, tuple[float, float, float], int]],
    pairs: set[int],
    throw: HandPose,
    hand_frames: int,
    n_frames: int,
) -> list[Frame]:
    """Each frame of the planned rolls, the hand withdrawing over the first `hand_frames`."""
    frames: list[Frame] = []
    previous: tuple[list[DiePose], bool] | None = None
    for index in range(n_frames):
        poses = [_pose_at(rng, scene, *roll, index) for roll in rolls]
        reach = 1.0 - index / hand_frames if hand_frames else 0.0
        pose_hand: HandPose | None = replace(throw, reach=reach) if reach > 0 else None
        image, truth = compose(np.random.default_rng([seed, index]), scene, poses, pairs, pose_hand)
        moving = previous is None or previous[0] != poses or previous[1] or pose_hand is not None
        frames.append((image, truth, bool(moving)))
        previous = (poses, pose_hand is not None)
    return frames


def _plan_roll(
    rng: np.random.Generator, scene: Scene, finals: list[DiePose], throw: HandPose, rolling: int, n_frames: int
) -> tuple[list[tuple[float, float, float]], list[int]]:
    """Each die's path and the frame it stops at: all within `rolling` frames and 60 % of the sequence."""
    rolling = int(np.clip(rolling, 1, max(1, int(n_frames * 0.6))))
    stops = [max(1, rolling - int(rng.integers(0, 3))) for _ in finals]
    return [_path(rng, scene, throw, pose) for pose in finals], stops


def _path(rng: np.random.Generator, scene: Scene, throw: HandPose, final: DiePose) -> tuple[float, float, float]:
    """How a die travels to its resting place: (dx, dy) on the table at the start of the roll, and its spin."""
    camera = scene.camera
    edge = camera.to_table(np.array([throw.edge_point]))[0]
    back = edge - (final.x, final.y)
    length = float(np.hypot(*back))
    if length < 1e-6:
        back, length = np.array([1.0, 0.0]), 1.0
    travel = length + rng.uniform(0.5, 2.5)
    return float(back[0] / length * travel), float(back[1] / length * travel), float(rng.uniform(-8, 8))


def _pose_at(
    rng: np.random.Generator,
    scene: Scene,
    final: DiePose,
    path: tuple[float, float, float],
    stop: int,
    index: int,
) -> DiePose:
    """The die at frame `index`: sliding and spinning to a stop at frame `stop`, showing changing faces."""
    if index >= stop:
        return final

    def place(t: float) -> tuple[float, float, float]:
        left = (1 - t / stop) ** 2  # decelerating to rest
        return final.x + path[0] * left, final.y + path[1] * left, final.yaw + path[2] * left

    x, y, yaw = place(index)
    ex, ey, _ = place(max(0.0, index - EXPOSURE))
    now, before = scene.camera.project(np.array([[x, y, 0.5], [ex, ey, 0.5]]))
    streak = now - before
    length = float(np.hypot(*streak))
    limit = 3 * scene.die_px
    if length > limit:
        streak *= limit / length
    value = int(rng.integers(1, 7))  # a tumbling die shows a different face from frame to frame
    return replace(
        final,
        x=x,
        y=y,
        yaw=yaw,
        value=value,
        sides=side_values(rng, value),
        streak=(float(streak[0]), float(streak[1])),
    )
