"""Where on the table each die lies: the table area and named areas (a player's dice, the Kali statue).

Polygons are in NORMALISED image coordinates: x and y from 0 to 1 (x / width, y / height), so one
zone file keeps working when the camera resolution changes (same framing). JSON form:
    {"version": 1,
     "table": [[0.05, 0.05], [0.95, 0.05], [0.95, 0.95], [0.05, 0.95]],      (optional: whole frame)
     "zones": [{"name": "player:orange", "polygon": [[x, y], ...]}, ...]}
Zone names are lower-case keys ("player:orange", "kali:green"); "table" is reserved for the table area.
A die is assigned to the smallest zone containing its centre (the most specific), else to "table".
Dice whose centre lies outside the table area are DROPPED from the reading (dice in the box or on the
floor are not in play, and counting them would corrupt a roll), with a warning "dice_outside_table:N"
that the dashboard can translate.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.errors import CalibrationError, UnreadableImageError
from vision.reading import DiceReading
from vision.storage import write_json_atomically

TABLE = "table"
FORMAT_VERSION = 1
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_.:-]{0,39}$")
WHOLE_FRAME = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
OUTSIDE_WARNING = "dice_outside_table"
EDGE_TOLERANCE = 1e-6

Point = tuple[float, float]


@dataclass(frozen=True)
class Zone:
    """A named polygon in normalised coordinates."""

    name: str
    polygon: tuple[Point, ...]

    @property
    def area(self) -> float:
        """Area as a share of the frame (0..1)."""
        return float(abs(cv2.contourArea(self._contour())))

    def contains(self, x: float, y: float) -> bool:
        """True when the normalised point is inside or on the edge."""
        return cv2.pointPolygonTest(self._contour(), (float(x), float(y)), True) >= -EDGE_TOLERANCE

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"name": self.name, "polygon": [list(p) for p in self.polygon]}

    def _contour(self) -> np.ndarray:
        return np.asarray(self.polygon, np.float32).reshape(-1, 1, 2)


class Zones:
    """The table area plus named zones; assigns dice of a reading to zones."""

    def __init__(self, zones: tuple[Zone, ...] = (), table: Zone | None = None) -> None:
        self.table = table or Zone(TABLE, WHOLE_FRAME)
        _check_zones(zones, self.table)
        # Smallest first: the most specific zone wins where zones overlap.
        self.zones = tuple(sorted(zones, key=lambda z: z.area))
        self.path: Path | None = None
        """The file the zones were read from (see `load`), for the health page and `companion doctor` to name."""

    @property
    def is_table_outlined(self) -> bool:
        """Whether the table area is a polygon of its own, not the whole frame."""
        return self.table.polygon != WHOLE_FRAME

    @property
    def names(self) -> tuple[str, ...]:
        """Zone names, most specific first (without "table")."""
        return tuple(z.name for z in self.zones)

    def zone_at(self, x: float, y: float) -> str | None:
        """The zone of a normalised point: a zone name, "table", or None outside the table."""
        if not self.table.contains(x, y):
            return None
        return next((z.name for z in self.zones if z.contains(x, y)), TABLE)

    def assign(self, reading: DiceReading) -> DiceReading:
        """The reading with each die's zone set; dice outside the table dropped (with a warning)."""
        if reading.width <= 0 or reading.height <= 0:
            raise UnreadableImageError(
                f"reading has no frame size ({reading.width}x{reading.height}); zones need it to place dice"
            )
        kept = []
        for die in reading.dice:
            zone = self.zone_at(die.center[0] / reading.width, die.center[1] / reading.height)
            if zone is not None:
                kept.append(replace(die, zone=zone))
        dropped = len(reading.dice) - len(kept)
        warnings = reading.warnings + ((f"{OUTSIDE_WARNING}:{dropped}",) if dropped else ())
        return replace(reading, dice=tuple(kept), warnings=warnings)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (zones in the order of from_dict's input is not kept: smallest first)."""
        return {
            "version": FORMAT_VERSION,
            "table": [list(p) for p in self.table.polygon],
            "zones": [z.to_dict() for z in self.zones],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Zones:
        """Build from the JSON form; CalibrationError naming the zone and what is wrong."""
        if not isinstance(data, dict):
            raise CalibrationError(f"zones: expected an object with 'table' and 'zones', got {type(data).__name__}")
        unknown = set(data) - {"version", "table", "zones"}
        if unknown:
            raise CalibrationError(f"zones: unknown field(s) {sorted(unknown)}; allowed: version, table, zones")
        if data.get("version", FORMAT_VERSION) != FORMAT_VERSION:
            raise CalibrationError(f"zones: version {data.get('version')!r} is not supported (only {FORMAT_VERSION})")
        table = Zone(TABLE, _polygon(TABLE, data["table"])) if data.get("table") is not None else None
        entries = data.get("zones", [])
        if not isinstance(entries, list):
            raise CalibrationError(f"zones: 'zones' must be a list, got {type(entries).__name__}")
        return cls(tuple(_zone(entry, number) for number, entry in enumerate(entries)), table)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the JSON form atomically (temporary file + os.replace)."""
        write_json_atomically(Path(path), self.to_dict())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Zones:
        """Read a zone file; FileNotFoundError if absent, CalibrationError if malformed."""
        text = Path(path).read_text(encoding="utf-8")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CalibrationError(f"zones file {path}: not valid JSON ({exc.msg}, line {exc.lineno})") from exc
        zones = cls.from_dict(data)
        zones.path = Path(path)
        return zones


def _zone(entry: Any, number: int) -> Zone:
    """One entry of 'zones', validated."""
    if not isinstance(entry, dict) or set(entry) != {"name", "polygon"}:
        raise CalibrationError(f"zones[{number}]: expected an object with exactly 'name' and 'polygon'")
    name = entry["name"]
    if not isinstance(name, str) or not NAME_PATTERN.match(name) or name == TABLE:
        raise CalibrationError(
            f"zones[{number}]: name {name!r} must be a lower-case key (letters, digits, _ . : -), not 'table'"
        )
    return Zone(name, _polygon(name, entry["polygon"]))


def _polygon(name: str, points: Any) -> tuple[Point, ...]:
    """A list of >= 3 [x, y] points inside 0..1 enclosing some area."""
    if not isinstance(points, list) or len(points) < 3:
        raise CalibrationError(f"zone {name!r}: polygon must be a list of at least 3 [x, y] points")
    polygon = []
    for index, point in enumerate(points):
        if not (isinstance(point, list | tuple) and len(point) == 2 and all(_is_unit(v) for v in point)):
            raise CalibrationError(
                f"zone {name!r}: point {index} is {point!r}; each point must be [x, y] with 0 <= x, y <= 1 "
                "(normalised image coordinates)"
            )
        polygon.append((float(point[0]), float(point[1])))
    if Zone(name, tuple(polygon)).area < 1e-6:
        raise CalibrationError(f"zone {name!r}: polygon encloses no area (points in a line or repeated)")
    return tuple(polygon)


def _is_unit(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value) and 0 <= value <= 1


def _check_zones(zones: tuple[Zone, ...], table: Zone) -> None:
    """Names unique; every zone inside the table (else its dice would be dropped as outside)."""
    seen: set[str] = set()
    for zone in zones:
        if zone.name in seen:
            raise CalibrationError(f"zone {zone.name!r}: defined twice; zone names must be unique")
        seen.add(zone.name)
        outside = [p for p in zone.polygon if not table.contains(*p)]
        if outside:
            raise CalibrationError(
                f"zone {zone.name!r}: point(s) {outside} lie outside the table area; widen the table or the zone"
            )
