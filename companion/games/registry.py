"""The game kinds the companion knows, by id."""

from __future__ import annotations

import importlib
import logging

from companion.errors import GameNotFound
from companion.games.base import Game

log = logging.getLogger(__name__)

_MODULES = ("companion.games.free_dice", "companion.games.rajas")
_kinds: dict[str, Game] | None = None


def game_kinds() -> dict[str, Game]:
    """Every available game, by id (a game package that fails to import is logged and left out)."""
    global _kinds
    if _kinds is None:
        found: dict[str, Game] = {}
        for name in _MODULES:
            try:
                game: Game = importlib.import_module(name).GAME
            except (ImportError, AttributeError):
                log.exception("game package %s could not be loaded", name)
                continue
            found[game.id] = game
        _kinds = found
    return _kinds


def game_kind(kind: str) -> Game:
    """The game with that id; GameNotFound names the ones available."""
    kinds = game_kinds()
    if kind not in kinds:
        raise GameNotFound(f"unknown game kind {kind!r}; available: {', '.join(sorted(kinds))}")
    return kinds[kind]
