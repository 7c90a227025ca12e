"""What the table page needs beyond the game's view: the last roll that can be corrected, and its origin."""

from __future__ import annotations

from typing import Any

from companion.service import Companion


def last_roll(service: Companion, game_id: str) -> dict[str, Any] | None:
    """The last standing move with dice: {"seq", "move", "origin"} (origin "camera", "api"...), or None."""
    session = service.session(game_id)
    with session.lock:
        standing = list(session.timeline.standing)
    for seq, move in reversed(standing):
        if isinstance(move.get("dice"), list) and move["dice"]:
            written = service.events(game_id, seq - 1)
            origin = written[0].payload.get("origin") if written else None
            return {"seq": seq, "move": move, "origin": origin}
    return None


def kind_titles(service: Companion) -> dict[str, dict[str, Any]]:
    """The title Message of each game kind, by id."""
    return {kind["id"]: kind["title"] for kind in service.kinds()}
