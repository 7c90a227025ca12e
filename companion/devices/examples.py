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

from companion.events.bus import GameEventAppended
from companion.service import Companion

log = logging.getLogger(__name__)

FrameLookup = Callable[[str], np.ndarray | None]
EXAMPLES = "examples"
"""The folder, in the data directory, where a table's corrected rolls are saved as labelled examples."""


class ExampleCollector:
    """Listens for corrections of camera rolls and writes the frame with the corrected dice."""

    def __init__(self, service: Companion, frames: FrameLookup, folder: Path) -> None:
        self.service = service
        self.frames = frames
        self.folder = folder
        self.saved = 0
        self._lock = threading.Lock()
        service.bus.subscribe(GameEventAppended, self._on_event)

    def _on_event(self, event: GameEventAppended) -> None:
        if event.type != "correction":
            return
        target = next((e for e in self.service.events(event.game_id) if e.seq == event.payload.get("target")), None)
        reading = (target.payload.get("reading") if target else None) or {}
        image = self.frames(reading.get("frame_id", "")) if reading.get("frame_id") else None
        corrected = event.payload.get("move", {}).get("dice")
        if image is None or not isinstance(corrected, list):
            return
        seen = reading.get("dice", [])
        if len(seen) != len(corrected):
            log.info("correction of event %s changes the number of dice; not saved as an example", target)
            return
        dice = [
            {"value": c.get("value"), "color": c.get("color"), "bbox": s["bbox"]}
            for c, s in zip(corrected, seen, strict=True)
        ]
        self.save(image, dice, f"{event.game_id}-{event.seq}")

    def save(self, image: np.ndarray, dice: list[dict[str, Any]], name: str) -> Path:
        """Write one labelled example (image first, then its label line, flushed to disk)."""
        with self._lock:
            images = self.folder / "images"
            images.mkdir(parents=True, exist_ok=True)
            path = images / f"{name}.jpg"
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
            return path
