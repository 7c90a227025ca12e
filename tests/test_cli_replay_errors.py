"""`companion replay` of a log that is wrong: a start it cannot begin from is refused naming the line, refused
lines say why in English, and the exit status tells whether every line was applied."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import roll

from companion.cli import main
from companion.cli.logs import _verdict_text
from companion.games.base import Message, MissingFact, Verdict

PLAYER = {"seat": 0, "name": "A", "color": "blue"}
START = {"kind": "free_dice", "players": [PLAYER], "options": {}, "seed": 1}
TWO = [PLAYER, {"seat": 1, "name": "B", "color": "red"}]


def write_log(tmp_path: Path, lines: list[Any]) -> Path:
    log = tmp_path / "log.jsonl"
    log.write_text("\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n")
    return log


def started(payload: dict[str, Any], **event: Any) -> dict[str, Any]:
    return {"type": "game_started", "payload": payload, **event}


@pytest.mark.parametrize(
    ("event", "said"),
    [
        (started({}), "needs 'kind'"),
        (started({"kind": 7, "players": [PLAYER], "options": {}}), "needs 'kind'"),
        (started({"kind": "chess", "players": [PLAYER], "options": {}}), "unknown game kind 'chess'"),
        (started({"kind": "free_dice", "options": {}}), "needs 'players'"),
        (started({"kind": "free_dice", "players": "x", "options": {}}), "needs 'players'"),
        (started({"kind": "free_dice", "players": [], "options": {}}), "needs 'players'"),
        (started({"kind": "free_dice", "players": ["A"], "options": {}}), "players[0] must be an object"),
        (started({"kind": "free_dice", "players": [{"name": "A"}], "options": {}}), "players[0] needs 'seat'"),
        (started({"kind": "free_dice", "players": [{"seat": 0, "name": "A"}], "options": {}}), "needs 'color'"),
        (started({"kind": "free_dice", "players": [{**PLAYER, "name": 5}], "options": {}}), "needs 'name'"),
        (started({"kind": "free_dice", "players": [{**PLAYER, "seat": 1}], "options": {}}), "seat must be 0"),
        (started({"kind": "free_dice", "players": [{**PLAYER, "age": 9}], "options": {}}), "unknown fields age"),
        (started({"kind": "free_dice", "players": [PLAYER]}), "needs 'options'"),
        (started({"kind": "free_dice", "players": [PLAYER], "options": []}), "needs 'options'"),
        (started({**START, "seed": "x"}), "'seed' must be a whole number, got 'x'"),
        (started({**START, "seed": 1.5}), "'seed' must be a whole number"),
        (started({**START, "kind": "rajas"}), "takes 2 to 4 players"),
        (started({**START, "kind": "rajas", "players": TWO, "options": {"modules": 5}}), "option modules"),
        (started(START, game_id=["x"]), "'game_id' must be a text"),
    ],
)
def test_a_start_that_cannot_begin_a_game_is_refused_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], event: dict[str, Any], said: str
) -> None:
    log = write_log(tmp_path, ["", event, {"type": "move", "payload": roll(2)}])
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert f"{log}:2: game_started: " in err and said in err


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (b"\xff\xfe{}", "log.jsonl:2: not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "log.jsonl:2: not JSON (nested too deeply)"),
        (b'{"type": 5, "payload": {}}', "log.jsonl:2: each line needs a text 'type'"),
    ],
)
def test_a_line_that_is_not_an_event_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: bytes, said: str
) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes(json.dumps(started(START)).encode() + b"\n" + line + b"\n")
    assert main(["replay", str(log)]) == 1
    assert said in capsys.readouterr().err


def test_a_refused_line_says_why_in_english_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = write_log(
        tmp_path, [started(START), {"type": "move", "payload": roll(2)}, {"type": "move", "payload": roll(4)}]
    )
    assert main(["replay", str(log)]) == 1
    out = capsys.readouterr().out
    assert "line 3: refused: This player has already rolled this turn: press Next, or undo the roll." in out
    assert "{'key'" not in out
    assert " A                    2" in out  # the rest of the report is printed in full


def test_a_refused_message_with_parameters_is_filled_in(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = {"kind": "rajas", "players": TWO, "options": {"modules": [], "experienced": [], "facts": {}}}
    upgrade = {"move": {"type": "upgrade", "seat": 0, "building": "temple"}}
    log = write_log(tmp_path, [started({**start, "seed": 1}), {"type": "move", "payload": upgrade}])
    assert main(["replay", str(log)]) == 1
    assert "line 2: refused: First answer what is asked: A, roll the dice you take." in capsys.readouterr().out


def test_a_line_in_error_exits_1_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = write_log(tmp_path, [started(START), {"type": "undo", "payload": {}}])
    assert main(["replay", str(log)]) == 1
    assert "line 2: error: there is no move to undo" in capsys.readouterr().out


def test_the_json_report_is_printed_in_full_and_exits_1_when_a_line_was_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = write_log(
        tmp_path, [started(START), {"type": "move", "payload": roll(2)}, {"type": "move", "payload": roll(4)}]
    )
    assert main(["replay", str(log), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [v["status"] for v in report["verdicts"]] == ["allowed", "refused"]
    assert report["view"]["players"][0]["score"] == 2


def test_a_log_whose_lines_all_apply_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = write_log(tmp_path, [started(START), {"type": "move", "payload": roll(2)}])
    assert main(["replay", str(log)]) == 0
    assert "line " not in capsys.readouterr().out


def test_lines_are_numbered_as_in_the_file_blank_lines_included(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    move = {"type": "move", "payload": roll(4)}
    log = write_log(tmp_path, [started(START), "", {"type": "move", "payload": roll(2)}, "", move])
    assert main(["replay", str(log), "--json"]) == 1
    assert [v["line"] for v in json.loads(capsys.readouterr().out)["verdicts"]] == [3, 5]


def test_an_undecided_line_says_what_is_missing() -> None:
    question = Message("rajas.fact.q.money_fame", {"money": 60})
    verdict = Verdict.undecided(MissingFact("track.money.60.fame", question)).to_dict()
    text = _verdict_text({"line": 4, "type": "move", **verdict})
    assert text == "A fact printed on the board is needed to decide. Which fame number is beside money 60?"
