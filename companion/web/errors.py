"""The one error helper of the web layer: every API error has the same JSON shape and a stable code.

Shape: {"error": {"code": "...", "message": "...", "details": {...}}}. `message` is English (the log's and the API's);
an error that says itself in the players' words (`details.said`, a catalogue message) also carries that text in the
request's language as `details.said_text`, which a page shows as it comes (a refusal's verdict, as `details.texts`);
a store that could not be written says STORE_SAID so (see `said_of`).
Statuses: 400 malformed, 403 a change sent by another site's page (cross_site_request), 404 not found,
409 conflict (the request does not fit the game's state: nothing to undo, a correction that would break a later
move), 413 a body over MAX_CONTENT_LENGTH (request_entity_too_large), 422 a rule refusal (the move is well formed
and understood but the rules forbid it now, or cannot decide it yet; `details.verdict` carries the verdict), 503 a
store that cannot be written (store_error: a full disk, a read-only card; as the calibration page's colours) and too
many open streams. A 422 rather than a 409 keeps "the rules say no" apart from "the state moved on".

A value a message repeats is cut to its first SHOWN_CHARS characters and "…" (see `shortened`; `shown`, which
quotes a value so, is companion.errors's, for the service and the games to use).
A page opening the address of a form of a game's table (a GET on a POST-only /games/<id>/... address: a page
reloaded after a refused move) is taken back to that table (303), rather than answered 405; a form sent to a page
that is only read (a POST to /) is answered 405 by a page saying so.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from flask import Flask, Response, current_app, jsonify, make_response, redirect, render_template, request, url_for
from werkzeug.exceptions import HTTPException, MethodNotAllowed, RequestEntityTooLarge
from werkzeug.wrappers import Response as BaseResponse

from companion.errors import (
    SHOWN_CHARS,
    CompanionError,
    Conflict,
    GameNotFound,
    IllegalMove,
    MalformedRequest,
    StoreError,
    shown,
)
from companion.i18n import DEFAULT_LOCALE, translate
from companion.web.language import has_text, message_text, t, verdict_texts

log = logging.getLogger(__name__)

API_PREFIXES = ("/api/", "/stream/")
MESSAGE_CHARS = 1000
"""The longest message an error answers with (those listing what a field takes run to a few hundred characters):
a list of many short values quoted whole made a refusal larger than the request it refused."""

# A value that a message quotes as repr() writes it (an apostrophe inside a word starts none), or a run of digits.
_ECHOED = re.compile(r"""(?<!\w)(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")(?!\w)|\b\d+\b""")

_STATUS: tuple[tuple[type[Exception], int], ...] = (
    (MalformedRequest, 400),
    (GameNotFound, 404),
    (IllegalMove, 422),
    (Conflict, 409),
    (StoreError, 503),
)

STORE_SAID: dict[str, Any] = {"key": "error.said.store_error", "params": {}}
"""What a store that could not be written says to the players (its path and SQLite's words are for the log)."""


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


def shortened(message: str) -> str:
    """The message with each value it quotes (or long number) over SHOWN_CHARS cut as `shown` does: a message
    written elsewhere in full ("got 'AAA…'") is made short before it is answered. One still over MESSAGE_CHARS
    (a list of many short values quoted whole) keeps its start and its end, which name the field and what it takes."""
    short = _ECHOED.sub(_shorten_echoed, message)
    if len(short) <= MESSAGE_CHARS:
        return short
    return short[: MESSAGE_CHARS // 2] + " … " + short[-MESSAGE_CHARS // 2 :]


def _shorten_echoed(match: re.Match[str]) -> str:
    text = match.group(0)
    if text[0] not in "'\"":
        return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"
    quote, inner = text[0], text[1:-1]
    return text if len(inner) <= SHOWN_CHARS else quote + inner[:SHOWN_CHARS] + "…" + quote


def _shortened_details(details: dict[str, Any]) -> dict[str, Any]:
    """The details with the refused value, and any long text, cut as `shown` does (lists and objects are kept:
    a verdict, the allowed values)."""
    short = dict(details)
    for key, value in details.items():
        if isinstance(value, str) and len(value) > SHOWN_CHARS:
            short[key] = value[:SHOWN_CHARS] + "…"
        elif key == "value" and not isinstance(value, str) and len(repr(value)) > SHOWN_CHARS:
            short[key] = shown(value)
    return short


def status_of(error: CompanionError) -> int:
    """The HTTP status of a service or web error."""
    if isinstance(error, WebError):
        return error.status
    for kind, status in _STATUS:
        if isinstance(error, kind):
            return status
    return 500


_CONFLICT_HEADINGS = {
    "error.said.moved_on": "error.heading.moved_on",
    "error.said.moved_on_seq": "error.heading.moved_on",
    "error.said.nothing_to_undo": "error.heading.nothing_to_undo",
    "error.said.nothing_to_redo": "error.heading.nothing_to_redo",
}
"""The heading of a conflict that says what happened (in its `said` message): a stale page's move, an undo with
nothing to undo... rather than one heading guessing at all of them."""


def said_of(error: CompanionError) -> dict[str, Any] | None:
    """The error in the players' words, as a catalogue message: its own `said`, or STORE_SAID for a store that
    could not be written (whose message, in English, names the store's file); None when it has none."""
    said = error.details.get("said")
    if isinstance(said, dict):
        return said
    return dict(STORE_SAID) if isinstance(error, StoreError) else None


def error_heading(error: CompanionError) -> str:
    """The catalogue key of the heading a page shows above an error: a conflict's names what happened when its
    message says it, any other error's names its code (the general heading when that has no text)."""
    said = error.details.get("said")
    if isinstance(error, Conflict) and isinstance(said, dict) and said.get("key") in _CONFLICT_HEADINGS:
        return _CONFLICT_HEADINGS[str(said["key"])]
    return f"error.{error.code}" if has_text(f"error.{error.code}") else "error.other"


def error_response(code: str, message: str, status: int, details: dict[str, Any] | None = None) -> Response:
    """The JSON error every API endpoint answers with."""
    response = jsonify({"error": {"code": code, "message": message, "details": details or {}}})
    response.status_code = status
    return response


def _wants_json() -> bool:
    return request.path.startswith(API_PREFIXES) or request.accept_mimetypes.best == "application/json"


def _on_companion_error(error: CompanionError) -> Response | tuple[str, int]:
    status = status_of(error)
    message = shortened(error.message)
    if status >= 500:
        log.error("request %s %s failed: %s", request.method, request.path, message)
    said = said_of(error)  # the message in the reader's language, when the error has one
    if not _wants_json():
        shown_message = message_text(said) if said is not None else message
        # A store error's page is titled by what happened ("The game could not be saved"), not by its status.
        title = t(error_heading(error)) if isinstance(error, StoreError) else None
        page = render_template("error.html", status=status, code=error.code, message=shown_message, title=title)
        return page, status
    details = _shortened_details(error.details)
    if said is not None and has_text(str(said.get("key"))):
        details["said"], details["said_text"] = said, message_text(said)
    verdict = details.get("verdict")
    if isinstance(verdict, dict):
        # The reason in the reader's language, so that a page can show it as it comes.
        texts = verdict_texts(verdict)
        details["texts"] = texts
        message = texts.get("reason") or message
    return error_response(error.code, message, status, details)


# The address of a form a game's table posts to (/games/<id>/rajas/play, /games/<id>/resume...).
_GAME_FORM = re.compile(r"^/games/(?P<game_id>[^/]+)/.")


def _back_to_table(error: HTTPException) -> BaseResponse | None:
    """Opening the address of a form of a game's table (a page reloaded after a refused move leaves it in the
    address bar) takes the player back to that table, rather than to a 405 page; None for any other error."""
    found = _GAME_FORM.match(request.path)
    if not isinstance(error, MethodNotAllowed) or request.method not in ("GET", "HEAD") or found is None:
        return None
    # The language asked for with the form's address is kept (url_for leaves out a None).
    return redirect(url_for("pages.table", game_id=found["game_id"], lang=request.args.get("lang")), code=303)


def _on_http_error(error: HTTPException) -> BaseResponse | tuple[str, int]:
    answer = make_response(_http_error_answer(error))
    allowed = getattr(error, "valid_methods", None)
    if isinstance(error, MethodNotAllowed) and allowed:  # RFC 9110 15.5.6: a 405 says which methods the address takes
        answer.headers["Allow"] = ", ".join(allowed)
    return answer


def _http_error_answer(error: HTTPException) -> BaseResponse | tuple[str, int]:
    status = error.code or 500
    code = (error.name or "error").lower().replace(" ", "_")
    message = shortened(error.description or error.name)
    if not _wants_json():
        back = _back_to_table(error)
        if back is not None:
            return back
        # Werkzeug's own descriptions ("The requested URL was not found on the server") are English whatever the
        # page's language: the page says its status in the reader's; a description of the app's own is kept.
        is_own = error.description != type(error).description
        shown_message = message if is_own else page_text(status)
        if _is_form_to_a_page(error):
            shown_message, title = t("error.http.405_form"), t("error.page.405_form")
            return render_template("error.html", status=status, code=code, message=shown_message, title=title), status
        return render_template("error.html", status=status, code=code, message=shown_message), status
    return error_response(code, message, status)


def _is_form_to_a_page(error: HTTPException) -> bool:
    """Whether a 405 answers a form sent (POST, PUT...) to a page that is only read (/, /health): its page says that
    the page takes no form, not that the address is a form's (that is a GET of a POST-only address)."""
    allowed = getattr(error, "valid_methods", None) or ()
    return isinstance(error, MethodNotAllowed) and request.method not in ("GET", "HEAD") and "GET" in allowed


def page_text(status: int) -> str:
    """What the error page of an HTTP status says, in the reader's language."""
    key = f"error.http.{status}"
    return t(key) if has_text(key) else t("error.http.other")


def _on_too_large(error: RequestEntityTooLarge) -> Response | tuple[str, int]:
    limit, sent = current_app.config.get("MAX_CONTENT_LENGTH"), request.content_length
    said = too_large_message(limit, sent)
    if not _wants_json():
        message = message_text(said)  # in the reader's language
        return render_template("error.html", status=413, code="request_entity_too_large", message=message), 413
    # The API's messages are in English, as its other errors' are; the page's text and the API's are one text.
    message = translate(DEFAULT_LOCALE, said["key"], said["params"])
    details = {"limit_bytes": limit, "sent_bytes": sent}
    return error_response("request_entity_too_large", message, 413, details)


def too_large_message(limit: int | None, sent: int | None) -> dict[str, Any]:
    """Why a request was too large, as a catalogue message ({"key", "params"}): its body over `limit` bytes
    (`sent` of them, when the request said), or else one of Flask's limits on a form's parts."""
    config = current_app.config
    if limit is not None and (sent is None or sent > limit):  # no length: a chunked body ran past the limit
        if sent is None:
            return {"key": "error.too_large.body_unsized", "params": {"limit_kb": limit // 1024}}
        return {"key": "error.too_large.body", "params": {"limit_kb": limit // 1024, "sent_kb": sent // 1024}}
    # Flask's limits on a form's parts (MAX_FORM_MEMORY_SIZE, MAX_FORM_PARTS)
    field_kb = (config.get("MAX_FORM_MEMORY_SIZE") or 0) // 1024
    return {"key": "error.too_large.form", "params": {"field_kb": field_kb, "parts": config.get("MAX_FORM_PARTS")}}


def _on_unexpected(error: Exception) -> Response | tuple[str, int]:
    log.exception("unexpected error on %s %s", request.method, request.path)
    if not _wants_json():
        return render_template("error.html", status=500, code="internal", message=page_text(500)), 500
    return error_response("internal", f"unexpected {type(error).__name__}; see the service log", 500)


def register_error_handlers(app: Flask) -> None:
    """Route every error of the app through the one JSON shape (API) or the error page (pages)."""
    app.jinja_env.globals["error_heading"] = error_heading
    app.jinja_env.globals["error_said"] = said_of
    app.register_error_handler(CompanionError, _on_companion_error)
    app.register_error_handler(RequestEntityTooLarge, _on_too_large)
    app.register_error_handler(HTTPException, _on_http_error)
    app.register_error_handler(Exception, _on_unexpected)
