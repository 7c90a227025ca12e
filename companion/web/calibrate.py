"""The colour calibration page: the camera's current dice, each given its colour name by a tap, learnt at once.

The frame shown is kept until the form comes back, so the colours are learnt from exactly what was shown.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections import OrderedDict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.devices.calibration import calibration_path
from companion.errors import MalformedRequest
from companion.errors import shown as quoted  # `shown` here is the token of the picture shown
from companion.i18n import join_list
from companion.i18n.lists import list_message
from companion.web.context import service
from companion.web.dice import DIE_COLORS
from companion.web.language import color_text, current_locale, message_text, said_text, t
from companion.web.pictures import die_picture, jpeg_base64
from vision.annotate import draw_labelled, picture_label_style
from vision.calibration import Calibration, calibrate_from_examples, taught_over
from vision.calibration_check import (
    AlikeColours,
    NamedUnlike,
    named_unlike,
    too_alike,
    white_dice,
    white_taken_for,
    whites_taken,
)
from vision.errors import CalibrationError
from vision.reading import DiceReading
from vision.storage import unwritten_reason

log = logging.getLogger(__name__)

calibrate = Blueprint("calibrate", __name__)

KEPT_PICTURES = 32
"""At most this many pictures shown on the calibration page are kept for their teaching to come back to: every
phone and every reload of the page shows (and keeps) a new one, and a player naming four dice on the tablet takes
a minute while others look; with four kept, a picture was forgotten under them."""
KEPT_BYTES = 160 * 2**20
"""And no more bytes of them than this (the newest always kept): 58 frames of 1280x720, but 4 of 12 megapixels, on
a Pi whose memory the camera and the service share."""
_DEFAULT = Calibration.default()
_snapshots: OrderedDict[str, tuple[np.ndarray, DiceReading]] = OrderedDict()
_lock = threading.Lock()


def _keep(frame: np.ndarray, reading: DiceReading) -> str:
    token = uuid.uuid4().hex
    with _lock:
        _snapshots[token] = (frame, reading)
        while len(_snapshots) > 1 and (
            len(_snapshots) > KEPT_PICTURES or sum(kept.nbytes for kept, _ in _snapshots.values()) > KEPT_BYTES
        ):
            _snapshots.popitem(last=False)
    return token


def _numbered_jpeg(frame: np.ndarray, reading: DiceReading) -> str:
    """The frame with each die outlined and numbered, the numbers over no other number (annotate.draw_labelled)."""
    image = frame.copy()
    boxes = [die.bbox for die in reading.dice]
    numbers = [str(number) for number in range(1, len(boxes) + 1)]
    # Sized as the camera page's labels, for the picture scaled to a phone's width (0.7 was 4 px tall on one).
    font_scale, thickness = picture_label_style(image.shape[1])
    draw_labelled(image, boxes, numbers, [_NUMBERED] * len(boxes), font_scale, thickness, backed=False)
    return jpeg_base64(image)


_NUMBERED = (0, 215, 255)


@calibrate.get("/calibrate")
def calibrate_page(error: str | None = None) -> str:
    """One die of each colour in view: the picture with numbered dice and a colour to pick for each."""
    # Back from a teaching that left dice out, the picture they were named on is shown again: "die 3" is that one.
    return _page(request.args.get("shown", ""), error)


def _page(shown: str, error: str | None = None, chosen: dict[int, str] | None = None, alike: Iterable[str] = ()) -> str:
    """The page on the picture kept under the token `shown` while it is kept, else on the camera's latest frame.
    `chosen`: the colour each die was named in a teaching refused (for the colours it made `alike`, their texts, or
    for the refusal `error`), for the player to change only what was refused."""
    worker = service().devices.get("camera")
    latest = worker.latest_frame() if worker is not None and hasattr(worker, "latest_frame") else None
    context: dict[str, Any] = {"has_camera": latest is not None, "colors": DIE_COLORS, "error": error}
    with _lock:
        kept = _snapshots.get(shown)
    if kept is not None:
        frame, reading = kept
        context.update(has_camera=True, token=shown, picture=_numbered_jpeg(frame, reading), dice=_dice(frame, reading))
    elif latest is not None:
        frame, reading = latest
        context.update(token=_keep(frame, reading), picture=_numbered_jpeg(frame, reading), dice=_dice(frame, reading))
    if kept is not None and chosen is not None:
        for number, die in enumerate(context["dice"], 1):
            die["color"] = chosen.get(number)
    context.update(_known_colours(getattr(worker, "calibration", None)), alike=list(alike))
    count = len(context.get("dice", []))  # a die named there is one of the picture shown: 1 to count
    context["left_out"] = _left_out_shown(request.args.getlist("left_out"), count)
    context["colourless"] = _colourless_shown(request.args.getlist("colourless"), count)
    return render_template("calibrate.html", **context)


def _known_colours(current: Calibration | None) -> dict[str, Any]:
    """The colours the camera knows, in the reader's language: taught at the table (`current`, those this teaching
    updated and those it kept apart), named as the default palette names them, and those of the active game's
    dice it cannot name at all (`missing`; of them, those the default palette could name are `restorable`), and the
    colours taught a white die never taught may be taken for (`white_taken_for`, see vision.calibration_check)."""
    known = (current or _DEFAULT).colours
    in_play = service().die_colours
    missing = [colour for colour in in_play if colour not in known]
    # White dice only matter where the game in play may have them (any dice, or white among its colours).
    taken = white_taken_for(current) if current is not None and (not in_play or "white" in in_play) else ()
    notes = current.notes if current is not None else {}
    return {
        "current": _names(known) if current is not None else "",
        "updated": _names(notes.get("examples", {})),
        "kept": _names(notes.get("kept", [])),
        "by_default": _names(current.by_default) if current is not None else "",
        "missing": _names(missing),
        "restorable": [colour for colour in missing if colour in _DEFAULT.centres],
        "white_taken_for": _names(taken),
        # Offered at the table and on this page (yellow), in no default palette: read once taught, not before.
        "untaught": _names(colour for colour in DIE_COLORS if colour not in known),
    }


def _names(colours: Iterable[str]) -> str:
    """Colour names in the reader's language, in the order the pages offer them."""
    ordered = sorted(colours, key=lambda c: (DIE_COLORS.index(c) if c in DIE_COLORS else len(DIE_COLORS), c))
    return join_list(current_locale(), [color_text(colour) for colour in ordered])


def _dice(frame: np.ndarray, reading: DiceReading) -> list[dict[str, Any]]:
    """Each die of the picture with the colour it reads as and its own picture, cut from the frame: the table
    names the die it sees, not a number to find on the large picture."""
    return [{"color": die.color, "picture": die_picture(frame, die.bbox)} for die in reading.dice]


def _colourless_shown(values: list[str], count: int) -> list[dict[str, Any]]:
    """The dice of the last teaching that showed almost no colour (vision.calibration.COLOURLESS), from the address
    the page was sent back to ("2:blue": die 2, named blue); anything else there, or a die past the `count` dice of
    the picture shown, is no such die and is not shown."""
    shown = []
    for value in values:
        number, _, named = value.partition(":")
        die = _die_number(number, count)
        if die is not None and named in DIE_COLORS:
            shown.append({"n": die, "named": named})
    return shown


def _left_out_shown(values: list[str], count: int) -> list[dict[str, Any]]:
    """The dice left out of the last teaching, from the address the page was sent back to ("3:red:blue": die 3,
    named red, looks blue); anything else there, or a die past the `count` dice shown, is not shown."""
    shown = []
    for value in values:
        number, named, looks = (value.split(":") + ["", ""])[:3]
        die = _die_number(number, count)
        if die is not None and named in DIE_COLORS and looks in DIE_COLORS:
            shown.append({"n": die, "named": named, "looks": looks})
    return shown


def _die_number(raw: str, count: int) -> int | None:
    """The die `raw` numbers on a picture of `count` dice (1 to count), None when it numbers none. Only ASCII digits
    are a number ("²" is a digit to str.isdigit() that int() refuses), and no more of them than `count` has (int()
    refuses 5000)."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > len(str(count)):
        return None
    number = int(raw)
    return number if 1 <= number <= count else None


@calibrate.post("/calibrate")
def calibrate_save() -> Response | tuple[str, int] | str:
    """Learn the colours named in the form from the frame that was shown, save them, and use them at once."""
    token = request.form.get("token", "")
    with _lock:
        snapshot = _snapshots.get(token)
    # Refusals answer with an error status (a stale picture 409, a form naming no die 400, a teaching the colours
    # refuse 422), the page drawn again: a script or a monitor posting the form sees it was not saved.
    if snapshot is None:
        return _page("", error=t("page.calibrate.expired")), 409
    frame, reading = snapshot
    if not reading.dice:  # a tab left open on an empty table, or a second tap: the camera's latest picture instead
        return _page("", error=t("page.calibrate.had_no_dice")), 409
    posted = _posted_names(len(reading.dice))
    wrong = next(((number, name) for number, name in posted.items() if name not in DIE_COLORS), None)
    if wrong is not None:
        chosen = {number: name for number, name in posted.items() if name in DIE_COLORS}
        return _refused(token, _not_a_colour(*wrong), chosen)
    if not posted:  # answered on the same picture: on another, "die 3" would be another die
        return _page(token, error=t("page.calibrate.none_named")), 400
    examples = [(frame, reading.dice[number - 1].bbox, name) for number, name in posted.items()]
    numbers = list(posted)
    try:
        before = _current()  # the colours kept from it are compared too: the hint names one a die looks like
        calibration = taught_over(calibrate_from_examples(examples, before), before)
    except CalibrationError as exc:
        return _page(token, error=_teaching_refused(exc, numbers), chosen=posted), 422
    alike = too_alike(calibration)
    unlike = named_unlike(calibration, alike)
    whites = _whites_said(calibration, frame, reading, posted)
    if (alike or unlike or whites) and not request.form.get("insist"):  # saved so only when asked a second time
        said = [_alike_text(pair, list(posted.items()), calibration) for pair in alike]
        said += [_unlike_text(found, list(posted.items()), calibration) for found in unlike]
        return _page(token, chosen=posted, alike=said + whites)
    try:
        _save(calibration)
    except OSError as exc:
        return _page(token, error=_not_saved(exc), chosen=posted), 503
    return _saved_page(calibration, numbers, token)


def _saved_page(calibration: Calibration, numbers: list[int], token: str) -> Response:
    """Back to the page saying the colours were saved, and which dice (by `numbers`, one per example) were left out
    or showed almost no colour, on the picture they were named on (`token`)."""
    left_out = [f"{numbers[e['example']]}:{e['named']}:{e['looks']}" for e in calibration.notes.get("left_out", [])]
    colourless = [f"{numbers[e['example']]}:{e['named']}" for e in calibration.notes.get("colourless", [])]
    if left_out or colourless:
        return redirect(
            url_for("calibrate.calibrate_page", saved=1, left_out=left_out, colourless=colourless, shown=token)
        )
    return redirect(url_for("calibrate.calibrate_page", saved=1))


def _teaching_refused(error: CalibrationError, numbers: list[int]) -> str:
    """Why a teaching learnt nothing, in the reader's language: a die by its number on the page (`numbers`, one per
    example: the error counts examples from 0) and by the colour name it was given."""
    params = error.said[1] if error.said else {}
    example, colour = params.get("example"), params.get("colour")
    named: dict[str, Any] = {}
    if isinstance(example, int) and 0 <= example < len(numbers):
        named["die"] = numbers[example]
    if isinstance(colour, str):
        named["colour"] = color_text(colour)
    return said_text(error, **named)


def _posted_names(count: int) -> dict[int, str]:
    """The name the form gave each of the picture's `count` dice (by number, from 1), those left out not among
    them; a name the camera has no colour for is kept, for the refusal to name it."""
    names = {number: request.form.get(f"colour.{number}", "") for number in range(1, count + 1)}
    return {number: name for number, name in names.items() if name}


def _refused(token: str, refusal: MalformedRequest, chosen: dict[int, str]) -> tuple[str, int]:
    """A form refused whole, answered with the page drawn again on the picture it named (the dice `chosen` well
    still chosen) and saying why, for the player to pick again, not with an error page to go back from; raised to
    a client asking for JSON, which gets the API's error (companion.web.errors)."""
    if request.accept_mimetypes.best == "application/json":
        raise refusal
    return _page(token, error=message_text(refusal.details.get("said")), chosen=chosen), 400


def _not_a_colour(number: int, name: str) -> MalformedRequest:
    """The refusal of a colour name the camera has no colour for (a form from another version of the page): said
    in the reader's language on the page, in English to a client asking for JSON."""
    colours = list_message([{"key": f"color.{colour}"} for colour in DIE_COLORS], "or")
    said = {"key": "error.said.die_colour", "params": {"die": number, "value": quoted(name), "allowed": colours}}
    message = f"colour.{number} = {quoted(name)} is not one of {', '.join(DIE_COLORS)}"
    return MalformedRequest(message, field=f"colour.{number}", value=name, said=said)


def _alike_text(pair: AlikeColours, named: list[tuple[int, str]], calibration: Calibration) -> str:
    """Two colours too alike for the camera to tell apart, each with the dice (number, colour named: `named`, one
    per example) that taught it now, or "taught before", in the reader's language."""
    if pair.is_kept:
        second = t("page.calibrate.alike_kept", colour=color_text(pair.other))
    else:
        second = _colour_with_dice(pair.other, named, calibration)
    return t("page.calibrate.alike", first=_colour_with_dice(pair.taught, named, calibration), second=second)


def _unlike_text(found: NamedUnlike, named: list[tuple[int, str]], calibration: Calibration) -> str:
    """A colour whose dice (`named`, as for `_alike_text`) show another default colour's hue, in the reader's
    language."""
    return t(
        "page.calibrate.unlike",
        taught=_colour_with_dice(found.taught, named, calibration),
        named=color_text(found.taught),
        looks=color_text(found.looks),
    )


def _whites_said(
    calibration: Calibration, frame: np.ndarray, reading: DiceReading, posted: dict[int, str]
) -> list[str]:
    """The white dice of the picture, named nothing in this teaching, that its colours would have the camera read as
    another colour (see `whites_taken`), said in the reader's language; none, nothing said."""
    boxes = {number: die.bbox for number, die in enumerate(reading.dice, 1) if number not in posted}
    taken = whites_taken(calibration, white_dice(frame, boxes))
    if not taken:
        return []
    dice = join_list(current_locale(), [str(number) for number in sorted(taken)])
    names = join_list(current_locale(), [color_text(colour) for colour in dict.fromkeys(taken.values())], "or")
    return [t("page.calibrate.white_read_as", dice=dice, names=names, n=len(taken))]


def _colour_with_dice(colour: str, named: list[tuple[int, str]], calibration: Calibration) -> str:
    """A colour with the dice that taught it now ("blue (dice 1 and 3)"), those left out not among them."""
    left_out = {entry["example"] for entry in calibration.notes.get("left_out", [])}
    dice = [str(n) for i, (n, name) in enumerate(named) if name == colour and i not in left_out]
    listed = join_list(current_locale(), dice)
    return t("page.calibrate.alike_dice", colour=color_text(colour), dice=listed, n=len(dice))


@calibrate.post("/calibrate/keep")
def calibrate_keep() -> Response | tuple[str, int]:
    """Name the active game's colours the camera knows no more as the default palette names them (a teaching saved
    before the colours not shown were kept had dropped them)."""
    current = _current()
    if current is not None:
        try:
            _save(current.with_default(c for c in service().die_colours if c in _DEFAULT.centres))
        except OSError as exc:
            return _page("", error=_not_saved(exc)), 503
    return redirect(url_for("calibrate.calibrate_page"))


def _current() -> Calibration | None:
    """The table's colours as the camera uses them (None: the default palette)."""
    worker = service().devices.get("camera")
    return getattr(worker, "calibration", None)


def _not_saved(error: OSError) -> str:
    """Colours that could not be saved (a data folder read-only, a disk full), in the reader's language: why in
    plain words, that the colours saved before are kept, and that the picture is there to save again; in English
    in the log."""
    path = calibration_path(service().data_dir or Path("."))
    why = unwritten_reason(error, path)
    log.warning("colour calibration not saved in %s: %s (%s)", path, why, error)
    return f"{t('page.calibrate.not_saved', why=said_text(why))} {t('page.calibrate.save_again')}"


def _save(calibration: Calibration) -> None:
    """Save the table's colours, then use them: none used that could not be saved (OSError, nothing written)."""
    companion = service()
    if companion.data_dir is not None:
        calibration.save(calibration_path(companion.data_dir))
    worker = companion.devices.get("camera")
    if worker is not None and hasattr(worker, "calibration"):
        worker.calibration = calibration
