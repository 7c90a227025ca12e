"""Rajas pages: playing from the table's forms, correcting the last roll, answering printed facts, "Can I...?" and
the rules reference.

Every form posts plain fields (it works without scripts); a move the rules refuse re-renders the table with
the reason and its citation (422), a malformed one names the field (400), nothing is written in either case.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as BaseResponse

from companion.errors import CompanionError, Conflict, MalformedRequest, StoreError, shown
from companion.games.base import Message, RefusedMove
from companion.games.rajas import rules_reference, search_rules
from companion.games.rajas.facts import fact_kind, fact_name, value_words
from companion.service import Companion
from companion.web.context import service
from companion.web.errors import status_of
from companion.web.language import current_locale, has_text
from companion.web.rajas.boards import number_range
from companion.web.rajas.context import questions
from companion.web.rajas.fix import FIX_TYPE, correct_roll, fix_panel, is_unchanged, last_roll
from companion.web.rajas.journal import ganga_words, is_ganga_roll, table_journal
from companion.web.rajas.moves import move_from_form, seen_dice
from companion.web.rajas.prefill import refused_form
from companion.web.rajas.table import known_facts, table_context
from companion.web.table import kind_titles

log = logging.getLogger(__name__)

rajas_pages = Blueprint("rajas", __name__)

NOT_PLAYED = (RefusedMove, MalformedRequest, Conflict, StoreError)
"""What a form's move may meet instead of being played, each said on the form's own page: the rules' refusal, a
field malformed, a game moved on, a store that could not be written (a full disk, a read-only card)."""

ASKED = "asked"
"""The field (and query argument) carrying the move "Can I...?" asked, as JSON, while the printed fact it needs is
told: the page then decides that move again."""


def render_table(
    game_id: str, template: str = "rajas/table.html", posted: MultiDict[str, str] | None = None, **extra: Any
) -> str:
    """The Rajas table (or its live part) with an optional refusal or error to show; `posted`: the form refused,
    drawn again as the player posted it (prefill.as_posted)."""
    companion = service()
    context = table_context(companion, game_id, refused_form(posted, extra.get("refusal"), extra.get("error")))
    context.update(
        title=kind_titles(companion).get("rajas"),
        is_active=companion.active_id == game_id,
        question=questions().get(game_id),
        step=last_step(companion, game_id),
        fix=fix_panel(last_roll(companion, game_id), context["posted"], context["posted_field"]),
        journal=table_journal(companion, game_id),
    )
    context.update(extra)  # "Can I...?" asks the fact its own verdict waits for
    question = context["question"]
    if question is not None:
        # The numbers the fact may be, for the field's min and max and said in words (a 9 for a cost of 1 to 4).
        context["question"] = {**question, "range": number_range(str(question["key"]), known_facts(context["view"]))}
    return render_template(template, **context)


def _refused(game_id: str, error: CompanionError, **extra: Any) -> tuple[str, int]:
    if isinstance(error, RefusedMove):
        return render_table(game_id, refusal=error.verdict.to_dict(), **extra), 422
    if isinstance(error, StoreError):  # the page says it in the table's words; the store's file and why, the log
        log.error("form %s %s not saved: %s", request.method, request.path, error)
    return render_table(game_id, error=error, **extra), status_of(error)


def _append(
    game_id: str, move: dict[str, Any], if_seq: str | None, frame: str | None = None, seen: list[Any] | None = None
) -> None:
    """Play a move unless the log moved on since the page was drawn; keep a move that waits for a fact. A roll
    finished from the camera's reading (`frame`, still the last settled one) carries that reading, so that the
    picture is kept as a labelled example of the table's dice (devices/examples.py), with the dice the form showed
    from that picture and the values tapped for them (`seen`, see moves.seen_dice) as "told"."""
    companion = service()
    session = companion.session(game_id)
    settled = companion.last_settled or {}
    payload: dict[str, Any] = {"move": move}
    if frame and move.get("type") == "roll" and settled.get("frame_id") == frame:
        payload["reading"] = {key: value for key, value in settled.items() if key != "at"}
        if seen:
            payload["reading"]["told"] = seen
    with session.lock:  # re-entrant: "still at if_seq" and the write are one step
        if if_seq and if_seq.isdigit() and int(if_seq) != session.last_seq:
            if is_repeat(companion, game_id, if_seq, "move", move):
                return
            raise moved_on(session.last_seq, if_seq)
        try:
            companion.append(game_id, "move", payload, origin="web")
        except RefusedMove as refusal:
            if refusal.verdict.missing is not None:
                questions().ask(game_id, refusal.verdict.missing.to_dict(), move)
            raise


def _back(game_id: str) -> BaseResponse:
    return redirect(url_for("pages.table", game_id=game_id), code=303)


@rajas_pages.post("/games/<game_id>/rajas/play")
def play(game_id: str) -> BaseResponse | tuple[str, int]:
    """Play the move a table form describes, then back to the table."""
    try:
        move, seen = move_from_form(request.form), seen_dice(request.form)
        _append(game_id, move, form_seq(request.form.get("if_seq")), request.form.get("frame"), seen)
    except NOT_PLAYED as error:
        return _refused(game_id, error, posted=request.form)
    return _back(game_id)


@rajas_pages.post("/games/<game_id>/rajas/fix")
def fix_roll(game_id: str) -> BaseResponse | tuple[str, int]:
    """Correct the dice of the last roll as tapped on its panel (one correction event), then back to the table."""
    companion = service()
    session = companion.session(game_id)
    if_seq, target = request.form.get("if_seq", ""), request.form.get("target", "")
    try:
        form_seq(if_seq)
        with session.lock:  # "still at if_seq, still the last roll" and the write are one step
            roll = last_roll(companion, game_id)
            is_roll = roll is not None and target == str(roll["seq"])
            if is_roll and if_seq.isdigit() and int(if_seq) != session.last_seq:
                assert roll is not None
                if is_repeat(companion, game_id, if_seq, FIX_TYPE, target=roll["seq"]) and is_unchanged(
                    roll, request.form
                ):
                    return _back(game_id)  # the same correction sent twice: it is made
            if roll is None or not is_roll or (if_seq.isdigit() and int(if_seq) != session.last_seq):
                raise moved_on(session.last_seq, if_seq)
            correct_roll(companion, game_id, roll, request.form)
    except NOT_PLAYED as error:
        return _refused(game_id, error, posted=request.form)
    return _back(game_id)


@rajas_pages.post("/games/<game_id>/rajas/<any(undo, redo):step>")
def undo_redo(game_id: str, step: str) -> BaseResponse | tuple[str, int]:
    """Take back the last move, or play again the last one taken back."""
    companion = service()
    session = companion.session(game_id)
    if_seq = request.form.get("if_seq", "")
    try:
        form_seq(if_seq)
        with session.lock:
            if if_seq.isdigit() and int(if_seq) != session.last_seq:
                if is_repeat(companion, game_id, if_seq, step):
                    return _back(game_id)
                raise moved_on(session.last_seq, if_seq)
            companion.append(game_id, step, {}, origin="web")
    except NOT_PLAYED as error:
        return _refused(game_id, error)
    return _back(game_id)


@rajas_pages.post("/games/<game_id>/rajas/fact")
def answer_fact(game_id: str) -> BaseResponse | tuple[str, int]:
    """Tell a printed fact, then play again the move that was waiting for it (or, told from "Can I...?", decide
    again the move asked there)."""
    if ASKED in request.form:
        return _answer_for_check(game_id, request.form[ASKED])
    asked = questions().get(game_id)
    waiting = asked.get("move") if asked and asked["key"] == request.form.get("key") else None
    try:
        if not _tell_fact(game_id):
            return _back(game_id)  # sent twice, or by two phones: told once, and its move played by the first
    except NOT_PLAYED as error:
        return _refused(game_id, error)
    if waiting is not None:
        try:
            _append(game_id, waiting, None)
        except NOT_PLAYED as error:
            if isinstance(error, StoreError):  # the fact is kept, the move that waited for it could not be
                return _refused(game_id, error)
            # The fact is kept; the move that waited for it is what the rules refuse: say both (a move that waits
            # for another fact asks it, as any).
            refused = not isinstance(error, RefusedMove) or error.verdict.status == "refused"
            return _refused(game_id, error, fact_kept=refused)
    return _back(game_id)


def _tell_fact(game_id: str) -> bool:
    """Write the printed fact the posted form tells; False when the game was told this very answer already."""
    _check_fact_key(request.form.get("key"))
    fact = move_from_form(request.form)
    if fact["type"] != "answer_fact":
        said = {"key": "error.said.fact_form_only", "params": {}}
        raise MalformedRequest("field type: this form only tells printed facts", field="type", said=said)
    with service().session(game_id).lock:  # "not told yet" and the write are one step
        if _told_already(game_id, fact):
            return False
        _append(game_id, fact, None)
    return True


def _check_fact_key(key: str | None) -> None:
    """Refuse a key no printed fact of the game has, as a malformed form (400) before its value is read: the rules
    are asked only about the facts they know (a key left out is named by the move's own check)."""
    key = (key or "").strip()
    if key and fact_kind(key) is None:
        said = {"key": "error.said.fact_key_unknown", "params": {"key": shown(key)}}
        raise MalformedRequest(f"field key: got {shown(key)}; allowed: a printed fact's key", field="key", said=said)


def _answer_for_check(game_id: str, asked: str) -> BaseResponse | tuple[str, int]:
    """A printed fact told from "Can I...?", then back there with the move asked, decided now. No move is played:
    that page plays none (a move the table left waiting for the same fact is played again from the table)."""
    try:
        move = asked_move(asked)
    except MalformedRequest as malformed:
        return check_page(game_id, None, error=malformed, status=400)
    try:
        _tell_fact(game_id)  # told already (sent twice): the move asked is decided all the same
    except RefusedMove as refusal:  # a value the known facts rule out: said, and the same fact asked again
        return check_page(game_id, move, shown=refusal.verdict.to_dict(), status=422)
    except (MalformedRequest, Conflict, StoreError) as error:
        if isinstance(error, StoreError):
            log.error("fact told from %s not saved: %s", request.path, error)
        return check_page(game_id, move, error=error, status=status_of(error))
    return redirect(url_for("rajas.check", game_id=game_id, asked=asked), code=303)  # ASKED, the query argument


def _told_already(game_id: str, fact: Mapping[str, Any]) -> bool:
    """Whether the game was told this very answer already (the same fact, the same value as the rules read it)."""
    companion = service()
    session = companion.session(game_id)
    with session.lock:
        try:
            told = dict(session.game.parse_move(session.state, dict(fact)))
        except MalformedRequest:
            return False  # refused with its reason when written
        facts = companion.view(game_id).get("facts_told", {})
    return told.get("key") in facts and facts[told["key"]] == told.get("value")


@rajas_pages.route("/games/<game_id>/rajas/check", methods=["GET", "POST"])
def check(game_id: str) -> tuple[str, int]:
    """ "Can I...?": the table's forms, judged without playing (this is the form fallback of the API); a GET with
    `asked` decides that move again (after the fact it needed was told on this page)."""
    try:
        if request.method == "POST":
            return check_page(game_id, move_from_form(request.form))
        return check_page(game_id, asked_move(request.args[ASKED]) if ASKED in request.args else None)
    except MalformedRequest as malformed:
        return check_page(game_id, None, error=malformed, status=400)


def check_page(
    game_id: str,
    move: dict[str, Any] | None,
    shown: dict[str, Any] | None = None,
    error: CompanionError | None = None,
    status: int = 200,
) -> tuple[str, int]:
    """The "Can I...?" page with the verdict on `move`, and the printed fact that verdict waits for asked right
    there (the table's card), so that a dispute needing a board fact is settled on the page; `shown`: a verdict to
    show instead (the fact told was refused), `error`: a malformed form."""
    verdict = None
    try:
        verdict = service().check(game_id, move).to_dict() if move is not None else None
    except MalformedRequest as malformed:  # a move asked whose fields the engine refuses: named, nothing asked
        error, status = malformed, 400
    missing = verdict.get("missing") if verdict is not None and verdict["status"] == "undecided" else None
    question = {"key": missing["key"], "question": missing["question"], "move": None} if missing else None
    asked = json.dumps(move, sort_keys=True) if question is not None else None
    page = render_table(
        game_id, "rajas/check.html", verdict=shown or verdict, error=error, question=question, asked=asked
    )
    return page, status


def asked_move(text: str) -> dict[str, Any]:
    """The move "Can I...?" asked, read back from its JSON (the engine then checks its every field)."""
    try:
        move = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, a number of over 4300 digits, or a nesting too deep
        move = None
    if not isinstance(move, dict):
        said = {"key": "error.said.check_asked", "params": {}}
        raise MalformedRequest(f"field {ASKED}: not a move written as a JSON object", field=ASKED, said=said)
    return move


@rajas_pages.get("/rules/rajas")
def rules() -> str:
    """Every rules-reference entry, searchable; verdict citations link to the entries' anchors."""
    query = request.args.get("q", "").strip()
    locale = current_locale()
    entries = search_rules(query, locale) if query else rules_reference(locale)
    return render_template("rajas/rules.html", entries=entries, query=query, total=len(rules_reference(locale)))


REPEAT_WITHIN = 10.0
"""Seconds within which a form posted again, as drawn before the event it wrote, is the same tap sent twice."""


def is_repeat(
    companion: Companion,
    game_id: str,
    if_seq: str,
    type_: str,
    move: Mapping[str, Any] | None = None,
    target: int | None = None,
) -> bool:
    """Whether a form drawn just before the game's last event is the one that wrote it, posted again: a double tap,
    or a browser sending a form again while the first answer was on its way. The last event is then of that type,
    from the web, a few seconds old (REPEAT_WITHIN), and for a move, that very move as the rules read it where it
    was played. Its answer is the table, as for the first post: not a refusal of what the player just did."""
    session = companion.session(game_id)
    with session.lock:
        if int(if_seq) != session.last_seq - 1:
            return False
        last = companion.events(game_id, session.last_seq - 1)[-1]
        if last.type != type_ or last.payload.get("origin") != "web" or time.time() - last.created_at > REPEAT_WITHIN:
            return False
        if target is not None and last.payload.get("target") != target:
            return False
        if move is None:
            return True
        try:
            return dict(session.game.parse_move(session.states[-2], dict(move))) == last.payload.get("move")
        except (MalformedRequest, RefusedMove, IndexError):
            return False


def form_seq(if_seq: str | None) -> str | None:
    """A form's if_seq (the last event the page was drawn at) as sent, once checked to be one: none sent (an older
    page) is let through, anything but a whole number refused, never taken as none (a move played unchecked)."""
    # ASCII digits only: "²" is a digit to str.isdigit() that int() refuses, "٣" one it reads as 3.
    if if_seq is None or if_seq == "" or (if_seq.isascii() and if_seq.isdigit() and len(if_seq) <= 18):
        return if_seq
    said = {"key": "error.said.if_seq", "params": {"value": shown(if_seq)}}
    raise MalformedRequest(f"if_seq must be the seq of an event, got {shown(if_seq)}", field="if_seq", said=said)


def moved_on(last_seq: int, if_seq: str) -> Conflict:
    """The refusal of a form drawn before the game's latest event (another phone played meanwhile)."""
    return Conflict(
        f"the game moved on: its last event is {last_seq}, not {if_seq}",
        field="if_seq",
        said={"key": "error.said.moved_on", "params": {}},
    )


_STEP_FIELDS = {"space": "rajas.space", "building": "rajas.building", "room": "rajas.space.room"}
"""Fields of a move said by a name of the game's catalogue (a space of the board, a building, a palace room)."""


def last_step(companion: Companion, game_id: str) -> dict[str, Any] | None:
    """What the game's last event took back (an undo) or played again (a redo), a move or a correction of one, in
    words; None after any other event. Every screen of the table shows it until the next event, so that no one is
    left guessing what the step did."""
    session = companion.session(game_id)
    with session.lock:
        written = companion.events(game_id, session.last_seq - 1)
        step = written[-1].type if written else None
        if step not in ("undo", "redo"):
            return None
        # An undo's action is the last one that could be redone; a redo's, the last one standing again.
        action = session.timeline.undone[-1] if step == "undo" else session.timeline.done[-1]
        names = [p.name for p in session.players]
        # The state before the move: now, after an undo; before the last standing move, after a redo.
        before = session.state if step == "undo" else (session.states[-2] if len(session.states) > 1 else None)
    move = action.move
    if not action.is_correction and is_ganga_roll(move, before):  # the river's die, no player's roll
        return Message(f"page.rajas.step.{step}", {"what": ganga_words(move, None).to_dict()}).to_dict()
    if action.is_correction:
        return Message(f"page.rajas.step.{step}_correction", {"what": move_words(move, names).to_dict()}).to_dict()
    if move.get("type") == "answer_fact":
        return _fact_step(companion, str(step), move)
    return Message(f"page.rajas.step.{step}", {"what": move_words(move, names).to_dict()}).to_dict()


def _fact_step(companion: Companion, step: str, move: Mapping[str, Any]) -> dict[str, Any]:
    """A printed fact told, then taken back or told again. Taken back, the game forgets it; the owner's board facts,
    which remembered it when it was told, still hold a value for it and tell it again when a move needs it."""
    key = str(move.get("key"))
    params: dict[str, Any] = {"fact": fact_name(key).to_dict(), "value": value_words(key, move.get("value")).to_dict()}
    kept = companion.boards.known("rajas") if companion.boards.has_facts("rajas") else {}
    if step == "undo" and key in kept:
        params["kept"] = value_words(key, kept[key]).to_dict()
        return Message("page.rajas.step.undo_fact_kept", params).to_dict()
    return Message(f"page.rajas.step.{step}_fact", params).to_dict()


def move_words(move: Mapping[str, Any], names: list[str]) -> Message:
    """What a move did, in the table's words ("Bruno placed a worker on the quarry")."""
    kind = str(move.get("type"))
    if move.get("decline"):
        kind += "_decline"
    if not has_text(f"page.rajas.step.move.{kind}"):
        kind = "other"
    seat, first = move.get("seat"), move.get("first")
    params: dict[str, Any] = {"name": _name(names, seat), "first": _name(names, first), "number": move.get("space")}
    for field, catalogue in _STEP_FIELDS.items():
        if isinstance(move.get(field), str):
            params[field] = {"key": f"{catalogue}.{move[field]}"}
    return Message(f"page.rajas.step.move.{kind}", params)


def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
