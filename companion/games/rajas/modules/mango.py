"""Mango Village (Goodie Box 1): village tiles bought with a double, and the village action space."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import player, require
from companion.games.rajas.moves.earn import earn
from companion.games.rajas.moves.market import check_once_a_round

MAX_VILLAGES_SCORED = 2


def score_villages(data: dict[str, Any], seat: int, villages: list[int]) -> None:
    """Take again the yield of up to two of one's villages (chosen by tile id)."""
    me = player(data, seat)
    # At 3-4 players a worker placed here is one of a kind this round. One of the player's own already standing
    # here means the action is used again (Imperial Flag, place.use_again): a placement with one there was refused
    # before (place._village), and using an action again places no worker.
    if len(data["players"]) >= 3 and seat not in data["spaces"].get("village", []):
        check_once_a_round(data, seat, "village", "mango.village", "village_once")
    require(
        len(villages) <= MAX_VILLAGES_SCORED and len(set(villages)) == len(villages), "mango.village", "two_villages"
    )
    owned = {t["id"]: t for t in me["tiles"] if t["kind"] == "village" and not t["covered"]}
    for tile_id in villages:
        require(tile_id in owned, "mango.village", "no_such_tile", tile=tile_id)
        if owned[tile_id].get("reward"):
            earn(data, seat, owned[tile_id]["reward"])
