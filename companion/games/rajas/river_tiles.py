"""The river tiles in the box as data: the base game's 8 (Ganga module) and Ganga module 2's 2, and which of them a
river tile laid may still be (the tile told must be one of them, its printed numbers as every such tile shows)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from companion.games.base import Message
from companion.games.rajas.core import Refused, has_module, require
from companion.games.rajas.definition import ROOMS
from companion.games.rajas.rewards import joined, reward_words

BASE_RIVER_TILES: Final = 8
"""Base rulebook, "Changing the river spaces (river tiles)": the variant adds 8 river tiles to the game."""
MODULE2_RIVER_TILES: Final = 2
"""Goodie Box 1, "Ganga module 2": two new river tiles, one of each kind below."""


@dataclass(frozen=True)
class RiverTile:
    """One kind of river tile: its reward kind, the numbers every such tile prints, what the table tells of the tile
    drawn (the dice colours or the character pictured: printed on the tile and not in the rulebook), how many of the
    kind are in the box (None: not known, see BOARD-FACTS.md), and the rule (citations.RULES) that lists it."""

    kind: str
    numbers: Mapping[str, int] = field(default_factory=dict)
    told: tuple[str, ...] = ()
    copies: int | None = None
    rule: str = "ganga.setup"


BASE_TILES: Final = (
    # One die of a colour of one's choice per karma level: no colour is printed (unlike the river space of that kind).
    RiverTile("karma_dice"),
    # Three dice, one for each colour shown: the colours are printed on the tile, not in the rulebook, so the table
    # tells them; whether a tile may show one colour twice is not known (BOARD-FACTS.md), so it is not refused.
    RiverTile("dice", {"count": 3}, told=("colors",)),
    # The palace action of the character pictured: which one is printed on the tile, so it is told.
    RiverTile("room", told=("room",)),
    # Identical-goods markets, up to 3 of them, no further die discarded.
    RiverTile("market_identical", {"max": 3}),
    # The boat moves 1 to 3 free spaces, then takes the reward where it stops.
    RiverTile("boat", {"max": 3}),
)
"""The kinds of the base game's 8 river tiles (base rulebook, "Changing the river spaces (river tiles)", the list of
the tiles). The rulebook does not say how many tiles of each kind there are, only that 8 tiles show these 5 kinds, so
a kind is never refused for being laid before: only the 8 in all are counted."""
MODULE2_TILES: Final = (
    RiverTile("upgrade", {"count": 2}, copies=1, rule="ganga2.dolphin"),
    RiverTile("dolphin", copies=1, rule="ganga2.dolphin"),
)
"""Ganga module 2's two tiles, "2 upgrades" and "Ganges dolphin" (Goodie Box 1, "Ganga module 2"): one of each."""


def as_printed(tile: RiverTile, told: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The reward a tile of this kind pays, with what the table told of it (`told`: its colours or room)."""
    told = told or {}
    return {"kind": tile.kind, **tile.numbers, **{name: told[name] for name in tile.told if name in told}}


MODULE2_REWARDS: Final = tuple(as_printed(tile) for tile in MODULE2_TILES)
"""The rewards Ganga module 2's tiles pay, as laid on the river."""


def _laid(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return list(data["river_tiles"].values())


def _module2_tiles(data: Mapping[str, Any]) -> list[RiverTile]:
    return list(MODULE2_TILES) if has_module(data, "ganga2") else []


def _module2_left(data: Mapping[str, Any]) -> list[RiverTile]:
    laid = _laid(data)
    return [t for t in _module2_tiles(data) if sum(as_printed(t) == dict(r) for r in laid) < (t.copies or 0)]


def _base_laid(data: Mapping[str, Any]) -> int:
    module2 = [as_printed(t) for t in _module2_tiles(data)]
    return sum(dict(r) not in module2 for r in _laid(data))


def tiles_left(data: Mapping[str, Any]) -> list[RiverTile]:
    """The kinds of river tile that may still be drawn: the base ones while fewer than 8 are laid (Ganga module),
    and each Ganga module 2 tile not laid yet."""
    base = list(BASE_TILES) if has_module(data, "ganga") and _base_laid(data) < BASE_RIVER_TILES else []
    return base + _module2_left(data)


def kinds_left(data: Mapping[str, Any]) -> list[str]:
    """The reward kinds of the river tiles that may still be drawn, in the order of the rulebooks' lists."""
    return [t.kind for t in tiles_left(data)]


def _tile_said(kinds: list[RiverTile]) -> dict[str, Any]:
    if not kinds:
        return Message("rajas.river_tile.kind.none").to_dict()
    return joined([Message(f"rajas.river_tile.kind.{t.kind}") for t in kinds]).to_dict()


def check_river_tile(data: Mapping[str, Any], told: Mapping[str, Any]) -> None:
    """Refuse a river tile that is none of those in the box, or shows other numbers than such a tile prints, or is
    laid once more than there are (Refused, naming what was wrong and the tiles there are)."""
    kind = told.get("kind")
    in_game = (list(BASE_TILES) if has_module(data, "ganga") else []) + _module2_tiles(data)
    found = next((t for t in in_game if t.kind == kind), None)
    kind_said = {"key": f"rajas.reward_kind.{kind}"}
    if found is None:
        raise Refused("ganga.setup", "river_tile_kind", kind=kind_said, kinds=_tile_said(in_game))
    shape = {"key": f"rajas.river_tile.shape.{found.kind}"}
    words = reward_words(dict(told)).to_dict()
    require(is_as_printed(found, told), found.rule, "river_tile_printed", told=words, kind=kind_said, shape=shape)
    left = tiles_left(data)
    if found in MODULE2_TILES:
        require(found in left, found.rule, "river_tile_laid", tile=_tile_said([found]))
    else:
        require(found in left, found.rule, "river_tiles_base_laid", total=BASE_RIVER_TILES, kinds=_tile_said(left))


def is_as_printed(tile: RiverTile, told: Mapping[str, Any]) -> bool:
    """Whether a reward told is what a tile of this kind prints: its numbers, and the colours or room told fit."""
    if dict(told) != as_printed(tile, told):
        return False
    if "colors" in tile.told:
        colors = told.get("colors")
        return isinstance(colors, list) and len(colors) == tile.numbers["count"]
    if "room" in tile.told:
        return told.get("room") in ROOMS.values()
    return True


def fill_printed(told: Mapping[str, Any]) -> dict[str, Any]:
    """A river tile told by its kind alone, with the numbers every tile of that kind prints filled in (the form asks
    no number the tile cannot vary); anything else as it is told."""
    found = next((t for t in (*BASE_TILES, *MODULE2_TILES) if t.kind == told.get("kind")), None)
    if found is None:
        return dict(told)
    return {**found.numbers, **dict(told)}
