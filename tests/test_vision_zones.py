"""Zones: validation naming the zone, assignment most specific first, dice off the table dropped, atomic files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vision.errors import CalibrationError, UnreadableImageError
from vision.reading import DiceReading, Die
from vision.zones import Zones

TABLE = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]]
LEFT_HALF = {"name": "player:orange", "polygon": [[0.1, 0.1], [0.5, 0.1], [0.5, 0.9], [0.1, 0.9]]}
KALI = {"name": "kali", "polygon": [[0.2, 0.2], [0.3, 0.2], [0.3, 0.3], [0.2, 0.3]]}
LAYOUT = {"version": 1, "table": TABLE, "zones": [LEFT_HALF, KALI]}


def die_at(x: float, y: float, value: int = 3) -> Die:
    return Die(value, "blue", (int(x) - 10, int(y) - 10, int(x) + 10, int(y) + 10), (x, y), 0.9)


def reading(*centres: tuple[float, float]) -> DiceReading:
    return DiceReading(tuple(die_at(x, y) for x, y in centres), width=200, height=100)


def test_dice_get_the_most_specific_zone() -> None:
    zones = Zones.from_dict(LAYOUT)
    assigned = zones.assign(reading((50, 25), (80, 50), (150, 50)))
    assert [d.zone for d in assigned.dice] == ["kali", "player:orange", "table"]
    assert assigned.warnings == ()


def test_dice_outside_the_table_are_dropped_with_a_warning() -> None:
    zones = Zones.from_dict(LAYOUT)
    assigned = zones.assign(reading((5, 5), (100, 50), (195, 95)))
    assert [d.center for d in assigned.dice] == [(100.0, 50.0)]
    assert assigned.warnings == ("dice_outside_table:2",)


def test_without_table_the_whole_frame_is_the_table() -> None:
    zones = Zones.from_dict({"zones": [KALI]})
    assigned = zones.assign(reading((0, 0), (199.9, 99.9), (50, 25)))
    assert [d.zone for d in assigned.dice] == ["table", "table", "kali"]


def test_round_trip_through_dict_and_file(tmp_path: Path) -> None:
    zones = Zones.from_dict(LAYOUT)
    path = tmp_path / "zones.json"
    zones.save(path)
    again = Zones.load(path)
    assert again.to_dict() == zones.to_dict() == Zones.from_dict(zones.to_dict()).to_dict()
    assert again.names == ("kali", "player:orange")
    assert [p.name for p in tmp_path.iterdir()] == ["zones.json"]  # no temporary file left behind


def test_failed_save_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "zones.json"
    Zones.from_dict(LAYOUT).save(path)
    before = path.read_text()

    def crash(*_args: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("vision.zones.os.replace", crash)
    with pytest.raises(OSError, match="disk full"):
        Zones.from_dict({"zones": [KALI]}).save(path)
    assert path.read_text() == before and len(list(tmp_path.iterdir())) == 1


def with_zone(**zone: Any) -> dict[str, Any]:
    return {"table": TABLE, "zones": [{**KALI, **zone}]}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "expected an object"),
        ({"zone": []}, "unknown field"),
        ({"version": 2}, "version 2"),
        ({"zones": {}}, "must be a list"),
        (with_zone(name="Kali Statue"), "'Kali Statue' must be a lower-case key"),
        (with_zone(name="table"), "'table' must be"),
        (with_zone(polygon=[[0.2, 0.2], [0.3, 0.3]]), "zone 'kali': polygon must be a list of at least 3"),
        (with_zone(polygon=[[0.2, 0.2], [0.3, 0.2], [1.5, 0.3]]), "zone 'kali': point 2 is \\[1.5, 0.3\\]"),
        (with_zone(polygon=[[0.2, 0.2], [0.3, 0.2], [True, 0.3]]), "zone 'kali': point 2"),
        (with_zone(polygon=[[0.2, 0.2], [0.3, 0.3], [0.4, 0.4]]), "zone 'kali': polygon encloses no area"),
        (with_zone(polygon=[[0.0, 0.2], [0.3, 0.2], [0.3, 0.3]]), "zone 'kali': point\\(s\\) \\[\\(0.0, 0.2\\)\\]"),
        ({"zones": [KALI, KALI]}, "zone 'kali': defined twice"),
        ({"table": [[0, 0], [1, 1]]}, "zone 'table': polygon"),
        ({"zones": [{"name": "kali"}]}, "zones\\[0\\]: expected an object with exactly"),
    ],
)
def test_malformed_zones_are_refused_naming_the_zone(data: Any, message: str) -> None:
    with pytest.raises(CalibrationError, match=message):
        Zones.from_dict(data)


def test_malformed_file_is_a_calibration_error(tmp_path: Path) -> None:
    path = tmp_path / "zones.json"
    path.write_text("{not json")
    with pytest.raises(CalibrationError, match="not valid JSON"):
        Zones.load(path)
    with pytest.raises(FileNotFoundError):
        Zones.load(tmp_path / "absent.json")


def test_reading_without_frame_size_is_refused() -> None:
    with pytest.raises(UnreadableImageError, match="no frame size"):
        Zones.from_dict(LAYOUT).assign(DiceReading((die_at(1, 1),), 0, 0))


@given(st.floats(0, 1), st.floats(0, 1))
def test_zone_of_a_point_agrees_with_plain_geometry(x: float, y: float) -> None:
    zones = Zones.from_dict(json.loads(json.dumps(LAYOUT)))
    zone = zones.zone_at(x, y)
    inside_table = 0.1 <= x <= 0.9 and 0.1 <= y <= 0.9
    near_edge = any(abs(v - e) < 1e-5 for v in (x, y) for e in (0.1, 0.2, 0.3, 0.5, 0.9))
    if near_edge:
        return
    if not inside_table:
        assert zone is None
    elif 0.2 < x < 0.3 and 0.2 < y < 0.3:
        assert zone == "kali"
    elif x < 0.5:
        assert zone == "player:orange"
    else:
        assert zone == "table"
