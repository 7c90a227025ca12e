"""Board files: load, validate, export and import the printed facts of a copy of the game.

Each problem of a file is a catalogue message (`rajas.board.problem.<reason>`), so the board page says it in the
reader's language; `validate_board_file` says them in English, for the log, the API's message and old callers."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from companion.errors import SHOWN_CHARS, shown
from companion.games.base import Message, MissingFact
from companion.games.rajas.errors import BoardFileError
from companion.games.rajas.facts import fact_kind, fact_name, fact_problem, in_english, missing, value_problem

Check = Callable[[str, Any, Mapping[str, Any]], Message | None]
"""A check of one fact's value against other known facts (facts.value_problem, facts.fact_problem)."""

BOARD_FILE = Path(__file__).parent / "board_facts" / "base.json"
CONFIDENCES = ("two", "one", "inferred", "unknown", "table")
_TOP_FIELDS = {"game", "format", "title", "note", "facts"}


@cache
def shipped_board() -> dict[str, Any]:
    """The board file versioned with the code (read once; callers must not change it)."""
    return load_board(BOARD_FILE.read_text(encoding="utf-8"))


def load_board(text: str) -> dict[str, Any]:
    """Parse and validate a board file; BoardFileError lists every problem."""
    data = _parsed(text)
    problems = board_problems(data, is_taken_in=True)
    if problems:
        english = [in_english(p) for p in problems]
        messages = [p.to_dict() for p in problems]
        raise BoardFileError("board file refused: " + "; ".join(english), problems=english, said_problems=messages)
    return dict(data)


def _parsed(text: str) -> Any:
    """The JSON of a board file; BoardFileError when it is not JSON, or JSON that Python's reader refuses (a nesting
    deeper than it recurses, a number of more digits than int() takes), said plainly rather than in Python's words."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        said = _problem("not_json", error=str(error), line=error.lineno, column=error.colno)
        raise BoardFileError(in_english(said), said=said.to_dict()) from error
    except ValueError:  # the one other ValueError json raises: a number's digits past sys.get_int_max_str_digits()
        limit = sys.get_int_max_str_digits()
        english = f"a number of more than {limit} digits"
        refused = Message("error.said.board_file_long_number", {"limit": limit})
    except RecursionError:
        english = "JSON nested too deeply"
        refused = Message("error.said.board_file_nested", {})
    # Said as a file's problems are (companion.boards keeps `said_problems` matched with `problems`).
    raise BoardFileError(f"board file refused: {english}", problems=[english], said_problems=[refused.to_dict()])


def validate_board_file(data: Any) -> list[str]:
    """Every problem of a board file (shape, keys, values against what is known), in English; empty when good."""
    return [in_english(p) for p in board_problems(data)]


def board_problems(data: Any, *, is_taken_in: bool = False) -> list[Message]:
    """Every problem of a board file, as catalogue messages (the reader's language); empty when it is good. Facts
    that contradict each other are blamed on the one that contradicts the most others (blamed_facts), each conflict
    said once. A file taken in (`is_taken_in`: imported, or the shipped one) is checked as a fact told
    now (facts.fact_problem); the owner's file kept already, as a game's log (see there)."""
    if not isinstance(data, Mapping):
        return [_problem("not_object")]
    problems = [_problem("top_field", name=shown(name)) for name in sorted(set(data) - _TOP_FIELDS, key=str)]
    if data.get("game") != "rajas" or data.get("format") != 1:
        problems.append(_problem("game_format"))
    entries = data.get("facts")
    if not isinstance(entries, Mapping):
        return [*problems, _problem("facts_shape", entry="{value, source, confidence}")]
    values = {k: v for k, v in known_values(entries).items() if fact_kind(k) is not None}
    blamed = blamed_facts(values, fact_problem if is_taken_in else value_problem)
    for key, entry in entries.items():
        problems.extend(_entry_problems(str(key), entry, blamed))
    return problems


def _entry_problems(key: str, entry: Any, blamed: Mapping[str, Message]) -> list[Message]:
    named = key if len(key) <= SHOWN_CHARS else key[:SHOWN_CHARS] + "…"  # a file's key is never pasted whole
    # A fact is named in words, its key in parentheses (the file's line to correct).
    said = {"fact": fact_name(key).to_dict(), "problem": blamed[key].to_dict()} if key in blamed else None
    wrong = [] if said is None else [_problem("fact_value", key=named, **said)]
    if not isinstance(entry, Mapping) or set(entry) != {"value", "source", "confidence"}:
        return [_problem("entry_shape", key=named), *wrong]
    problems = []
    if entry["confidence"] not in CONFIDENCES:
        problems.append(_problem("confidence", key=named, allowed=str(list(CONFIDENCES))))
    if not isinstance(entry["source"], str) or not entry["source"].strip():
        problems.append(_problem("source", key=named))
    if fact_kind(key) is None:
        problems.append(_problem("unknown_key", key=shown(key)))
    else:
        problems.extend(wrong)
    if (entry["value"] is None) != (entry["confidence"] == "unknown"):
        problems.append(_problem("null_unknown", key=named))
    return problems


def blamed_facts(values: Mapping[str, Any], check: Check = value_problem) -> dict[str, Message]:
    """The facts to blame among `values` (key -> value), each with its problem: every fact wrong by itself, then,
    of facts that contradict each other two by two, the one that contradicts the most others (key order between
    equals), again until the rest agree; each said against the first fact it contradicts. One wrong fame beside
    money 40 is blamed alone, not the five right ones it contradicts."""
    blamed: dict[str, Message] = {}
    suspects: list[str] = []
    for key, value in values.items():
        alone = check(key, value, {})
        if alone is not None:
            blamed[key] = alone
        elif check(key, value, {k: v for k, v in values.items() if k != key}) is not None:
            suspects.append(key)
    conflicts = _conflicts({k: values[k] for k in sorted(suspects)}, check)
    while any(conflicts.values()):
        worst = max(sorted(conflicts), key=lambda k: len(conflicts[k]))
        blamed[worst] = next(iter(conflicts[worst].values()))
        for other in conflicts.pop(worst):
            conflicts[other].pop(worst, None)
    return blamed


def _conflicts(values: Mapping[str, Any], check: Check) -> dict[str, dict[str, Message]]:
    # Every check of a fact against the others is one against each other fact in turn (the fame beside two money
    # spaces, a track and a space on it, a river and its bridge): two facts contradict each other when either
    # refuses the other. Each conflict is said from the fact blamed for it.
    conflicts: dict[str, dict[str, Message]] = {key: {} for key in values}
    for key, value in values.items():
        for other, other_value in values.items():
            if other != key:
                said = check(key, value, {other: other_value}) or check(other, other_value, {key: value})
                if said is not None:
                    conflicts[key][other] = said
    return conflicts


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
