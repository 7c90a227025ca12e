"""A die left unread because motion blur drew its pips into streaks, read again with the blur taken out.

A die still sliding when the frame was taken (a webcam's long exposure) has its pips drawn out along its path,
and those of a column run together into one streak: a 6 blurred along its columns shows two streaks, which no
face's layout fits. The streaks tell the blur's direction (they all run one way, see faceset.aligned); its length
is not known, so a few lengths are tried (MOTION_LENGTHS). Each time the patch is deconvolved by a straight blur
of that length (a Wiener filter: the blur's spectrum divided out, its zeros held off by WIENER_NOISE) and read
again; the first value read well enough (DEBLURRED_LEAST) stands, as a guess for the table to confirm.

Only dice that no other way read are tried, once all the dice of the picture are found: a blob read so would stand
in for the pieces its clump is cut into, which may read surely.

The deconvolution is numpy's FFT in a few lines, as OpenCV's own motion-deblur tutorial writes it with cv2.dft:
scikit-image's restoration.wiener does the same, but would bring scikit-image and its dependencies onto the Pi
for one function.
"""

from __future__ import annotations

import dataclasses
import math

import cv2
import numpy as np

from vision.reader.blobs import Blob
from vision.reader.faceset import ROUND, aligned
from vision.reader.found import Found
from vision.reader.patch import patch_lightness
from vision.reader.pips import FaceReading, read_face
from vision.reading import GUESS

MOTION_LENGTHS = (4.0, 7.0, 10.0, 14.0)
"""Blur lengths tried, in patch pixels (a patch is 64 wide): from a pip's radius to about two pip widths."""
WIENER_NOISE = 0.02
"""Noise-to-signal power the Wiener filter assumes: where the blur's spectrum is weaker than this, the frequency is
damped rather than amplified."""
DEBLURRED_LEAST = 0.5
"""Least confidence of a reading of the deblurred patch for its value to be given (as a guess, see GUESS).

Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026 and composites of real crops, 11,743 dice): of
the 204 dice found but unread, 13 read right and 3 wrong (guesses all), pictures read exactly 1296 -> 1300; no
other die read otherwise, nor any of the up-close kinds or the real photos. Their changed copies
(benchmarks/eval_robustness.py --seed 5, nine changes): 22 dice unread fewer, 16 of them right and 6 wrong (guesses
all), exact +1, no sure wrong more. With the blur's ends rounded to whole pixels, from 0.6 4 dice came out right
and none wrong, from 0.35 3 more wrong. The same reading of the patch not deblurred changes nothing."""
PSF_SIZE = 31
"""Side of the square the blur is drawn in, in patch pixels (longer than the longest blur tried)."""
PAD = 16
"""Patch pixels mirrored around the patch before the transform, so that its edges do not ring into the die."""


def deblurred(found: Found) -> Found:
    """A die found but left unread, read again deblurred when its pips are streaks that all run one way; any other
    die as it is."""
    if found.die.value is not None:
        return found
    streaks = aligned([pip for pip in found.face.pips if pip.span is not None and pip.roundness < ROUND])
    if not streaks:
        return found
    face = _read_deblurred(found.patch, _direction(streaks))
    if face is None:
        return found
    die = dataclasses.replace(
        found.die,
        value=face.value,
        confidence=round(min(face.confidence, GUESS), 3),
        flags=found.die.flags - {"ambiguous_value"},
    )
    return dataclasses.replace(found, die=die, face=face)


def _direction(streaks: list[Blob]) -> float:
    """The streaks' mean long axis, in radians (axes: 0 and pi are one direction)."""
    turns = np.array([2.0 * streak.span[2] for streak in streaks if streak.span is not None])
    return 0.5 * math.atan2(float(np.sin(turns).mean()), float(np.cos(turns).mean()))


def _read_deblurred(patch: np.ndarray, direction: float) -> FaceReading | None:
    """The first reading with a value (DEBLURRED_LEAST or surer) of the patch deblurred by each length tried."""
    for length in MOTION_LENGTHS:
        sharp = wiener(patch, motion_blur(length, direction), WIENER_NOISE)
        face = read_face(sharp, lightness=patch_lightness(sharp), side_faces=True)
        if face.value is not None and face.confidence >= DEBLURRED_LEAST:
            return face
    return None


def motion_blur(length: float, direction: float, size: int = PSF_SIZE) -> np.ndarray:
    """A straight blur of `length` pixels along `direction` (radians), centred in a `size` square, summing to 1."""
    psf = np.zeros((size, size), np.float32)
    c = size // 2
    dx, dy = math.cos(direction) * length / 2, math.sin(direction) * length / 2
    # Ends in sixteenths of a pixel (cv2.line's `shift`), so that the line is centred whatever its direction.
    start = (round(16 * (c - dx)), round(16 * (c - dy)))
    end = (round(16 * (c + dx)), round(16 * (c + dy)))
    cv2.line(psf, start, end, 1.0, 1, cv2.LINE_AA, shift=4)
    return psf / max(float(psf.sum()), 1e-6)


def wiener(image: np.ndarray, psf: np.ndarray, noise: float) -> np.ndarray:
    """The BGR `image` deconvolved by the blur `psf` (Wiener filter with noise-to-signal power `noise`)."""
    padded = cv2.copyMakeBorder(image, PAD, PAD, PAD, PAD, cv2.BORDER_REFLECT).astype(np.float32)
    h, w = padded.shape[:2]
    kernel = np.zeros((h, w), np.float32)
    kernel[: psf.shape[0], : psf.shape[1]] = psf
    # The blur's centre at the origin, so that the deconvolved image is not shifted.
    kernel = np.roll(kernel, (-(psf.shape[0] // 2), -(psf.shape[1] // 2)), axis=(0, 1))
    spectrum = np.fft.rfft2(kernel)
    inverse = np.conj(spectrum) / (np.abs(spectrum) ** 2 + noise)
    out = np.empty_like(padded)
    for channel in range(padded.shape[2]):
        out[:, :, channel] = np.fft.irfft2(np.fft.rfft2(padded[:, :, channel]) * inverse, s=(h, w))
    return np.asarray(np.clip(out[PAD:-PAD, PAD:-PAD], 0, 255), np.uint8)
