"""Dice lying on a card or a board tile: inside a large blob of one colour, what differs from that colour.

The foreground mask holds whatever is not table, so a die on a card is part of the card's blob, and cutting the
blob into die-sized cells reads bits of card. A blob much larger than a die and mostly of one colour is taken for a
card: its own colour is then table for what lies on it.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.reader import segment, table

CARD_AREA = 4.0
"""Die areas from which a blob may be a card rather than a die or a few."""
ONE_COLOUR = 0.5
"""Share of a card's inside near its median colour: a clump of dice of several colours is no card."""
EDGE = 2
"""Analysis pixels of a card's edge left out (its border, its shadow)."""


def dice_on_cards(lab: np.ndarray, mask: np.ndarray, side: float) -> list[segment.Candidate]:
    """The dice found on every card of the foreground (see module), each as a blob read whole."""
    h, w = mask.shape
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found: list[segment.Candidate] = []
    for contour in contours:
        if cv2.contourArea(contour) < CARD_AREA * side * side:
            continue
        x, y, bw, bh = cv2.boundingRect(contour)
        on_card = _off_the_card(lab[y : y + bh, x : x + bw], contour - np.array([x, y], np.int32))
        if on_card is not None:
            found += segment.lone_dice(on_card, side, (x, y), (w, h))
    return found


def _off_the_card(lab: np.ndarray, outline: np.ndarray) -> np.ndarray | None:
    """Within a card's box (Lab) and outline, what differs from the card's colour (uint8 0/255, holes filled);
    None when the blob is not mostly of one colour."""
    filled = np.zeros(lab.shape[:2], np.uint8)
    cv2.drawContours(filled, [outline], -1, 255, cv2.FILLED)
    inside = np.asarray(cv2.erode(filled, np.ones((2 * EDGE + 1, 2 * EDGE + 1), np.uint8)), np.uint8)
    if not cv2.countNonZero(inside):
        return None
    colour = np.median(lab[inside > 0], axis=0).astype(np.float32)[None, :]
    distance = table.distance_from(lab, colour)
    if distance is None or np.mean(distance[inside > 0] < table.LOWEST_LEVEL) < ONE_COLOUR:
        return None
    return cv2.bitwise_and(table.cleaned(distance, table.level_of(distance[inside > 0])), inside)
