"""benchmarks/eval_robustness.py: the reader on synthetic pictures through the changes a camera or a room makes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

from benchmarks.doubt import HARNESS

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "eval_robustness.py"
_SPEC = importlib.util.spec_from_file_location("eval_robustness", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
robustness = importlib.util.module_from_spec(_SPEC)
sys.modules["eval_robustness"] = robustness
_SPEC.loader.exec_module(robustness)


def _match(truth: list[list[int]], read: list[list[int]], _: float) -> list[tuple[int, int]]:
    """Pairs a die read with a true die when their boxes are the same (enough for these cases)."""
    return [(t, r) for t, box in enumerate(truth) for r, other in enumerate(read) if box == other]


def test_each_die_is_counted_by_its_outcome_and_a_picture_is_exact_only_when_all_are_right() -> None:
    truth = [{"value": v, "bbox": [10 * v, 0, 10 * v + 5, 5]} for v in (1, 2, 3, 4, 5)]
    read = [
        {"value": 1, "confidence": 0.9, "bbox": [10, 0, 15, 5]},  # right
        {"value": 6, "confidence": 0.8, "bbox": [20, 0, 25, 5]},  # sure wrong
        {"value": 6, "confidence": 0.4, "bbox": [30, 0, 35, 5]},  # guessed wrong
        {"value": None, "confidence": 0.0, "bbox": [40, 0, 45, 5]},  # unread
        {"value": 2, "confidence": 0.9, "bbox": [90, 90, 95, 95]},  # where no die lies; the 5 is missed
    ]
    counts = robustness.tally(truth, read, _match)
    assert counts["right"] == 1 and counts["sure wrong"] == 1 and counts["guessed wrong"] == 1
    assert counts["unread"] == 1 and counts["missed"] == 1 and counts["extra"] == 1
    assert counts["exact"] == 0 and counts["dice"] == 5
    assert robustness.tally(truth[:1], read[:1], _match)["exact"] == 1


def test_every_change_keeps_the_picture_s_size_and_changes_it() -> None:
    rng = np.random.default_rng(0)
    picture = rng.integers(40, 200, (48, 64, 3), dtype=np.uint8)
    for name, change in robustness.CHANGES.items():
        changed = change(picture, np.random.default_rng(1))
        assert changed.shape == picture.shape and changed.dtype == np.uint8, name
        assert (name == "as drawn") == np.array_equal(changed, picture), name


@pytest.mark.skipif(not HARNESS.exists(), reason="the shared harness is not beside the project")
def test_a_small_run_prints_a_line_for_each_change_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert robustness.main(["--count-scale", "0.05", "--kinds", "webcam-slight", "--changes", "dim,noise"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("SYNTHETIC pictures (seed 5): 2 webcam-slight")
    assert [line.split()[0] for line in lines[2:]] == ["as", "dim", "noise"]
    dice = [int(line.split()[-10]) for line in lines[2:]]
    assert dice[0] == dice[1] == dice[2] > 0  # the same dice, read through each change


def test_an_unknown_change_is_named_in_the_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        robustness.main(["--changes", "fog"])
    assert "fog" in capsys.readouterr().err
