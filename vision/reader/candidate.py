"""One blob of the foreground read as dice: whole, or by its ways of cutting (see segment.py and cuts.py), the
surest way winning where their readings overlap, and the parts of a clump its dice leave over read again."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeGuard

import cv2
import numpy as np

from vision.reader import segment
from vision.reader.cuts import DIE_SIZED, halved, read_cuts, siblings, side_by_side
from vision.reader.found import (
    APART,
    DRAWN_OUT_BOX,
    Found,
    apart,
    as_guess,
    by_sureness,
    distance,
    has_value,
    is_sure,
    pips_on,
)
from vision.reader.leftover import leftovers
from vision.reader.region import read_far_end, read_region
from vision.reading import SURE_VALUE


def read_candidate(
    image: np.ndarray, candidate: segment.Candidate, scale: float, side: float, slack: float = 1.0
) -> list[Found]:
    """The blob read whole and as the ways of cutting it (see cuts.read_cuts); the surest dice win where readings
    overlap. `slack`: how much larger than `side` a die may be (see diesize.PIP_SIZE_SLACK).

    The ways of cutting compete as a whole first: one half of a die cut in two can read as a confident 1 or
    2, but the cut it belongs to holds other pieces that read poorly, while the right cut reads well
    throughout. Pieces of the other cuts are kept only where the best one leaves room (a die it missed).
    """
    # A blob with no way of cutting it is one die: its top face may be read at the far end of its box (see
    # region.read_far_end). A blob most likely one die is so read only once no way of cutting it can stand for
    # it: two dice one behind the other make as long a box as one die seen well off the camera's axis.
    alone = candidate.cuts_if_unread is None and not candidate.partitions + candidate.grids
    whole = read_region(image, candidate.whole, scale, side, far_end=alone) if candidate.whole else None
    if candidate.cuts_if_unread is not None:
        if whole is not None and whole.die.value is not None:
            if candidate.whole is not None:
                whole = read_far_end(image, whole, candidate.whole, scale)
            across = min(candidate.whole.rect[1]) / scale if candidate.whole is not None else whole.side
            if _may_be_two(whole, side / scale, across):
                partitions, grids = candidate.cuts_if_unread()
                if sure := _sure_way(read_cuts(image, partitions + grids, scale, side), side / scale):
                    return sure
            return _parted_by_colour(image, candidate.by_colour, scale, side) or [whole]
        return _whole_or_sure_cut(image, candidate.cuts_if_unread, whole, candidate.whole, scale, side)
    die_side = side / scale
    ways = read_cuts(image, candidate.partitions + candidate.grids, scale, side)
    cuts = sorted(ways, key=lambda cut: sureness(cut, die_side * slack))
    top = cuts.pop() if cuts else []
    whole = None if whole is not None and _cut_holds_more(whole, top, die_side) else whole
    best = [one for one in [whole, *top] if one is not None]
    others = [one for cut in cuts for one in cut if one is not None]
    dice = apart(_ranked(best, others), APART[0], OVERSIZED * die_side)
    dice = _in_larger_faces(dice, [one for one in [whole, *top, *others] if has_value(one)])
    if not dice and candidate.whole is None and candidate.outline is not None:
        return _uncut(image, candidate.outline, scale, side)
    if candidate.outline is None and candidate.whole is not None and not candidate.partitions + candidate.grids:
        return _parted_faces(image, candidate.whole, dice, scale, side)
    if candidate.outline is None or not dice:
        return dice
    return _with_leftovers(image, candidate.outline, dice, scale, side)


def _parted_faces(image: np.ndarray, blob: segment.Region, dice: list[Found], scale: float, side: float) -> list[Found]:
    """The dice read in a blob taken for one die, `dice`; when that is one die unread, the blob read again with its
    pips parted into its top face's and a side face's (see pips.read_face): a die seen at an angle, whose box holds a
    side face as lit as its top, showed eight pips that fit no face (a white 6 and its side face's 2). Only a blob
    that no way of cutting read as dice is read so: a box over two dice, their pips parted so, reads a guess of one
    where both are to be read.

    Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops): right 8919 -> 8926 of
    9693, unread 332 -> 325, wrong guesses 140 as they were, no die lost or found where none lies; their perturbed
    copies (dim, dark, flat, noise, JPEG, soft, warm): right 12619 -> 12621 of 13684, unread 368 -> 364, wrong
    guesses 126 -> 128. The real photos read alike. Parting the pips in every reading instead lost 13 dice right and
    made 67 more wrong guesses (pieces of clumps, and blobs a cut would have read as two dice, read as one guess); in
    every reading of a whole blob, 5 more came out right on the first sets but 9 fewer on their copies."""
    if len(dice) != 1 or dice[0].die.value is not None:
        return dice
    again = read_region(image, blob, scale, side, parted=True)
    if again is None or again.die.value is None:
        again = read_far_end(image, dice[0], blob, scale)  # its top face at its box's far end
    return [again] if again is not None and again.die.value is not None else dice


def _cut_holds_more(whole: Found, cut: list[Found | None], die_side: float) -> bool:
    """Whether a blob read `whole` in a box longer than one die (DIE_SIZED) holds the dice of its best way of cutting
    (`cut`) instead: two pieces or more, each read with a value, one of them sure. Read whole, such a blob's pips of
    two dice may fit one value, or none, in a box that then spans both. Synthetic scenes: on seeds held out (5, 11),
    a 2 touching a 6 came out right and the 6 unread, where the pair had been one box unread, and 4 other boxes where
    no die lies went (2 unread, a sure 2, a guessed 1); on the seeds tuned on (7, 41, 97, 2026) and the real photos
    nothing changed."""
    return (
        whole.length > DIE_SIZED * die_side
        and len(cut) >= 2
        and all(has_value(one) for one in cut)
        and any(is_sure(one) for one in cut)
    )


def _ranked(best: list[Found], others: list[Found]) -> list[Found]:
    """The readings of a blob in the order they claim their place: the dice read with a value of the best way of
    cutting it (with the blob read whole), then the sure dice of the other ways (see `_is_sure`), then the best
    way's unread boxes, then the rest of the other ways, each kind surest first.

    An unread box of the best way may span a clump of dice; ranked before them, it hid dice that other ways read
    surely, one die a piece (a 4 in a clump of three on a tray photo). Synthetic scenes: on the seeds tuned on (7,
    41, 97, 2026), 3 dice missed or unread came out right; on seeds held out (5, 11, with trays 5, 11, 13), 6, and 2
    unread boxes over clumps went; nothing was lost, the real photos included. Ranking every die read with a value
    before the unread boxes gained about as much, but a piece holding half of an orange 3 then stood as a 2 read at
    0.6 to 0.7, sure to the table but not to found.SURE."""
    ranked, rest = by_sureness(best), by_sureness(others)
    sure = [one for one in rest if is_sure(one)]
    return [
        *(one for one in ranked if one.die.value is not None),
        *sure,
        *(one for one in ranked if one.die.value is None),
        *(one for one in rest if not is_sure(one)),
    ]


def _uncut(image: np.ndarray, outline: np.ndarray, scale: float, side: float) -> list[Found]:
    """A blob that its shape kept from being read whole, of which no cut read a die (`outline`, at the analysis
    scale), read whole after all when it is no larger than a die seen at an angle (see UNCUT_AREA). Only a sure
    value, in a box not drawn out past such a die (found.DRAWN_OUT_BOX), makes a die of it: the blob was taken for
    more than one die, and two dice touching can read as one (a sure 1 read across a 5 and its neighbour, in a box
    drawn out past that)."""
    area = cv2.contourArea(outline)
    if area > UNCUT_AREA * side * side:
        return []
    h, w = image.shape[:2]
    found = read_region(image, segment.region_of(outline, area, False, round(w * scale), round(h * scale)), scale, side)
    if found is None or found.die.value is None or found.die.confidence < SURE_VALUE:
        return []
    return [found] if found.length < DRAWN_OUT_BOX * found.side else []


UNCUT_AREA = 1.6
"""Largest area, in square die sides, of a blob that may be one die when no cut of it reads a die. A die seen at an
angle, its side face in view, makes a blob longer than a square (up to found.DRAWN_OUT_BOX times): a red 1 on a tray
photo, 1.45 times as long as wide, was cut through its pip, neither piece read, and the die was lost. Read whole,
4 such dice came out right on the synthetic seeds tuned on (7, 41, 97, 2026, with the composites of real crops),
and 5 on seeds held out (5, 11, 13, with trays), with no die lost or found where none lies; one real photo of a
casino 6 read right (sure) that was a wrong guess. From 1.3 to 1.6 the gains grew to these; up to 2.0 nothing more
changed."""


def _with_leftovers(
    image: np.ndarray, outline: np.ndarray, dice: list[Found], scale: float, side: float
) -> list[Found]:
    """The dice read from a clump's cuts, with those read in what they leave of it (see `_read_leftovers`). A box
    read without a value covers its part of the clump for a start; the parts are then looked at again as the dice
    read with a value leave them, and an unread box on which a die is read there gives way to it. A cut that fell
    across a die, its side face taken in, leaves it unread in a box of that shape; the part left over, drawn from the
    clump's own outline, holds the die as it lies (a white 4 beside a 2 it touched, whose box took in its side face
    and read no value, came out right).

    Synthetic scenes: on the sets tuned on and fresh seeds (5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of
    real crops), right 8872 -> 8910 of 9693 dice, unread 372 -> 331, missed 245 -> 246, sure wrongs 65 as they were,
    dice found where none lies 87 -> 88; on their perturbed copies (dim, dark, flat, noise, JPEG, soft, warm), right
    12549 -> 12609 of 13684, unread 437 -> 371, sure wrongs 90 -> 91. The real photos read alike. Looking again only
    without the unread boxes, the dice read in parts they had bounded were lost instead (a Rajas 6): right 8903."""
    found = dice + _read_leftovers(image, outline, dice, scale, side)
    valued = [one for one in found if one.die.value is not None]
    if len(valued) == len(found):
        return found
    more = _read_leftovers(image, outline, valued, scale, side)
    unread = [
        one
        for one in found
        if one.die.value is None and all(distance(one.die, k.die) > APART[0] * k.side for k in more)
    ]
    return valued + unread + more


def _read_leftovers(
    image: np.ndarray, outline: np.ndarray, dice: list[Found], scale: float, side: float
) -> list[Found]:
    """The dice in the parts of a cut blob (its `outline`) that the dice read from its cuts leave uncovered (see
    leftover.py), a part two dice long read as its halves too (see cuts.halved)."""
    covered = [(one.die.center[0] * scale, one.die.center[1] * scale, one.side * scale) for one in dice]
    size = (image.shape[1] * scale, image.shape[0] * scale)
    regions = leftovers(outline, covered, side, (round(size[0]), round(size[1])))
    siblings = tuple((x, y) for x, y, _ in covered)
    found: list[Found] = []
    for region in regions:
        read = read_region(image, region, scale, side, is_piece=True, siblings=siblings)
        found += [one for one in halved(image, region, read, siblings, scale, side) if one is not None]
    # Only a value makes a die of a part left over: unread, it is as likely a side face or the rest of a die read.
    return [
        one
        for one in found
        if one.die.value is not None and all(distance(one.die, k.die) > APART[0] * k.side for k in dice)
    ]


def _whole_or_sure_cut(
    image: np.ndarray,
    cuts: Callable[[], tuple[segment.Ways, segment.Ways]],
    whole: Found | None,
    blob: segment.Region | None,
    scale: float,
    side: float,
) -> list[Found]:
    """A blob most likely one die (see segment.Candidate.cuts_if_unread) whose `whole` reads no value: the dice of
    a way of cutting it that reads as dice all sure (two dice, one in front of the other, or a clump of dice all
    touching that the die size, told by their pips, took for one); short of that, those of a way whose pieces all
    read a value, one of them at least sure, each keeping its confidence (a 2 and a 4 touching, the 4 read at 0.53,
    were once shown as one die unread); short of that, two dice side by side in its halves (see
    cuts.side_by_side); short of that, a sure piece that a way cut alone (see `_lone_piece`); else the die unread.

    When the blob read whole is no die at all (not a pip in it: two dice side by side, their pips too small for a
    box two dice long), the sure dice of a way of cutting it stand even where its other pieces read nothing; a way
    whose pieces all read a value, one of them sure, is still preferred. (Taken first, the sure dice alone had left
    out a white 6 read at 0.697 beside another read at 0.704: synthetic scenes, 2 dice more right over 9693 and 2
    over the 13684 of the perturbed copies, nothing lost.)"""
    partitions, grids = cuts()
    read = read_cuts(image, partitions + grids, scale, side)
    ways = [cut for cut in read if len(cut) >= 2]
    if sure := _sure_way(read, side / scale):
        return sure
    valued = [cut for cut in ways if any(is_sure(one) for one in cut) and all(has_value(one) for one in cut)]
    if valued:
        return _dice_of_surest(valued, side / scale, has_value)
    if whole is None:
        partly = [cut for cut in ways if any(is_sure(one) for one in cut)]
        return _dice_of_surest(partly, side / scale, is_sure) if partly else []
    if blob is None:
        return []
    if pair := side_by_side(image, blob, scale, side):
        return pair
    alone = [one for cut in read if len(cut) == 1 and is_sure(one := cut[0])]
    return _lone_piece(image, alone, blob.contour, scale, side) or _parted_faces(image, blob, [whole], scale, side)


def _sure_way(read: list[list[Found | None]], die_side: float) -> list[Found]:
    """The dice of the surest way of cutting a blob into two dice or more that all read surely; none without one."""
    sure = [cut for cut in read if len(cut) >= 2 and all(is_sure(one) for one in cut)]
    return _dice_of_surest(_fullest(sure), die_side, is_sure) if sure else []


def _fullest(ways: list[list[Found | None]]) -> list[list[Found | None]]:
    """The ways of cutting a blob, all of whose pieces read surely, that hold the most dice: a way that leaves a die
    out reads no less surely for it. Two 1s beside a 6, read as one 6 whole, were cut into the two 1s alone (1.0)
    and into all three (0.99): the surer left the 6 out."""
    most = max(len(way) for way in ways)
    return [way for way in ways if len(way) == most]


def _may_be_two(whole: Found, die_side: float, across: float) -> bool:
    """Whether a blob most likely one die (see segment.Candidate.cuts_if_unread), read whole with a value (`whole`),
    may hold two dice still: the value is only a guess, or the blob's box is wider than a die (OVERSIZED) across its
    shorter side (`across`), which a die seen at an angle does not widen. Its ways of cutting are then read, and one
    whose dice all read surely stands for it (see `_sure_way`). The blob's box, not the box the value was read in:
    that may have been moved onto the pips read (see region.read_region), a die's size whatever the blob's.

    Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops): a 1 and a 6 touching,
    read as one 6 (0.70, a sure wrong), and a 1 beside a 1 read as one guessed 4, came out right; right
    10463 -> 10467, sure wrongs 63 -> 62, pictures read exactly 1205 -> 1207, nothing lost. Their changed copies
    (eval_robustness, seed 5, nine changes) and the real photos read as they did; a frame takes as long. Measured on
    the blob's box rather than the box read (and the fullest sure way taken, see `_fullest`): two 1s beside a 6, read
    as one 6 in a box moved onto its pips, came out right (webcam-slight seed 2026, scene 14): right 10469 -> 10471,
    missed 253 -> 251, pictures read exactly 1210 -> 1211, nothing else changed; on the changed copies right
    7051 -> 7053, missed 308 -> 306; the real photos read alike."""
    return whole.die.confidence < SURE_VALUE or across > OVERSIZED * die_side


def _lone_piece(image: np.ndarray, pieces: list[Found], outline: np.ndarray, scale: float, side: float) -> list[Found]:
    """The dice of a blob read whole as one die unread, when a way of cutting it made one piece only, read surely
    (the surest of such `pieces`): the piece and the dice read in what it leaves of the blob (its `outline`, see
    `_read_leftovers`) when one of them is sure too, for the blob held two dice (a 1 seen at an angle against a 3,
    their top faces two thirds of a die wide); else the piece alone, as a guess, for it may hold a side face's pips
    with the top's (a 1 seen at an angle, its pip and one of its side face's read as a 2), or none.

    Synthetic webcam and Rajas scenes: 3 dice read right (as guesses) and one read wrong (a guess) of 4 shown
    unread on the seeds tuned on (7, 41, 97, 2026); on seeds held out (5, 11), 3 dice read right that were unread
    or left out, one of them in the place of a die found where none lies. The real photos read alike."""
    if not pieces:
        return []
    piece = max(pieces, key=lambda one: one.die.confidence)
    rest = _read_leftovers(image, outline, [piece], scale, side)
    return [piece, *rest] if any(is_sure(one) for one in rest) else [as_guess(piece)]


def _dice_of_surest(
    ways: list[list[Found | None]], die_side: float, kept: Callable[[Found | None], TypeGuard[Found]]
) -> list[Found]:
    """The dice `kept` of the surest way of cutting a blob (see `sureness`), apart from one another."""
    best = max(ways, key=lambda cut: sureness(cut, die_side))
    return apart(by_sureness([one for one in best if kept(one)]), APART[0])


def _parted_by_colour(
    image: np.ndarray, by_colour: Callable[[], tuple[segment.Region, ...]] | None, scale: float, side: float
) -> list[Found]:
    """The dice of a blob most likely one die, read as one, when its parts by colour all read as sure dice of their
    own (a blue 3 partly over a violet 3 read as one 3); none otherwise."""
    parts = by_colour() if by_colour is not None else ()
    if len(parts) < 2:
        return []
    points = tuple(part.rect[0] for part in parts)
    cut = [
        read_region(image, part, scale, side, is_piece=True, siblings=siblings(points, at))
        for at, part in enumerate(parts)
    ]
    return [one for one in cut if one is not None] if all(is_sure(one) for one in cut) else []


def sureness(cut: list[Found | None], die_side: float) -> float:
    """Mean confidence of a way of reading a blob, a piece that is no die or has no value counting as 0, and a
    piece wider than a die (see OVERSIZED) or drawn out past a die seen at an angle (see found.DRAWN_OUT_BOX) as
    half its confidence: either may hold two dice read as one (a 1 read on the lit white between two 2s once
    outweighed the cut that read them both)."""
    read = [one for one in cut if one is not None and one.die.value is not None]
    weights = [
        0.5 if one.side > OVERSIZED * die_side or one.length >= DRAWN_OUT_BOX * one.side else 1.0 for one in read
    ]
    return sum(one.die.confidence * weight for one, weight in zip(read, weights, strict=True)) / max(len(cut), 1)


OVERSIZED = 1.1
"""Shorter side, in die sides, over which a piece of a clump holds more than one die (a die and part of its
neighbour, read as one die, that a cut into more pieces would have read apart). It is also the widest side a die
read keeps other readings away by (see found.apart): on synthetic scenes held out from tuning (seeds 5, 11, 13),
a tray die that was missed and a webcam die read surely wrong came out right; on the seeds tuned on (7, 41, 97,
2026), a Rajas die that was missed was found unread. Nothing else changed, on the real photos neither."""


def _in_larger_faces(dice: list[Found], read: list[Found]) -> list[Found]:
    """The dice kept from a blob's ways of cutting, each die read surely from two pips or more that are all pips of a
    larger face read in the blob another way (`read`: the blob whole, and every way's pieces) given as that face, a
    guess for the table to confirm. A piece cut across a die reads part of its face (two pips of a 5 on a diagonal,
    a sure 2) while another way read the whole face, often less surely: which is right, the pieces cannot tell, but a
    sure value on part of a face is the worse of the two. A lone pip tells nothing so (any face holds one): five 1s
    read right would have become guesses.

    Synthetic scenes (seeds 5, 7, 11, 17, 19, 31, 41, 43, 97, 2026, composites of real crops): two sure wrongs (a 3 read
    as a 2, a 6 as a 3) came out right as guesses, 3 dice found where none lies went (2s read on one 5), nothing else
    changed; their changed copies (eval_robustness, seed 5): a sure wrong (a 5 read as a 2) came out right as a guess,
    nothing else changed; the real photos read alike. Made guesses of their own value instead, the two sure wrongs
    became wrong guesses and the extra dice stayed."""
    return [_in_larger_face(one, read) for one in dice]


def _in_larger_face(one: Found, read: list[Found]) -> Found:
    if not is_sure(one) or len(one.pips_at) < 2:
        return one
    count = len(one.pips_at)
    larger = [other for other in read if len(other.pips_at) > count and pips_on(one, [other]) == count]
    if not larger:
        return one
    return as_guess(max(larger, key=lambda other: (len(other.pips_at), other.die.confidence)))
