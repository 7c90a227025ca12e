"""Board files: load, validate, export and import the printed facts of a copy of the game.

Each problem of a file is a catalogue message (`rajas.board.problem.<reason>`), so the board page says it in the
reader's language; `validate_board_file` says them in English, for the log, the API's message and old callers."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from companion.errors import SHOWN_CHARS, shown
from companion.games.base import Message, MissingFact
from companion.games.rajas.errors import BoardFileError
from companion.games.rajas.facts import fact_kind, in_english, missing, value_problem

BOARD_FILE = Path(__file__).parent / "board_facts" / "base.json"
CONFIDENCES = ("two", "one", "inferred", "unknown", "table")
_TOP_FIELDS = {"game", "format", "title", "note", "facts"}


@cache
def shipped_board() -> dict[str, Any]:
    """The board file versioned with the code (read once; callers must not change it)."""
    return load_board(BOARD_FILE.read_text(encoding="utf-8"))


def load_board(text: str) -> dict[str, Any]:
    """Parse and validate a board file; BoardFileError lists every problem."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        said = _problem("not_json", error=str(error), line=error.lineno, column=error.colno)
        raise BoardFileError(in_english(said), said=said.to_dict()) from error
    problems = board_problems(data)
    if problems:
        english = [in_english(p) for p in problems]
        messages = [p.to_dict() for p in problems]
        raise BoardFileError("board file refused: " + "; ".join(english), problems=english, said_problems=messages)
    return dict(data)


def validate_board_file(data: Any) -> list[str]:
    """Every problem of a board file (shape, keys, values against what is known), in English; empty when good."""
    return [in_english(p) for p in board_problems(data)]


def board_problems(data: Any) -> list[Message]:
    """Every problem of a board file, as catalogue messages (the reader's language); empty when it is good."""
    if not isinstance(data, Mapping):
        return [_problem("not_object")]
    problems = [_problem("top_field", name=shown(name)) for name in sorted(set(data) - _TOP_FIELDS, key=str)]
    if data.get("game") != "rajas" or data.get("format") != 1:
        problems.append(_problem("game_format"))
    entries = data.get("facts")
    if not isinstance(entries, Mapping):
        return [*problems, _problem("facts_shape", entry="{value, source, confidence}")]
    values = known_values(entries)
    for key, entry in entries.items():
        problems.extend(_entry_problems(str(key), entry, values))
    return problems


def _entry_problems(key: str, entry: Any, values: Mapping[str, Any]) -> list[Message]:
    named = key if len(key) <= SHOWN_CHARS else key[:SHOWN_CHARS] + "…"  # a file's key is never pasted whole
    if not isinstance(entry, Mapping) or set(entry) != {"value", "source", "confidence"}:
        return [_problem("entry_shape", key=named)]
    problems = []
    if entry["confidence"] not in CONFIDENCES:
        problems.append(_problem("confidence", key=named, allowed=str(list(CONFIDENCES))))
    if not isinstance(entry["source"], str) or not entry["source"].strip():
        problems.append(_problem("source", key=named))
    if fact_kind(key) is None:
        problems.append(_problem("unknown_key", key=shown(key)))
    elif entry["value"] is not None:
        others = {k: v for k, v in values.items() if k != key}
        problem = value_problem(key, entry["value"], others)
        if problem:
            problems.append(_problem("value", key=named, problem=problem.to_dict()))
    if (entry["value"] is None) != (entry["confidence"] == "unknown"):
        problems.append(_problem("null_unknown", key=named))
    return problems


def _problem(reason: str, **params: Any) -> Message:
    """A problem of a board file, as a catalogue message (`rajas.board.problem.<reason>`)."""
    return Message(f"rajas.board.problem.{reason}", params)


def known_values(entries: Mapping[str, Any]) -> dict[str, Any]:
    """Fact key -> value for every entry whose value is known."""
    return {str(k): e["value"] for k, e in entries.items() if isinstance(e, Mapping) and e.get("value") is not None}


def missing_facts(board: Mapping[str, Any], answered: Mapping[str, Any] | None = None) -> list[MissingFact]:
    """Every fact still unknown: the nulls of the file, then the slots and spaces whose count is known."""
    values = {**known_values(board.get("facts", {})), **(answered or {})}
    keys = [k for k, e in board.get("facts", {}).items() if e.get("value") is None and k not in values]
    for key, count in values.items():
        keys.extend(_counted_keys(key, count))
    return [missing(k) for k in dict.fromkeys(keys) if k not in values]


def _counted_keys(key: str, count: Any) -> list[str]:
    found = fact_kind(key)
    if found is None or not isinstance(count, int):
        return []
    kind, parts = found
    if kind == "slots" and parts[1] in ("quarry", "port"):
        return [f"{parts[0]}.{parts[1]}.{n}.cost" for n in range(1, count + 1)]
    if kind == "river_length":
        return [f"{parts[0]}.river.{n}" for n in range(1, count + 1)]
    if kind == "incomes":
        colors = [f"navaratnas.income.{n}.color" for n in range(1, count + 1)] if parts[0] == "navaratnas" else []
        return [*(f"{parts[0]}.income.{n}" for n in range(1, count + 1)), *colors]
    if kind == "track_length" and parts[0] == "money":
        return [f"track.money.{m}.fame" for m in range(count + 1)]
    return []


def export_board(board: Mapping[str, Any], answered: Mapping[str, Any]) -> dict[str, Any]:
    """A board file with the table's answers filled in (source 'table'), ready to share."""
    facts = {k: dict(v) for k, v in board.get("facts", {}).items()}
    for key, value in sorted(answered.items()):
        if facts.get(key, {}).get("value") is None:
            facts[key] = {"value": value, "source": "answered at the table", "confidence": "table"}
    return {**{k: v for k, v in board.items() if k != "facts"}, "facts": facts}


def import_board(text: str) -> dict[str, Any]:
    """Known fact values of a shared board file (refused whole when any entry is wrong)."""
    return known_values(load_board(text)["facts"])
