"""The Rajas part of the JSON API: a table form read as a move (the "Can I...?" page then asks /check)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from companion.games.rajas import rules_reference, search_rules
from companion.web.context import service
from companion.web.language import current_locale
from companion.web.rajas.moves import move_from_form

rajas_api = Blueprint("rajas_api", __name__)


@rajas_api.post("/games/<game_id>/rajas/move")
def form_move(game_id: str) -> Response:
    """The move a posted table form describes, checked for shape by the engine (400 naming the field)."""
    session = service().session(game_id)
    move = session.game.parse_move(session.state, move_from_form(request.form))
    return jsonify({"move": dict(move)})


@rajas_api.get("/rules/rajas")
def rules() -> Response:
    """Rules-reference entries in the reader's language (?q= searches them)."""
    query = request.args.get("q", "").strip()
    locale = current_locale()
    return jsonify(search_rules(query, locale) if query else rules_reference(locale))
