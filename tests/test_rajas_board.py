"""Board files and printed facts: validation, what is missing, answers checked against what is known."""

from __future__ import annotations

import copy
import json

import pytest
from test_rajas_support import FACTS, do, edit, move, ready_game, tile

from companion.errors import MalformedRequest
from companion.games.rajas import GAME, export_board, import_board, load_board, missing_facts, validate_board_file
from companion.games.rajas.board import BOARD_FILE, shipped_board
from companion.games.rajas.errors import BoardFileError


def _entry(value: object) -> dict[str, object]:
    return {"value": value, "source": "test", "confidence": "one" if value is not None else "unknown"}


def test_the_shipped_board_file_is_valid_and_keeps_the_rulebook_pairs() -> None:
    board = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    assert validate_board_file(board) == []
    assert board["facts"]["track.money.65.fame"]["value"] == 28
    assert board["facts"]["track.money.52.fame"]["value"] == 35
    unknown = [k for k, e in board["facts"].items() if e["value"] is None]
    assert "34p.river.length" in unknown and all(board["facts"][k]["confidence"] == "unknown" for k in unknown)


@pytest.mark.parametrize(
    ("key", "value", "fragment"),
    [
        ("track.money.65.fame", 27, "beside fame 28"),
        ("track.money.40.fame", 30, "contradicts"),
        ("4p.quarry.2.cost", 5, "from 1 to 4"),
        ("4p.port.1.cost", 1, "from 0 to 0"),
        ("34p.river.3", {"kind": "treasure"}, "kind in"),
        ("no.such.fact", 3, "unknown fact key"),
    ],
)
def test_validation_names_each_impossible_value(key: str, value: object, fragment: str) -> None:
    board = copy.deepcopy(shipped_board())
    board["facts"][key] = _entry(value)
    problems = validate_board_file(board)
    assert any(fragment in p for p in problems), problems
    with pytest.raises(BoardFileError):
        load_board(json.dumps(board))


def test_missing_facts_grow_with_what_becomes_known() -> None:
    board = shipped_board()
    first = {m.key for m in missing_facts(board)}
    assert "2p.quarry.slots" in first and "2p.quarry.1.cost" not in first
    later = {m.key for m in missing_facts(board, {"2p.quarry.slots": 3, "2p.river.length": 2})}
    assert {"2p.quarry.1.cost", "2p.quarry.3.cost", "2p.river.1", "2p.river.2"} <= later
    assert "2p.quarry.slots" not in later
    question = next(m for m in missing_facts(board) if m.key == "34p.river.bridge").question
    assert question.key == "rajas.fact.q.river_bridge" and question.params["side"] == {"key": "rajas.layout.34p"}


def test_export_then_import_keeps_the_table_answers() -> None:
    answers = {"2p.quarry.slots": 4, "track.money.60.fame": 30}
    exported = export_board(shipped_board(), answers)
    assert exported["facts"]["2p.quarry.slots"] == {
        "value": 4,
        "source": "answered at the table",
        "confidence": "table",
    }
    imported = import_board(json.dumps(exported))
    assert imported["2p.quarry.slots"] == 4 and imported["track.money.65.fame"] == 28


def test_a_move_needing_unknown_quarry_facts_is_undecided_until_each_is_told() -> None:
    state = edit(ready_game(facts={}), 0, dice={"blue": [6], "green": [], "orange": [], "violet": []})
    fields = {
        "type": "place",
        "seat": 0,
        "space": "quarry",
        "tile": tile("blue", 5),
        "pay": [{"color": "blue", "value": 6}],
    }
    asked = []
    for _ in range(3):
        verdict = GAME.legal(state, move(state, **fields))
        if verdict.status != "undecided":
            break
        assert verdict.missing is not None and verdict.citation is not None
        asked.append(verdict.missing.key)
        state = do(state, type="answer_fact", key=verdict.missing.key, value=2)
    assert asked == ["2p.quarry.slots", "2p.quarry.1.cost"]
    assert verdict.is_allowed and state.data["facts"] == {"2p.quarry.slots": 2, "2p.quarry.1.cost": 2}


@pytest.mark.parametrize(
    ("key", "value", "reason"),
    [
        ("track.money.52.fame", 34, "fact_contradicts"),
        ("track.money.60.fame", 40, "fact_impossible"),
        ("2p.port.2.cost", 3, "fact_impossible"),
    ],
)
def test_answers_are_checked_against_what_is_known(key: str, value: int, reason: str) -> None:
    state = ready_game(facts={})
    verdict = GAME.legal(state, move(state, type="answer_fact", key=key, value=value))
    assert verdict.status == "refused" and verdict.reason is not None
    assert verdict.reason.key == f"rajas.refused.{reason}"


def test_facts_given_at_setup_are_checked() -> None:
    from test_rajas_support import players

    with pytest.raises(MalformedRequest) as caught:
        GAME.setup(players(2), {"facts": {"track.money.65.fame": 30}}, 1)
    assert "track.money.65.fame" in str(caught.value)
    assert GAME.setup(players(2), {"facts": FACTS}, 1).data["facts"]["2p.river.length"] == 20
