"""The owner's board file on the web: the wizard of missing facts, export and import (pages and API).

A file or a fact refused lists its problems in the reader's language (the refusal's `said_problems`); the API
answers them in English in `problems`, and as catalogue messages in `said_problems`."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from companion.boards import BoardFileRefused
from companion.errors import GameNotFound, MalformedRequest, shown
from companion.games.base import Message, MissingFact
from companion.games.rajas.facts import fact_kind, fact_name, question, told_problems, value_range, value_words
from companion.i18n.lists import list_message
from companion.web.bodies import json_object
from companion.web.context import service
from companion.web.language import has_text, message_text
from companion.web.rajas.moves import fact_words, is_reward_question, reward_from_form, whole, words_said
from companion.web.rajas.table import REWARD_DICE, REWARD_KINDS, REWARD_NUMBER, REWARD_ROOMS

board_pages = Blueprint("boards", __name__)
board_api = Blueprint("boards_api", __name__)

MAX_UPLOAD = 512 * 1024


@board_pages.before_request
@board_api.before_request
def _has_facts() -> None:
    """Refuse, before anything is read, a board address of a game without printed facts (/boards/chess): the page
    says so in the reader's words, the API in English."""
    kind, boards = (request.view_args or {}).get("kind"), service().boards
    if kind is None or boards.has_facts(kind):
        return
    formats = boards.formats
    titles = [{"key": f"{k}.title"} if has_text(f"{k}.title") else k for k in formats]
    said = {"key": "error.said.board_kind", "params": {"value": shown(kind), "allowed": list_message(titles)}}
    raise GameNotFound(f"game {shown(kind)} has no printed facts; known: {', '.join(formats)}", said=said)


def _wizard(kind: str, status: int = 200, **extra: Any) -> tuple[str, int]:
    boards = service().boards
    told, known = boards.known(kind), _known(kind)
    missing = [m.to_dict() for m in boards.missing(kind)]
    for entry in missing:
        entry["is_reward"] = is_reward_question(entry["question"]["key"])
        entry["words"] = fact_words(entry["question"]["key"])
        entry["range"] = number_range(entry["key"], known)
    page = render_template(
        "rajas/board.html",
        kind=kind,
        missing=missing,
        told=[told_row(key, value) for key, value in sorted(told.items())],
        is_persistent=boards.is_persistent,
        reward_kinds=REWARD_KINDS,
        reward_number=REWARD_NUMBER,
        reward_rooms=REWARD_ROOMS,
        reward_dice=REWARD_DICE,
        saved=request.args.get("saved", type=int),  # a count, so that one fact saved is said in the singular
        **extra,
    )
    return page, status


def _known(kind: str) -> dict[str, Any]:
    """Every known fact of the owner's copy: the shipped file's and the answers."""
    facts = service().boards.export(kind).get("facts", {})
    return {k: e["value"] for k, e in facts.items() if e.get("value") is not None}


def told_row(key: str, value: Any) -> dict[str, Any]:
    """A fact told for the owner's copy, said in the reader's words: what it is (a sentence, "Le nombre de gloire à
    côté de la case argent 60") and what is printed ("2 argent", "marron", "4"); the key stays for the form that
    forgets it, never on screen."""
    name = message_text(fact_name(key))
    return {"key": key, "name": name[:1].upper() + name[1:], "value": value_words(key, value).to_dict()}


def number_range(key: str, known: dict[str, Any]) -> dict[str, Any] | None:
    """The whole numbers a number fact may be (for the field's min and max, and said in words); None when the
    fact is not a number."""
    found = value_range(key, known)
    if found is None:
        return None
    low, high = found
    words = Message("rajas.fact.range_exact" if low == high else "rajas.fact.range", {"low": low, "high": high})
    return {"low": low, "high": high, "words": words.to_dict()}


@board_pages.get("/boards/<kind>")
def wizard(kind: str) -> tuple[str, int]:
    """Every missing printed fact with an input each, the facts told so far, export and import."""
    return _wizard(kind)


@board_pages.post("/boards/<kind>")
def save(kind: str) -> BaseResponse | tuple[str, int]:
    """Save every filled-in fact at once; refused whole when one is wrong, every wrong fact named in words (as the
    page names it) and, when another fact makes it wrong, that fact."""
    boards = service().boards
    missing = boards.missing(kind)
    unknown = unknown_fields(kind, missing)
    if unknown:
        texts = [message_text(unknown)]
        return _wizard(kind, 400, problems=texts, problems_title="page.board.refused", form=request.form)
    facts, problems = _posted_facts(missing)
    problems.update({f"fact.{key}": said for key, said in told_problems(facts, _known(kind)).items()})
    texts = [message_text(problems[field]) for field in (f"fact.{m.key}" for m in missing) if field in problems]
    if not texts:
        try:
            boards.remember(kind, facts)
        except BoardFileRefused as error:
            said = error.details.get("said_problems") or []
            texts = [message_text(_in_words(p)) for p in said] or problem_texts(error)
    if texts:
        return _wizard(kind, 400, problems=texts, problems_title="page.board.refused", form=request.form)
    return redirect(url_for("boards.wizard", kind=kind, saved=len(facts)), code=303)


REWARD_PARTS = ("kind", "number", "room", "color", "colors", "json", "amount", "count", "max")
"""The parts of a reward fact's fields, `fact.<key>.<part>`: what moves.reward_from_form reads (the form's
reward_fields macro draws the kind, number, room and colours)."""
SHOWN_FIELDS = 5
"""The unknown fields a refusal names at most (it counts them all)."""


def unknown_fields(kind: str, missing: list[MissingFact]) -> dict[str, Any] | None:
    """The refusal, as a catalogue message, of the posted fields that are no fact's of this board (a form this page
    drew never sends one, so each is a mistake, said rather than dropped unsaid); None when there are none.
    A field of a fact told since the page was drawn (at the table, on another phone) is one of the board's: it is
    no longer asked, and the fact known is kept, as when that fact's field is left empty."""
    keys = {m.key for m in missing} | set(service().boards.export(kind).get("facts", {}))
    fields: set[str] = set()
    for key in keys:
        if is_reward_question(question(key).key):
            fields.update(f"fact.{key}.{part}" for part in REWARD_PARTS)
        else:
            fields.add(f"fact.{key}")
    unknown = [name for name in request.form if name not in fields]
    if not unknown:
        return None
    names = list_message([shown(name) for name in unknown[:SHOWN_FIELDS]])
    return {"key": "error.said.board_unknown_fields", "params": {"n": len(unknown), "fields": names}}


def _posted_facts(asked: list[MissingFact]) -> tuple[dict[str, Any], dict[str, Message | dict[str, Any]]]:
    """The facts filled in, by key, and the problem of each field that holds no value a fact can be, by field."""
    facts: dict[str, Any] = {}
    problems: dict[str, Message | dict[str, Any]] = {}
    for missing in asked:
        try:
            value = _posted_value(missing.key, missing.question.key)
        except MalformedRequest as error:
            said = error.details.get("said") or Message("error.said.board_problem", {"problem": error.message})
            problems[f"fact.{missing.key}"] = said
            continue
        if value is not None:
            facts[missing.key] = value
    return facts, problems


def _in_words(said: dict[str, Any]) -> dict[str, Any]:
    """A problem of the owner's board file as the page says it: a fact named in words, not by its key."""
    key = said.get("params", {}).get("key")
    if said.get("key") not in _FACT_PROBLEMS or not isinstance(key, str) or fact_kind(key) is None:
        return said
    params = {"fact": fact_name(key).to_dict(), "problem": said["params"]["problem"]}
    return {"key": "rajas.said.form.fact_problem", "params": params}


_FACT_PROBLEMS = ("rajas.board.problem.fact_value", "rajas.board.problem.value")
"""A file's problems with one fact's value (the second as files were checked before facts were named in words)."""


def _posted_value(key: str, question_key: str) -> Any:
    field = f"fact.{key}"
    if is_reward_question(question_key):
        return reward_from_form(request.form, field)
    raw = (request.form.get(field) or "").strip()
    if not raw:
        return None
    words = fact_words(question_key)
    fact = fact_name(key).to_dict()
    if words is not None:
        if raw not in words:
            params = {"fact": fact, "words": words_said(words), "value": shown(raw)}
            said = {"key": "rajas.said.form.fact_word", "params": params}
            message = f"fact {key}: got {shown(raw)}; allowed: {', '.join(words)}"
            raise MalformedRequest(message, field=field, value=raw, said=said)
        return raw
    number = whole(raw)
    if number is None or number < 0:
        said = {"key": "rajas.said.form.fact_number", "params": {"fact": fact, "value": shown(raw)}}
        message = f"fact {key}: got {shown(raw)}; allowed: a whole number"
        raise MalformedRequest(message, field=field, value=raw, said=said)
    return number


def problem_texts(error: BoardFileRefused) -> list[str]:
    """The problems of a refused file or fact in the reader's language (in English for a refusal without them)."""
    said = error.details.get("said_problems") or []
    return [message_text(p) for p in said] or list(error.details.get("problems") or [error.message])


@board_pages.post("/boards/<kind>/forget")
def forget(kind: str) -> BaseResponse:
    """Drop one told fact (a wrong answer): the table will be asked again."""
    key = request.form.get("key", "")
    try:
        service().boards.forget(kind, key)
    except GameNotFound as error:  # forgotten already (the button tapped twice, or on another phone)
        fact = fact_name(key).to_dict() if fact_kind(key) is not None else shown(key)
        said = {"key": "error.said.fact_not_told", "params": {"fact": fact}}
        raise GameNotFound(error.message, said=said) from error
    return redirect(url_for("boards.wizard", kind=kind), code=303)


@board_pages.get("/boards/<kind>/export")
def export(kind: str) -> Response:
    """The owner's board file as a download."""
    text = json.dumps(service().boards.export(kind), ensure_ascii=False, indent=2, sort_keys=True)
    headers = {"Content-Disposition": f'attachment; filename="{kind}-board.json"'}
    return Response(text + "\n", mimetype="application/json", headers=headers)


@board_pages.post("/boards/<kind>/import")
def import_file(kind: str) -> BaseResponse | tuple[str, int]:
    """Take in an uploaded board file, validated whole; the problems are listed naming the keys. A file over
    MAX_UPLOAD is refused saying so, with its size and the limit (413, as a request over MAX_CONTENT_LENGTH is)."""
    upload = request.files.get("file")
    # The whole part is read: the request as a whole is bounded by MAX_CONTENT_LENGTH, and the size is said.
    content = upload.read() if upload else b""
    if len(content) > MAX_UPLOAD:
        return _wizard(kind, 413, error=_too_large(len(content)))
    text = content.decode("utf-8", errors="replace")
    try:
        if not text.strip():
            said = {"key": "error.said.board_file_missing", "params": {"limit_kb": MAX_UPLOAD // 1024}}
            raise MalformedRequest("field file: choose a board file (JSON, at most 512 kB)", field="file", said=said)
        added = service().boards.import_text(kind, text)
    except BoardFileRefused as error:
        return _wizard(kind, 400, problems=problem_texts(error))
    except MalformedRequest as error:
        return _wizard(kind, 400, error=error)
    return redirect(url_for("boards.wizard", kind=kind, saved=len(added)), code=303)


def _too_large(size: int) -> MalformedRequest:
    """The refusal of a board file of `size` bytes, over MAX_UPLOAD, naming its size and the limit in kB."""
    # Rounded up, so that a file one byte over the limit is not said to be as large as the limit.
    size_kb, limit_kb = -(-size // 1024), MAX_UPLOAD // 1024
    said = {"key": "error.said.board_file_too_large", "params": {"size_kb": size_kb, "limit_kb": limit_kb}}
    message = f"field file: the board file is {size_kb} kB; allowed: at most {limit_kb} kB"
    return MalformedRequest(message, field="file", value=size, said=said)


@board_api.get("/boards/<kind>")
def api_export(kind: str) -> Response:
    """The owner's board file (shipped facts plus every answer)."""
    return jsonify(service().boards.export(kind))


@board_api.get("/boards/<kind>/missing")
def api_missing(kind: str) -> Response:
    """The printed facts still unknown for the owner's copy, with their questions."""
    return jsonify([m.to_dict() for m in service().boards.missing(kind)])


@board_api.post("/boards/<kind>")
def api_import(kind: str) -> Response:
    """Import a board file (the JSON body); 400 naming every wrong key, nothing kept then."""
    added = service().boards.import_text(kind, json.dumps(json_object()))
    return jsonify({"added": added, "known": service().boards.known(kind)})
