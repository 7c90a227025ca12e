"""The owner's copy of a game's printed facts: what the table told once is remembered for that copy.

One board file per game kind in `<data_dir>/boards/<kind>.json`, in the game's own board-file format (so the
file can be exported, shared and imported as it is). Writes are atomic (temporary file, fsync, os.replace):
a power cut leaves the old file or the new one, never half of one. Without a data directory (tests) the
facts are kept in memory only, and the object says so (`is_persistent`).

A file or a fact refused is a BoardFileRefused whose `problems` are in English (the log, the API's message) and
whose `said_problems` are the same as catalogue messages ({"key", "params"}), for the page in the reader's language.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from companion.errors import GameNotFound, MalformedRequest
from companion.games.base import Message, MissingFact
from companion.i18n import DEFAULT_LOCALE, translate
from vision.storage import write_atomically

log = logging.getLogger(__name__)


class BoardFileRefused(MalformedRequest):
    """A board file (or one fact) that the game's rules of printed facts refuse; nothing is written (a 400).
    Details: `problems` in English, `said_problems` the same as catalogue messages, and `said` (the one problem,
    or how many there are and the first)."""

    code = "bad_board_file"

    @classmethod
    def of(cls, start: str, said_problems: list[dict[str, Any]], english: list[str] | None = None) -> BoardFileRefused:
        """The refusal of one or more problems (catalogue messages; `english` when the format said them already)."""
        problems = english or [translate(DEFAULT_LOCALE, str(p["key"]), p.get("params")) for p in said_problems]
        first = said_problems[0]
        many = {"key": "error.said.board_problems", "params": {"n": len(said_problems), "first": first}}
        said = first if len(said_problems) == 1 else many
        message = f"{start}: {'; '.join(problems)}"
        return cls(message, problems=problems, said_problems=said_problems, said=said)


class BoardFormat(Protocol):
    """What a game offers for its printed facts (Rajas: companion.games.rajas.board)."""

    def shipped(self) -> dict[str, Any]:
        """The board file versioned with the code."""
        ...

    def problems(self, data: Any) -> list[str]:
        """Every problem of a board file, in English; empty when it is good."""
        ...

    def problem_messages(self, data: Any) -> list[Message]:
        """The same problems as catalogue messages, for the reader's language."""
        ...

    def missing(self, board: Mapping[str, Any], answered: Mapping[str, Any]) -> list[MissingFact]:
        """Every fact still unknown."""
        ...

    def exported(self, board: Mapping[str, Any], answered: Mapping[str, Any]) -> dict[str, Any]:
        """A board file with the answers filled in."""
        ...

    def imported(self, text: str) -> dict[str, Any]:
        """Known fact values of a board file (refused whole when any entry is wrong)."""
        ...


@dataclass(frozen=True)
class RajasBoards:
    """Rajas of the Ganges printed facts, through the engine's public board functions."""

    def shipped(self) -> dict[str, Any]:
        """The shipped board file."""
        from companion.games.rajas.board import shipped_board

        return shipped_board()

    def problems(self, data: Any) -> list[str]:
        """validate_board_file."""
        from companion.games.rajas import validate_board_file

        return validate_board_file(data)

    def problem_messages(self, data: Any) -> list[Message]:
        """board_problems."""
        from companion.games.rajas import board_problems

        return board_problems(data)

    def missing(self, board: Mapping[str, Any], answered: Mapping[str, Any]) -> list[MissingFact]:
        """missing_facts."""
        from companion.games.rajas import missing_facts

        return missing_facts(board, answered)

    def exported(self, board: Mapping[str, Any], answered: Mapping[str, Any]) -> dict[str, Any]:
        """export_board."""
        from companion.games.rajas import export_board

        return export_board(board, answered)

    def imported(self, text: str) -> dict[str, Any]:
        """import_board."""
        from companion.games.rajas import import_board

        return import_board(text)


FORMATS: dict[str, BoardFormat] = {"rajas": RajasBoards()}
"""Game kinds that have printed facts."""


class OwnerBoards:
    """The facts of the owner's copies, one board file per game kind, written atomically."""

    def __init__(self, data_dir: Path | None = None, formats: Mapping[str, BoardFormat] | None = None) -> None:
        self.folder = data_dir / "boards" if data_dir is not None else None
        self.formats = dict(FORMATS if formats is None else formats)
        self._memory: dict[str, dict[str, Any]] = {}
        self._lock = threading.RLock()
        if self.folder is None:
            log.warning("no data directory: facts told at the table are kept in memory only (not remembered)")

    @property
    def is_persistent(self) -> bool:
        """Whether the facts survive a restart (False in memory, e.g. in tests)."""
        return self.folder is not None

    def has_facts(self, kind: str) -> bool:
        """Whether a game kind has printed facts at all."""
        return kind in self.formats

    def path(self, kind: str) -> Path | None:
        """Where a kind's file lives (None in memory)."""
        return self.folder / f"{kind}.json" if self.folder is not None else None

    def known(self, kind: str) -> dict[str, Any]:
        """Fact key -> value told for the owner's copy (only the answers, not the shipped file)."""
        with self._lock:
            return dict(self._answers(kind))

    def missing(self, kind: str) -> list[MissingFact]:
        """Every fact the owner's copy still lacks."""
        board_format = self._format(kind)
        return board_format.missing(board_format.shipped(), self.known(kind))

    def export(self, kind: str) -> dict[str, Any]:
        """The owner's board file: the shipped facts with every answer filled in."""
        board_format = self._format(kind)
        return board_format.exported(board_format.shipped(), self.known(kind))

    def remember(self, kind: str, facts: Mapping[str, Any]) -> None:
        """Add facts to the owner's copy; refused whole (BoardFileRefused naming the key) when any is wrong."""
        if not facts:
            return
        with self._lock:
            answers = {**self._answers(kind), **facts}
            self._write(kind, answers)

    def forget(self, kind: str, key: str) -> None:
        """Drop one told fact (a wrong answer); the table is asked again."""
        with self._lock:
            answers = self._answers(kind)
            if key not in answers:
                raise GameNotFound(f"no fact {key!r} was told for {kind}")
            self._write(kind, {k: v for k, v in answers.items() if k != key})

    def import_text(self, kind: str, text: str) -> dict[str, Any]:
        """Take in a shared board file (validated whole); returns the facts it brought that were not known."""
        board_format = self._format(kind)
        try:
            values = board_format.imported(text)
        except ValueError as error:
            details = getattr(error, "details", {})
            problems = list(details.get("problems", [])) or [str(error)]
            said = list(details.get("said_problems", [])) or ([details["said"]] if "said" in details else [])
            if len(said) != len(problems):  # a format that says its problems in English only
                said = [{"key": "error.said.board_problem", "params": {"problem": p}} for p in problems]
            raise BoardFileRefused.of("board file refused", said, problems) from error
        shipped = {k: e.get("value") for k, e in board_format.shipped().get("facts", {}).items()}
        new = {k: v for k, v in values.items() if shipped.get(k) != v}
        self.remember(kind, new)
        return new

    # ---- storage
    def _format(self, kind: str) -> BoardFormat:
        if kind not in self.formats:
            raise GameNotFound(f"game {kind!r} has no printed facts; known: {', '.join(self.formats)}")
        return self.formats[kind]

    def _answers(self, kind: str) -> dict[str, Any]:
        self._format(kind)
        if kind in self._memory:
            return self._memory[kind]
        answers = self._read(kind)
        self._memory[kind] = answers
        return answers

    def _read(self, kind: str) -> dict[str, Any]:
        path = self.path(kind)
        if path is None or not path.exists():
            return {}
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            log.error("owner's board file %s is unreadable (%s): starting from the shipped facts", path, error)
            return {}
        problems = self._format(kind).problems(data)
        if problems:
            log.error("owner's board file %s refused (%s): starting from the shipped facts", path, problems[0])
            return {}
        return _answers_of(data)

    def _write(self, kind: str, answers: dict[str, Any]) -> None:
        board_format = self._format(kind)
        data = board_format.exported(board_format.shipped(), answers)
        problems = board_format.problem_messages(data)
        if problems:
            raise BoardFileRefused.of("fact refused", [p.to_dict() for p in problems])
        path = self.path(kind)
        if path is not None:
            write_atomically(path, json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n")
        self._memory[kind] = dict(answers)


def _answers_of(board: Mapping[str, Any]) -> dict[str, Any]:
    """The facts of a board file that the table told (what export_board marks with confidence 'table')."""
    facts = board.get("facts", {})
    return {k: e["value"] for k, e in facts.items() if e.get("confidence") == "table" and e.get("value") is not None}
