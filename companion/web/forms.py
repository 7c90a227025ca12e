"""The "start a game" form: from posted fields to (kind, players, options), refusing bad values whole."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from companion.errors import SHOWN_CHARS, MalformedRequest, shown
from companion.web.bodies import MAX_WHOLE
from companion.web.language import option_label_key

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
        options[key] = _option(kind, field, options[key], form, seats, chosen.get("limits", {}).get(key))
    for key, field in fields.items():
        needed = field.get("needs")
        if needed and needed[1] not in options.get(needed[0], ()):
            options[key] = chosen["options"][key]  # shown only with that choice: left as it was without it
    return kind, players, options


def _option(
    kind: str, field: dict[str, Any], default: Any, form: Form, seats: dict[int, int], limit: dict[str, int] | None
) -> Any:
    """One option as the form posted it (see companion.games.base.OptionField), refused with its name if bad; a
    number within its `limit` ({"low", "high"}) when the game gives one, as the form's box does."""
    name = f"{kind}.{field['key']}"
    if field["kind"] == "number":
        raw = (form.get(name) or "").strip()
        if not raw:
            return default
        return _number(kind, field["key"], raw, limit)
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


def _number(kind: str, key: str, raw: str, limit: dict[str, int] | None) -> int:
    """A whole number typed in the box of option `key`, from limit["low"] to limit["high"] (else any the store
    takes); refused naming the option as the form shows it, and the numbers it takes."""
    try:
        number: int | None = int(raw)
    except ValueError:  # also a number of more digits than int() reads (4300)
        number = None
    low, high = (limit["low"], limit["high"]) if limit else (-MAX_WHOLE, MAX_WHOLE)
    if number is not None and low <= number <= high:
        return number
    option = {"key": option_label_key(kind, key)}
    typed = raw if len(raw) <= SHOWN_CHARS else raw[:SHOWN_CHARS] + "…"
    if limit:
        said = {
            "key": "error.said.option_range",
            "params": {"option": option, "low": low, "high": high, "value": typed},
        }
    else:
        said = {"key": "error.said.option_number", "params": {"option": option, "value": typed}}
    name = f"{kind}.{key}"
    raise MalformedRequest(
        f"{name} must be a whole number from {low} to {high}, got {shown(raw)}", field=name, value=raw, said=said
    )
