"""A seeded Rajas game played through the service, exported, and rebuilt by `companion replay --json`."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from test_rajas_support import FACTS, NAMES

from companion.cli import main
from companion.events.store import EventStore
from companion.games.rajas import GAME
from companion.games.rajas.sampler import random_move
from companion.service import Companion

MODULES = ["mango", "tiger", "fate"]


def _play_through_the_service(service: Companion, seed: int) -> str:
    """A whole 3-player game of random legal moves, with one undo and redo on the way; returns the game id."""
    game_id = str(
        service.create_game("rajas", [{"name": n} for n in NAMES[:3]], {"modules": MODULES, "facts": FACTS})["game_id"]
    )
    session = service.session(game_id)
    rng = random.Random(seed)
    while not session.state.is_over:
        service.append(game_id, "move", {"move": random_move(session.state, rng, FACTS)})
        if session.last_seq == 40:
            service.append(game_id, "undo", {})
            service.append(game_id, "redo", {})
    return game_id


def test_a_seeded_rajas_game_replays_from_its_exported_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Companion(EventStore(tmp_path / "e.db")) as service:
        game_id = _play_through_the_service(service, seed=21)
        session = service.session(game_id)
        expected_state = GAME.state_to_dict(session.state)
        expected_view = service.view(game_id)
        # The same lines `companion export` prints: one JSON object per event.
        lines = [json.dumps(event.to_dict(), ensure_ascii=False) for event in service.events(game_id)]
    log = tmp_path / "rajas.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")

    assert main(["replay", str(log), "--json"]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)

    assert report["kind"] == "rajas" and report["events"] == len(lines)
    assert all(v["status"] == "allowed" for v in report["verdicts"])
    assert report["ranking"] == expected_view["ranking"] and sorted(report["ranking"]) == [0, 1, 2]
    assert report["state"] == expected_state
    assert [p["money"] for p in report["view"]["players"]] == [p["money"] for p in expected_view["players"]]


def test_replay_reports_a_rajas_move_that_is_no_longer_allowed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Companion(EventStore(tmp_path / "e.db")) as service:
        game_id = str(
            service.create_game("rajas", [{"name": "Rajesh"}, {"name": "Leila"}], {"facts": FACTS})["game_id"]
        )
        lines = [json.dumps(event.to_dict()) for event in service.events(game_id)]
    # Leila rolls before Rajesh has: a hand-edited log line the rules refuse (start rolls go in seat order).
    wrong = {"type": "move", "payload": {"move": {"type": "roll", "seat": 1, "dice": [{"color": "blue", "value": 3}]}}}
    log = tmp_path / "rajas.jsonl"
    log.write_text("\n".join([*lines, json.dumps(wrong)]) + "\n", encoding="utf-8")

    assert main(["replay", str(log), "--json"]) == 1  # a refused line: the report is printed, the exit says so
    report = json.loads(capsys.readouterr().out)
    refused = report["verdicts"][-1]
    assert refused["status"] == "refused" and refused["citation"]["game"] == "rajas"
    assert report["ranking"] is None


def test_replay_in_words_tells_the_round_phase_and_each_players_money_fame_and_boat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Companion(EventStore(tmp_path / "e.db")) as service:
        players = [{"name": n} for n in NAMES[:2]]
        game_id = str(service.create_game("rajas", players, {"facts": FACTS})["game_id"])
        session = service.session(game_id)
        rng = random.Random(3)
        for _ in range(30):
            service.append(game_id, "move", {"move": random_move(session.state, rng, FACTS)})
        view = service.view(game_id)
        lines = [json.dumps(event.to_dict(), ensure_ascii=False) for event in service.events(game_id)]
    log = tmp_path / "rajas.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")

    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out.splitlines()

    assert out[0].endswith(f"{len(lines)} events, round {view['round']}, phase {view['phase']}")
    for player, line in zip(view["players"], out[1:3], strict=True):
        assert player["name"] in line
        for counter in ("money", "fame", "karma", "boat"):
            assert f"{counter} {player[counter]}" in line
