"""The "start a game" form: from posted fields to (kind, players, options), refusing bad values whole."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from companion.errors import SHOWN_CHARS, MalformedRequest, shown
from companion.i18n import list_message
from companion.web.bodies import MAX_WHOLE
from companion.web.language import has_text, option_label_key

MAX_SEATS = 8
Form = MultiDict[str, str]
"""A posted form: the boxes ticked under one name come as a list (`getlist`)."""


def start_request(form: Form, kinds: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]], dict]:
    """The kind, the players (rows with a name) and the options of the chosen kind, typed like its defaults: those
    the form asks for (the kind's "fields"), the others as they are by default."""
    kind = form.get("kind", "")
    chosen = next((k for k in kinds if k["id"] == kind), None)
    if chosen is None:
        raise _not_a_game(kind, kinds)
    players: list[dict[str, Any]] = []
    seats: dict[int, int] = {}
    for row in range(MAX_SEATS):
        name = form.get(f"name_{row}", "").strip()
        if name:
            seats[row] = len(players)  # an empty row takes no seat: the rows after it move up
            players.append({"name": name, "color": form.get(f"color_{row}") or None})
    beyond = _rows_beyond(form)
    if beyond:  # rows past the form's last seat were dropped without a word: the game started with fewer players
        count = len(players) + len(beyond)
        params = {"low": chosen["min_players"], "high": min(chosen["max_players"], MAX_SEATS), "n": count}
        said = {"key": "error.said.player_count", "params": params}
        raise MalformedRequest(f"{kind} takes at most {MAX_SEATS} players, got {count}", field="players", said=said)
    if not players:
        said = {"key": "page.start.no_players", "params": {}}
        raise MalformedRequest(
            "at least one player needs a name", field="players", hint="page.start.no_players", said=said
        )
    options = dict(chosen["options"])
    fields = {field["key"]: field for field in chosen.get("fields", [])}
    for key, field in fields.items():
        options[key] = _option(kind, field, options[key], form, seats, chosen.get("limits", {}).get(key))
    for key, field in fields.items():
        needed = field.get("needs")
        if needed and needed[1] not in options.get(needed[0], ()):
            options[key] = chosen["options"][key]  # shown only with that choice: left as it was without it
    return kind, players, options


def _rows_beyond(form: Form) -> list[str]:
    """The named players' fields past the form's last row ("name_8" and on). A row is a number in ASCII digits:
    "name_²" or "name_٣" is refused naming its field, not read as a row (int() refuses "²", reads "٣" as 3)."""
    beyond = []
    for field in (k for k in form if k.startswith("name_") and form[k].strip()):
        row = field[5:]
        if row.isdigit() and not row.isascii():
            said = {"key": "error.said.name_row", "params": {"field": shown(field)}}
            message = f"field {shown(field)}: not a row of the players' list; allowed: name_0 to name_{MAX_SEATS - 1}"
            raise MalformedRequest(message, field=field, said=said)
        # More digits than a seat has are past the last row, without reading them (int() refuses 5000 of them).
        if row.isdigit() and (len(row) > len(str(MAX_SEATS)) or int(row) >= MAX_SEATS):
            beyond.append(field)
    return beyond


def _not_a_game(kind: str, kinds: list[dict[str, Any]]) -> MalformedRequest:
    """The refusal of a kind that is no game here, listing the games by their titles in the reader's words."""
    allowed = ", ".join(k["id"] for k in kinds)
    params = {"value": shown(kind), "allowed": list_message([k["title"] for k in kinds], "and" if kind else "or")}
    said = {"key": "error.said.game_kind" if kind else "error.said.game_kind_missing", "params": params}
    return MalformedRequest(
        f"kind {shown(kind)} is not a game; allowed: {allowed}", field="kind", value=kind, said=said
    )


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
    if field["kind"] == "several":
        return _choices(kind, field, form.getlist(name))
    return _seats(kind, field["key"], form.getlist(name), seats)


def _choices(kind: str, field: dict[str, Any], ticked: list[str]) -> list[str]:
    """The choices ticked among an option's `choices`, refused naming the option and listing them as the form does."""
    bad = [value for value in ticked if value not in field["choices"]]
    if bad:
        name, allowed = f"{kind}.{field['key']}", ", ".join(field["choices"])
        option = {"key": option_label_key(kind, field["key"])}
        labels = list_message([_choice_label(kind, field["key"], choice) for choice in field["choices"]])
        said = {
            "key": "error.said.option_choice",
            "params": {"option": option, "value": shown(bad[0]), "allowed": labels},
        }
        raise MalformedRequest(
            f"{name}: {shown(bad[0])} is not a choice; allowed: {allowed}", field=name, value=bad[0], said=said
        )
    return [choice for choice in field["choices"] if choice in ticked]


def _seats(kind: str, key: str, ticked: list[str], seats: dict[int, int]) -> list[int]:
    """The seats of the rows ticked (rows of a named player only), refused naming the option and the row."""
    rows = [_row(value) for value in ticked]
    for value, row in zip(ticked, rows, strict=True):
        if row not in seats:
            name, option = f"{kind}.{key}", {"key": option_label_key(kind, key)}
            raise MalformedRequest(
                f"{name}: {shown(value)} is no row of a named player",
                field=name,
                value=value,
                said=_not_a_row(option, value, row),
            )
    return sorted(seats[row] for row in rows if row is not None)


def _row(value: str) -> int | None:
    """The row of the players' list a box names (its number from 0), None when it names none: "²" and "٣" are
    digits to str.isdigit() that int() refuses or reads, and int() refuses 5000 of them."""
    return int(value) if value.isascii() and value.isdigit() and len(value) <= len(str(MAX_SEATS)) else None


def _not_a_row(option: dict[str, str], value: str, row: int | None) -> dict[str, Any]:
    """Why a player's box names no player, as the form shows its rows (numbered from 1)."""
    if row is None:
        return {"key": "error.said.option_seat", "params": {"option": option, "value": shown(value)}}
    return {"key": "error.said.option_seat_row", "params": {"option": option, "row": row + 1}}


def _choice_label(kind: str, key: str, choice: str) -> dict[str, Any] | str:
    """A choice of an option as the form names it: its label, else the choice as it is posted."""
    label = f"{kind}.option.{key}.{choice}"
    return {"key": label, "params": {}} if has_text(label) else choice


def _typed(raw: str) -> str:
    """A value as a refusal repeats it to the player: cut to its first SHOWN_CHARS characters and "…"."""
    return raw if len(raw) <= SHOWN_CHARS else raw[:SHOWN_CHARS] + "…"


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
    if limit:
        said = {
            "key": "error.said.option_range",
            "params": {"option": option, "low": low, "high": high, "value": _typed(raw)},
        }
    else:
        said = {"key": "error.said.option_number", "params": {"option": option, "value": _typed(raw)}}
    name = f"{kind}.{key}"
    raise MalformedRequest(
        f"{name} must be a whole number from {low} to {high}, got {shown(raw)}", field=name, value=raw, said=said
    )
