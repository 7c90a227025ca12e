"""After a restart, dice lying still as at the last camera roll are no new roll; a roll made again still is."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from test_vision_settling import FPS, ROLL_A, ROLL_B, Placed, Table, feed_all, rolling, still

from companion import wiring
from companion.config import load_config
from companion.devices.camera import CameraWorker
from companion.devices.last_roll import LAST_ROLL
from companion.events.store import EventStore
from companion.service import Companion
from vision.calibration import Calibration
from vision.reading import DiceReading
from vision.settling import Settler
from vision.sources import ManualClock, SequenceSource


def test_a_seeded_settler_takes_the_same_dice_still_on_the_table_for_no_roll() -> None:
    table, settler = Table(), Settler()
    seed = table.shot(ROLL_A)[1]
    assert settler.remember_roll(seed)
    assert feed_all(settler, still(table, ROLL_A, 10)) == []
    assert settler.phase == "settled"


def test_a_seeded_settler_still_plays_a_new_roll() -> None:
    table, settler = Table(), Settler()
    settler.remember_roll(table.shot(ROLL_A)[1])
    events = feed_all(settler, rolling(table, ROLL_B) + still(table, ROLL_B, 10))
    assert len(events) == 1 and events[0].reading.dice == table.shot(ROLL_B)[1].dice


def test_a_seed_never_replaces_a_roll_the_settler_saw_itself() -> None:
    table, settler = Table(), Settler()
    assert len(feed_all(settler, rolling(table, ROLL_A) + still(table, ROLL_A, 10))) == 1
    assert not settler.remember_roll(table.shot(ROLL_B)[1])
    assert feed_all(settler, rolling(table, ROLL_A) + still(table, ROLL_A, 10)) == []  # put back: in memory
    elsewhere = [Placed(d.x + 40, d.y + 30, d.value, d.color) for d in ROLL_A]
    assert len(feed_all(settler, rolling(table, elsewhere) + still(table, elsewhere, 10))) == 1


class Camera:
    """A service with a camera built as wiring builds it, over recorded frames read by a reader that knows them."""

    def __init__(self, data_dir: Path, shots: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
        self.truth = [reading for _, reading in shots]
        clock = ManualClock()
        self.source = SequenceSource(
            [frame.image for frame, _ in shots],
            kind="replay",
            description="the table",
            offsets=[n / FPS for n in range(len(shots))],
            hold=1 / FPS,
            loop=False,
            clock=clock,
            sleep=clock.sleep,
        )
        monkeypatch.setattr(wiring, "CameraWorker", functools.partial(CameraWorker, reader=self.read))
        monkeypatch.setattr(CameraWorker, "start", lambda _worker: None)  # stepped by hand below
        self.service = Companion(EventStore(data_dir / "events.db"), data_dir=data_dir)
        wiring._start_camera(self.service, load_config(env={"COMPANION_DATA__DIR": str(data_dir)}), self.source)

    def read(self, _image: np.ndarray, _calibration: Calibration | None) -> DiceReading:
        return self.truth[self.source.position]

    def play(self) -> None:
        while self.source.status().state != "ended":
            self.service.devices["camera"].step()


def _moves(service: Companion, game_id: str) -> list[dict[str, Any]]:
    return [e.payload["move"] for e in service.events(game_id) if e.type == "move"]


def _played_then_turn_ended(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, undo: bool = False) -> str:
    """Ann's roll played by the camera, her turn ended (and her roll undone first, if asked); then the power cut."""
    table = Table()
    before = Camera(tmp_path, rolling(table, ROLL_A) + still(table, ROLL_A, 10), monkeypatch)
    game_id = before.service.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"]
    before.play()
    assert [m["type"] for m in _moves(before.service, game_id)] == ["roll"]
    if undo:
        before.service.append(game_id, "undo", {})
    else:
        before.service.append(game_id, "move", {"move": {"type": "end_turn"}})
    before.service.store.close()  # no close() of the devices: the power was cut
    return game_id


def test_a_service_restarted_over_a_still_table_plays_no_roll(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = _played_then_turn_ended(tmp_path, monkeypatch)
    table = Table(seed=2)  # the same dice where they lay, in a new stream of frames
    after = Camera(tmp_path, still(table, ROLL_A, 12), monkeypatch)
    after.play()
    assert [m["type"] for m in _moves(after.service, game_id)] == ["roll", "end_turn"]
    assert after.service.view(game_id)["players"][1]["score"] == 0
    after.service.close()


def test_an_undone_roll_still_lying_there_is_not_played_again_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = _played_then_turn_ended(tmp_path, monkeypatch, undo=True)
    table = Table(seed=2)
    after = Camera(tmp_path, still(table, ROLL_A, 12), monkeypatch)
    after.play()
    assert after.service.view(game_id)["players"][0]["score"] == 0  # undone, and not played back by itself
    after.service.close()


def test_a_new_roll_after_the_restart_is_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = _played_then_turn_ended(tmp_path, monkeypatch)
    table = Table(seed=2)
    after = Camera(tmp_path, still(table, ROLL_A, 6) + rolling(table, ROLL_B) + still(table, ROLL_B, 10), monkeypatch)
    after.play()
    moves = _moves(after.service, game_id)
    assert [m["type"] for m in moves] == ["roll", "end_turn", "roll"] and moves[-1]["seat"] == 1
    assert after.service.view(game_id)["players"][1]["score"] == 2 + 5 + 4
    after.service.close()


def test_a_resumed_game_seeds_the_camera_with_its_last_camera_roll(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = _played_then_turn_ended(tmp_path, monkeypatch)
    with EventStore(tmp_path / "events.db") as store:
        store.set_setting("active_game", "")  # no active game when the service starts again
    table = Table(seed=2)
    after = Camera(tmp_path, still(table, ROLL_A, 12), monkeypatch)
    after.service.set_active(game_id)  # the table resumes it from the list
    after.play()
    assert [m["type"] for m in _moves(after.service, game_id)] == ["roll", "end_turn"]
    after.service.close()


def test_a_roll_the_game_did_not_take_still_lying_there_is_not_the_next_players_roll_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table()
    shots = rolling(table, ROLL_A) + still(table, ROLL_A, 10) + rolling(table, ROLL_B) + still(table, ROLL_B, 10)
    before = Camera(tmp_path, shots, monkeypatch)
    game_id = before.service.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"]
    before.play()  # Ann's roll played; her second throw, B, not taken: she had rolled
    before.service.append(game_id, "move", {"move": {"type": "end_turn"}})
    assert [m["type"] for m in _moves(before.service, game_id)] == ["roll", "end_turn"]
    before.service.store.close()  # the power cut, B still on the table
    after = Camera(tmp_path, still(Table(seed=2), ROLL_B, 12), monkeypatch)
    after.play()
    assert [m["type"] for m in _moves(after.service, game_id)] == ["roll", "end_turn"]  # B is not Bob's roll
    after.service.close()


def test_an_unreadable_last_roll_file_is_logged_and_the_games_last_camera_roll_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = _played_then_turn_ended(tmp_path, monkeypatch)
    (tmp_path / LAST_ROLL).write_text("[not a roll", encoding="utf-8")
    after = Camera(tmp_path, still(Table(seed=2), ROLL_A, 12), monkeypatch)
    after.play()
    assert [m["type"] for m in _moves(after.service, game_id)] == ["roll", "end_turn"]
    assert "last roll kept in" in caplog.text and "unreadable" in caplog.text
    after.service.close()
