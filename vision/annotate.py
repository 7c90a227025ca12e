"""Drawing a reading on its frame: each die outlined in its colour, labelled with its value, colour and confidence
(`companion read-dice --annotate`), or with its value and confidence alone, no words (the dashboard's camera
picture, one for every screen whatever its language).

The labels are placed where they cover no other label, and as little of the other dice as can be: above the die,
else below it, left- or right-aligned, else beside it, always inside the frame. Dice lying close together (a clump, a
tray) had their labels drawn one over another, unreadable, and a die at the frame's right edge its label cut off.

The dashboard's labels are sized for the picture as a phone shows it, scaled down to its width whatever the camera's
frame size (`picture_label_style`); an annotated copy's for the photo opened on a computer (`copy_label_style`).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.reading import DiceReading, Die, is_guess
from vision.zones import Zones

_OUTLINE = {
    "blue": (255, 120, 30),
    "green": (60, 200, 60),
    "orange": (0, 140, 255),
    "violet": (200, 60, 160),
    "red": (40, 40, 230),
    "white": (245, 245, 245),
    "black": (60, 60, 60),
}
_DOUBT = (0, 215, 255)
LEAST_INK = 300
"""Least sum of B, G and R of an outline's colour written as is on the dark band of a label: a black die's dark grey
(60, 60, 60) on it could not be read; such a label is written in _PALE_INK, the outline keeping the die's colour."""
_PALE_INK = (220, 220, 220)
_FONT = cv2.FONT_HERSHEY_SIMPLEX
ZONE_INK = (200, 200, 0)
"""Colour (BGR) of the zones' outlines and names: a teal no die is outlined in, so that a die lying on a zone's edge
keeps its own colour in sight (and its outline is drawn over the zone's)."""
ZONE_TEXT_SHARE = 0.7
"""Size of a zone's name beside that of a die's label: small, the dice are what the picture is for."""
_DIGITS_AT_ONE = 21.0
"""Height, in pixels, of a digit in OpenCV's simplex font at font scale 1."""

SHOWN_WIDTH = 320
"""Width, in CSS pixels, of the dashboard's camera picture on a phone held upright (a 360-pixel screen less the page's
margins): the narrowest it is shown, and the picture is scaled to it whatever the camera's frame size."""
LEGIBLE = 11.0
"""Height, in pixels on the screen, of a label's digits on the dashboard's picture: that of the capitals of the page's
own 16-pixel text."""

Box = tuple[int, int, int, int]
"""x0, y0, x1, y1."""


def annotate(frame: np.ndarray, reading: DiceReading, words: bool = True, zones: Zones | None = None) -> np.ndarray:
    """A copy of the frame with every die of the reading outlined and labelled (doubtful dice in amber); the colour
    named in the label only with `words` (see `_label`). With `zones`, the table's area and each zone are outlined
    first, under the dice, and the zones' names written last where no label covers them (see `draw_zones`)."""
    image = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR) if frame.ndim == 2 else frame.copy()
    font_scale, thickness = copy_label_style(*image.shape[:2]) if words else picture_label_style(image.shape[1])
    zone_style = (font_scale * ZONE_TEXT_SHARE, max(1, thickness // 2))
    if zones is not None:
        draw_zone_lines(image, zones, zone_style[1])
    boxes: list[Box] = [(x0, y0, x1, y1) for x0, y0, x1, y1 in (die.bbox for die in reading.dice)]
    texts, colours = [_label(die, words) for die in reading.dice], [_colour(die) for die in reading.dice]
    labels = draw_labelled(image, boxes, texts, colours, font_scale, thickness)
    if zones is not None:
        # Written last, where no die's label lies: a label drawn over a zone's name hid it ("player:orange").
        write_zone_names(image, zones, *zone_style, labels + boxes)
    return image


def draw_zones(
    image: np.ndarray, zones: Zones, font_scale: float, thickness: int, covered: list[Box] | None = None
) -> None:
    """The table's area (when it is not the whole frame) and each zone outlined on the image in thin ZONE_INK lines,
    each zone's name written small inside it, near its top-left corner, where none of the boxes `covered` lies: the
    table's owner sees whether the polygons of the zones file fit the table."""
    draw_zone_lines(image, zones, thickness)
    write_zone_names(image, zones, font_scale, thickness, covered or [])


def draw_zone_lines(image: np.ndarray, zones: Zones, thickness: int) -> None:
    """The table's area (when it is not the whole frame) and each zone outlined in thin ZONE_INK lines."""
    height, width = image.shape[:2]
    outlined = ((zones.table,) if zones.is_table_outlined else ()) + zones.zones
    for zone in outlined:
        points = np.array([(round(x * (width - 1)), round(y * (height - 1))) for x, y in zone.polygon], np.int32)
        cv2.polylines(image, [points.reshape(-1, 1, 2)], True, ZONE_INK, thickness, cv2.LINE_AA)


def write_zone_names(image: np.ndarray, zones: Zones, font_scale: float, thickness: int, covered: list[Box]) -> None:
    """Each zone's name on a dark band (readable on a pale table cloth as on a dark one), where `zone_name_places`
    puts it."""
    height, width = image.shape[:2]
    names = [zone.name for zone in zones.zones]
    places = zone_name_places(zones, width, height, font_scale, thickness, covered)
    for name, (x0, y0, x1, y1) in zip(names, places, strict=True):
        _, base = cv2.getTextSize(name, _FONT, font_scale, thickness)
        cv2.rectangle(image, (x0, y0), (x1, y1), (20, 20, 20), cv2.FILLED)
        cv2.putText(image, name, (x0 + 2, y1 - base - 1), _FONT, font_scale, ZONE_INK, thickness, cv2.LINE_AA)


def zone_name_places(
    zones: Zones, width: int, height: int, font_scale: float, thickness: int, covered: list[Box]
) -> list[Box]:
    """Where each zone's name goes, in the zones' order: inside the zone's top-left corner, else a row lower, or in
    its other corners, the first place that overlaps none of the boxes `covered` (the dice and their labels, as
    `place_labels` placed them) nor a name placed before; all overlapping, the one that overlaps them least."""
    placed: list[Box] = []
    for zone in zones.zones:
        (tw, th), base = cv2.getTextSize(zone.name, _FONT, font_scale, thickness)
        size = (min(tw + 4, width), min(th + base + 2, height))
        corner = min(zone.polygon, key=lambda p: p[0] + p[1])
        inner = (round(corner[0] * (width - 1)) + 2 * thickness, round(corner[1] * (height - 1)) + 2 * thickness)
        far = (max(x for x, _ in zone.polygon) * (width - 1), max(y for _, y in zone.polygon) * (height - 1))
        outer = (round(far[0]) - 2 * thickness, round(far[1]) - 2 * thickness)
        spots = [_inside(spot, width, height) for spot in _in_corners(inner, outer, size)]
        placed.append(min(spots, key=lambda spot: _covered(spot, placed + covered)))
    return placed


def _in_corners(inner: tuple[int, int], outer: tuple[int, int], size: tuple[int, int]) -> list[Box]:
    """The places for a zone's name of `size` (w, h) inside the box from `inner` (top-left) to `outer` (bottom-right),
    in order of preference: its top-left corner, one to three rows lower, its top-right, bottom-left and bottom-right
    corners, then just above the box."""
    (x0, y0), (x1, y1), (w, h) = inner, outer, size
    lower = [(x0, y0 + k * h, x0 + w, y0 + (k + 1) * h) for k in range(4)]
    return [
        *lower,
        (x1 - w, y0, x1, y0 + h),
        (x0, y1 - h, x0 + w, y1),
        (x1 - w, y1 - h, x1, y1),
        (x0, y0 - 2 * h, x0 + w, y0 - h),
    ]


def picture_label_style(width: int) -> tuple[float, int]:
    """The font scale and stroke of the labels on the dashboard's picture of a frame `width` pixels wide: its digits
    LEGIBLE pixels tall once the picture is scaled to SHOWN_WIDTH, their strokes about a tenth of that. A fixed size
    was unreadable on a phone, a 1280- or 4032-pixel frame shown 320 pixels wide."""
    digits = LEGIBLE * width / SHOWN_WIDTH
    return digits / _DIGITS_AT_ONE, max(1, round(digits / 10))


def copy_label_style(height: int, width: int) -> tuple[float, int]:
    """The font scale and stroke of the labels on an annotated copy of a photo (`read-dice --annotate`), opened at
    its full size or fitted into a window: in step with the photo's longer side, about 9 pixels tall at 800."""
    scale = max(height, width) / 800.0
    return max(0.35, 0.45 * scale), max(1, round(2 * scale))


def draw_labelled(
    image: np.ndarray,
    boxes: list[Box],
    texts: list[str],
    colours: list[tuple[int, int, int]],
    font_scale: float,
    thickness: int,
    backed: bool = True,
) -> list[Box]:
    """Each box outlined on the image, in its colour, and its text written beside it where `place_labels` puts it
    (on a dark band when `backed`); where the texts were written."""
    for (x0, y0, x1, y1), colour in zip(boxes, colours, strict=True):
        cv2.rectangle(image, (x0, y0), (x1, y1), colour, thickness)
    places = place_labels(boxes, texts, image.shape[1], image.shape[0], font_scale, thickness)
    for text, colour, (x0, y0, x1, y1) in zip(texts, colours, places, strict=True):
        if backed:
            cv2.rectangle(image, (x0, y0), (x1, y1), (20, 20, 20), cv2.FILLED)
        _, base = cv2.getTextSize(text, _FONT, font_scale, thickness)
        ink = colour if not backed or sum(colour) >= LEAST_INK else _PALE_INK
        cv2.putText(image, text, (x0 + 2, y1 - base - 1), _FONT, font_scale, ink, thickness)
    return places


def label_places(reading: DiceReading, width: int, height: int, font_scale: float, thickness: int) -> list[Box]:
    """Where each die's label goes, in the reading's order (see `place_labels`)."""
    boxes: list[Box] = [(x0, y0, x1, y1) for x0, y0, x1, y1 in (die.bbox for die in reading.dice)]
    return place_labels(boxes, [_label(die) for die in reading.dice], width, height, font_scale, thickness)


def place_labels(
    boxes: list[Box], texts: list[str], width: int, height: int, font_scale: float, thickness: int
) -> list[Box]:
    """Where the label of each box goes (texts drawn in OpenCV's simplex font), in order: of the places beside
    its box (see `_beside`), the first that overlaps no label placed before it and least of the other boxes; all
    of them overlapping a label, the one that overlaps labels least. Each lies inside the frame."""
    placed: list[Box] = []
    for index, (box, text) in enumerate(zip(boxes, texts, strict=True)):
        (tw, th), base = cv2.getTextSize(text, _FONT, font_scale, thickness)
        size = (min(tw + 4, width), min(th + base + 2, height))
        others = boxes[:index] + boxes[index + 1 :]
        spots = [_inside(spot, width, height) for spot in _beside(box, size)]
        placed.append(min(spots, key=lambda s: (_covered(s, placed), _covered(s, others))))
    return placed


def _beside(box: Box, size: tuple[int, int]) -> list[Box]:
    """The places for a label of `size` (w, h) around a die's box, in order of preference: above it, below it
    (left-aligned, then right-aligned), beside it (right, then left; level with its top, then its bottom), a row
    further above or below, then inside its top edge. The places beside and further off are for the dashboard's
    labels, wide beside dice far off on a phone, in a clump."""
    x0, y0, x1, y1 = box
    w, h = size
    return [
        (x0, y0 - h, x0 + w, y0),
        (x0, y1, x0 + w, y1 + h),
        (x1 - w, y0 - h, x1, y0),
        (x1 - w, y1, x1, y1 + h),
        (x1, y0, x1 + w, y0 + h),
        (x0 - w, y0, x0, y0 + h),
        (x1, y1 - h, x1 + w, y1),
        (x0 - w, y1 - h, x0, y1),
        (x0, y0 - 2 * h, x0 + w, y0 - h),
        (x0, y1 + h, x0 + w, y1 + 2 * h),
        (x0, y0, x0 + w, y0 + h),
    ]


def _inside(spot: Box, width: int, height: int) -> Box:
    """A label's place moved, not resized, to lie inside the frame."""
    x0, y0, x1, y1 = spot
    dx = -x0 if x0 < 0 else min(0, width - x1)
    dy = -y0 if y0 < 0 else min(0, height - y1)
    return (x0 + dx, y0 + dy, x1 + dx, y1 + dy)


def _covered(spot: Box, boxes: list[Box]) -> int:
    """How many pixels of `spot` the boxes cover (summed over the boxes)."""
    return sum(
        max(0, min(spot[2], b[2]) - max(spot[0], b[0])) * max(0, min(spot[3], b[3]) - max(spot[1], b[1])) for b in boxes
    )


def _colour(die: Die) -> tuple[int, int, int]:
    is_doubtful = die.value is None or die.color is None or is_guess(die.confidence)
    return _DOUBT if is_doubtful else _OUTLINE.get(die.color or "", (255, 255, 255))


def _label(die: Die, words: bool = True) -> str:
    """The value ("5", "5?" for a guess, "?" unread), with `words` the colour's name, and the confidence in percent
    ("5 blue (93%)"). Without words for the dashboard's camera picture: it is encoded once for every screen, whatever
    its language (and OpenCV's font has no accents); the die's colour is the outline's, and the pages name it in
    their reader's language beside the picture."""
    value = "?" if die.value is None else f"{die.value}?" if is_guess(die.confidence) else str(die.value)
    colour = f" {die.color or '?'}" if words else ""
    return f"{value}{colour} ({round(die.confidence * 100)}%)"
