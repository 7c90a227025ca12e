"""The JSON API (/api): games, their logs, verdicts, the latest dice reading and the service's health.

Every error answers with the shape of companion.web.errors; a refused request writes nothing.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from companion.errors import Conflict, MalformedRequest
from companion.service import APPENDABLE
from companion.web.bodies import checked, checked_objects, int_arg, json_object
from companion.web.context import service, slots
from companion.web.errors import shown
from companion.web.language import verdict_texts

api = Blueprint("api", __name__)

# Fields of each event type; "if_seq" (optional) refuses the event with 409 if the log moved on since.
_EVENT_FIELDS: dict[str, dict[str, type]] = {
    "move": {"type": str, "move": dict},
    "undo": {"type": str},
    "redo": {"type": str},
    "correction": {"type": str, "target": int, "move": dict},
}
_OPTIONAL_EVENT_FIELDS: dict[str, type] = {"if_seq": int}
# Fields of each player of a new game; a colour left out (or null) is the seat's own.
_PLAYER_FIELDS: dict[str, type] = {"name": str}
_OPTIONAL_PLAYER_FIELDS: dict[str, type | tuple[type, ...]] = {"color": (str, type(None))}


@api.get("/health")
def health() -> Response:
    """What is in use (camera, GPIO, microcontroller, store) and whether each is a stand-in."""
    report = service().health()
    report["web"] = {"streams_open": slots().open, "stream_limit": slots().limit}
    return jsonify(report)


@api.get("/kinds")
def kinds() -> Response:
    """The games that can be started."""
    return jsonify(service().kinds())


@api.get("/games")
def games() -> Response:
    """Every game, newest first."""
    return jsonify(service().games())


@api.post("/games")
def create_game() -> tuple[Response, int]:
    """Start a game ({kind, players, options}) and make it active; returns its view."""
    body = checked(json_object(), {"kind": str, "players": list}, {"options": dict})
    checked_objects(body, "players", _PLAYER_FIELDS, _OPTIONAL_PLAYER_FIELDS)
    view = service().create_game(body["kind"], body["players"], body.get("options"))
    return jsonify(view), 201


@api.get("/games/<game_id>")
def game_view(game_id: str) -> Response:
    """What the table shows for a game."""
    return jsonify(service().view(game_id))


@api.get("/games/<game_id>/events")
def game_events(game_id: str) -> Response:
    """The game's log after seq ?after=N (0 = from the start)."""
    after = int_arg("after", 0)
    events = service().events(game_id, after)
    return jsonify({"game_id": game_id, "after": after, "events": [e.to_dict() for e in events]})


@api.post("/games/<game_id>/events")
def append_event(game_id: str) -> tuple[Response, int]:
    """Append one event (move, undo, redo or correction); returns the stored event and the new view."""
    body = json_object()
    type_ = body.get("type")
    if not isinstance(type_, str) or type_ not in _EVENT_FIELDS:
        raise MalformedRequest(
            f"field 'type' must be one of {', '.join(APPENDABLE)}, got {shown(type_)}",
            field="type",
            value=type_,
            allowed=list(_EVENT_FIELDS),
        )
    body = checked(body, _EVENT_FIELDS[type_], _OPTIONAL_EVENT_FIELDS)
    stored = _append(game_id, type_, body)
    return jsonify({"event": stored.to_dict(), "view": service().view(game_id)}), 201


def _append(game_id: str, type_: str, body: dict[str, Any]) -> Any:
    companion = service()
    session = companion.session(game_id)
    payload = {k: v for k, v in body.items() if k not in ("type", "if_seq")}
    # The session lock is re-entrant: holding it makes "still at if_seq" and the write one step.
    with session.lock:
        expected = body.get("if_seq")
        if expected is not None and expected < 0:  # no event has such a seq: a malformed request, not a stale one
            said = {"key": "error.said.if_seq_api", "params": {"value": expected}}
            raise MalformedRequest(f"if_seq must be the seq of an event, got {expected}", field="if_seq", said=said)
        if expected is not None and expected != session.last_seq:
            raise Conflict(
                f"the game moved on: its last event is {session.last_seq}, not {expected}",
                field="if_seq",
                value=expected,
                seq=session.last_seq,
                said={"key": "error.said.moved_on_seq", "params": {"seq": session.last_seq, "expected": expected}},
            )
        return companion.append(game_id, type_, payload, origin="api")


@api.post("/games/<game_id>/check")
def check(game_id: str) -> Response:
    """Judge a move without playing it ("Can I...?"); the verdict plus its texts in the reader's language."""
    body = checked(json_object(), {"move": dict}, {})
    verdict = service().check(game_id, body["move"]).to_dict()
    return jsonify({**verdict, "texts": verdict_texts(verdict)})


@api.post("/games/<game_id>/activate")
def activate(game_id: str) -> Response:
    """Make a game the table's active game (the camera and the buttons play into it); a finished game is refused
    (409, details.is_over)."""
    service().set_active(game_id)
    return jsonify({"active_game": game_id})


@api.get("/reading")
def reading() -> Response:
    """The latest dice reading of the camera (with its phase and time), or null."""
    return jsonify(service().last_reading)
