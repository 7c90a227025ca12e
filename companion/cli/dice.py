"""`companion read-dice` and `companion calibrate-colours`."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from companion.config import Config
from companion.devices.calibration import calibration_path, load_calibration
from companion.errors import MalformedRequest
from vision.annotate import annotate
from vision.calibration import COLOUR_NAMES, Calibration, calibrate_from_examples, taught_over
from vision.errors import VisionError
from vision.image_io import load_image
from vision.reader import read_dice


def read_dice_command(args: argparse.Namespace, config: Config) -> int:
    """Read every image; one JSON object per image (--jsonl) or a short text line."""
    calibration = load_calibration(config.data_dir())
    if args.annotate:
        args.annotate.mkdir(parents=True, exist_ok=True)
    failures = 0
    written: set[str] = set()
    for path in args.images:
        started = time.perf_counter()
        try:
            image = load_image(path)
            reading = read_dice(image, calibration)
        except VisionError as exc:
            failures += 1
            print(json.dumps({"image": str(path), "error": str(exc)}), file=sys.stderr)
            continue
        ms = (time.perf_counter() - started) * 1000
        dice = [{k: d[k] for k in ("value", "color", "bbox", "confidence")} for d in reading.to_dict()["dice"]]
        if args.jsonl:
            print(json.dumps({"image": str(path), "dice": dice, "ms": round(ms, 1)}))
        else:
            values = " ".join(f"{d['value'] or '?'}{(d['color'] or '?')[0]}" for d in dice)
            print(f"{path}: {len(dice)} dice [{values}] in {ms:.0f} ms")
        if args.annotate:
            target = args.annotate / _unused_name(path.stem, written)
            why = _write_jpeg(target, annotate(image, reading))
            if why is not None:
                failures += 1
                error = f"{target}: cannot write the annotated copy ({why})"
                print(json.dumps({"image": str(path), "error": error}), file=sys.stderr)
    return 1 if failures else 0


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
    """Learn the table's die colours from images each showing one die of a named colour."""
    named = []
    for item in args.examples:  # every argument checked before any photo is read: a slip is told at once
        colour, sep, path = item.partition("=")
        if not sep or not colour or not path:
            raise MalformedRequest(f"{item!r}: expected COLOUR=IMAGE, e.g. blue=blue.jpg")
        colour = colour.strip().lower()
        if colour not in COLOUR_NAMES:
            raise MalformedRequest(f"{item!r}: {colour!r} is not a die colour; allowed: {', '.join(COLOUR_NAMES)}")
        named.append((colour, path))
    examples = []
    for colour, path in named:
        image = load_image(Path(path))
        reading = read_dice(image)
        if len(reading.dice) != 1:
            raise MalformedRequest(f"{path}: expected exactly one die in view, found {len(reading.dice)}")
        examples.append((image, reading.dice[0].bbox, colour))
    before = load_calibration(config.data_dir())  # a damaged file is named, and nothing written over it
    calibration = taught_over(calibrate_from_examples(examples), before)
    target = calibration_path(config.data_dir())
    target.parent.mkdir(parents=True, exist_ok=True)
    calibration.save(target)
    left_out = calibration.notes.get("left_out", [])
    for entry in left_out:
        item = args.examples[entry["example"]]
        print(f"left out {item}: its die looks {entry['looks']} beside the others; check its colour", file=sys.stderr)
    _say_colours(calibration)
    kept = len(examples) - len(left_out)
    print(f"calibration of {kept} colour example{'' if kept == 1 else 's'} saved to {target}")
    return 0


def _say_colours(calibration: Calibration) -> None:
    """Which colours this teaching updated, which it kept as taught before, which the default palette names."""
    lines = [
        ("updated", list(calibration.notes.get("examples", {}))),
        ("kept as taught before", calibration.notes.get("kept", [])),
        ("kept from the default palette (never taught)", list(calibration.by_default)),
    ]
    for what, names in lines:
        if names:
            print(f"{what}: {', '.join(_in_order(names))}")


def _in_order(names: list[str]) -> list[str]:
    return sorted(
        names, key=lambda name: (COLOUR_NAMES.index(name) if name in COLOUR_NAMES else len(COLOUR_NAMES), name)
    )
