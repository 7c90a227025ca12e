"""The "start a game" form: from posted fields to (kind, players, options), refusing bad values whole."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from companion.errors import MalformedRequest
from companion.web.bodies import MAX_WHOLE
from companion.web.errors import shown

MAX_SEATS = 8
Form = MultiDict[str, str]
"""A posted form: the boxes ticked under one name come as a list (`getlist`)."""


def start_request(form: Form, kinds: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]], dict]:
    """The kind, the players (rows with a name) and the options of the chosen kind, typed like its defaults: those
    the form asks for (the kind's "fields"), the others as they are by default."""
    kind = form.get("kind", "")
    chosen = next((k for k in kinds if k["id"] == kind), None)
    if chosen is None:
        allowed = ", ".join(k["id"] for k in kinds)
        raise MalformedRequest(f"kind {shown(kind)} is not a game; allowed: {allowed}", field="kind", value=kind)
    players: list[dict[str, Any]] = []
    seats: dict[int, int] = {}
    for row in range(MAX_SEATS):
        name = form.get(f"name_{row}", "").strip()
        if name:
            seats[row] = len(players)  # an empty row takes no seat: the rows after it move up
            players.append({"name": name, "color": form.get(f"color_{row}") or None})
    if not players:
        raise MalformedRequest("at least one player needs a name", field="players", hint="page.start.no_players")
    options = dict(chosen["options"])
    fields = {field["key"]: field for field in chosen.get("fields", [])}
    for key, field in fields.items():
        options[key] = _option(kind, field, options[key], form, seats)
    for key, field in fields.items():
        needed = field.get("needs")
        if needed and needed[1] not in options.get(needed[0], ()):
            options[key] = chosen["options"][key]  # shown only with that choice: left as it was without it
    return kind, players, options


def _option(kind: str, field: dict[str, Any], default: Any, form: Form, seats: dict[int, int]) -> Any:
    """One option as the form posted it (see companion.games.base.OptionField), refused with its name if bad."""
    name = f"{kind}.{field['key']}"
    if field["kind"] == "number":
        raw = (form.get(name) or "").strip()
        if not raw:
            return default
        try:
            number = int(raw)
        except ValueError:  # also a number of more digits than int() reads (4300)
            number = None
        if number is None or not -MAX_WHOLE <= number <= MAX_WHOLE:
            raise MalformedRequest(
                f"{name} must be a whole number from {-MAX_WHOLE} to {MAX_WHOLE}, got {shown(raw)}",
                field=name,
                value=raw,
            )
        return number
    ticked = form.getlist(name)
    if field["kind"] == "several":
        bad = [value for value in ticked if value not in field["choices"]]
        if bad:
            allowed = ", ".join(field["choices"])
            raise MalformedRequest(
                f"{name}: {shown(bad[0])} is not a choice; allowed: {allowed}", field=name, value=bad[0]
            )
        return [choice for choice in field["choices"] if choice in ticked]
    for value in ticked:
        if not value.isdigit() or int(value) not in seats:
            raise MalformedRequest(f"{name}: {shown(value)} is no row of a named player", field=name, value=value)
    return sorted(seats[int(value)] for value in ticked)
