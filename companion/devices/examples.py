"""Corrected camera rolls saved as labelled examples of this table's own dice (labels.jsonl, images/).

The same format as the development photos, so the reader can be scored on the table's dice with
`companion check-reader` (vision/scoring.py), or with the development harness:
`python eval_reader.py --labels <data>/examples/labels.jsonl --python vision.evaluation:read_path`.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.devices.example_sync import StandingRoll, example_name, examples_of, standing_rolls
from companion.devices.roll_frames import FRAMES, RollFrames
from companion.events.bus import GameEventAppended
from companion.service import Companion
from vision.reading import sure_value
from vision.storage import write_atomically
from vision.zones import TABLE

log = logging.getLogger(__name__)

FrameLookup = Callable[[str], np.ndarray | None]
EXAMPLES = "examples"
"""The folder, in the data directory, where a table's corrected rolls are saved as labelled examples."""
KEPT_EXAMPLES = 1000
"""How many examples the table keeps, the latest (the rest forgotten, oldest first): about 200 MB of pictures at
1280x720, on a Pi's SD card, where every roll the table finishes by hand from the camera's picture adds one."""
KEPT_ROLL_FRAMES = 64
"""How many of the last camera rolls keep their frame (as JPEG, about a tenth of a megabyte at 1280x720) for a
correction to save. The camera keeps only its last few settled scenes (camera.KEPT_SETTLED_FRAMES), and every die
put down after a roll settles a new one, so a roll corrected a few turns later had lost its frame. They are kept on
disk too (<examples>/frames/, see roll_frames.py): a roll played before a restart or a power cut is still saved."""


def labelled(seen: list[dict[str, Any]], corrected: list[Any]) -> list[dict[str, Any]] | None:
    """Every die the camera saw (`seen`, the reading's dice), labelled with the corrected roll's values: one to one
    when the roll was every die seen; else the roll is the dice on the open table (no zone, or the table's), in the
    reading's order, as a game that keeps dice in zones plays it (Rajas: the Kali statues, the players' areas), and
    a kept die is labelled with the value read surely, or none (unknown). None when the numbers do not agree.

    None then means the roll has no example at all, not one of the dice that still match. A die the table added
    (the camera missed it) has no box, and check-reader (vision/scoring.py) scores every die read that matches no
    labelled box as found where none lies, and cannot be told a die is missing from the labels: a re-read that
    finds the missed die would count as a false find, one that misses it again as exact. A die the table took out
    (something read as a die) leaves it unknown which box was the roll's. Labelling only part of the picture would
    make those figures untrue, and the format holds no "incomplete" mark, so the example is left out whole."""
    on_table = _on_table(seen)
    if len(seen) == len(corrected):
        rolled = list(range(len(seen)))
    elif len(on_table) == len(corrected):
        rolled = on_table
    else:
        return None
    values = {at: die for at, die in zip(rolled, corrected, strict=True) if isinstance(die, dict)}
    if len(values) != len(rolled):
        return None
    return [
        {"value": values[at].get("value"), "color": values[at].get("color"), "bbox": die["bbox"]}
        if at in values
        else _as_read(die)
        for at, die in enumerate(seen)
    ]


def told_by_colour(
    seen: list[dict[str, Any]], told: list[Any], shown: list[Any] | None = None
) -> list[dict[str, Any]] | None:
    """Every die the camera saw (`seen`), the dice on the open table labelled with a roll told die by die with its
    colours (`told`): for each colour, the dice the form showed from the picture take the values tapped beside
    them (`shown`: their boxes, values and colours, see web/rajas/moves.seen_dice), the dice read surely the values
    told that they show, and the others the values left, when there is one die left or one value; kept dice as in
    `labelled`. None when a die on the table has no colour, a colour's dice are not as many as told, or which
    unread die showed which value is not known (two dice unread, not shown, told a 2 and a 5)."""
    on_table = _on_table(seen)
    if len(on_table) != len(told) or not all(isinstance(die, dict) for die in told):
        return None
    values: dict[int, Any] = {}
    for colour in {seen[index].get("color") for index in on_table} | {die.get("color") for die in told}:
        dice = [index for index in on_table if seen[index].get("color") == colour]
        left = [die.get("value") for die in told if die.get("color") == colour]
        if colour is None or len(dice) != len(left):
            return None
        unsure = []
        for index, value in _shown_values(seen, dice, shown or [], colour):
            if index not in values and value in left:
                left.remove(value)
                values[index] = value
        dice = [index for index in dice if index not in values]
        for index in dice:
            value = sure_value(seen[index])
            if value is not None and value in left:
                left.remove(value)
                values[index] = value
            else:
                unsure.append(index)
        if len(unsure) > 1 and len(set(left)) > 1:
            return None
        values.update(zip(unsure, left, strict=True))
    return [{**_as_read(die), "value": values[at]} if at in values else _as_read(die) for at, die in enumerate(seen)]


def _shown_values(seen: list[dict[str, Any]], dice: list[int], shown: list[Any], colour: Any) -> list[tuple[int, Any]]:
    """The dice of one colour (indices into `seen`) that the roll form showed, each with the value tapped beside it:
    a die shown is the one of that box, and the row it was shown in was told in its colour."""
    boxes = {tuple(seen[index].get("bbox") or ()): index for index in dice}
    return [
        (boxes[tuple(one["bbox"])], one.get("value"))
        for one in shown
        if isinstance(one, dict) and one.get("color") == colour and tuple(one.get("bbox") or ()) in boxes
    ]


def _on_table(seen: list[dict[str, Any]]) -> list[int]:
    """Where the dice on the open table (no zone, or the table's) are among the dice seen: a roll's."""
    return [index for index, die in enumerate(seen) if die.get("zone") in (None, TABLE)]


def _as_read(die: dict[str, Any]) -> dict[str, Any]:
    """A die seen labelled as the camera read it: its value if read surely, else none (unknown)."""
    return {"value": sure_value(die), "color": die.get("color"), "bbox": die["bbox"]}


class ExampleCollector:
    """Listens for corrections of camera rolls and writes the frame with the corrected dice: after a correction, an
    undo or a redo alike, the game's examples are brought in line with what stands (see `reconcile`)."""

    def __init__(self, service: Companion, frames: FrameLookup, folder: Path) -> None:
        self.service = service
        self.frames = frames
        self.folder = folder
        self.saved = 0
        self._lock = threading.Lock()
        self._roll_frames = RollFrames(folder / FRAMES, KEPT_ROLL_FRAMES)
        service.bus.subscribe(GameEventAppended, self._on_event)

    def _on_event(self, event: GameEventAppended) -> None:
        if event.type in ("undo", "redo"):
            self.reconcile(event.game_id)
            return
        if event.type == "move":
            reading = event.payload.get("reading") or {}
            self._keep_frame(reading)
            if event.payload.get("origin") != "camera" and reading:
                self._save_told(event, reading)
            return
        if event.type == "correction":
            # Worked out from what stands, as after an undo or a redo: the same standing roll, the same example,
            # whichever way the table came to it (a correction of an example's roll replaces or drops its labels).
            kept = self.reconcile(event.game_id)
            self._say_if_unsaved(event, kept)

    def _say_if_unsaved(self, event: GameEventAppended, kept: set[str]) -> None:
        """Log why a correction of a camera roll left that roll with no example: its dice cannot be matched to the
        boxes the camera saw, or its frame is no longer kept."""
        target = event.payload.get("target")
        played = next((e for e in self.service.events(event.game_id) if e.seq == target), None)
        reading = (played.payload.get("reading") if played else None) or {}
        name = example_name(event.game_id, int(target)) if isinstance(target, int) else None
        if not reading.get("frame_id") or name in kept:
            return
        if labelled(reading.get("dice") or [], event.payload.get("move", {}).get("dice") or []) is None:
            log.info("correction of roll %s changes the number of dice the camera saw; it has no example", name)
        else:
            log.warning("correction of roll %s not saved as an example: its roll's frame is no longer kept", name)

    def _save_told(self, event: GameEventAppended, reading: dict[str, Any]) -> None:
        """A roll the table finished by hand from the camera's reading (its unread dice told): the picture with the
        dice told, when it is clear which die was told which value (see `told_by_colour`)."""
        move = event.payload.get("move") or {}
        dice = told_by_colour(reading.get("dice", []), move.get("dice") or [], reading.get("told"))
        image = self._frame(reading.get("frame_id"))
        if dice is None or image is None:
            log.info(
                "roll %s-%s told by hand not saved as an example: which die is which is not clear",
                event.game_id,
                event.seq,
            )
            return
        self.save(image, dice, f"{event.game_id}-{event.seq}")

    def reconcile(self, game_id: str) -> set[str]:
        """Make a game's examples say what now stands, and name those it then holds: an example of a roll taken
        back, back to the camera's reading as read, or corrected to dice that cannot be matched to the boxes seen
        (see `labelled`) is forgotten; one whose standing dice differ from its labels is labelled again (its picture
        kept, even when the roll's frame no longer is); a roll corrected or told that stands with no example (put
        back by redo, or just corrected) is saved while its frame is kept."""
        session = self.service.session(game_id)
        # Under the game's lock nothing is appended meanwhile: the examples follow one state of the log. (The lock
        # is taken before the collector's own, as when a page appends under it and this collector then saves.)
        with session.lock:
            rolls = standing_rolls(game_id, self.service.events(game_id), session.timeline.standing)
            wanted = {name: _canonical(standing_labels(roll)) for name, roll in rolls.items()}
            with self._lock:
                kept = examples_of(self._label_lines(), game_id)
                changed = {
                    name: dice for name, dice in wanted.items() if name in kept and dice not in (None, kept[name])
                }
                self._forget({name for name in kept if wanted.get(name) is None})
                self._relabel(changed)
            held = {name for name in kept if wanted.get(name) is not None}
            for name, dice in wanted.items():
                if dice is not None and name not in kept and self._save_again(name, rolls[name], dice):
                    held.add(name)
            return held

    def _save_again(self, name: str, roll: StandingRoll, dice: list[dict[str, Any]]) -> bool:
        """Save the example of a standing roll that has none (put back by redo, or just corrected), if its frame is
        still kept; whether it was."""
        image = self._frame(roll.reading.get("frame_id"))
        if image is None:
            # Said at every undo or redo of that game while the roll stands: quietly, not to wear a Pi's SD card.
            log.debug("roll %s stands again but is not saved as an example: its frame is no longer kept", name)
            return False
        self.save(image, dice, name)
        return True

    def _keep_frame(self, reading: dict[str, Any]) -> None:
        """Keep the frame of a roll the camera played (its settled scene, still the camera's latest)."""
        frame_id = reading.get("frame_id")
        image = self.frames(frame_id) if isinstance(frame_id, str) and frame_id else None
        if image is None:
            return
        ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 95])
        if ok:
            self._roll_frames.keep(str(frame_id), encoded.tobytes())

    def _frame(self, frame_id: Any) -> np.ndarray | None:
        """The frame of a roll: kept with its move (in memory, or on disk from before a restart), else still among
        the camera's settled scenes."""
        if not isinstance(frame_id, str) or not frame_id:
            return None
        kept = self._roll_frames.get(frame_id)
        image = cv2.imdecode(np.frombuffer(kept, np.uint8), cv2.IMREAD_COLOR) if kept else None
        return image if image is not None else self.frames(frame_id)

    def save(self, image: np.ndarray, dice: list[dict[str, Any]], name: str) -> Path:
        """Write one labelled example (image first, then its label line, flushed to disk); an example of that name
        already kept (the same roll corrected again) is replaced: its line goes, the latest labels stand."""
        with self._lock:
            images = self.folder / "images"
            images.mkdir(parents=True, exist_ok=True)
            path = images / f"{name}.jpg"
            self._forget_line(f"images/{path.name}")
            if not cv2.imwrite(str(path), image):
                raise OSError(f"could not write {path}")
            line = {
                "image": f"images/{path.name}",
                "dice": dice,
                "size": [int(image.shape[1]), int(image.shape[0])],
                "source": "table correction",
                "license": "this table's own photos",
            }
            with (self.folder / "labels.jsonl").open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(line) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            self.saved += 1
            self._keep_latest()
            return path

    def _forget_line(self, image: str) -> None:
        """Drop the label line of one picture, if there is one (the file replaced at once)."""
        labels = self.folder / "labels.jsonl"
        if not labels.exists():
            return
        lines = labels.read_text(encoding="utf-8").splitlines()
        kept = [line for line in lines if _image_of(line) != image]
        if len(kept) != len(lines):
            write_atomically(labels, "".join(line + "\n" for line in kept))

    def _label_lines(self) -> list[str]:
        """The lines of labels.jsonl (none before the first example)."""
        labels = self.folder / "labels.jsonl"
        return labels.read_text(encoding="utf-8").splitlines() if labels.exists() else []

    def _forget(self, names: set[str]) -> None:
        """Forget some examples: their label lines first (the file replaced at once), then their pictures, so that a
        power cut leaves at worst a picture no line names. The caller holds the lock."""
        if not names:
            return
        images = {f"images/{name}.jpg" for name in names}
        lines = self._label_lines()
        write_atomically(
            self.folder / "labels.jsonl", "".join(f"{line}\n" for line in lines if _image_of(line) not in images)
        )
        for image in images:
            (self.folder / image).unlink(missing_ok=True)

    def _relabel(self, labels: dict[str, list[dict[str, Any]]]) -> None:
        """Give some examples new dice, their pictures kept as they are (the file replaced at once). The caller holds
        the lock."""
        if not labels:
            return
        by_image = {f"images/{name}.jpg": dice for name, dice in labels.items()}
        lines = []
        for line in self._label_lines():
            image = _image_of(line)
            lines.append(json.dumps({**json.loads(line), "dice": by_image[image]}) if image in by_image else line)
        write_atomically(self.folder / "labels.jsonl", "".join(f"{line}\n" for line in lines))

    def _keep_latest(self) -> None:
        """Forget the oldest examples past KEPT_EXAMPLES: the label lines first (the file replaced at once), then
        their pictures, so that a power cut leaves at worst a picture no line names."""
        labels = self.folder / "labels.jsonl"
        lines = labels.read_text(encoding="utf-8").splitlines()
        if len(lines) <= KEPT_EXAMPLES:
            return
        dropped, kept = lines[: len(lines) - KEPT_EXAMPLES], lines[len(lines) - KEPT_EXAMPLES :]
        write_atomically(labels, "".join(line + "\n" for line in kept))
        for line in dropped:
            try:
                image = json.loads(line).get("image")
            except json.JSONDecodeError:
                continue
            if isinstance(image, str) and image.startswith("images/"):
                (self.folder / image).unlink(missing_ok=True)


def standing_labels(roll: StandingRoll) -> list[dict[str, Any]] | None:
    """The labels of a standing roll's example: its dice as corrected, else as told by hand; None when it should
    have none (the camera's reading as read, or dice that cannot be matched to the picture's)."""
    seen = roll.reading.get("dice") or []
    if roll.is_corrected:
        return labelled(seen, roll.dice)
    if roll.is_told:
        return told_by_colour(seen, roll.dice, roll.reading.get("told"))
    return None


def _canonical(dice: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    """Labels as they read back from labels.jsonl, to compare with those saved."""
    return None if dice is None else json.loads(json.dumps(dice))


def _image_of(line: str) -> Any:
    """The picture a label line names (None for a line that is not one)."""
    try:
        found = json.loads(line)
    except json.JSONDecodeError:
        return None
    return found.get("image") if isinstance(found, dict) else None
