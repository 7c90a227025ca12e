"""The reader's steps: check the frame, find die bodies at a small scale, read each die from the full image."""

from __future__ import annotations

import dataclasses
import math
import time

import cv2
import numpy as np

from vision.calibration import Calibration
from vision.errors import UnreadableImageError
from vision.reader import cards, diesize, segment
from vision.reader.as_crop import read_as_crop, unread_as_crop
from vision.reader.body import body_extent
from vision.reader.candidate import OVERSIZED, read_candidate, sureness
from vision.reader.colour import face_colour
from vision.reader.deblur import deblurred
from vision.reader.exposure import DIM_LIGHT, exposed
from vision.reader.found import (
    APART,
    Found,
    as_guess,
    by_sureness,
    doubtful_if_misshapen,
    read_surely,
    surest_apart,
    unread_if_white_lit,
    without_giants,
)
from vision.reader.perspective import doubtful_at_near_end
from vision.reader.proposals import BODY_STEP, Proposal, Square, body_step, full_picture, pip_proposals
from vision.reader.region import LONE_FACE, read_region
from vision.reader.side_face import without_side_faces
from vision.reader.two_pips import doubtful_two
from vision.reader.view import FARTHER_LOOK, MIN_DIE_SIDE, NONE_SURE_CLOSER, View, first_look, near_foreground, seen_at
from vision.reading import SURE_VALUE, DiceReading, Die, is_guess

_DEFAULT = Calibration.default()


def read_dice(frame: np.ndarray, calibration: Calibration | None = None) -> DiceReading:
    """Every die in a BGR (or grey) uint8 frame; an empty or tiny frame gives an empty reading with a warning."""
    started = time.perf_counter()
    image, warning = _checked(frame)
    if image is None:
        h, w = frame.shape[:2] if isinstance(frame, np.ndarray) and frame.ndim >= 2 else (0, 0)
        return DiceReading((), int(w), int(h), _ms(started), (warning,) if warning else ())
    h, w = image.shape[:2]
    image, seen, dim = exposed(image)
    dice = _read_all(image, seen, calibration or _DEFAULT)
    return DiceReading(tuple(dice), w, h, _ms(started), (DIM_LIGHT,) if dim else ())


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0


def _checked(frame: object) -> tuple[np.ndarray | None, str | None]:
    if not isinstance(frame, np.ndarray):
        raise UnreadableImageError(f"a frame must be a numpy array, got {type(frame).__name__}")
    if frame.dtype != np.uint8:
        raise UnreadableImageError(f"a frame must be 8-bit (uint8), got {frame.dtype}")
    if frame.ndim not in (2, 3) or (frame.ndim == 3 and frame.shape[2] not in (1, 3, 4)):
        raise UnreadableImageError(f"a frame must be HxW or HxWx3 (BGR), got shape {frame.shape}")
    if frame.shape[0] < 8 or frame.shape[1] < 8:
        return None, "image_too_small"
    if frame.ndim == 2 or frame.shape[2] == 1:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR), None
    if frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR), None
    return frame, None


def _read_all(image: np.ndarray, seen: np.ndarray, calibration: Calibration) -> list[Die]:
    """The dice looked for in `seen` (see exposure.exposed) and read in `image`."""
    h, w = image.shape[:2]
    if max(h, w) <= diesize.SMALL_CROP and _featureless(image):
        return []
    view = first_look(seen)
    dice = _read_view(image, view)
    if view.side and view.scale < 1.0 and not view.closer and not any(read_surely(one) for one in dice):
        # The die size may be wrong (see NONE_SURE_CLOSER): look again closer, unless this look is a closer one.
        closer = near_foreground(View.of(seen, min(1.0, NONE_SURE_CLOSER * view.scale)), view)
        again = [one for one in _read_view(image, closer) if seen_at(one, view)] if _worth_reading(closer, view) else []
        if any(read_surely(one) for one in again) and _valued(again) >= _valued(dice):
            view, dice = closer, again
    side, scale = view.side or 0.0, view.scale
    if max(h, w) <= diesize.SMALL_CROP and (len(dice) <= 1 or all(_piece_of_crop(one, h, w) for one in dice)):
        # A small picture may be a crop of one die that fills it, with no table around it to learn from.
        single = read_as_crop(image, ((w / 2.0, h / 2.0), (float(w), float(h)), 0.0), 1.0)
        if single is not None and (not dice or _is_surer(single.die, by_sureness(dice)[0].die)):
            dice = [single]
    dice = [doubtful_if_misshapen(one, side / scale, len(dice)) for one in dice] if side else dice
    dice = [doubtful_two(image, one, scale, side) for one in dice] if side else dice
    dice = [doubtful_at_near_end(one, w, h) for one in without_giants(dice)]
    return [_coloured(deblurred(one), calibration) for one in dice]


FLAT_RANGE = 24
"""Grey levels between the darkest and the lightest point of a small picture (smoothed over 3x3 pixels, which takes
a camera's noise out) under which it holds no die: no pip stands out of it. A plain picture of 8 to 160 pixels was
read as a crop of one unreadable die (a blank 20x20 picture gave "? white"); the development crops of real dice
(../shared/data/dice) span 190 levels or more, a plain picture with a camera's noise (5 levels) about 10."""


def _featureless(image: np.ndarray) -> bool:
    grey = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (3, 3), 0)
    low, high, _, _ = cv2.minMaxLoc(grey)
    return bool(high - low < FLAT_RANGE)


CROP_PIECE = 0.5
"""Share of a small picture's shorter side under which the dice found in it may all be pieces of one die filling it
(see diesize.SMALL_CROP): the picture is then read whole too, as a crop of one die, and that reading is weighed
against the surest of them (see `_is_surer`). A real crop of a navy 4 on a felt, its pips at the crop's edges, was
read as a sure 2 in a box 13 pixels high at a corner (a neighbour's red corner) and a guessed 1 on its logo; read
whole it is a sure 4. No other real photo reads otherwise (from 0.6 neither), and no synthetic picture is that small."""


def _piece_of_crop(found: Found, h: int, w: int) -> bool:
    x0, y0, x1, y1 = found.die.bbox
    return max(x1 - x0, y1 - y0) < CROP_PIECE * min(h, w)


def _worth_reading(closer: View, view: View) -> bool:
    """Whether a closer look at a picture (see NONE_SURE_CLOSER) found a die size worth reading it at: dice of that
    size would be large enough to stand in the farther `view` (see view.seen_at), and the size is no larger than
    view.FARTHER_LOOK allows (the floor of an empty tray, taken for one die 2,500 pixels wide, took three minutes to
    cut into dice). Every reading of the synthetic sets and of the real photos is as it was."""
    if closer.side is None or closer.side > FARTHER_LOOK[0]:
        return False
    return closer.side * view.scale / closer.scale >= MIN_DIE_SIDE


def _valued(found: list[Found]) -> int:
    return sum(one.die.value is not None for one in found)


def _read_view(image: np.ndarray, view: View) -> list[Found]:
    """The dice found in a view of the picture and read from the picture itself, the surest kept where they lie on
    one another, a blob read whole that reads no value read again as a crop of one die (see as_crop.py), the side
    faces in shade read beside dice read surely left out (see side_face.py)."""
    side, scale = view.side or 0.0, view.scale
    candidates = segment.split_regions(view.mask, side, view.small, view.lab) if side else []
    candidates += cards.dice_on_cards(view.lab, view.mask, side) if side else []
    slack = diesize.PIP_SIZE_SLACK if view.sized_by_pips else 1.0
    read = [(candidate, read_candidate(image, candidate, scale, side, slack)) for candidate in candidates]
    found = [one for _, dice in read for one in dice]
    # The outlines of blobs of which no die was read (a die on a printed part of a board, or run into the grain).
    barren = [outline for candidate, dice in read if not dice and (outline := _outline_of(candidate)) is not None]
    if side:
        found += _read_pips_alone(image, view.lab[:, :, 0], view.mask, side, scale, found, barren)
    kept = surest_apart(unread_if_white_lit(found), APART[1], OVERSIZED * side / scale if side else math.inf)
    # A blob read whole as one die, unread still: read again as a crop of one die (see as_crop.unread_as_crop).
    alone = {id(dice[0]): c.whole for c, dice in read if c.whole is not None and len(dice) == 1}
    kept = [unread_as_crop(image, one, alone[id(one)], scale) if id(one) in alone else one for one in kept]
    return without_side_faces(kept)


def _outline_of(candidate: segment.Candidate) -> np.ndarray | None:
    """The outline of a candidate's blob (None for a region drawn without one)."""
    if candidate.outline is not None:
        return candidate.outline
    return candidate.whole.contour if candidate.whole is not None and len(candidate.whole.contour) >= 3 else None


def _read_pips_alone(
    image: np.ndarray,
    lightness: np.ndarray,
    mask: np.ndarray,
    side: float,
    scale: float,
    found: list[Found],
    barren: list[np.ndarray],
) -> list[Found]:
    """Dice proposed by their pips alone (see proposals.py). Dark pips are always looked for: a white die on a pale
    board or table leaves only them in the mask, whatever else was read. Light pips are looked for when a die with
    light pips was read, or none was: among white dice only, the light spots are the white between their pips. The
    pips may lie on the table or on a `barren` blob, one cut but of which no die was read."""
    read = [one for one in found if one.die.value is not None]
    darks = sum(one.face.is_dark_on_light for one in read)
    polarities = (True, False) if not read or darks < len(read) else (True,)
    unread = [_scaled_box(one.die.bbox, scale) for one in found if one.die.value is None]
    closer = full_picture(image, scale)
    boxes = [_scaled_box(one.die.bbox, scale) for one in found]
    proposals = pip_proposals(lightness, mask, side, polarities, barren, unread, closer, boxes)
    return [one for p in proposals for one in _read_proposal(image, lightness, p, scale, side)]


def _read_proposal(
    image: np.ndarray, lightness: np.ndarray, proposal: Proposal, scale: float, side: float
) -> list[Found]:
    """The dice a group of pips proposes: the die read in the square around them all, or, when that square holds no
    die (or the pips spread too wide for one), the dice of the surest other way of reading the group (see
    proposals.Proposal). A die read there without a value stands as it is: trying the other ways for it too cost a
    third of a millisecond a frame on the benchmark's Rajas frames, for three more dice right on the evaluation
    sets (two of them guesses) and one die found unread lost."""
    if proposal.whole is not None and proposal.whole.pips == 1:
        return _lone_one(image, lightness, proposal.whole, scale, side)
    found = _read_square(image, lightness, proposal.whole, scale, side) if proposal.whole else None
    if found is not None:
        return [as_guess(found) if proposal.beside else found]
    ways = [[_read_square(image, lightness, square, scale, side) for square in way] for way in proposal.ways]
    best = max(ways, key=lambda way: sureness(way, side / scale), default=[])
    dice = [one for one in best if one is not None and one.die.value is not None]
    return [as_guess(one) for one in dice] if proposal.beside else dice


def _lone_one(image: np.ndarray, lightness: np.ndarray, square: Square, scale: float, side: float) -> list[Found]:
    """The 1 read in a square around one free pip (see proposals._lone_pip): only where the face reaches out around
    the pip as a 1's does (see region.LONE_FACE; checked first, for it costs a tenth of reading the square), and only
    a sure 1 (a speck of the table's texture has the table all round it, but no step from it: see `_read_square`)."""
    (x, y), _, _ = square.region.rect
    if body_extent(image, (x / scale, y / scale), side / scale) < LONE_FACE:
        return []
    found = _read_square(image, lightness, square, scale, side)
    if found is None or found.die.value != 1 or is_guess(found.die.confidence):
        return []
    return [found]


def _read_square(image: np.ndarray, lightness: np.ndarray, square: Square, scale: float, side: float) -> Found | None:
    """The die read in a square drawn around pips: a guess when its value has fewer pips than the square was drawn
    around (the square, turned or sized wrong, left some of them out), or when its middle stands no more than
    BODY_STEP apart from the table around it (dots printed on a cloth, see proposals.BODY_STEP)."""
    found = read_region(image, square.region, scale, side, is_piece=True)
    if found is None or found.die.value is None:
        return found
    if found.die.value >= square.pips and body_step(lightness, square.region.rect) >= BODY_STEP:
        return found
    return as_guess(found)


def _scaled_box(bbox: tuple[int, int, int, int], scale: float) -> tuple[int, int, int, int]:
    """An image box (x0, y0, x1, y1) at the analysis scale, as x, y, width, height."""
    x0, y0, x1, y1 = (round(v * scale) for v in bbox)
    return x0, y0, x1 - x0, y1 - y0


def _is_surer(crop: Die, found: Die) -> bool:
    """Whether the whole picture read as one die beats the die found in it: when that die is unread or doubtful,
    for a die found by its own outline is read along its edges, the crop only at an angle; or when the picture
    reads surely a larger face. The die's box then held part of its face only: a dark blue body on dark felt,
    half of it taken for the table, left a box around the middle pip of a 3, a sure 1."""
    if crop.value is None:
        return False
    if found.value is None or (found.confidence < DOUBTFUL and crop.confidence > found.confidence):
        return True
    return crop.value > found.value and crop.confidence >= SURE_VALUE


DOUBTFUL = 0.6
"""Confidence below which a reading is retried another way."""


def _coloured(found: Found, calibration: Calibration) -> Die:
    """The die with its body's colour (flagged when it cannot be told)."""
    # The pips are left out of the body only when they made a value: those of a face read no value may be anything.
    pips = found.patch_pips if found.die.value is not None else ()
    colour = face_colour(found.patch, found.face, pips, calibration)
    flags = found.die.flags if colour is not None else found.die.flags | {"ambiguous_color"}
    return dataclasses.replace(found.die, color=colour, flags=flags)
