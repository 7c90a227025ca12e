"""Free dice: the minimal game (players, turns, rolls, a running tally) that exercises the whole path."""

from pathlib import Path

from companion.games.free_dice.game import GAME
from companion.i18n import register_locale_dir

register_locale_dir(Path(__file__).parent / "locale")

__all__ = ["GAME"]
