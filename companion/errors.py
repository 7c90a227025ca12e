"""Errors of the companion package: one root; each specific error also inherits the matching built-in."""

from __future__ import annotations

from typing import Any

SHOWN_CHARS = 60
"""How much of a bad value an error message repeats: enough to recognise it, never a whole 100 kB name."""


def shown(value: Any) -> str:
    """How a message quotes a value it refuses: repr(), cut to its first SHOWN_CHARS characters and "…"."""
    if isinstance(value, str) and len(value) > SHOWN_CHARS:
        return repr(value[:SHOWN_CHARS] + "…")
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"


class CompanionError(Exception):
    """Root of every error raised by the companion package."""

    code = "error"

    def __init__(self, message: str, **details: Any) -> None:
        """`message`: for the log and the API, in English. A player-facing error also gives `said`, the same in
        the table's language: {"key": catalogue key, "params": {...}} (shown instead of the message)."""
        super().__init__(message)
        self.message = message
        self.details = details


class ConfigError(CompanionError, ValueError):
    """A configuration key or value that is unknown or not allowed."""

    code = "bad_config"


class MalformedRequest(CompanionError, ValueError):
    """A request or move that is not well formed (missing field, wrong type, unknown value)."""

    code = "malformed"


class IllegalMove(CompanionError, ValueError):
    """A well-formed move that the rules forbid right now."""

    code = "illegal_move"


class GameNotFound(CompanionError, LookupError):
    """No game with that id (or no game kind with that name)."""

    code = "not_found"


class Conflict(CompanionError, ValueError):
    """A request that does not fit the current state (nothing to undo, game already over...)."""

    code = "conflict"


class ListenError(CompanionError, OSError):
    """The dashboard cannot listen where the settings say (a port in use, an address not of this machine)."""

    code = "cannot_listen"


class StoreError(CompanionError, OSError):
    """The event store could not be read or written."""

    code = "store_error"
