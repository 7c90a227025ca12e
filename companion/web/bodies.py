"""Reading JSON request bodies: the whole body is checked (types, unknown fields) before anything runs."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from flask import request

from companion.errors import MalformedRequest
from companion.web.errors import shown

MAX_WHOLE = 2**63 - 1
"""The largest whole number taken from a query or a form: the largest the event store (SQLite) can compare."""

Expected = type | tuple[type, ...]
"""The type a field must have, or the types it may have (`(str, type(None))`: a string or null)."""

_TYPE_NAMES = {
    str: "a string",
    int: "a whole number",
    list: "a list",
    dict: "an object",
    bool: "true or false",
    type(None): "null",
}


def json_object() -> dict[str, Any]:
    """The request body as a JSON object; MalformedRequest when it is not JSON or not an object."""
    if not request.is_json:
        raise MalformedRequest(
            "the request body must be JSON (Content-Type: application/json)",
            field="body",
            content_type=request.content_type,
        )
    data = _parsed_body()
    if not isinstance(data, dict):
        got = _TYPE_NAMES.get(type(data), "a number")  # a float, the one JSON value not named there
        raise MalformedRequest(f"the request body must be a JSON object, got {got}", field="body")
    return data


def _parsed_body() -> Any:
    """The body parsed as JSON; MalformedRequest saying where it stops being JSON (line, column and the character's
    position from 0, also in its details)."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise MalformedRequest("the request body is empty; it must be a JSON object", field="body")
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise MalformedRequest(
            f"the request body is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
            field="body",
            line=exc.lineno,
            column=exc.colno,
            position=exc.pos,
        ) from None
    except UnicodeDecodeError as exc:  # json reads UTF-8, -16 and -32; anything else is not JSON text
        raise MalformedRequest(
            f"the request body is not valid JSON: not UTF-8 text (byte {exc.start})", field="body", position=exc.start
        ) from None
    except ValueError:  # json reads a number of more digits than int() takes (4300) as a plain ValueError
        raise MalformedRequest(
            f"the request body holds a number of more than {sys.get_int_max_str_digits()} digits", field="body"
        ) from None
    except RecursionError:  # why: json refuses a deep nesting with this, not with a ValueError
        raise MalformedRequest("the request body is JSON nested too deeply", field="body") from None


def checked(
    data: Mapping[str, Any], required: Mapping[str, Expected], optional: Mapping[str, Expected], where: str = ""
) -> dict[str, Any]:
    """The body's fields (or those of the object at `where`, e.g. "players[0].") after checking that each has the
    right type and none is unknown."""
    allowed = {**required, **optional}
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        field = f"{where}{unknown[0]}"
        raise MalformedRequest(
            f"unknown field {shown(field)}; allowed: {', '.join(allowed)}", field=field, allowed=list(allowed)
        )
    for name in required:
        if name not in data:
            raise MalformedRequest(f"field {where + name!r} is missing", field=where + name)
    for name, value in data.items():
        expected = allowed[name]
        if not _is_a(value, expected):
            raise MalformedRequest(
                f"field {where + name!r} must be {_type_name(expected)}, got {shown(value)}",
                field=where + name,
                value=value,
                allowed=_type_name(expected),
            )
    return dict(data)


def checked_objects(
    data: Mapping[str, Any], name: str, required: Mapping[str, Expected], optional: Mapping[str, Expected]
) -> None:
    """Check each object of the list `data[name]` (if there is one) as `checked` does, naming it by its place."""
    items = data.get(name)
    if not isinstance(items, list):
        return
    for index, item in enumerate(items):
        where = f"{name}[{index}]"
        if not isinstance(item, dict):
            raise MalformedRequest(f"{where} must be an object, got {shown(item)}", field=where, value=item)
        checked(item, required, optional, where=f"{where}.")


def _type_name(expected: Expected) -> str:
    kinds = expected if isinstance(expected, tuple) else (expected,)
    return " or ".join(_TYPE_NAMES.get(kind, kind.__name__) for kind in kinds)


def _is_a(value: Any, expected: Expected) -> bool:
    # JSON true/false are Python bools, which are ints too: refuse them where a number is expected.
    kinds = expected if isinstance(expected, tuple) else (expected,)
    if isinstance(value, bool) and bool not in kinds:
        return False
    return isinstance(value, kinds)


def int_arg(name: str, default: int, minimum: int = 0, maximum: int = MAX_WHOLE) -> int:
    """A whole-number query argument (e.g. ?after=N); MalformedRequest names it when it is not one in range."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:  # also a number of more digits than int() reads (4300)
        value = minimum - 1
    if not minimum <= value <= maximum:
        raise MalformedRequest(
            f"{name} must be a whole number from {minimum} to {maximum}, got {shown(raw)}",
            field=name,
            value=raw,
            allowed={"minimum": minimum, "maximum": maximum},
        )
    return value
