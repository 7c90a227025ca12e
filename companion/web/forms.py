"""The "start a game" form: from posted fields to (kind, players, options), refusing bad values whole."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import MalformedRequest

MAX_SEATS = 8


def start_request(form: Mapping[str, str], kinds: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]], dict]:
    """The kind, the players (rows with a name) and the options of the chosen kind, typed like its defaults."""
    kind = form.get("kind", "")
    chosen = next((k for k in kinds if k["id"] == kind), None)
    if chosen is None:
        allowed = ", ".join(k["id"] for k in kinds)
        raise MalformedRequest(f"kind {kind!r} is not a game; allowed: {allowed}", field="kind", value=kind)
    players = []
    for seat in range(MAX_SEATS):
        name = form.get(f"name_{seat}", "").strip()
        if name:
            players.append({"name": name, "color": form.get(f"color_{seat}") or None})
    if not players:
        raise MalformedRequest("at least one player needs a name", field="players", hint="page.start.no_players")
    options = {key: _option(kind, key, default, form) for key, default in chosen["options"].items()}
    return kind, players, options


def _option(kind: str, key: str, default: Any, form: Mapping[str, str]) -> Any:
    field = f"{kind}.{key}"
    raw = form.get(field)
    if isinstance(default, bool):
        return raw is not None  # an unticked checkbox is not posted at all
    if raw is None or raw.strip() == "":
        return default
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise MalformedRequest(f"{field} must be a whole number, got {raw!r}", field=field, value=raw) from None
    return raw.strip()
