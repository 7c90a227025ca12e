"""The one error helper of the web layer: every API error has the same JSON shape and a stable code.

Shape: {"error": {"code": "...", "message": "...", "details": {...}}}.
Statuses: 400 malformed, 403 a change sent by another site's page (cross_site_request), 404 not found,
409 conflict (the request does not fit the game's state: nothing to undo, a correction that would break a later
move), 422 a rule refusal (the move is well formed and understood but the rules forbid it now, or cannot decide
it yet; `details.verdict` carries the verdict), 500 store, 503 too many open streams. A 422 rather than a 409
keeps "the rules say no" apart from "the state moved on".
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from companion.errors import CompanionError, Conflict, GameNotFound, IllegalMove, MalformedRequest, StoreError
from companion.web.language import verdict_texts

log = logging.getLogger(__name__)

API_PREFIXES = ("/api/", "/stream/")

_STATUS: tuple[tuple[type[Exception], int], ...] = (
    (MalformedRequest, 400),
    (GameNotFound, 404),
    (IllegalMove, 422),
    (Conflict, 409),
    (StoreError, 500),
)


class WebError(CompanionError):
    """Root of the errors raised by the web layer itself."""

    code = "web_error"
    status = 500


class TooManyStreams(WebError, ConnectionRefusedError):
    """Every stream slot is taken: refusing keeps threads free for the pages and the API."""

    code = "too_many_streams"
    status = 503


class CrossSiteRequest(WebError, PermissionError):
    """A request that would change something, sent by a page of another site (see companion.web.cross_origin)."""

    code = "cross_site_request"
    status = 403


class NoCamera(WebError, LookupError):
    """The service runs without a camera."""

    code = "no_camera"
    status = 404


def status_of(error: CompanionError) -> int:
    """The HTTP status of a service or web error."""
    if isinstance(error, WebError):
        return error.status
    for kind, status in _STATUS:
        if isinstance(error, kind):
            return status
    return 500


def error_response(code: str, message: str, status: int, details: dict[str, Any] | None = None) -> Response:
    """The JSON error every API endpoint answers with."""
    response = jsonify({"error": {"code": code, "message": message, "details": details or {}}})
    response.status_code = status
    return response


def _wants_json() -> bool:
    return request.path.startswith(API_PREFIXES) or request.accept_mimetypes.best == "application/json"


def _on_companion_error(error: CompanionError) -> Response | tuple[str, int]:
    status = status_of(error)
    if status >= 500:
        log.error("request %s %s failed: %s", request.method, request.path, error)
    if not _wants_json():
        return render_template("error.html", status=status, code=error.code, message=error.message), status
    details = dict(error.details)
    message = error.message
    verdict = details.get("verdict")
    if isinstance(verdict, dict):
        # The reason in the reader's language, so that a page can show it as it comes.
        texts = verdict_texts(verdict)
        details["texts"] = texts
        message = texts.get("reason") or message
    return error_response(error.code, message, status, details)


def _on_http_error(error: HTTPException) -> Response | tuple[str, int]:
    status = error.code or 500
    code = (error.name or "error").lower().replace(" ", "_")
    if not _wants_json():
        return render_template("error.html", status=status, code=code, message=error.description), status
    return error_response(code, error.description or error.name, status)


def _on_unexpected(error: Exception) -> Response | tuple[str, int]:
    log.exception("unexpected error on %s %s", request.method, request.path)
    if not _wants_json():
        return render_template("error.html", status=500, code="internal", message=type(error).__name__), 500
    return error_response("internal", f"unexpected {type(error).__name__}; see the service log", 500)


def register_error_handlers(app: Flask) -> None:
    """Route every error of the app through the one JSON shape (API) or the error page (pages)."""
    app.register_error_handler(CompanionError, _on_companion_error)
    app.register_error_handler(HTTPException, _on_http_error)
    app.register_error_handler(Exception, _on_unexpected)
