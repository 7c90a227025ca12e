"""Ganga river tiles: laid by rolling a die and counting spaces; Ganga module 2 adds two tiles."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import has_module, push, require
from companion.games.rajas.definition import RIVER_TILES_CHECKED_FROM
from companion.games.rajas.moves.river import river_length
from companion.games.rajas.river_tiles import BASE_RIVER_TILES, MODULE2_REWARDS, MODULE2_RIVER_TILES, check_river_tile


def start_ganga(data: dict[str, Any]) -> None:
    """Queue the first die roll that decides where the first river tile goes (Ganga 2 alone: two free spots)."""
    if not has_module(data, "ganga"):
        data["ganga"] = {"left": MODULE2_RIVER_TILES, "at": 0}
        for _ in range(MODULE2_RIVER_TILES):
            push(data, {"kind": "river_tile", "seat": None, "space": None})
        return
    tiles = BASE_RIVER_TILES + (MODULE2_RIVER_TILES if has_module(data, "ganga2") else 0)
    data["ganga"] = {"left": tiles, "at": 0}
    push(data, {"kind": "ganga_roll", "seat": None})


def resolve_ganga(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    """A die counts spaces on from the last tile; the table then says which tile was drawn there."""
    from companion.games.rajas.moves.setup import begin_play

    ganga = data["ganga"]
    # The river's length is a printed fact: it is asked for only once what needs none (one die, a free space, a
    # module 2 tile) is right, and never where it plays no part (a tile laid on the space the die gave).
    if pending["kind"] == "ganga_roll":
        require(len(move["dice"]) == 1 and not move["return"], "ganga.setup", "one_die")
        space = ganga["at"] + move["dice"][0]["value"]
        # The end space is never covered; when the count reaches it, the remaining tiles stay in the box.
        if space < river_length(data):
            push(data, {"kind": "river_tile", "seat": None, "space": space}, front=True)
    elif pending["space"] is None:
        # Ganga module 2 alone: its two tiles cover river spaces of the table's choice.
        taken = [move["tile"] == dict(t) for t in data["river_tiles"].values()]
        space = move["space"]
        require(str(space) not in data["river_tiles"], "ganga2.dolphin", "dolphin_space", space=space)
        require(move["tile"] in MODULE2_REWARDS and not any(taken), "ganga2.dolphin", "module2_tile")
        require(0 < space < river_length(data), "ganga2.dolphin", "dolphin_space", space=space)
        data["river_tiles"][str(space)] = move["tile"]
    else:
        require(move["space"] == pending["space"], "ganga.setup", "tile_space", space=pending["space"])
        if data["version"] >= RIVER_TILES_CHECKED_FROM:
            check_river_tile(data, move["tile"])  # a game begun before (definition.RULES_VERSION) took any reward
        data["river_tiles"][str(move["space"])] = move["tile"]
        ganga["at"] = move["space"]
        ganga["left"] -= 1
        if ganga["left"] > 0:
            push(data, {"kind": "ganga_roll", "seat": None}, front=True)
    begin_play(data)
