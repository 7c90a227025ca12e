"""The event log: append-only, durable, and the fold of its events is the game's state."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import roll

from companion.errors import Conflict, GameNotFound, MalformedRequest, StoreError
from companion.events.store import EventStore
from companion.games.base import RefusedMove
from companion.service import Companion
from companion.session import GameSession


def test_store_uses_wal_and_full_sync(store: EventStore) -> None:
    db = store._connection()
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_append_refuses_a_stale_sequence_number(store: EventStore) -> None:
    game = store.create_game("free_dice", {"kind": "free_dice", "players": [], "options": {}})
    store.append(game.game_id, "undo", {}, 2)
    with pytest.raises(OSError, match="moved on"):
        store.append(game.game_id, "undo", {}, 2)
    assert [e.seq for e in store.events(game.game_id)] == [1, 2]


def test_restarting_resumes_every_game_exactly(tmp_path: Path) -> None:
    with Companion(EventStore(tmp_path / "e.db")) as first:
        gid = first.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"]
        first.append(gid, "move", roll(6, 5))
        first.append(gid, "move", {"move": {"type": "end_turn"}})
        first.append(gid, "move", roll(2))
        before = first.view(gid)
    with Companion(EventStore(tmp_path / "e.db")) as second:
        assert second.view(gid) == before
        assert second.active_id == gid


def test_undo_and_redo_append_events_and_never_delete(service: Companion, free_game: dict) -> None:
    gid = free_game["game_id"]
    service.append(gid, "move", roll(6, 6))
    service.append(gid, "undo", {})
    assert service.view(gid)["players"][0]["score"] == 0
    assert service.view(gid)["can_redo"]
    service.append(gid, "redo", {})
    assert service.view(gid)["players"][0]["score"] == 12
    assert [e.type for e in service.events(gid)] == ["game_started", "move", "undo", "redo"]


def test_a_new_move_forgets_what_could_be_redone(service: Companion, free_game: dict) -> None:
    gid = free_game["game_id"]
    service.append(gid, "move", roll(1))
    service.append(gid, "undo", {})
    service.append(gid, "move", roll(4))
    with pytest.raises(Conflict, match="redo"):
        service.append(gid, "redo", {})
    assert service.view(gid)["players"][0]["score"] == 4


def test_nothing_to_undo_is_refused_and_writes_nothing(service: Companion, free_game: dict) -> None:
    gid = free_game["game_id"]
    with pytest.raises(Conflict):
        service.append(gid, "undo", {})
    assert len(service.events(gid)) == 1


def test_correcting_a_reading_recomputes_everything_after_it(service: Companion, free_game: dict) -> None:
    gid = free_game["game_id"]
    first = service.append(gid, "move", roll(3, 3))
    service.append(gid, "move", {"move": {"type": "end_turn"}})
    service.append(gid, "move", roll(1))
    service.append(gid, "correction", {"target": first.seq, **roll(3, 5)})
    view = service.view(gid)
    assert [p["score"] for p in view["players"]] == [8, 1, 0]
    assert service.events(gid)[-1].type == "correction"


def test_a_correction_that_breaks_a_later_move_is_refused_whole(service: Companion, free_game: dict) -> None:
    gid = free_game["game_id"]
    first = service.append(gid, "move", roll(3))
    before = service.view(gid)
    with pytest.raises(RefusedMove):
        service.append(gid, "correction", {"target": first.seq, "move": {"type": "end_turn"}})
    assert service.view(gid) == before
    assert len(service.events(gid)) == 2


def test_refused_and_malformed_moves_write_nothing(service: Companion, free_game: dict) -> None:
    gid = free_game["game_id"]
    service.append(gid, "move", roll(2))
    with pytest.raises(RefusedMove) as refused:
        service.append(gid, "move", roll(5))
    assert refused.value.verdict.reason is not None
    assert refused.value.verdict.reason.key == "free_dice.refused.already_rolled"
    with pytest.raises(MalformedRequest, match=r"dice\[0\]\.value"):
        service.append(gid, "move", roll(7))
    with pytest.raises(MalformedRequest, match="event type"):
        service.append(gid, "delete", {})
    assert len(service.events(gid)) == 2


def test_unknown_game_is_not_found(service: Companion) -> None:
    with pytest.raises(GameNotFound):
        service.view("nope")


def test_replaying_the_log_rebuilds_the_same_state(service: Companion, free_game: dict) -> None:
    gid = free_game["game_id"]
    steps = [
        ("move", roll(4, 2)),
        ("move", {"move": {"type": "end_turn"}}),
        ("move", roll(6)),
        ("undo", {}),
        ("undo", {}),
        ("redo", {}),
    ]
    for kind, payload in steps:
        service.append(gid, kind, payload)
    live = service.session(gid)
    rebuilt = GameSession(service.store, gid)
    assert live.game.state_to_dict(rebuilt.state) == live.game.state_to_dict(live.state)


def test_a_full_disk_refuses_the_move_naming_the_store_keeps_nothing_and_shows_on_health(
    service: Companion, free_game: dict
) -> None:
    # A store that cannot grow (SQLite's page limit stands in for a full SD card): the move is refused with a
    # StoreError naming the store, nothing of it is written, the health page says so until a write succeeds again.
    game_id = free_game["game_id"]
    db = service.store._connection()
    before = len(service.store.events(game_id))
    (pages,) = db.execute("PRAGMA page_count").fetchone()
    db.execute(f"PRAGMA max_page_count = {pages}")
    big = {"move": {"type": "roll", "dice": [{"value": 6}] * 4}, "note": "x" * 20000}
    with pytest.raises(StoreError, match=r"event store at .*events.db could not be written .*full"):
        service.store.append(game_id, "move", big, before + 1)
    assert len(service.store.events(game_id)) == before
    health = service.health()
    assert health["ok"] is False and "full" in health["store"]["write_failure"]
    db.execute(f"PRAGMA max_page_count = {pages * 100}")
    service.append(game_id, "move", roll(3))
    assert service.health()["ok"] is True and service.health()["store"]["write_failure"] is None
