"""Scoring the reader on labelled pictures: above all a table's own corrected rolls (companion/devices/examples.py),
kept in the labels.jsonl format of the development photos, so that the reader is checked on the dice, the light
and the table it reads every evening (`companion check-reader`).

Each true die is matched to the die read whose box overlaps it most, at least MATCH_IOU of their union, best
overlaps first, each die read matched once. A true die so matched is read right when the values agree, unread when
the reader gave no value; a true die matched to none is missed, a die read and matched to none was found where none
lies. A die labelled with a colour and read with another, or with none, is listed among the misreads even when its
value is right: its value still counts as read right (value accuracy is about values alone), its colour as read
wrong. A picture is read exactly when every true die is read right, in value and in any colour it is labelled with,
and nothing is found beside them. A die labelled with no value is matched (what is read on it is not found where
none lies) but not scored; one labelled with no colour is scored on its value alone.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from vision.errors import VisionError
from vision.image_io import load_image
from vision.reading import DiceReading, Die

MATCH_IOU = 0.5
"""Least intersection over union of a true die's box and a read die's box for the two to be the same die."""

Box = tuple[int, int, int, int]


class LabelsError(VisionError, ValueError):
    """A labels.jsonl that is malformed (names the file, the line and what is wrong)."""


@dataclass(frozen=True)
class TrueDie:
    """A die as labelled: its value (None when the label gives none), colour (None when not given) and box."""

    value: int | None
    color: str | None
    bbox: Box


@dataclass(frozen=True)
class Example:
    """One labelled picture: its image file and the dice on it."""

    image: Path
    dice: tuple[TrueDie, ...]


def load_examples(labels: Path) -> list[Example]:
    """The pictures of a labels.jsonl (image paths relative to its folder); LabelsError names a malformed line."""
    try:
        lines = labels.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise LabelsError(f"{labels}: cannot be read ({exc.strerror or exc})") from exc
    examples = []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            examples.append(_example(labels, number, line))
    return examples


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
    return Example(labels.parent / entry["image"], tuple(_true_die(where, die) for die in entry["dice"]))


def _true_die(where: str, die: Any) -> TrueDie:
    if not isinstance(die, dict):
        raise LabelsError(f"{where}: a die must be an object, got {die!r}")
    value, color, bbox = die.get("value"), die.get("color"), die.get("bbox")
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6):
        raise LabelsError(f"{where}: a die's value must be 1 to 6 or null, got {value!r}")
    if color is not None and not isinstance(color, str):
        raise LabelsError(f"{where}: a die's color must be a name or null, got {color!r}")
    if not (isinstance(bbox, list) and len(bbox) == 4 and all(isinstance(v, int | float) for v in bbox)):
        raise LabelsError(f"{where}: a die's bbox must be [x0, y0, x1, y1], got {bbox!r}")
    x0, y0, x1, y1 = (round(v) for v in bbox)
    if x1 <= x0 or y1 <= y0:
        raise LabelsError(f"{where}: a die's bbox must have x1 > x0 and y1 > y0, got {bbox!r}")
    return TrueDie(value, color, (x0, y0, x1, y1))


@dataclass(frozen=True)
class Misread:
    """A die not read right: the true die (None for a die found where none lies) and the die read (None when it
    was missed). Both given with the same value: the die's colour was read wrong, or not at all."""

    image: str
    truth: TrueDie | None
    read: Die | None

    @property
    def is_colour_only(self) -> bool:
        """Whether the die's value was read right and only its colour was not."""
        return self.truth is not None and self.read is not None and self.read.value == self.truth.value

    def describe(self) -> str:
        """One line for a person: what lay there and what was read."""
        truth = (
            "nothing" if self.truth is None else f"a {self.truth.value} ({self.truth.color or 'colour not labelled'})"
        )
        where = list(self.truth.bbox if self.truth is not None else self.read.bbox if self.read else ())
        if self.read is None:
            read = "missed"
        elif self.read.value is None:
            read = f"found unread ({self.read.color or 'colour unknown'})"
        elif self.is_colour_only:
            colour = f"with the wrong colour: {self.read.color}" if self.read.color else "with no colour"
            read = f"read {colour} (value right, {self.read.confidence:.2f})"
        else:
            read = f"read as {self.read.value} ({self.read.color or 'colour unknown'}, {self.read.confidence:.2f})"
        return f"{self.image}: {truth} at {where} {read}"


@dataclass
class Score:
    """What the reader made of the labelled dice (see the module's docstring)."""

    pictures: int = 0
    dice: int = 0
    right: int = 0
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
        """Share of the labelled dice read right (None without any)."""
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
            reading = read(load_image(example.image))
        except VisionError as exc:
            result.unreadable.append(f"{name}: {exc}")
            continue
        _score_picture(result, name, list(example.dice), list(reading.dice))
    return result


def _score_picture(result: Score, name: str, truth: list[TrueDie], read: list[Die]) -> None:
    result.pictures += 1
    pairs = _matched(truth, read)
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
        result.right += found.value == one.value
        result.unread += found.value is None
        if one.color is not None:
            result.coloured += 1
            result.colour_right += found.color == one.color
        # One misread for the die, whether its value, its labelled colour or both were read wrong.
        if found.value != one.value or one.color not in (None, found.color):
            result.misreads.append(Misread(name, one, found))
    matched = set(pairs.values())
    for index, found in enumerate(read):
        if index not in matched:
            result.extra += 1
            result.misreads.append(Misread(name, None, found))
    result.exact += len(result.misreads) == misreads_before


def _matched(truth: list[TrueDie], read: list[Die]) -> dict[int, int]:
    """Index of the die read matched to each true die matched (see MATCH_IOU), best overlaps first."""
    overlaps = sorted(
        ((_iou(t.bbox, r.bbox), i, j) for i, t in enumerate(truth) for j, r in enumerate(read)),
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


def _iou(a: Box, b: Box) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0.0
    inter = width * height
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)
