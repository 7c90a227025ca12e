"""`companion export` then `companion replay` rebuild the same game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import roll

from companion.cli import main
from companion.events.store import EventStore
from companion.service import Companion


def test_export_then_replay_gives_the_same_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Companion(EventStore(tmp_path / "events.db")) as service:
        gid = service.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"]
        service.append(gid, "move", roll(6, 6))
        service.append(gid, "move", {"move": {"type": "end_turn"}})
        service.append(gid, "move", roll(1))
        service.append(gid, "undo", {})
        service.append(gid, "move", roll(3, 2))
        expected = [p["score"] for p in service.view(gid)["players"]]
    assert main(["--data-dir", str(tmp_path), "export", gid]) == 0
    log = tmp_path / "game.jsonl"
    log.write_text(capsys.readouterr().out)
    assert main(["replay", str(log), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [p["score"] for p in report["view"]["players"]] == expected == [12, 5]
    assert all(v["status"] == "allowed" for v in report["verdicts"])


def test_replay_reports_a_refused_line_and_goes_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = {"kind": "free_dice", "players": [{"seat": 0, "name": "A", "color": "blue"}], "options": {}, "seed": 1}
    lines = [
        {"type": "game_started", "payload": start},
        {"type": "move", "payload": roll(2)},
        {"type": "move", "payload": roll(4)},
    ]
    log = tmp_path / "log.jsonl"
    log.write_text("\n".join(json.dumps(line) for line in lines))
    assert main(["replay", str(log), "--json"]) == 1  # a refused line: the report is printed, the exit says so
    report = json.loads(capsys.readouterr().out)
    assert report["verdicts"][1]["status"] == "refused"
    assert report["verdicts"][1]["reason"]["key"] == "free_dice.refused.already_rolled"
    assert report["view"]["players"][0]["score"] == 2


def test_replay_of_a_garbled_log_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text('{"type": "game_started", "payload": {}}\n{not json\n')
    assert main(["replay", str(log)]) == 1
    assert "log.jsonl:2" in capsys.readouterr().err


def test_export_of_an_unknown_game_fails_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    EventStore(tmp_path / "events.db").close()
    assert main(["--data-dir", str(tmp_path), "export", "nope"]) == 1
    assert "no game 'nope'" in capsys.readouterr().err


def test_export_from_a_data_directory_without_a_store_names_it_and_makes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    typo = tmp_path / "typo" / "dir"
    assert main(["--data-dir", str(typo), "export", "abc"]) == 1
    assert f"no event store at {typo / 'events.db'}" in capsys.readouterr().err
    assert not (tmp_path / "typo").exists()
