"""Scoring the reader on labelled pictures: above all a table's own corrected rolls (companion/devices/examples.py),
kept in the labels.jsonl format of the development photos, so that the reader is checked on the dice, the light
and the table it reads every evening (`companion check-reader`).

Each true die is matched to the die read whose box overlaps it most, at least MATCH_IOU of their union, best
overlaps first, each die read matched once. A picture of one die labelled without a box (a crop of one die, as in
the shared development photos, "bbox": null) is matched as the shared harness matches it (eval_reader.py): to the
die read nearest the picture's centre.

A true die so matched is read right when the values agree and the value was read surely (a confidence of at least
vision.reading.SURE_VALUE); a value read under it is a guess, which the service does not count but asks the table
for, so a guess is counted apart, guessed right or guessed wrong, never read right; a die read surely with another
value is read wrong; a die read with no value is unread. A true die matched to none is missed, a die read and
matched to none was found where none lies. A die labelled with a colour and read with another, or with none, is
listed among the misreads even when its value is right: its value still counts as read right (value accuracy is
about values alone), its colour as read wrong. A picture is read exactly when every true die is read right, in
value and in any colour it is labelled with, and nothing is found beside them: a guess, even right, is asked of
the table, so the picture is not. A die labelled with no value is matched (what is read on it is not found where
none lies) but not scored; one labelled with no colour is scored on its value alone.

A line of labels.jsonl that cannot be used (not JSON, a value out of 1 to 6, a malformed box, several dice one of
which has no box) is named and left out by read_labels; the other lines are scored.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from vision.errors import VisionError
from vision.image_io import load_image
from vision.reading import SURE_VALUE, DiceReading, Die, is_guess

MATCH_IOU = 0.5
"""Least intersection over union of a true die's box and a read die's box for the two to be the same die."""

Box = tuple[int, int, int, int]


class LabelsError(VisionError, ValueError):
    """A labels.jsonl that is malformed (names the file, the line and what is wrong)."""


@dataclass(frozen=True)
class TrueDie:
    """A die as labelled: its value (None when the label gives none), colour (None when not given) and box (None
    for the one die of a picture labelled without one: a crop of one die)."""

    value: int | None
    color: str | None
    bbox: Box | None


@dataclass(frozen=True)
class Example:
    """One labelled picture: its image file and the dice on it."""

    image: Path
    dice: tuple[TrueDie, ...]


@dataclass(frozen=True)
class Labels:
    """The pictures of a labels.jsonl that can be scored, and the lines left out, each named with what is wrong."""

    examples: list[Example]
    unusable: list[str]


def read_labels(labels: Path) -> Labels:
    """The pictures of a labels.jsonl (image paths relative to its folder), a line that cannot be used named and
    left out; LabelsError when the file itself cannot be read."""
    try:
        lines = labels.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise LabelsError(f"{labels}: cannot be read ({exc.strerror or exc})") from exc
    examples, unusable = [], []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            try:
                examples.append(_example(labels, number, line))
            except LabelsError as exc:
                unusable.append(str(exc))
    return Labels(examples, unusable)


def load_examples(labels: Path) -> list[Example]:
    """The pictures of a labels.jsonl (image paths relative to its folder); LabelsError names the first line that
    cannot be used (read_labels goes on past it)."""
    read = read_labels(labels)
    if read.unusable:
        raise LabelsError(read.unusable[0])
    return read.examples


def _example(labels: Path, number: int, line: str) -> Example:
    where = f"{labels}, line {number}"
    try:
        entry = json.loads(line)
    except json.JSONDecodeError as exc:
        raise LabelsError(f"{where}: not JSON ({exc.msg})") from exc
    if (
        not isinstance(entry, dict)
        or not isinstance(entry.get("image"), str)
        or not isinstance(entry.get("dice"), list)
    ):
        raise LabelsError(f'{where}: wants an object with "image" (a path) and "dice" (a list)')
    dice = tuple(_true_die(where, die) for die in entry["dice"])
    if len(dice) > 1 and any(die.bbox is None for die in dice):
        raise LabelsError(
            f"{where}: a die without a bbox can be matched only on a picture of one die, and this one has "
            f"{len(dice)}: give each die its bbox [x0, y0, x1, y1]"
        )
    return Example(labels.parent / entry["image"], dice)


def _true_die(where: str, die: Any) -> TrueDie:
    if not isinstance(die, dict):
        raise LabelsError(f"{where}: a die must be an object, got {die!r}")
    value, color, bbox = die.get("value"), die.get("color"), die.get("bbox")
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6):
        raise LabelsError(f"{where}: a die's value must be 1 to 6 or null, got {value!r}")
    if color is not None and not isinstance(color, str):
        raise LabelsError(f"{where}: a die's color must be a name or null, got {color!r}")
    if bbox is None:
        return TrueDie(value, color, None)  # one die on its own picture: matched without a box (see _matched)
    if not (
        isinstance(bbox, list)
        and len(bbox) == 4
        and all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in bbox)
    ):
        raise LabelsError(f"{where}: a die's bbox must be [x0, y0, x1, y1] or null, got {bbox!r}")
    x0, y0, x1, y1 = (round(v) for v in bbox)
    if x1 <= x0 or y1 <= y0:
        raise LabelsError(f"{where}: a die's bbox must have x1 > x0 and y1 > y0, got {bbox!r}")
    return TrueDie(value, color, (x0, y0, x1, y1))


@dataclass(frozen=True)
class Misread:
    """A die not read right: the true die (None for a die found where none lies) and the die read (None when it
    was missed). Both given with the same value: the die's colour was read wrong, or not at all, or its value was
    only guessed (see is_guess)."""

    image: str
    truth: TrueDie | None
    read: Die | None

    @property
    def is_guess(self) -> bool:
        """Whether the true die's value was only guessed (read under SURE_VALUE): the table is asked for it."""
        return (
            self.truth is not None
            and self.read is not None
            and self.read.value is not None
            and is_guess(self.read.confidence)
        )

    @property
    def is_colour_only(self) -> bool:
        """Whether the die's value was read right, surely, and only its colour was not."""
        return (
            self.truth is not None
            and self.read is not None
            and self.read.value == self.truth.value
            and not self.is_guess
        )

    def describe(self) -> str:
        """One line for a person: what lay there and what was read."""
        truth = (
            "nothing" if self.truth is None else f"a {self.truth.value} ({self.truth.color or 'colour not labelled'})"
        )
        box = self.truth.bbox if self.truth is not None else self.read.bbox if self.read else None
        where = f" at {list(box)}" if box is not None else ""
        return f"{self.image}: {truth}{where} {self._what_was_read()}"

    def _what_was_read(self) -> str:
        if self.read is None:
            return "missed"
        if self.read.value is None:
            return f"found unread ({self.read.color or 'colour unknown'})"
        if self.is_colour_only:
            colour = f"with the wrong colour: {self.read.color}" if self.read.color else "with no colour"
            return f"read {colour} (value right, {self.read.confidence:.2f})"
        read = f"{self.read.value} ({self.read.color or 'colour unknown'}, {self.read.confidence:.2f})"
        if self.is_guess:
            right = "right" if self.truth is not None and self.read.value == self.truth.value else "wrong"
            return f"guessed {right} as {read}, too unsure to count: asked of the table"
        return f"read as {read}"


@dataclass
class Score:
    """What the reader made of the labelled dice (see the module's docstring). Each die scored is one of: read
    right, read wrong (surely), guessed right, guessed wrong, unread or missed."""

    pictures: int = 0
    dice: int = 0
    right: int = 0
    wrong: int = 0
    guessed_right: int = 0
    guessed_wrong: int = 0
    unread: int = 0
    missed: int = 0
    extra: int = 0
    exact: int = 0
    coloured: int = 0
    colour_right: int = 0
    confusion: Counter[tuple[int, int | None]] = field(default_factory=Counter)
    misreads: list[Misread] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)

    def value_accuracy(self) -> float | None:
        """Share of the labelled dice read right, surely (None without any)."""
        return self.right / self.dice if self.dice else None

    def colour_accuracy(self) -> float | None:
        """Share of the dice labelled with a colour, matched, whose colour was read right (None without any)."""
        return self.colour_right / self.coloured if self.coloured else None

    def to_dict(self) -> dict[str, Any]:
        """The score as JSON-ready data."""
        return {
            "pictures": self.pictures,
            "pictures_exact": self.exact,
            "dice": self.dice,
            "right": self.right,
            "wrong": self.wrong,
            "guessed_right": self.guessed_right,
            "guessed_wrong": self.guessed_wrong,
            "sure_value": SURE_VALUE,
            "unread": self.unread,
            "missed": self.missed,
            "extra": self.extra,
            "value_accuracy": self.value_accuracy(),
            "colour_accuracy": self.colour_accuracy(),
            "confusion": [
                {"true": true, "read": read, "count": count}
                for (true, read), count in sorted(self.confusion.items(), key=str)
            ],
            "misread": [m.describe() for m in self.misreads],
            "unreadable": self.unreadable,
        }


Reader = Callable[[np.ndarray], DiceReading]


def score(examples: Sequence[Example], read: Reader, root: Path | None = None) -> Score:
    """The reader `read` scored on the labelled pictures; a picture that cannot be loaded is listed as unreadable
    and left out. Images are named relative to `root` when given."""
    result = Score()
    for example in examples:
        name = (
            str(example.image.relative_to(root)) if root and example.image.is_relative_to(root) else str(example.image)
        )
        try:
            image = load_image(example.image)
            reading = read(image)
        except VisionError as exc:
            result.unreadable.append(f"{name}: {exc}")
            continue
        centre = (image.shape[1] / 2, image.shape[0] / 2)
        _score_picture(result, name, list(example.dice), list(reading.dice), centre)
    return result


def _score_picture(
    result: Score, name: str, truth: list[TrueDie], read: list[Die], centre: tuple[float, float]
) -> None:
    result.pictures += 1
    pairs = _matched(truth, read, centre)
    misreads_before = len(result.misreads)
    for index, one in enumerate(truth):
        if one.value is None:
            continue  # a die labelled with no value: what is read on it is neither right nor found where none lies
        result.dice += 1
        found = read[pairs[index]] if index in pairs else None
        if found is None:
            result.missed += 1
            result.misreads.append(Misread(name, one, None))
            continue
        result.confusion[(one.value, found.value)] += 1
        _score_value(result, one.value, found)
        if one.color is not None:
            result.coloured += 1
            result.colour_right += found.color == one.color
        # One misread for the die, whether its value, its labelled colour or both were read wrong, or it was guessed.
        if found.value != one.value or one.color not in (None, found.color) or is_guess(found.confidence):
            result.misreads.append(Misread(name, one, found))
    matched = set(pairs.values())
    for index, found in enumerate(read):
        if index not in matched:
            result.extra += 1
            result.misreads.append(Misread(name, None, found))
    result.exact += len(result.misreads) == misreads_before


def _score_value(result: Score, value: int, found: Die) -> None:
    """Count the value read on a matched die as unread, guessed right or wrong, or read right or wrong."""
    if found.value is None:
        result.unread += 1
    elif is_guess(found.confidence):
        result.guessed_right += found.value == value
        result.guessed_wrong += found.value != value
    else:
        result.right += found.value == value
        result.wrong += found.value != value


def _matched(truth: list[TrueDie], read: list[Die], centre: tuple[float, float]) -> dict[int, int]:
    """Index of the die read matched to each true die matched (see MATCH_IOU), best overlaps first; the one die of
    a picture labelled without a box, to the die read nearest the picture's centre."""
    if len(truth) == 1 and truth[0].bbox is None:
        if not read:
            return {}
        return {0: min(range(len(read)), key=lambda j: math.dist(_box_centre(read[j].bbox), centre))}
    overlaps = sorted(
        ((_iou(t.bbox, r.bbox), i, j) for i, t in enumerate(truth) for j, r in enumerate(read) if t.bbox is not None),
        reverse=True,
    )
    pairs: dict[int, int] = {}
    taken: set[int] = set()
    for overlap, i, j in overlaps:
        if overlap < MATCH_IOU:
            break
        if i not in pairs and j not in taken:
            pairs[i] = j
            taken.add(j)
    return pairs


def _box_centre(box: Box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _iou(a: Box, b: Box) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0.0
    inter = width * height
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)
