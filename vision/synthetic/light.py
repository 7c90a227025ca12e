"""The lamp and the camera's own marks: light colour and fall-off, cast shadows, blur, sensor noise, JPEG."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synthetic.backgrounds import line_kernel, smooth_noise

# Colour of a lamp against its colour temperature (BGR gains relative to green), after a camera's automatic
# white balance has taken out most (not all) of it.
KELVIN = (
    (2700.0, (0.62, 1.0, 1.32)),
    (4000.0, (0.85, 1.0, 1.13)),
    (5500.0, (1.0, 1.0, 1.0)),
    (7500.0, (1.16, 1.0, 0.9)),
)


@dataclass(frozen=True)
class Lighting:
    """One lamp: where it is, how strong and what colour, and how the room fills the shadows."""

    direction: tuple[float, float, float]  # unit vector from the table towards the lamp
    ambient: float  # share of light that comes from everywhere (fills the shadows)
    gains: tuple[float, float, float]  # BGR multipliers: colour temperature times brightness
    shadow: float  # how dark a cast shadow is (0..1)
    softness: float  # blur of shadow edges, in die sides
    vignette: float  # darkening towards the corners
    slope: tuple[float, float]  # brightness falling off across the picture: angle (radians) and amount
    glare_share: float  # share of dice showing a reflection of the lamp


def kelvin_gains(kelvin: float, balance: float) -> np.ndarray:
    """BGR gains of a lamp of `kelvin`, with a share `balance` (0..1) of it corrected by white balance."""
    temps = [k for k, _ in KELVIN]
    gains = np.array([np.interp(kelvin, temps, [g[i] for _, g in KELVIN]) for i in range(3)], np.float32)
    return 1 + (gains - 1) * (1 - balance)


def pick_lighting(rng: np.random.Generator, clean: bool = False) -> Lighting:
    """A lamp somewhere above the table: warm or cold, bright or dim, high or low."""
    if clean:
        return Lighting((0.0, 0.0, 1.0), 0.7, (1.0, 1.0, 1.0), 0.0, 0.2, 0.0, (0.0, 0.0), 0.0)
    azimuth, elevation = rng.uniform(0, 2 * np.pi), np.deg2rad(rng.uniform(35, 80))
    direction = (
        float(np.cos(elevation) * np.cos(azimuth)),
        float(np.cos(elevation) * np.sin(azimuth)),
        float(np.sin(elevation)),
    )
    gains = kelvin_gains(rng.uniform(2700, 7500), rng.uniform(0.4, 0.85)) * rng.uniform(0.65, 1.2)
    return Lighting(
        direction=direction,
        ambient=float(rng.uniform(0.45, 0.7)),
        gains=(float(gains[0]), float(gains[1]), float(gains[2])),
        shadow=float(rng.uniform(0.25, 0.6)),
        softness=float(rng.uniform(0.05, 0.3)),
        vignette=float(rng.uniform(0.0, 0.35)),
        slope=(float(rng.uniform(0, 2 * np.pi)), float(rng.uniform(0.0, 0.3))),
        glare_share=float(rng.uniform(0.0, 0.5)),
    )


def brightness(lighting: Lighting, normal: np.ndarray) -> float:
    """How bright a face with this outward normal is under the lamp (1 for a face looking straight at it)."""
    facing = max(0.0, float(np.dot(normal, lighting.direction)))
    return lighting.ambient + (1 - lighting.ambient) * facing


def light_field(rng: np.random.Generator, lighting: Lighting, width: int, height: int) -> np.ndarray:
    """Brightness (H x W) over the picture: a slope across it, a vignette, a few soft patches."""
    w, h = max(2, width // 8), max(2, height // 8)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    u, v = xs / (w - 1) * 2 - 1, ys / (h - 1) * 2 - 1
    angle, amount = lighting.slope
    field = 1 + amount * 0.5 * (u * np.cos(angle) + v * np.sin(angle))
    field *= 1 - lighting.vignette * 0.5 * (u**2 + v**2)
    if lighting.shadow > 0:
        field *= 1 + 0.04 * smooth_noise(rng, w, h, 3)
    return cv2.resize(field.astype(np.float32), (width, height), interpolation=cv2.INTER_LINEAR)


def darken(image: np.ndarray, mask: np.ndarray, strength: float) -> None:
    """Darken the picture in place where the mask (H x W, 0..1) is set."""
    image *= (1 - strength * mask)[:, :, None]


@dataclass(frozen=True)
class CameraMarks:
    """What the camera adds once the light has fallen: blur, noise, compression."""

    blur: float  # motion blur of the whole picture (hand-held or shaken), in pixels
    blur_angle: float
    focus: float  # Gaussian blur of a lens slightly out of focus, in pixels
    noise: float  # sensor noise, standard deviation in grey levels
    quality: int  # JPEG quality of the camera's own compression (0: none)


def pick_camera_marks(rng: np.random.Generator, blur: float, width: int, clean: bool = False) -> CameraMarks:
    """Blur, noise and compression for a picture `width` wide, with `blur` pixels of motion blur."""
    if clean:
        return CameraMarks(0.0, 0.0, 0.0, 0.0, 0)
    resolution = max(1.0, width / 1280)
    return CameraMarks(
        blur=float(blur),
        blur_angle=float(rng.uniform(0, np.pi)),
        focus=float(rng.uniform(0.3, 0.9) * resolution),
        noise=float(rng.uniform(1.0, 4.5)),
        quality=int(rng.integers(72, 95)),
    )


def develop(
    rng: np.random.Generator, image: np.ndarray, lighting: Lighting, field: np.ndarray, marks: CameraMarks
) -> np.ndarray:
    """The picture as the camera gives it: lit, blurred, noisy, compressed, 8-bit BGR."""
    gains = np.array(lighting.gains, np.float32)
    image *= field[:, :, None]
    image *= gains
    if marks.blur >= 1.5:
        image = cv2.filter2D(image, -1, line_kernel(marks.blur, marks.blur_angle))
    if marks.focus >= 0.3:
        image = cv2.GaussianBlur(image, (0, 0), marks.focus)
    if marks.noise > 0:
        # Sensor noise: a grey part shared by the channels plus a little colour noise.
        grey = rng.standard_normal(image.shape[:2], dtype=np.float32) * np.float32(marks.noise)
        image += grey[:, :, None]
        image += rng.standard_normal(image.shape, dtype=np.float32) * np.float32(marks.noise * 0.4)
    out = np.clip(image, 0, 255).astype(np.uint8)
    if marks.quality:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, marks.quality])
        if ok:
            out = np.asarray(cv2.imdecode(data, cv2.IMREAD_COLOR))
    return out
