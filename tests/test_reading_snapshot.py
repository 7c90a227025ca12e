"""benchmarks/reading_snapshot.py: a snapshot compares equal to itself, and a changed reading is reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import reading_snapshot
from benchmarks.vision_bench import synthetic_frames


@pytest.fixture(scope="module")
def tiny_sets() -> reading_snapshot.Frames:
    return {"tiny": synthetic_frames(2, 320, 240, "white_on_wood", ("white",))}


def test_the_same_frames_compare_equal(tmp_path: Path, tiny_sets: reading_snapshot.Frames, capsys) -> None:
    path = tmp_path / "snap.json"
    reading_snapshot.save(path, tiny_sets)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert len(saved["tiny"]) == 2
    assert any(frame["dice"] for frame in saved["tiny"]), "the tiny frames have dice to compare"
    assert reading_snapshot.compare(path, tiny_sets) == 0
    assert "0 of 2 frames differ, 0 dice differ" in capsys.readouterr().out


def test_a_changed_reading_is_reported(tmp_path: Path, tiny_sets: reading_snapshot.Frames, capsys) -> None:
    path = tmp_path / "snap.json"
    reading_snapshot.save(path, tiny_sets)
    saved = json.loads(path.read_text(encoding="utf-8"))
    index = next(i for i, frame in enumerate(saved["tiny"]) if frame["dice"])
    saved["tiny"][index]["dice"][0]["confidence"] += 0.0001
    path.write_text(json.dumps(saved), encoding="utf-8")
    capsys.readouterr()
    assert reading_snapshot.compare(path, tiny_sets) == 1
    out = capsys.readouterr().out
    assert f"tiny frame {index}: 1 dice differ" in out
    assert "1 of 2 frames differ, 1 dice differ" in out


def test_a_missing_die_is_counted() -> None:
    die = {"value": 3, "color": "white", "bbox": [0, 0, 9, 9], "center": [4.5, 4.5], "confidence": 0.9}
    saved = {"set": [{"dice": [die, die], "warnings": []}]}
    now = {"set": [{"dice": [die], "warnings": []}]}
    assert reading_snapshot.differences(saved, now)[:2] == (1, 1)
    assert reading_snapshot.differences(saved, saved)[:2] == (0, 0)
