"""Synthetic rolls over time: dice tumbling in (moving, blurred), coming to rest, sometimes a hand passing."""

from __future__ import annotations

import cv2
import numpy as np

from vision.reading import Die
from vision.synthetic.scene import Style, draw_die, finish, lighting, place_dice, table

Frame = tuple[np.ndarray, list[Die], bool]


def render_sequence(
    seed: int,
    n_frames: int = 30,
    fps: float = 10.0,
    width: int = 640,
    height: int = 480,
    n_dice: int = 5,
    colours: tuple[str, ...] = ("blue", "orange", "green", "violet"),
    with_hand: bool | None = None,
) -> list[Frame]:
    """(image, true dice, is_moving) per frame: a roll that settles, then a hand passing over if asked."""
    rng = np.random.default_rng(seed)
    background = table(rng, width, height, "red_felt" if seed % 2 else "wood")
    rest = place_dice(rng, width, height, n_dice, Style(die_px=(38, 54)))
    faces = [(int(rng.integers(1, 7)), str(colours[int(rng.integers(0, len(colours)))])) for _ in range(n_dice)]
    rolling = max(3, n_frames // 3)
    hand_at = (
        range(n_frames * 2 // 3, n_frames * 2 // 3 + 4)
        if (with_hand if with_hand is not None else seed % 3 == 0)
        else range(0)
    )
    light = lighting(rng)  # one lamp for the whole sequence: only the dice and the hand move
    frames: list[Frame] = []
    for index in range(n_frames):
        moving = index < rolling
        image = background.copy()
        truth = []
        for number, ((x, y, side, angle), (value, colour)) in enumerate(zip(rest, faces, strict=True)):
            travel = max(0.0, 1.0 - index / rolling)
            at = (x - travel * 180.0, y - travel * 60.0)
            shown = int(rng.integers(1, 7)) if moving else value
            box = draw_die(
                image,
                np.random.default_rng(seed * 1000 + number + (index * 37 if moving else 0)),
                at,
                side,
                angle + travel * 300,
                shown,
                colour,
            )
            truth.append(Die(shown, colour, box, at, 1.0))
        if index in hand_at:
            _hand(image, rng, index - hand_at.start, width, height)
        style = Style(motion=9.0 if moving else 0.0)
        frames.append(
            (finish(image, np.random.default_rng(seed * 7919 + index), style, light), truth, moving or index in hand_at)
        )
    return frames


def _hand(image: np.ndarray, rng: np.random.Generator, step: int, width: int, height: int) -> None:
    """A skin-coloured hand and arm reaching in from the bottom edge."""
    skin = (int(rng.integers(90, 150)), int(rng.integers(130, 180)), int(rng.integers(180, 230)))
    x = int(width * (0.3 + 0.1 * step))
    reach = int(height * (0.45 + 0.05 * step))
    cv2.ellipse(image, (x, height - reach // 2), (width // 9, reach // 2), 0, 0, 360, skin, -1, cv2.LINE_AA)
    cv2.ellipse(image, (x, height - reach), (width // 12, height // 10), 0, 0, 360, skin, -1, cv2.LINE_AA)
