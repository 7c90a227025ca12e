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
from vision.reading import SURE_VALUE
from vision.scoring import Labels, LabelsError, Score, read_labels, score


def check_reader_command(args: argparse.Namespace, config: Config) -> int:
    """Score the reader, with the table's colour calibration, on the labelled examples (`--examples DIR` or
    `--examples DIR/labels.jsonl`, by default the table's own); print the figures, the confusion of values and every
    die not read right. A line of the labels that cannot be used is named on stderr and left out, the others are
    scored, and the exit status is then 1."""
    labels = _labels_file(args.examples, config)
    if not labels.exists():
        if args.examples:
            where = "" if labels == args.examples else " (a folder of labelled examples holds a labels.jsonl)"
            return _cannot_score(args, labels, FileNotFoundError(f"{labels} does not exist{where}"))
        return _no_examples_yet(args, labels, labels.parent)
    try:
        read = read_labels(labels)
    except (LabelsError, OSError) as exc:
        return _cannot_score(args, labels, exc)
    if not read.examples and not read.unusable:  # every example forgotten (its roll taken back) leaves it empty
        return _no_examples_yet(args, labels, labels)
    reader = functools.partial(read_dice, calibration=load_calibration(config.data_dir()))
    result = score(read.examples, reader, labels.parent)
    if args.json:
        print(json.dumps({"labels": str(labels), **result.to_dict(), "unusable_lines": read.unusable}))
    else:
        print("\n".join(report(result, labels, len(read.unusable))))
    return _unusable_lines(args, labels, read)


def _labels_file(examples: Path | None, config: Config) -> Path:
    """The labels.jsonl to score: the one given, or the one in the folder given, or the table's own."""
    if examples is not None and (examples.is_file() or examples.suffix == ".jsonl"):
        return examples
    return (examples or config.data_dir() / EXAMPLES) / "labels.jsonl"


def _unusable_lines(args: argparse.Namespace, labels: Path, read: Labels) -> int:
    """Name on stderr each line of the labels left out (with --json as one JSON object naming the file and the
    lines); the exit status: 1 when any was, else 0."""
    if not read.unusable:
        return 0
    if args.json:
        said = {"labels": str(labels), "error": "\n".join(read.unusable), "unusable_lines": read.unusable}
        print(json.dumps(said), file=sys.stderr)
    else:
        print("\n".join(f"companion: {line}" for line in read.unusable), file=sys.stderr)
    return 1


def _no_examples_yet(args: argparse.Namespace, labels: Path, where: Path) -> int:
    """Say there is nothing to score yet; with --json as the figures of an empty score plus a note, so that a script
    reading them finds the same keys as on any other run."""
    note = f"no examples yet in {where}: correcting a roll read by the camera on the dashboard saves one"
    if args.json:
        print(json.dumps({"labels": str(labels), **Score().to_dict(), "unusable_lines": [], "note": note}))
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


def report(result: Score, labels: Path, unusable: int = 0) -> list[str]:
    """The score as lines of text; `unusable`: how many lines of the labels were left out (named on stderr)."""
    lines = [f"reader on {labels}: {result.pictures} pictures, {result.dice} labelled dice"]
    value, colour = result.value_accuracy(), result.colour_accuracy()
    if value is not None:
        lines.append(f"values read right: {result.right} of {result.dice} ({value:.1%})")
        lines.append(
            f"values read wrong, surely: {result.wrong}; guessed (confidence under {SURE_VALUE}, not counted but "
            f"asked of the table): {result.guessed_right} right, {result.guessed_wrong} wrong"
        )
    if colour is not None:
        lines.append(f"colours read right: {result.colour_right} of {result.coloured} ({colour:.1%})")
    lines.append(
        f"unread: {result.unread}, missed: {result.missed}, found where none lies: {result.extra}, "
        f"pictures read exactly: {result.exact} of {result.pictures}"
    )
    lines += _confusion(result)
    if result.misreads:
        lines += ["not read right:", *(f"  {m.describe()}" for m in result.misreads)]
    if result.unreadable:
        lines += ["left out, unreadable:", *(f"  {u}" for u in result.unreadable)]
    if unusable:
        lines.append(f"left out, lines of the labels that cannot be used: {unusable} (named on stderr)")
    return lines


def _confusion(result: Score) -> list[str]:
    """The confusion of values as lines of text, a guess counted as the value guessed (none without any die)."""
    if not result.confusion:
        return []
    lines = [
        "true value (rows) against value read, guesses too (columns, ? unread):",
        "     " + "".join(f"{v:>4}" for v in ("?", 1, 2, 3, 4, 5, 6)),
    ]
    for true in range(1, 7):
        counts = [result.confusion[(true, read)] for read in (None, 1, 2, 3, 4, 5, 6)]
        if any(counts):
            lines.append(f"  {true}  " + "".join(f"{c:>4}" for c in counts))
    return lines
