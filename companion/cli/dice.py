"""`companion read-dice` and `companion calibrate-colours`."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.config import Config
from companion.devices.calibration import calibration_path, load_calibration
from companion.errors import CompanionError, MalformedRequest
from companion.i18n import translate
from vision.annotate import annotate
from vision.calibration import COLOUR_NAMES, Calibration, calibrate_from_examples, taught_over
from vision.calibration_check import AlikeColours, NamedUnlike, named_unlike, too_alike, white_taken_for
from vision.errors import CalibrationError, VisionError
from vision.image_io import load_image
from vision.reader import read_dice
from vision.reading import SURE_VALUE, BBox, DiceReading
from vision.storage import unwritten_reason


def read_dice_command(args: argparse.Namespace, config: Config) -> int:
    """Read every image; one JSON object per image (--jsonl) or a line for a person.

    A folder --annotate cannot write into is said once, and the photos are still read and printed (exit 1)."""
    calibration = _table_calibration(config)
    failures = 0
    folder = args.annotate
    why = _unusable_folder(folder) if folder is not None else None
    if why is not None:
        failures += 1
        _say_error(args, {"annotate": str(folder)}, f"{folder}: {why}; the photos are read without annotated copies")
        folder = None
    written: set[str] = set()
    for path in args.images:
        started = time.perf_counter()
        try:
            image = load_image(path)
            reading = read_dice(image, calibration)
        except VisionError as exc:
            failures += 1
            _say_error(args, {"image": str(path)}, str(exc))
            continue
        _print_reading(args, path, reading, (time.perf_counter() - started) * 1000)
        if folder is not None:
            target = folder / _unused_name(path.stem, written)
            why = _write_jpeg(target, annotate(image, reading))
            if why is not None:
                failures += 1
                _say_error(args, {"image": str(path)}, f"{target}: cannot write the annotated copy ({why})")
    return 1 if failures else 0


def _print_reading(args: argparse.Namespace, path: Path, reading: DiceReading, ms: float) -> None:
    """One JSON object (--jsonl) or one line for a person: `a.jpg: 2 dice in 38 ms: 4 white (0.93), ? blue (0.00)`."""
    dice = [{k: d[k] for k in ("value", "color", "bbox", "confidence")} for d in reading.to_dict()["dice"]]
    if args.jsonl:
        print(json.dumps({"image": str(path), "dice": dice, "ms": round(ms, 1), "warnings": list(reading.warnings)}))
        return
    # What the reader warns of (a picture too small to hold a die, dim light) is said after the line, in words.
    noted = "".join(f" ({WARNING_WORDS.get(one, one)})" for one in reading.warnings)
    if not dice:
        print(f"{path}: no dice in {ms:.0f} ms{noted}")
        return
    each = ", ".join(_die_words(d) for d in dice)
    print(f"{path}: {len(dice)} {'die' if len(dice) == 1 else 'dice'} in {ms:.0f} ms: {each}{noted}")


def _die_words(die: dict[str, Any]) -> str:
    """`4 white (0.93)`; a value read under SURE_VALUE is said as the guess a game asks the table to confirm."""
    guessed = die["value"] is not None and die["confidence"] < SURE_VALUE
    how = f"{die['confidence']:.2f}, a guess to confirm" if guessed else f"{die['confidence']:.2f}"
    return f"{die['value'] or '?'} {die['color'] or 'of unknown colour'} ({how})"


WARNING_WORDS = {
    "image_too_small": "the picture is too small to hold a die: under 8x8 pixels",
    "dim_light": "dim light: brightened to be read, values may come out unsure",
}
"""The reader's warnings (vision.reading.DiceReading.warnings) as the command line says them."""


def _say_error(args: argparse.Namespace, where: dict[str, str], message: str) -> None:
    """A photo or a folder that could not be used, on stderr: a JSON object with --jsonl, else a line of words."""
    if args.jsonl:
        print(json.dumps({**where, "error": message}), file=sys.stderr)
    else:
        print(f"companion: {message}", file=sys.stderr)


def _unusable_folder(folder: Path) -> str | None:
    """None when annotated copies can be written into `folder` (made if missing), else why not."""
    try:
        if folder.exists() and not folder.is_dir():
            return "not a folder (a file has that name), so no annotated copy can be written there"
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot make the folder for the annotated copies ({exc.strerror or exc})"
    return None


def _unused_name(stem: str, written: set[str]) -> str:
    """`STEM.annotated.jpg`, or `STEM-2.annotated.jpg`, `-3`... when this run has written that name already."""
    name, copy = f"{stem}.annotated.jpg", 1
    while name.casefold() in written:  # casefolded: a FAT memory stick holds x.jpg and X.jpg as one file
        copy += 1
        name = f"{stem}-{copy}.annotated.jpg"
    written.add(name.casefold())
    return name


def _write_jpeg(target: Path, picture: np.ndarray) -> str | None:
    """Write `picture` to `target` as a JPEG; None, or why it could not be written."""
    ok, jpeg = cv2.imencode(".jpg", picture)
    if not ok:
        return "OpenCV cannot encode it as JPEG"
    try:
        out = target.open("wb")
    except OSError as exc:
        return exc.strerror or str(exc)
    try:
        with out:
            out.write(jpeg.tobytes())
    except OSError as exc:  # a full disk: the truncated picture would pass for a good one
        with contextlib.suppress(OSError):
            target.unlink()
        return exc.strerror or str(exc)
    return None


def calibrate_command(args: argparse.Namespace, config: Config) -> int:
    """Learn the table's die colours from images each showing one die of a named colour.

    Two colours that come out too alike for the camera to tell apart (see `too_alike`), or a colour whose die shows
    another default colour's hue (see `named_unlike`), are refused, and nothing is saved, unless --force: a colour
    shown by one die alone has no other die to catch a slip of its name."""
    named = _named_examples(args.examples)
    examples = [_example(colour, path) for colour, path in named]
    before = _table_calibration(config)  # a damaged file is named, and nothing written over it
    try:
        calibration = taught_over(calibrate_from_examples(examples, before), before)
    except CalibrationError as exc:
        raise MalformedRequest(str(exc)) from exc
    pairs = too_alike(calibration)
    alike = [_alike_said(pair, named, calibration) for pair in pairs]
    alike += [_unlike_said(found, named, calibration) for found in named_unlike(calibration, pairs)]
    if alike and not args.force:
        raise MalformedRequest(
            f"nothing saved: {'; '.join(alike)}. Check the colour named for each photo and teach again, or add --force "
            "to save the colours as named"
        )
    target = _save(calibration, config)
    for said in alike:
        print(f"warning: {said}; saved as named (--force)", file=sys.stderr)
    left_out = calibration.notes.get("left_out", [])
    for entry in left_out:
        item = args.examples[entry["example"]]
        print(f"left out {item}: its die looks {entry['looks']} beside the others; check its colour", file=sys.stderr)
    for entry in calibration.notes.get("colourless", []):
        item = args.examples[entry["example"]]
        print(
            f"warning: {item}: its die shows almost no colour, not {entry['named']}; check it is the die you meant "
            "(a white die named by a slip teaches that colour as white), and teach again if not",
            file=sys.stderr,
        )
    _say_colours(calibration)
    kept = len(examples) - len(left_out)
    print(f"calibration of {kept} colour example{'' if kept == 1 else 's'} saved to {target}")
    return 0


def _named_examples(items: list[str]) -> list[tuple[str, str]]:
    """(colour, photo) of each COLOUR=IMAGE argument, every one checked before any photo is read: a slip is told
    at once."""
    named = []
    for item in items:
        colour, sep, path = item.partition("=")
        if not sep or not colour or not path:
            raise MalformedRequest(f"{item!r}: expected COLOUR=IMAGE, e.g. blue=blue.jpg")
        colour = colour.strip().lower()
        if colour not in COLOUR_NAMES:
            raise MalformedRequest(f"{item!r}: {colour!r} is not a die colour; allowed: {', '.join(COLOUR_NAMES)}")
        named.append((colour, path))
    return named


def _example(colour: str, path: str) -> tuple[np.ndarray, BBox, str]:
    """The photo at `path` and the box of its one die, named `colour`."""
    try:
        image = load_image(Path(path))
        reading = read_dice(image)
    except VisionError as exc:  # its message names the photo and what is wrong with it
        raise MalformedRequest(str(exc)) from exc
    if len(reading.dice) != 1:
        raise MalformedRequest(f"{path}: expected exactly one die in view, found {len(reading.dice)}")
    return image, reading.dice[0].bbox, colour


def _alike_said(pair: AlikeColours, named: list[tuple[str, str]], calibration: Calibration) -> str:
    """Two colours too alike, each with the photos it was taught from now (or "taught before")."""
    other = "taught before" if pair.is_kept else _shown(pair.other, named, calibration)
    return (
        f"{pair.taught} ({_shown(pair.taught, named, calibration)}) and {pair.other} ({other}) look too alike for the "
        "camera to tell apart"
    )


def _unlike_said(found: NamedUnlike, named: list[tuple[str, str]], calibration: Calibration) -> str:
    """A colour whose die shows another default colour's hue, with the photos it was taught from."""
    return (
        f"{found.taught} ({_shown(found.taught, named, calibration)}) looks {found.looks} to the camera, not "
        f"{found.taught}, and {found.looks} dice would be read as {found.taught}"
    )


def _shown(colour: str, named: list[tuple[str, str]], calibration: Calibration) -> str:
    """The photos that taught `colour` now, those left out not among them."""
    left_out = {entry["example"] for entry in calibration.notes.get("left_out", [])}
    return ", ".join(path for i, (name, path) in enumerate(named) if name == colour and i not in left_out)


def _table_calibration(config: Config) -> Calibration | None:
    """The table's colour calibration (None: never taught); a damaged file is named."""
    try:
        return load_calibration(config.data_dir())
    except CalibrationError as exc:
        raise CompanionError(str(exc)) from exc


def _save(calibration: Calibration, config: Config) -> Path:
    """Save the table's calibration; where it was saved."""
    target = calibration_path(config.data_dir())
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        calibration.save(target)
    except OSError as exc:  # said as the calibration page says it, in English
        said = translate("en", "page.calibrate.not_saved", {"why": str(unwritten_reason(exc, target))})
        raise CompanionError(said) from exc
    return target


def _say_colours(calibration: Calibration) -> None:
    """Which colours this teaching updated, which it kept as taught before, which the default palette names."""
    lines = [
        ("updated", list(calibration.notes.get("examples", {}))),
        ("kept as taught before", calibration.notes.get("kept", [])),
        ("kept from the default palette (never taught)", list(calibration.by_default)),
        # A colour offered at the table (yellow) that no default names: a die of it is read only once taught.
        ("not read until taught", [name for name in COLOUR_NAMES if name not in calibration.colours]),
    ]
    for what, names in lines:
        if names:
            print(f"{what}: {', '.join(_in_order(names))}")
    if taken := white_taken_for(calibration):
        print(
            f"note: white was never taught; under a warm lamp a white die may be read as {' or '.join(taken)}: "
            "if you play with white dice, teach one as white too"
        )


def _in_order(names: list[str]) -> list[str]:
    return sorted(
        names, key=lambda name: (COLOUR_NAMES.index(name) if name in COLOUR_NAMES else len(COLOUR_NAMES), name)
    )
