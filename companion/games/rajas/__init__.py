"""Rajas of the Ganges: rules engine (base game, Navaratnas, Ganga, Goodie Box 1) with printed-fact files."""

from pathlib import Path

from companion.games.rajas.board import (
    board_problems,
    export_board,
    import_board,
    load_board,
    missing_facts,
    validate_board_file,
)
from companion.games.rajas.citations import rules_reference, search_rules
from companion.games.rajas.game import GAME
from companion.i18n import register_locale_dir

register_locale_dir(Path(__file__).parent / "locale")

__all__ = [
    "GAME",
    "board_problems",
    "export_board",
    "import_board",
    "load_board",
    "missing_facts",
    "rules_reference",
    "search_rules",
    "validate_board_file",
]
