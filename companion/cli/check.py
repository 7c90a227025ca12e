"""`companion check-reader`: the reader scored on this table's own corrected rolls (see vision/scoring.py)."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from pathlib import Path

from companion.cli.errors_text import os_error_text
from companion.config import Config
from companion.devices.calibration import load_calibration
from companion.devices.examples import EXAMPLES
from vision.reader import read_dice
from vision.scoring import LabelsError, Score, load_examples, score


def check_reader_command(args: argparse.Namespace, config: Config) -> int:
    """Score the reader, with the table's colour calibration, on the labelled examples (`--examples DIR`, by default
    the table's own); print the figures, the confusion of values and every die not read right."""
    folder: Path = args.examples or config.data_dir() / EXAMPLES
    labels = folder / "labels.jsonl"
    if not labels.exists():
        if args.examples:
            missing = FileNotFoundError(f"{labels} does not exist (a folder of labelled examples holds a labels.jsonl)")
            return _cannot_score(args, labels, missing)
        return _no_examples_yet(args, labels, folder)
    try:
        examples = load_examples(labels)
    except (LabelsError, OSError) as exc:
        return _cannot_score(args, labels, exc)
    if not examples:  # every example forgotten (its roll taken back) leaves the file, empty
        return _no_examples_yet(args, labels, labels)
    read = functools.partial(read_dice, calibration=load_calibration(config.data_dir()))
    result = score(examples, read, folder)
    if args.json:
        print(json.dumps({"labels": str(labels), **result.to_dict()}))
    else:
        print("\n".join(report(result, labels)))
    return 0


def _no_examples_yet(args: argparse.Namespace, labels: Path, where: Path) -> int:
    """Say there is nothing to score yet; with --json as the figures of an empty score plus a note, so that a script
    reading them finds the same keys as on any other run."""
    note = f"no examples yet in {where}: correcting a roll read by the camera on the dashboard saves one"
    if args.json:
        print(json.dumps({"labels": str(labels), **Score().to_dict(), "note": note}))
    else:
        print(note)
    return 0


def _cannot_score(args: argparse.Namespace, labels: Path, exc: Exception) -> int:
    """Say why the examples cannot be scored (a malformed or unreadable labels file), on stderr: with --json as one
    JSON object naming the file and the error, for a script reading the output; exit status 1."""
    message = os_error_text(exc) if isinstance(exc, OSError) else str(exc)
    if args.json:
        print(json.dumps({"labels": str(labels), "error": message}), file=sys.stderr)
    else:
        print(f"companion: {message}", file=sys.stderr)
    return 1


def report(result: Score, labels: Path) -> list[str]:
    """The score as lines of text."""
    lines = [f"reader on {labels}: {result.pictures} pictures, {result.dice} labelled dice"]
    value, colour = result.value_accuracy(), result.colour_accuracy()
    if value is not None:
        lines.append(f"values read right: {result.right} of {result.dice} ({value:.1%})")
    if colour is not None:
        lines.append(f"colours read right: {result.colour_right} of {result.coloured} ({colour:.1%})")
    lines.append(
        f"unread: {result.unread}, missed: {result.missed}, found where none lies: {result.extra}, "
        f"pictures read exactly: {result.exact} of {result.pictures}"
    )
    if result.confusion:
        lines += [
            "true value (rows) against value read (columns, ? unread):",
            "     " + "".join(f"{v:>4}" for v in ("?", 1, 2, 3, 4, 5, 6)),
        ]
        for true in range(1, 7):
            counts = [result.confusion[(true, read)] for read in (None, 1, 2, 3, 4, 5, 6)]
            if any(counts):
                lines.append(f"  {true}  " + "".join(f"{c:>4}" for c in counts))
    if result.misreads:
        lines += ["not read right:", *(f"  {m.describe()}" for m in result.misreads)]
    if result.unreadable:
        lines += ["left out, unreadable:", *(f"  {u}" for u in result.unreadable)]
    return lines
