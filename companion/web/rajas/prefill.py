"""The hand-entry roll form filled in from the camera's last settled reading, when that reading is of this roll.

The camera plays a roll only when it read every rolled die (see Rajas.roll_move); otherwise the table enters
it by hand, and the dice the camera did read surely are already tapped in. Sure dice that find no row are
named to the table, never dropped without a word. A roll form the rules or the form's reader refused is drawn again
as the player posted it, never filled in from the camera over what they tapped (`Posted`, `as_posted`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from companion.errors import CompanionError
from companion.games.rajas.camera import is_rolled
from companion.games.rajas.definition import COLORS
from companion.web.rajas.field_words import name_fields_for_the_page
from vision.reading import sure_value

Die = Mapping[str, Any]


def fresh_roll(settled: Mapping[str, Any] | None, since: float) -> list[Die] | None:
    """The rolled dice of a settled reading (JSON form, with "at") that settled after `since`, else None."""
    # A reading settled before the game's last event was of an earlier roll, or of no roll at all.
    if settled is None or float(settled.get("at", 0.0)) <= since:
        return None
    return [die for die in settled.get("dice", []) if is_rolled(die.get("zone"))]


def sure_die(die: Die) -> tuple[str, int] | None:
    """(colour, value) of a die read surely and named with a Rajas colour, else None."""
    value, color = sure_value(die), die.get("color")
    return (str(color), int(value)) if value is not None and color in COLORS else None


@dataclass(frozen=True)
class Prefill:
    """The roll rows filled in from a reading, with the rolled dice the camera could not put in a row."""

    rows: list[dict[str, Any]]
    unread: int = 0  # rows left for the table to tap for dice the camera saw but could not read surely
    extra: tuple[tuple[str, int], ...] = ()  # (colour, value) of dice read surely that are not part of this roll
    unseen: int = 0  # rows left for the table to tap for dice the camera did not see at all


def prefilled(rows: Sequence[Mapping[str, Any]], dice: Sequence[Die] | None) -> Prefill:
    """The roll rows, each with the "value" (and "pick", the colour of a free row) the camera read surely, how
    many rows it left open (the dice the table is asked to tap: an unsure die with no row left for it is no rolled
    die to tap, a rolled die the camera did not see is one), and the sure dice no row was left for; no reading
    (None) fills nothing in.
    A row left open for a die the camera saw but could not read holds that die's box ("seen", see `_pin_unsure`)."""
    filled: list[dict[str, Any]] = [{**row, "value": None, "pick": None, "seen": None} for row in rows]
    if dice is None:
        return Prefill(filled)
    sure = [found for found in map(sure_die, dice) if found is not None]
    extra: list[tuple[str, int]] = []
    for color, value in sure:
        open_rows = [row for row in filled if row["value"] is None]
        row = next((r for r in open_rows if r["color"] == color), None)
        row = row or next((r for r in open_rows if r["color"] is None), None)
        if row is None:  # a die left from an earlier roll, or of a colour not rolled: the table must hear of it
            extra.append((color, value))
        else:
            row.update(value=value, pick=None if row["color"] else color)
    unsure = [die for die in dice if sure_die(die) is None]
    _pin_unsure(filled, unsure)
    # Each die seen but not read surely takes an open row; the rows left over are dice the camera did not see (a
    # blue die not on the table): said apart, "could not read" named a die nobody had put down.
    left_open = sum(row["value"] is None for row in filled)
    unread = min(left_open, len(unsure))
    return Prefill(filled, unread, tuple(extra), left_open - unread)


def _pin_unsure(rows: list[dict[str, Any]], unsure: Sequence[Die]) -> None:
    """Give each die the camera saw but could not read surely an open row: one of its colour, else a free one (its
    colour then picked), with the die's box ("seen"). The table is shown that die in the row, so it knows which die
    on the table to look at, and the value it taps is known to be that die's (a labelled example, see
    devices/examples.py). A die with no row left, or no box, stays counted as unread only."""
    for die in unsure:
        box = die.get("bbox")
        if not (isinstance(box, list | tuple) and len(box) == 4 and all(isinstance(v, int | float) for v in box)):
            continue
        color = die.get("color") if die.get("color") in COLORS else None
        open_rows = [row for row in rows if row["value"] is None and row["seen"] is None]
        row = next((r for r in open_rows if r["color"] is not None and r["color"] == color), None)
        row = row or next((r for r in open_rows if r["color"] is None), None)
        if row is not None:
            row.update(seen=[int(v) for v in box], pick=row["pick"] if row["color"] else color)


def reading_mark(roll: Prefill) -> str:
    """What a reading puts in the roll form, in short: each row's value and colour and whether it holds a die to
    tap, and the dice with no row. The table page compares it to tell a reading that changes the form from the same
    dice settling again, which changes nothing at the table (static/rajas.js)."""
    told = [(row["value"], row["pick"], row["seen"] is not None) for row in roll.rows]
    return hashlib.sha256(repr((told, roll.unread, roll.extra, roll.unseen)).encode()).hexdigest()[:16]


DICE_REFUSALS = ("rajas.refused.roll_offer", "rajas.refused.reroll_mismatch")
"""The refusals of a roll that does not show the dice to roll: the rows left empty are what is missing."""


@dataclass(frozen=True)
class Posted:
    """A form the player posted and that was refused, to draw again as posted: its fields, the field a malformed
    form was refused for ("dice.2.value"), and whether the rules refused the dice shown as a whole."""

    form: MultiDict[str, str]
    field: str | None = None
    is_about_dice: bool = False

    def is_for(self, seq: int) -> bool:
        """Whether the form was drawn for the table as it is now: one drawn before another move is not put back."""
        return (self.form.get("if_seq") or "").strip() in ("", str(seq))


def refused_form(
    form: MultiDict[str, str] | None, refusal: Mapping[str, Any] | None, error: CompanionError | None
) -> Posted | None:
    """The posted form of a refusal (`refusal`: the verdict's JSON form) or of an error, None without a form. The
    error's field is named in the page's words from here on (field_words): this is the page drawing it."""
    name_fields_for_the_page(error)
    if form is None:
        return None
    field = (error.details.get("field") if error is not None else None) or None
    reason = (refusal or {}).get("reason") or {}
    return Posted(form, str(field) if field else None, reason.get("key") in DICE_REFUSALS)


def as_posted(rows: Sequence[Mapping[str, Any]], posted: Posted) -> list[dict[str, Any]]:
    """The roll rows as the player posted them (each row's colour and value, ticked or not, and the box of the die
    it showed), each with what is "wrong" with it: "field" for the row of the field a malformed form was refused
    for, "missing" for a row left without a value when the rules refused the dice shown, else None."""
    shown: list[dict[str, Any]] = []
    for number, row in enumerate(rows):
        color = (posted.form.get(f"dice.{number}.color") or "").strip()
        value = _face(posted.form.get(f"dice.{number}.value"))
        if posted.field is not None and posted.field.startswith(f"dice.{number}."):
            wrong: str | None = "field"
        else:
            wrong = "missing" if posted.is_about_dice and value is None else None
        pick = None if row["color"] or color not in COLORS else color
        seen = _box(posted.form.get(f"dice.{number}.seen"))
        shown.append({**row, "value": value, "pick": pick, "seen": seen, "wrong": wrong})
    return shown


def _face(raw: str | None) -> int | None:
    text = (raw or "").strip()
    return int(text) if text in ("1", "2", "3", "4", "5", "6") else None


def _box(raw: str | None) -> list[int] | None:
    parts = (raw or "").split(",")
    if len(parts) != 4 or not all(re.fullmatch(r"-?[0-9]{1,9}", part.strip()) for part in parts):
        return None
    return [int(part) for part in parts]
