"""A die read from one region, before its colour is told; the doubts raised about it once all are read; and which
of the readings that lie on one another is kept (the surest)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeGuard

import numpy as np

from vision.reader import polarity
from vision.reader.blobs import Blob
from vision.reader.pips import FaceReading
from vision.reading import GUESS, SURE_VALUE, Die


@dataclass(frozen=True)
class Found:
    """A die read from one region, its colour not told yet: only the dice kept in the end need it."""

    die: Die
    patch: np.ndarray
    face: FaceReading
    side: float
    """The shorter side of the box the die was read in, in image pixels."""
    length: float = 0.0
    """The longer side of the box the die was read in, in image pixels."""
    patch_pips: tuple[Blob, ...] = ()
    """The pips of a value read in `patch` itself, where the body's colour is read around them: a top face read
    alone has its pips in a patch of its own, and `face` may be that reading."""
    lies_at: tuple[float, float] | None = None
    """For a die read surely in a piece drawn out past it (see region.DRAWN_OUT_PIECE), the centre of its pips in
    the image: where the die lies when others are kept apart from it (see `apart`). Its box and centre stay the
    piece's."""
    pips_at: tuple[tuple[float, float], ...] = ()
    """Where the pips of the value read lie in the image, when they were read in the box's own patch (the top face
    read alone has its pips carried there); none when the value was read otherwise (see `_pips_taken`)."""
    axis: float | None = None
    """The direction in the image (radians) of the longer side of the box the die was read in."""


def unread_if_white_lit(found: list[Found]) -> list[Found]:
    """Readings of light pips on a white die, in a picture of dice with dark pips, made unread (see polarity.py):
    another reading of the same die, or the die shown as unknown, takes their place."""
    if not polarity.reads_dark_pips([one.face for one in found]):
        return found
    return [_unread(one) if polarity.is_white_read_light(one.patch, one.face) else one for one in found]


def _unread(found: Found) -> Found:
    die = dataclasses.replace(found.die, value=None, confidence=0.0, flags=found.die.flags | {"ambiguous_value"})
    return dataclasses.replace(found, die=die)


def has_value(found: Found | None) -> TypeGuard[Found]:
    """Whether a reading is a die with a value."""
    return found is not None and found.die.value is not None


def read_surely(found: Found) -> bool:
    """Whether a die was read with a value the table may count (SURE_VALUE), not a guess."""
    return found.die.value is not None and found.die.confidence >= SURE_VALUE


def is_sure(found: Found | None) -> TypeGuard[Found]:
    """Whether a reading is a die read surely, as a piece of a clump counts one (SURE)."""
    return found is not None and found.die.value is not None and found.die.confidence >= SURE


SURE = 0.7
"""Confidence from which a piece of a clump reads as a sure die."""


APART = (0.8, 0.75)
"""How near, in shares of a kept die's side, another reading may lie and still be a die of its own: within a blob
read several ways, then over the whole picture."""


SMALL_BOX = 0.55
"""Shorter side, in the picture's usual die sides, under which a box holds part of a die rather than a die."""
DRAWN_OUT_BOX = 1.6
"""Longer over shorter side of a box from which it holds more than a die and its side face (a die and part of its
neighbour, or of the table's pattern)."""


FEWEST_TO_COMPARE = 3
"""Fewest dice in a picture for its die size to be theirs: in a picture of one die (a crop), the size is guessed
from the die itself, or from the pips, and says nothing of the box."""


def doubtful_if_misshapen(found: Found, die_side: float, dice: int) -> Found:
    """A die read in a box far from a die's shape made a guess, its value for the table to confirm.

    A box much smaller than the picture's dice (`die_side`, image pixels; `dice` of them) is most often a piece of
    a die cut in two, whose pips make a 2, a 3 or a 4 of any face; a box drawn out well past a die seen at an angle
    holds pips of two dice. On the synthetic scenes (seeds 7, 41 x2, 97, 2026 x2; 3.6k dice) 6 of the 20 sure
    readings in the small boxes and 10 of the 17 in the drawn-out ones were wrong, as often as guesses are (see
    SURE_VALUE) or more."""
    small = dice >= FEWEST_TO_COMPARE and found.side < SMALL_BOX * die_side
    drawn_out = found.length >= DRAWN_OUT_BOX * found.side
    if found.die.value is None or found.die.confidence < SURE_VALUE or not (small or drawn_out):
        return found
    return as_guess(found)


def without_giants(found: list[Found]) -> list[Found]:
    """The dice found but those not read surely in a box far larger than the dice read surely (GIANT times the
    middle one's side, from FEWEST_TO_COMPARE of them): no die of one game is so much larger than the others, but
    a hand resting on the table, a mark on it taken for a pip, is (a guessed 1 in a box 231 x 406 pixels among
    Rajas dice 60 wide, synthetic seed 7, scene 18). A die read surely stays, whatever its size.

    Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops): that hand went, and
    nothing else changed, nor on their changed copies (eval_robustness, seed 5). From 1.6 times, dice of the
    composites of real crops, whose crops differ in scale, went too (24 dice right, guessed)."""
    sides = sorted(one.side for one in found if read_surely(one))
    if len(sides) < FEWEST_TO_COMPARE:
        return found
    largest = GIANT * sides[len(sides) // 2]
    return [one for one in found if one.side <= largest or read_surely(one)]


GIANT = 2.5
"""Times the side of the middle die read surely past which a box not read surely holds no die (see
`without_giants`)."""


def as_guess(found: Found) -> Found:
    """The die found, its value a guess for the table to confirm (its confidence at most just under SURE_VALUE)."""
    return dataclasses.replace(found, die=dataclasses.replace(found.die, confidence=min(found.die.confidence, GUESS)))


def surest_apart(found: list[Found], share: float, widest: float = math.inf) -> list[Found]:
    """The surest dice first; a die is left out when it lies within `share` of a kept die's side from that die
    (each where it lies, see `Found.lies_at`: a tilted die's side face found as a blob of its own, or one blob read
    two ways), or when it was read from pips of the dice kept (see `_pips_taken`).

    The side is that of the box the die was read in, not of its upright bounding box: a die turned 45 degrees
    has a bounding box 1.4 times its side, which once hid a neighbour touching it. It counts for at most `widest`
    (see `apart`), and for a die read surely with two pips or more, for at most its own side (see `_own_reach`)."""
    return apart(by_sureness(found), share, widest, own=_own_reach)


def _own_reach(found: Found) -> float:
    """The most a kept die's side counts for when `found` is weighed against it (see `apart`): for a die read surely
    with two pips or more, its own side. A die seen at an angle is read in a box its side faces make larger; a smaller
    die touching it, read surely, lay within a share of that larger box's side and was left out, though it lay more than
    that share of its own side away (a 2 beside a 6, a 6 beside another, the dice of a webcam frame 12 to 30 degrees
    off). A 1 rests on one blob, as easily a pip of a side face: it is still weighed by the other's side.

    Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops): right 10569 -> 10572,
    missed 221 -> 219, pictures read exactly 1304 -> 1305, nothing lost; their changed copies (eval_robustness, seed 5,
    nine changes): right +1, missed -1; the up-close kinds as they were. With 1s too, one more right on the first, but
    on the changed copies a sure 1 came out on a 2's side face where none lies."""
    return found.side if read_surely(found) and found.die.value != 1 else math.inf


def by_sureness(found: list[Found]) -> list[Found]:
    """The dice read with a value first, each kind by confidence, surest first."""
    return sorted(found, key=lambda one: (one.die.value is not None, one.die.confidence), reverse=True)


def apart(
    ordered: list[Found], share: float, widest: float = math.inf, own: Callable[[Found], float] | None = None
) -> list[Found]:
    """The dice in the given order, each left out when it lies on one kept before it (see `surest_apart`). A kept
    die's side counts for at most `widest`: a box wider than a die that read a die surely (a piece of a clump
    holding a die and part of its neighbour) reaches no further than a die does, or it hides the neighbour, read in
    a piece of its own (a red 3 beside a red 1 on a tray photo, the 1 read in a piece 1.17 die sides wide). `own`:
    the most the side may count for, told by the die weighed (see `_own_reach`)."""
    kept: list[Found] = []
    for one in ordered:
        reach = min(widest, own(one)) if own is not None else widest
        if all(_apart_by(one, k) > share * min(k.side, reach) for k in kept) and not _pips_taken(one, kept):
            kept.append(one)
    return kept


SHARED_PIPS = 0.5
"""Share of a die's pips past which, lying on pips of dice kept before it, the die is left out (see `_pips_taken`)."""
SAME_PIP = 0.12
"""How near, in shares of the smaller die's side, two pips read in two boxes lie for them to be one pip (a pip's
radius is about a tenth of a die's side)."""


def _pips_taken(one: Found, kept: list[Found]) -> bool:
    """Whether more than SHARED_PIPS of the pips `one` was read from are pips of dice kept before it: a box cut across
    two dice of a clump read their pips a second time (a 2 made of a pip of a 5 and a pip of the 4 beside it). A pip
    belongs to one die. Dice whose pips are not known (see `Found.pips_at`) are not compared.

    Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops): dice found where none
    lies 93 -> 91, pictures read exactly 1197 -> 1199, nothing else changed; their changed copies (eval_robustness,
    seed 5, nine changes): 142 -> 135, nothing else changed. From half the pips (a 2 one of whose pips is taken),
    a die read right was lost."""
    return bool(one.pips_at) and pips_on(one, kept) > SHARED_PIPS * len(one.pips_at)


def pips_on(one: Found, others: list[Found]) -> int:
    """How many of the pips `one` was read from (see `Found.pips_at`) are pips the dice `others` were read from, two
    pips being one within SAME_PIP of the smaller die's side. Readings with no value are not counted."""
    taken = [(a, b, SAME_PIP * min(one.side, k.side)) for k in others if k.die.value is not None for a, b in k.pips_at]
    return sum(any(math.hypot(x - a, y - b) < reach for a, b, reach in taken) for x, y in one.pips_at)


def _apart_by(one: Found, other: Found) -> float:
    """How far apart two readings lie, in image pixels, each where its die lies (`Found.lies_at`, else its centre)."""
    (ax, ay), (bx, by) = one.lies_at or one.die.center, other.lies_at or other.die.center
    return math.hypot(ax - bx, ay - by)


def distance(a: Die, b: Die) -> float:
    """How far apart two dice's centres lie, in image pixels."""
    return float(np.hypot(a.center[0] - b.center[0], a.center[1] - b.center[1]))
