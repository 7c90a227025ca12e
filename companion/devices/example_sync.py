"""Which of a game's rolls should be labelled examples, read from the moves that stand rather than from undo events.

An undo or a redo changes what stands: a roll taken back, a correction taken back with it (or alone), a roll put
back. Whatever an undo takes back, the examples of a game are worked out again from its standing moves and its log,
so that they always say what the table now holds to be the dice (see ExampleCollector.reconcile).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.events.store import StoredEvent


@dataclass(frozen=True)
class StandingRoll:
    """A standing move played from a camera picture: the reading, its dice as they stand, and how they were given."""

    reading: dict[str, Any]
    dice: list[Any]
    is_corrected: bool
    """A correction of this move is what stands (the camera's or the table's dice put right)."""
    is_told: bool
    """The dice were told by hand from the camera's picture, not played by the camera."""


def example_name(game_id: str, seq: int) -> str:
    """The name of the example of one roll: its game and the seq of its move (pictures are `images/<name>.jpg`)."""
    return f"{game_id}-{seq}"


def standing_rolls(
    game_id: str, events: Iterable[StoredEvent], standing: Iterable[tuple[int, Mapping[str, Any]]]
) -> dict[str, StandingRoll]:
    """The standing moves of a game that came with a camera picture, by example name, each as it stands now."""
    played: dict[int, dict[str, Any]] = {}
    corrections: dict[Any, list[Any]] = {}
    for event in events:
        if event.type == "move":
            played[event.seq] = event.payload
        elif event.type == "correction":
            corrections.setdefault(event.payload.get("target"), []).append(_as_json(event.payload.get("move")))
    rolls = {}
    for seq, move in standing:
        payload = played.get(seq) or {}
        reading = payload.get("reading") or {}
        dice = move.get("dice")
        if not reading.get("frame_id") or not isinstance(dice, list):
            continue
        now = _as_json(dict(move))
        # A correction that gave the very dice the camera read still stands as a correction: it was saved as one.
        is_corrected = now != _as_json(payload.get("move")) or now in corrections.get(seq, [])
        is_told = payload.get("origin") != "camera"
        rolls[example_name(game_id, seq)] = StandingRoll(reading, dice, is_corrected, is_told)
    return rolls


def examples_of(lines: Iterable[str], game_id: str) -> dict[str, Any]:
    """The labelled dice of a game's examples in the lines of labels.jsonl, by example name."""
    # "<game_id>-<digits>" only: the examples of game "a" are not those of game "a-2" ("a-2-7").
    named = re.compile(rf"images/({re.escape(game_id)}-\d+)\.jpg")
    found = {}
    for line in lines:
        try:
            label = json.loads(line)
        except json.JSONDecodeError:
            continue
        image = label.get("image") if isinstance(label, dict) else None
        match = named.fullmatch(image) if isinstance(image, str) else None
        if match:
            found[match.group(1)] = label.get("dice")
    return found


def _as_json(value: Any) -> Any:
    """A value as it reads back from the log (tuples as lists), so that a move compares equal to its stored self."""
    return json.loads(json.dumps(value))
