"""The camera's last settled roll, kept on disk: the dice lying on the table when the service stops.

The game's log holds the rolls a game took. A roll the game did not take (its player had rolled already, no game
was active) is on the table all the same, and the camera, running, keeps it in mind: the same dice still lying
there are no new roll. Kept here, it is known after a restart or a power cut too, so that those dice are not played
then as the next player's roll. One small file, written atomically once per settled roll (see vision/storage.py):
after a power cut it holds that roll or the one before, whole.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from vision.reading import DiceReading
from vision.storage import write_json_atomically

log = logging.getLogger(__name__)

LAST_ROLL = "last_roll.json"
"""The file, in the data folder, that holds the camera's last settled roll."""


class LastRoll:
    """The last roll the camera saw settle, in the file `path`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._failing = False
        """Whether the last save failed: said once, not at every settled roll, until one is kept again."""

    def save(self, reading: DiceReading) -> None:
        """Keep `reading` as the last settled roll; a file that cannot be written is logged (once until a roll is
        kept again: a read-only folder logged it at every roll), and the roll still goes on to the game (only a
        restart over those same dice would then take them for a new roll)."""
        try:
            write_json_atomically(self.path, reading.to_dict())
        except OSError as exc:
            if not self._failing:
                log.warning("the camera's last roll could not be kept in %s: %s", self.path, exc)
            else:
                log.debug("the camera's last roll still could not be kept in %s: %s", self.path, exc)
            self._failing = True
            return
        if self._failing:
            log.info("the camera's last roll is kept again in %s", self.path)
        self._failing = False

    def load(self) -> DiceReading | None:
        """The last settled roll kept, or None when none is (a first start, or a file that is not one, logged)."""
        if not self.path.exists():
            return None
        try:
            return DiceReading.from_dict(json.loads(self.path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            log.warning("the camera's last roll kept in %s is unreadable, not used: %s", self.path, exc)
            return None
