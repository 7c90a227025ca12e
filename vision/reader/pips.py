"""Reading one die face: its pips (bright on dark dice, dark on light ones) checked against the six layouts.

A face is read only when its pips are round, alike in size, and sit where a standard face puts them; pips
seen through a translucent body or on a side face are smaller, fainter or flattened, and are left out.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.reader import within
from vision.reader.blobs import Blob, find_blobs, past_outline
from vision.reader.empty import emptiness, leaves_empty, left_behind, typical
from vision.reader.faceset import (
    FEWEST_ON_FACE,
    ROUND,
    SMALL_PIPS_KEPT,
    STREAK_DOUBT,
    blurred_pips,
    crowded,
    face_pips,
    glare,
    glare_run_into_pip,
    leaves_a_pip_out,
    off_face,
    off_side_faces,
    one_beside_cut_pips,
    pips_past_outline,
    split_across,
    streaks_may_join,
    too_small_for_spacing,
    unlike_pair,
)
from vision.reader.flanks import flanked
from vision.reader.layout import LONE_PIP, NO_FIT, SKEW_DOUBT, SMALL_ONE, LayoutFit, Spacing, fit_layout
from vision.reader.patch import PATCH, patch_lightness
from vision.reader.shade import in_shade, lightness_around
from vision.reader.stats import percentiles, spread, top_percentile
from vision.reader.within import inside
from vision.reading import GUESS, SURE_VALUE


@dataclass(frozen=True)
class FaceReading:
    """The value read on a face (None if not trustworthy), a confidence, and the pips that gave it."""

    value: int | None
    confidence: float
    pips: tuple[Blob, ...]
    is_dark_on_light: bool
    fit_error: float


TIGHT = (0.18, 0.38)
"""Pip spacing (centre to a corner pip, along an axis) as a share of the patch when the patch is the die."""
LOOSE = (0.08, 0.42)
"""The same when the die may fill only part of the patch (a crop of one die)."""


def read_face(
    patch: np.ndarray,
    spacing_range: Spacing = TIGHT,
    is_upright: bool = True,
    outline: np.ndarray | None = None,
    lightness: np.ndarray | None = None,
    side_faces: bool = False,
    parted: bool = False,
    hull: np.ndarray | None = None,
) -> FaceReading:
    """Read the value on an upright die patch, trying both pip polarities and keeping the better fit.

    `lightness` is the patch's own (see `patch_lightness`), when the caller has it already. `side_faces`: the patch
    is the box of a whole blob (or a picture of one die), which holds the die's side faces too when it is seen at
    an angle (see faceset.off_side_faces). `parted`: pips that make no face are parted into a face's and a side
    face's too (see `_beside_side_face`)."""
    lightness = patch_lightness(patch) if lightness is None else lightness
    low, body, high = percentiles(_inner(lightness), (1, 50, 99))
    darkest, brightest = percentiles(lightness, (1, 99))
    face = _Face(lightness.astype(np.float32), body, spacing_range, is_upright, outline, side_faces, parted, hull)
    # Pips contrast most with the body: try the likelier polarity first, the other only if it fails.
    order = (True, False) if _dark_first(low, body, high) else (False, True)
    peaks = {True: body - darkest, False: brightest - body}
    past: dict[bool, list[Blob]] = {True: [], False: []}
    best = _read_polarity(face, order[0], peaks[order[0]], past[order[0]])
    if best.confidence < 0.6:
        other = _read_polarity(face, order[1], peaks[order[1]], past[order[1]])
        best = max((best, other), key=lambda r: (r.value is not None, r.confidence, len(r.pips)))
    if best.confidence < 0.6 and best.pips:
        # Pips found but no sure reading: something broader than a pip may have run into one or lie on an empty
        # place (a reflection of the lamp on a coloured die, the shade of a side face on a white one). Read again
        # with what is broader than a pip taken away (a top-hat).
        dark = best.is_dark_on_light
        deglared = _read_polarity(face, dark, peaks[dark], past[dark], deglared=True)
        if deglared.value is not None and deglared.confidence > best.confidence:
            best = _lone_light_doubted(deglared, dark_likelier=order[0])
    if (
        best.value == 1
        and len(best.pips) == 1
        and best.confidence > GUESS
        and flanked(_signed(face, best.is_dark_on_light), best.pips[0])
    ):
        best = dataclasses.replace(best, confidence=GUESS)  # a guess: the 3 its corner pips would make (see flanks.py)
    if best.is_dark_on_light and best.confidence >= SURE_VALUE and in_shade(face.lightness, best.pips, brightest):
        best = dataclasses.replace(best, confidence=GUESS)  # a guess: see shade.in_shade
    return best


def _lone_light_doubted(deglared: FaceReading, dark_likelier: bool) -> FaceReading:
    """A reading made after the top-hat (see read_face), kept at most a guess when it is a 1 of light pips on a die
    whose pips are likelier dark (`dark_likelier`, see `_dark_first`): on a white die the light left between its
    pips, once what is broader than a pip is taken away, can stand as one round spot. A small white 6 on wood (22
    pixels a side), its two rows of pips too faint to part, was read as a sure 1 so (webcam-small, seed 7).

    Synthetic scenes (seeds 5, 7, 11, 13, 17: webcam, webcam-slight, webcam-small, Rajas; seeds 5, 7, 11: trays,
    black dice on trays, composites of real crops): that sure wrong became a guess, nothing else changed; the real
    photos read alike (their confidences too). Doubting every sure reading of light pips on such a die, not only a
    lone one after the top-hat, cost 20 sure readings right on the composites of real crops."""
    if dark_likelier and not deglared.is_dark_on_light and deglared.value == 1 and deglared.confidence > GUESS:
        return dataclasses.replace(deglared, confidence=GUESS)
    return deglared


def _signed(face: _Face, dark: bool) -> np.ndarray:
    """A face's contrast with its body for pips of one polarity (`dark`: darker than the body), the pips positive."""
    return (face.body - face.lightness) if dark else (face.lightness - face.body)


def _inner(lightness: np.ndarray) -> np.ndarray:
    """The patch without its outer sixth all round, where the table may show."""
    return lightness[PATCH // 6 : PATCH - PATCH // 6, PATCH // 6 : PATCH - PATCH // 6]


def likely_dark_pips(lightness: np.ndarray) -> bool:
    """Whether a patch's pips are likelier dark on a light body than light on a dark one: the polarity a reading
    tries first (the pips contrast most with the body)."""
    return _dark_first(*percentiles(_inner(lightness), (1, 50, 99)))


def _dark_first(low: float, body: float, high: float) -> bool:
    """Whether the darkest of a patch's centre lie farther below its body than the lightest lie above it."""
    return body - low > high - body


@dataclass(frozen=True)
class _Face:
    """What the reads of one patch share, whatever the polarity and threshold."""

    lightness: np.ndarray
    """Lightness as float32."""
    body: float
    spacing_range: Spacing
    is_upright: bool
    outline: np.ndarray | None
    side_faces: bool = False
    parted: bool = False
    hull: np.ndarray | None = None
    """The convex hull of `outline`, when light pips are looked for within it (see `_pips_outline`)."""


_GLARE_DISC = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (27, 27))
"""Wider than any pip in a patch (about 0.4 of it): an opening of the pips' contrast with it keeps the body and
broad reflections or shade but not the pips, so taking it away leaves the pips standing on their own."""

LEVELS = (0.45, 0.6, 0.75)
"""Thresholds tried, as shares of the brightest contrast: pips that blur into each other part at a higher one."""


@dataclass(frozen=True)
class _Contrast:
    """One polarity's contrast of a patch (pips positive), and what reading it shares across thresholds."""

    face: _Face
    signed: np.ndarray
    dark: bool
    peak: float
    steepness: list[np.ndarray]
    """The gradient of the contrast, computed once when a blob first needs it."""
    before: np.ndarray | None = None
    """For a contrast with what is broader than a pip taken away (the top-hat), the contrast before it."""


def _read_polarity(face: _Face, dark: bool, peak: float, seen_past: list[Blob], deglared: bool = False) -> FaceReading:
    """The face read with pips of one polarity (`dark`: darker than the body), at each of LEVELS in turn.

    A plain read adds the blobs it leaves out past the die's outline to `seen_past`. A read `deglared` (the top-hat,
    see read_face) that finds a lone pip weighs it against them too, as every reading is weighed against its own
    (faceset.pips_past_outline): the top-hat may take away a face's other pips where the die's outline ran inside
    them (white pips on a translucent die, on a pale table), and its middle pip then read a sure 1. A 3 was read so,
    twice, on the composites of real crops (seeds 2026 and 17). Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43,
    97, 2026 and the composites): those two sure wrongs became guesses and a sure 1 right a guess, nothing else
    changed; their changed copies (eval_robustness, seed 5) and the real photos read alike. Weighed so for every
    value, not only a lone pip, 10 sure readings right became guesses."""
    best = FaceReading(None, 0.0, (), dark, 9.0)
    if peak < 28:
        return best
    signed = _signed(face, dark)
    before = signed if deglared else None
    if deglared:
        # The contrast is in whole numbers: opened as 16-bit integers it is the same, in half the time.
        signed = signed - cv2.morphologyEx(signed.astype(np.int16), cv2.MORPH_OPEN, _GLARE_DISC).astype(np.float32)
        peak = max(top_percentile(signed, 99), 0.6 * peak)
    steepness: list[np.ndarray] = []
    contrast = _Contrast(face, signed, dark, peak, steepness, before)
    first: list[Blob] | None = None
    outline = _pips_outline(face, dark)
    level = max(18.0, LEVELS[0] * peak)
    face_only = None if dark else within.cut_for_light_pips(face.hull, face.outline, not face.is_upright, signed, level)
    for share in LEVELS:
        binary = cv2.compare(signed, max(18.0, share * peak), cv2.CMP_GT)  # type: ignore[call-overload, unused-ignore]
        if face_only is not None:
            binary = cv2.bitwise_and(binary, face_only)
        past: list[Blob] = []
        blobs = find_blobs(binary, signed, outline, steepness, past=past)
        first = blobs if first is None else first
        pips = face_pips(blobs)
        if not deglared:
            seen_past += past + _bitten(face, outline, blobs)
        elif len(pips) == 1:
            past += seen_past
        best = _better_reading(contrast, best, pips, blobs, past=past)
        if face.side_faces and best.value is None and (inside := off_side_faces(pips)):
            best = _better_reading(contrast, best, inside, blobs, past=past, guess=True)
        # The pips of a face read surely: streaks beside them are no pips of it.
        if best.confidence < SURE_VALUE and len(blurred := blurred_pips(blobs, pips)) > len(pips):
            best = _better_reading(contrast, best, blurred, blobs, blurred=True)
        if best.confidence >= 0.8:
            break  # a clear reading: higher thresholds would only thin the pips out
    if dark and best.confidence >= SURE_VALUE and first and _left_behind(face, best, first):
        refuted = best.confidence * emptiness(False)
        best = dataclasses.replace(best, value=best.value if refuted >= 0.35 else None, confidence=refuted)
    if not dark and best.confidence < SURE_VALUE and first and glare_run_into_pip(first):
        best = _parted_from_glare(contrast, best, len(face_pips(first)))
    if dark and best.value is None and 2 <= len(best.pips) <= 5 and best.pips[0].roundness >= ROUND:
        best = _completed(contrast, best) or best
    elif dark and best.confidence < SURE_VALUE and len(best.pips) >= 4:
        best = _lit_face(contrast, best) or best
    if face.parted and best.value is None and len(best.pips) > FEWEST_ON_FACE:
        return _beside_side_face(contrast, best) or best
    return best


def _pips_outline(face: _Face, dark: bool) -> np.ndarray | None:
    """The outline within which pips of a polarity are looked for: the die's own, or for light pips, its convex hull
    when the patch has one (see region.LIGHT_PIPS_IN_HULL)."""
    return face.hull if not dark and face.hull is not None else face.outline


def _bitten(face: _Face, outline: np.ndarray | None, blobs: list[Blob]) -> list[Blob]:
    """The blobs found within the hull (`outline`) that lie past the die's own outline. A plain read counts them
    with those it left out past the outline, for the top-hat's lone pip to be weighed against (see `_read_polarity`):
    a blue 3 whose corner pips ran into a pale table read as no pips at all, its middle pip then a sure 1 after the
    top-hat (composites of real crops, seed 17, picture 14)."""
    if outline is face.outline or face.outline is None:
        return []
    return [b for b in blobs if past_outline(face.outline, b.x, b.y, b.area)]


def _left_behind(face: _Face, best: FaceReading, first: list[Blob]) -> bool:
    """Whether the first threshold's blobs hold a pip on a place the value read leaves empty (empty.left_behind)."""
    pips = list(best.pips)
    return left_behind(_fit_layout(pips, face.spacing_range, face.is_upright), pips, first)


GLARE_PARTING = 0.9
"""Threshold, as a share of the brightest contrast, at which a light pip stands apart from the lamp's reflection
run into it (see `_parted_from_glare`)."""


def _parted_from_glare(contrast: _Contrast, best: FaceReading, pips_before: int) -> FaceReading:
    """The better of `best` and the light pips read at a threshold that parts a pip from the lamp's reflection run
    into it (see faceset.glare_run_into_pip): the reflection fades out, a pip ends sharply. It counts only with more
    pips than the first threshold read (`pips_before`): a threshold that merely drops fainter pips reads a smaller
    face (a 4 seen at an angle became a sure 2).

    Synthetic scenes, seeds tuned on (7, 41, 97, 2026): a tray die unread came out right; seeds held out (5, 11,
    13): 3 tray dice unread came out right (a violet 6, its reflection over two pips); real photos: 3 casino 6s,
    unread, read right and sure. Nothing else changed."""
    binary = cv2.compare(contrast.signed, max(18.0, GLARE_PARTING * contrast.peak), cv2.CMP_GT)  # type: ignore[call-overload, unused-ignore]
    past: list[Blob] = []
    blobs = find_blobs(binary, contrast.signed, _pips_outline(contrast.face, False), contrast.steepness, past=past)
    pips = face_pips(blobs)
    return _better_reading(contrast, best, pips, blobs, past=past) if len(pips) > pips_before else best


def _better_reading(
    contrast: _Contrast,
    best: FaceReading,
    pips: list[Blob],
    blobs: list[Blob],
    blurred: bool = False,
    past: Sequence[Blob] = (),
    guess: bool = False,
) -> FaceReading:
    """The better of `best` and the reading of `pips` (the face's pips among `blobs`; `blurred`: streaks read with
    round pips, see faceset.blurred_pips; `past`: the blobs left out past the die's outline; `guess`: pips like
    them were left out, see faceset.off_side_faces, so the value is at most a guess)."""
    face = contrast.face
    least_lone = SMALL_ONE if not contrast.dark else LONE_PIP
    fit = _fit_layout(pips, face.spacing_range, face.is_upright, least_lone)
    confidence = _confidence(fit.value, fit.error, pips, blobs, contrast.peak) * (SKEW_DOUBT if fit.skewed else 1.0)
    if too_small_for_spacing(fit, pips):
        confidence = min(confidence, SMALL_PIPS_KEPT)
    if best.pips and confidence <= best.confidence:
        return best  # cannot win, and the checks below only lower a confidence
    if confidence > 0.0 and streaks_may_join(pips, fit):
        confidence *= 0.3
    elif confidence > 0.0:
        empty = leaves_empty(
            fit, pips, contrast.signed, contrast.dark, contrast.steepness, glare(blobs, pips), contrast.before
        )
        confidence *= emptiness(empty)
    if confidence > 0.0 and (
        crowded(pips, fit)
        or _may_be_cut(face, pips, blobs)
        or one_beside_cut_pips(fit, pips, blobs)
        or pips_past_outline(pips, past)
        or unlike_pair(pips)
        or guess
    ):
        confidence = min(confidence, GUESS)  # a guess: the face may be larger than the one read
    if blurred and confidence < 0.35:
        return best  # streaks that make no value are no pips to carry on (to move a box onto, say)
    if confidence > best.confidence or not best.pips:
        return FaceReading(fit.value if confidence >= 0.35 else None, confidence, tuple(pips), contrast.dark, fit.error)
    return best


SHADE_GAP = 25.0
"""Least step in lightness, around the pips, between a white die's top face and a side face in shade: lit from above,
the top face is the brightest of a die's faces (see topface.py)."""


def _lit_face(contrast: _Contrast, best: FaceReading) -> FaceReading | None:
    """The dark pips found on a white die, that make no sure face, parted by the lightness of the body around each:
    those of the top face, lit from above, stand a SHADE_GAP above those of a side face in shade. Read alone, the
    lit ones give a value, a guess for the table to confirm (the parting is the reader's, not the die's)."""
    face, pips = contrast.face, list(best.pips)
    around = np.array([lightness_around(face.lightness, pip) for pip in pips])
    order = np.argsort(around, kind="stable")
    steps = np.diff(around[order])
    split = int(np.argmax(steps))
    if steps[split] < SHADE_GAP:
        return None
    lit = [pips[i] for i in order[split + 1 :]]
    fit = _fit_layout(lit, face.spacing_range, face.is_upright)
    if fit.value is None or fit.skewed:
        return None
    confidence = _confidence(fit.value, fit.error, lit, lit, contrast.peak) * emptiness(
        leaves_empty(fit, lit, contrast.signed, True, contrast.steepness)
    )
    confidence = min(confidence, GUESS)
    if confidence < 0.35 or confidence <= best.confidence:
        return None
    return FaceReading(fit.value, confidence, tuple(lit), True, fit.error)


def _beside_side_face(contrast: _Contrast, best: FaceReading) -> FaceReading | None:
    """The pips found, that make no face, parted by a line along the patch's axes into a face's and the rest, which
    all lie off that face (see faceset.split_across, faceset.off_face): a die seen at an angle, its top face and a
    side face as lit as it in one box (a white 6 beside its side face's 2, eight pips that fit nothing). The part
    that reads best gives the value, a guess for the table to confirm. None when a parting leaves two faces, the rest
    making one too: which of them is on top, the pips cannot say (a 4 beside its side face's 6)."""
    pips, face = list(best.pips), contrast.face
    found: FaceReading | None = None
    for part, rest in split_across(pips):
        fit = _fit_layout(part, face.spacing_range, face.is_upright)
        fitted = _confidence(fit.value, fit.error, part, part, contrast.peak)
        if fitted < FACE_STANDS or fit.skewed or not off_face(fit, rest):
            continue
        if len(rest) >= FEWEST_ON_FACE and _makes_face(_fit_layout(rest, face.spacing_range), rest, contrast.peak):
            return None
        empty = leaves_empty(fit, part, contrast.signed, contrast.dark, contrast.steepness)
        confidence = min(GUESS, fitted * emptiness(empty))
        if confidence >= FACE_STANDS and confidence > (found.confidence if found else 0.0):
            found = FaceReading(fit.value, confidence, tuple(part), contrast.dark, fit.error)
    return found


FACE_STANDS = 0.35
"""Confidence from which a value read stands (under it, the face reads no value)."""


def _makes_face(fit: LayoutFit, pips: list[Blob], peak: float) -> bool:
    """Whether pips fit their layout well enough for a value to stand (see `_confidence`)."""
    return _confidence(fit.value, fit.error, pips, pips, peak) >= FACE_STANDS


FAINT_PIP = 0.2
"""Share of the pips' contrast from which a round spot counts as a pip washed out (see `_completed`). A pip the lamp
greys keeps about a fifth of the others' contrast: from 0.25, a white 6 on wood (webcam-slight, seed 5) and a white 4
(seed 11) with such a pip were left unread; from 0.2 both are read right, as guesses. Synthetic scenes (seeds 5, 7,
11, 13, 17: webcam, webcam-slight, webcam-small, Rajas; seeds 5, 7, 11: trays, black dice on trays, composites of
real crops): one die more right as a guess, nothing else changed; the real photos read alike. From 0.15: two
pictures fewer read exactly (a die more guessed wrong, one more unread)."""
COMPLETED_ERROR = 0.25
"""Largest fit error (in pip spacings) of a face completed by a washed-out pip."""


def _completed(contrast: _Contrast, best: FaceReading) -> FaceReading | None:
    """The dark pips found, that fit no face, and one faint round spot that makes them a face: a pip whose black the
    lamp's reflection turned grey (a reflection lightens, so it hides dark pips only). The spot must sit on the
    place the others leave for it, the other places empty; the value is a guess for the table to confirm.

    The spot is looked for inside the die's outline only (when the patch has one): at so low a level, a pip beside
    the die's edge ran into the table past it, and the blob was no spot (a small white 6 and a white 4 on wood,
    shown unread). Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops):
    right 8947 -> 8949 of 9693, unread 320 -> 318, nothing else changed; their perturbed copies: right 12686 ->
    12687 of 13684. The real photos read alike."""
    face, signed, peak, steepness = contrast.face, contrast.signed, contrast.peak, contrast.steepness
    pips = list(best.pips)
    area, strength = typical(pips)
    apart = 2.0 * math.sqrt(area / math.pi)  # a pip's width: the spot is no part of a pip found
    binary = cv2.compare(signed, max(12.0, FAINT_PIP * strength), cv2.CMP_GT)  # type: ignore[call-overload, unused-ignore]
    if face.outline is not None:
        # So low a level takes in the table past the die's edge too, and a spot beside that edge runs into it.
        binary = cv2.bitwise_and(binary, inside(face.outline, binary.shape))

    def may_be_spot(x: float, y: float, size: float) -> bool:
        return 0.4 * area <= size <= 2.5 * area and all(math.hypot(x - p.x, y - p.y) > apart for p in pips)

    # Checked before the blobs' ellipses are fitted: most blobs at this low level are the pips found again.
    spots = [b for b in find_blobs(binary, signed, face.outline, steepness, may_be_spot) if b.roundness >= ROUND]
    for spot in sorted(spots, key=lambda b: b.contrast, reverse=True)[:3]:
        whole = [*pips, spot]
        fit = _fit_layout(whole, face.spacing_range, face.is_upright)
        if fit.value is None or fit.error > COMPLETED_ERROR or fit.skewed:
            continue
        if not leaves_empty(fit, whole, signed, True, steepness):
            continue
        confidence = min(_confidence(fit.value, fit.error, whole, whole, peak), GUESS)
        if confidence >= 0.35:
            return FaceReading(fit.value, confidence, tuple(whole), True, fit.error)
    return None


def _may_be_cut(face: _Face, pips: list[Blob], blobs: list[Blob]) -> bool:
    """In a picture of one die (not an upright patch), whether the face read may be part of a larger one: a pip
    like the others left out of it, or a pip that reaches the picture's edge."""
    return not face.is_upright and (leaves_a_pip_out(pips, blobs) or _runs_off(pips))


def _runs_off(pips: list[Blob]) -> bool:
    """Whether a pip of a face read in a picture of one die reaches the picture's edge. The picture may have cut
    the die (a pip of it is then cut too, and others may lie past the edge), or the blob is no pip but the table
    running off the picture (a white line, a card's edge, which made a 1 into a 2 with the die's centre pip)."""
    return any(p.runs_off for p in pips)


def _fit_layout(
    pips: list[Blob],
    spacing_range: Spacing = TIGHT,
    is_upright: bool = True,
    least_lone: float = LONE_PIP,
) -> LayoutFit:
    """The layout the pips fit (see layout.fit_layout)."""
    if not 1 <= len(pips) <= 6:
        return NO_FIT
    points = np.array([[p.x, p.y] for p in pips], np.float32)
    return fit_layout(points, float(np.sqrt(pips[0].area / np.pi)), spacing_range, is_upright, least_lone)


LONE_ROUND = 0.75
"""Least roundness of a 1's lone pip for the 1 to be read at full confidence; under it, its confidence is kept to
faceset.STREAK_DOUBT of it, as a face read on streaks is. A 1 rests on one blob, and a blob only just round enough
to be a pip (ROUND) is as likely a streak of a die in motion, a pip cut by the patch's edge or a side face's pip seen
askew: a 2, a 3 and a 4 were read as sure 1s so. A 1 seen from 30 degrees off overhead keeps a pip of 0.87.

Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops, 11743 dice): sure wrongs
67 -> 63, dice found where none lies 95 -> 93, pictures read exactly 1194 -> 1197, right and sure 10461 as it was
(five 1s became guesses, one of them missed, and five dice the 1 had hidden came out right); their changed copies
(benchmarks/eval_robustness.py, seed 5): right and sure 7039 -> 7041, sure wrongs 60 -> 57, found where none lies
149 -> 142. The real photos read alike (two guesses lower). From 0.65: one sure wrong fewer gone; from 0.85, five
more dice right lost."""


def _confidence(value: int | None, error: float, pips: list[Blob], blobs: list[Blob], peak: float) -> float:
    if value is None:
        return 0.0
    fit = max(0.0, 1.0 - error / 0.45)
    evenness = 1.0 if len(pips) < 2 else max(0.0, 1.0 - spread([p.area for p in pips]))
    stray = len(blobs) - round(sum(1.0 / p.parted if p.parted else 1.0 for p in pips))  # a run parted is one blob
    strays = max(0.0, 1.0 - 0.25 * stray)
    strength = min(1.0, peak / 60.0)
    blur = STREAK_DOUBT if pips[0].roundness < (LONE_ROUND if len(pips) == 1 else ROUND) else 1.0
    return float(fit * (0.6 + 0.4 * evenness) * (0.7 + 0.3 * strays) * (0.6 + 0.4 * strength) * blur)
