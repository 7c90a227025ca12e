"""Errors of the Rajas engine: all inherit the companion errors the service already maps to answers."""

from __future__ import annotations

from companion.errors import CompanionError


class RajasError(CompanionError):
    """Root of the errors raised by the Rajas package."""

    code = "rajas_error"


class BoardFileError(RajasError, ValueError):
    """A board file that is not well formed or contradicts what is known of the game."""

    code = "bad_board_file"
