"""How dice look: body and pip colours per colour name, with per-die variety (shade, material, pip size)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

# Body colour (BGR) of each kind of die as a lamp of neutral white would show it, and its pip colour.
BODIES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "blue": ((168, 78, 22), (242, 242, 240)),
    "green": ((64, 148, 42), (242, 242, 240)),
    "orange": ((28, 122, 236), (242, 242, 240)),
    "violet": ((138, 52, 112), (242, 242, 240)),
    "red": ((40, 32, 192), (242, 242, 240)),
    "black": ((34, 32, 32), (236, 236, 236)),
    "white": ((228, 232, 236), (28, 28, 30)),
    "ivory": ((190, 226, 240), (30, 30, 34)),
}

# The colour name written in the truth for each kind of die (ivory dice count as white).
TRUTH_NAMES = {"ivory": "white"}

# The pip places of each face on a 3x3 grid (-1, 0, 1); a die turned a quarter turns the 2, 3 and 6.
PIP_PLACES: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}


@dataclass(frozen=True)
class DieLook:
    """One die's material: colours, corner rounding, pip size and spread, translucency."""

    name: str
    body: tuple[float, float, float]
    pips: tuple[float, float, float]
    corner: float  # corner radius as a share of the side
    pip_radius: float  # pip radius as a share of the side
    pip_spread: float  # distance of the outer pips from the centre, as a share of the side
    big_one: bool  # some dice have a larger single pip on the 1
    translucent: bool  # casino dice: the pips of the hidden faces show through

    @property
    def truth_name(self) -> str:
        """The colour name the truth reports."""
        return TRUTH_NAMES.get(self.name, self.name)

    @property
    def has_dark_pips(self) -> bool:
        """True for light dice with dark pips."""
        return sum(self.pips) < sum(self.body)


def pick_look(rng: np.random.Generator, name: str, translucent_share: float = 0.0) -> DieLook:
    """A die of colour `name` with a little variety of shade, hue and make."""
    if name == "white" and rng.random() < 0.35:
        name = "ivory"
    if name not in BODIES:
        raise ValueError(f"colour {name!r} is not one the generator draws; allowed: {', '.join(sorted(BODIES))}")
    body, pips = BODIES[name]
    translucent = name not in ("white", "ivory", "black") and bool(rng.random() < translucent_share)
    shade = rng.uniform(0.92, 1.0, 3)
    return DieLook(
        name=name,
        body=_vary(rng, body),
        pips=(float(pips[0] * shade[0]), float(pips[1] * shade[1]), float(pips[2] * shade[2])),
        corner=float(rng.uniform(0.04, 0.11) if translucent else rng.uniform(0.12, 0.2)),
        pip_radius=float(rng.uniform(0.075, 0.1)),
        pip_spread=float(rng.uniform(0.24, 0.29)),
        big_one=bool(rng.random() < 0.25),
        translucent=translucent,
    )


def _vary(rng: np.random.Generator, bgr: tuple[int, int, int]) -> tuple[float, float, float]:
    """The colour with its hue, saturation and value moved a little, as between two batches of dice."""
    hsv = cv2.cvtColor(np.array([[bgr]], np.uint8), cv2.COLOR_BGR2HSV_FULL).astype(np.float32)[0, 0]
    hsv[0] = (hsv[0] + rng.uniform(-4, 4)) % 256
    hsv[1] = np.clip(hsv[1] * rng.uniform(0.88, 1.08), 0, 255)
    hsv[2] = np.clip(hsv[2] * rng.uniform(0.88, 1.06), 0, 255)
    out = cv2.cvtColor(hsv.astype(np.uint8)[None, None], cv2.COLOR_HSV2BGR_FULL)[0, 0]
    return float(out[0]), float(out[1]), float(out[2])


def side_values(rng: np.random.Generator, top: int) -> tuple[int, int, int, int]:
    """The four side faces around a die showing `top` (opposite faces add up to seven)."""
    first, second = (int(v) for v in rng.permutation([v for v in (1, 2, 3) if v not in (top, 7 - top)]))
    if rng.random() < 0.5:
        first = 7 - first
    if rng.random() < 0.5:
        second = 7 - second
    return first, second, 7 - first, 7 - second
