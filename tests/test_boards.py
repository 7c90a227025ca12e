"""The owner's copy of the printed facts: remembered across restarts, written atomically, refused whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.boards import BoardFileRefused, OwnerBoards, write_atomically
from companion.errors import GameNotFound, MalformedRequest
from companion.events.store import EventStore
from companion.games.rajas import validate_board_file
from companion.service import Companion

PLAYERS = [{"name": "Asha", "color": "blue"}, {"name": "Bruno", "color": "green"}]


def test_told_facts_survive_a_restart_in_a_valid_board_file(tmp_path: Path) -> None:
    OwnerBoards(tmp_path).remember("rajas", {"2p.quarry.slots": 5, "track.money.60.fame": 30})
    reopened = OwnerBoards(tmp_path)
    assert reopened.known("rajas") == {"2p.quarry.slots": 5, "track.money.60.fame": 30}
    written = json.loads((tmp_path / "boards" / "rajas.json").read_text(encoding="utf-8"))
    assert validate_board_file(written) == []
    assert written["facts"]["2p.quarry.slots"]["confidence"] == "table"


def test_a_contradicting_fact_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    boards = OwnerBoards(tmp_path)
    boards.remember("rajas", {"2p.quarry.slots": 5})
    before = (tmp_path / "boards" / "rajas.json").read_bytes()
    # Money 65 is beside fame 28 (rulebook example); fame never grows with money.
    with pytest.raises(BoardFileRefused, match="track.money.70.fame") as refused:
        boards.remember("rajas", {"2p.port.slots": 4, "track.money.70.fame": 40})
    assert isinstance(refused.value, MalformedRequest)
    assert (tmp_path / "boards" / "rajas.json").read_bytes() == before
    assert boards.known("rajas") == {"2p.quarry.slots": 5}


def test_missing_facts_shrink_and_grow_with_answers() -> None:
    boards = OwnerBoards(None)
    keys = [m.key for m in boards.missing("rajas")]
    assert "2p.river.length" in keys and "2p.river.3" not in keys
    boards.remember("rajas", {"2p.river.length": 12})
    keys = [m.key for m in boards.missing("rajas")]
    assert "2p.river.length" not in keys
    assert [k for k in keys if k.startswith("2p.river.") and k[9:].isdigit()] == [f"2p.river.{n}" for n in range(1, 13)]


def test_export_then_import_brings_the_facts_to_another_copy(tmp_path: Path) -> None:
    first = OwnerBoards(tmp_path / "a")
    first.remember("rajas", {"3p.port.slots": 3, "34p.river.1": {"kind": "money", "amount": 3}})
    text = json.dumps(first.export("rajas"))
    other = OwnerBoards(tmp_path / "b")
    assert other.import_text("rajas", text) == {"3p.port.slots": 3, "34p.river.1": {"kind": "money", "amount": 3}}
    assert other.known("rajas") == first.known("rajas")


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"2p.quarry.slots": {"value": 99, "source": "me", "confidence": "table"}}, "2p.quarry.slots"),
        ({"no.such.key": {"value": 1, "source": "me", "confidence": "table"}}, "no.such.key"),
        ({"2p.port.slots": {"value": 3}}, "2p.port.slots"),
    ],
)
def test_a_bad_import_names_the_key_and_changes_nothing(change: dict[str, Any], named: str) -> None:
    boards = OwnerBoards(None)
    board = boards.export("rajas")
    board["facts"].update(change)
    with pytest.raises(BoardFileRefused) as refused:
        boards.import_text("rajas", json.dumps(board))
    assert named in refused.value.message
    assert boards.known("rajas") == {}


def test_not_json_is_refused() -> None:
    with pytest.raises(BoardFileRefused, match="not JSON"):
        OwnerBoards(None).import_text("rajas", "{nope")


def test_forget_drops_one_fact_and_unknown_kinds_are_not_found() -> None:
    boards = OwnerBoards(None)
    boards.remember("rajas", {"2p.quarry.slots": 5, "2p.port.slots": 4})
    boards.forget("rajas", "2p.port.slots")
    assert boards.known("rajas") == {"2p.quarry.slots": 5}
    with pytest.raises(GameNotFound):
        boards.forget("rajas", "2p.port.slots")
    with pytest.raises(GameNotFound):
        boards.known("free_dice")
    assert not boards.has_facts("free_dice") and not boards.is_persistent


def test_an_unreadable_owner_file_falls_back_to_the_shipped_facts(tmp_path: Path) -> None:
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "rajas.json").write_text("{broken", encoding="utf-8")
    assert OwnerBoards(tmp_path).known("rajas") == {}


def test_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.json"
    write_atomically(target, "one")
    write_atomically(target, "two")
    assert target.read_text(encoding="utf-8") == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]


def test_the_service_starts_games_with_known_facts_and_saves_told_ones(tmp_path: Path) -> None:
    with Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path) as service:
        service.boards.remember("rajas", {"2p.quarry.slots": 5})
        view = service.create_game("rajas", PLAYERS)
        assert view["options"]["facts"] == {"2p.quarry.slots": 5}
        answer = {"type": "answer_fact", "key": "2p.port.slots", "value": 4}
        service.append(view["game_id"], "move", {"move": answer})
    with Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path) as again:
        assert again.boards.known("rajas") == {"2p.quarry.slots": 5, "2p.port.slots": 4}
        assert again.create_game("rajas", PLAYERS)["options"]["facts"] == {"2p.quarry.slots": 5, "2p.port.slots": 4}


def test_facts_given_with_the_request_win_and_other_games_are_untouched(tmp_path: Path) -> None:
    with Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path) as service:
        service.boards.remember("rajas", {"2p.quarry.slots": 5})
        view = service.create_game("rajas", PLAYERS, {"facts": {"2p.quarry.slots": 6}})
        assert view["options"]["facts"] == {"2p.quarry.slots": 6}
        free = service.create_game("free_dice", PLAYERS)
        assert "facts" not in free["options"]
