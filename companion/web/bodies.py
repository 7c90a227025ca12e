"""Reading JSON request bodies: the whole body is checked (types, unknown fields) before anything runs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import request

from companion.errors import MalformedRequest

_TYPE_NAMES = {str: "a string", int: "a whole number", list: "a list", dict: "an object", bool: "true or false"}


def json_object() -> dict[str, Any]:
    """The request body as a JSON object; MalformedRequest when it is not JSON or not an object."""
    if not request.is_json:
        raise MalformedRequest(
            "the request body must be JSON (Content-Type: application/json)",
            field="body",
            content_type=request.content_type,
        )
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise MalformedRequest("the request body must be a JSON object", field="body")
    return data


def checked(data: Mapping[str, Any], required: Mapping[str, type], optional: Mapping[str, type]) -> dict[str, Any]:
    """The body's fields after checking that each has the right type and none is unknown."""
    allowed = {**required, **optional}
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise MalformedRequest(
            f"unknown field {unknown[0]!r}; allowed: {', '.join(allowed)}", field=unknown[0], allowed=list(allowed)
        )
    for name in required:
        if name not in data:
            raise MalformedRequest(f"field {name!r} is missing", field=name)
    for name, value in data.items():
        expected = allowed[name]
        if not _is_a(value, expected):
            raise MalformedRequest(
                f"field {name!r} must be {_TYPE_NAMES.get(expected, expected.__name__)}, got {value!r}",
                field=name,
                value=value,
                allowed=_TYPE_NAMES.get(expected, expected.__name__),
            )
    return dict(data)


def _is_a(value: Any, expected: type) -> bool:
    # JSON true/false are Python bools, which are ints too: refuse them where a number is expected.
    if isinstance(value, bool) and expected is not bool:
        return False
    return isinstance(value, expected)


def int_arg(name: str, default: int, minimum: int = 0) -> int:
    """A whole-number query argument (e.g. ?after=N); MalformedRequest names it when it is not one."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        value = minimum - 1
    if value < minimum:
        raise MalformedRequest(f"{name} must be a whole number >= {minimum}, got {raw!r}", field=name, value=raw)
    return value
