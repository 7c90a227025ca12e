"""The dashboard pages: start or resume a game, the table, "Can I...?", the camera and the health page."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from companion.errors import GameNotFound, MalformedRequest
from companion.service import MAX_NAME, PLAYER_COLORS, Companion
from companion.web import forms, health_view
from companion.web.context import camera, service, slots
from companion.web.rajas.pages import REPEAT_WITHIN, render_table
from companion.web.table import kind_titles, last_roll

pages = Blueprint("pages", __name__)

STARTS = "companion.web.starts"


class FormStarts:
    """The game the start form started last in this app, and the lock that makes "is this the same form again?" and
    starting the game one step: two taps may arrive on two of the server's threads at once. A game_started event
    does not say who started the game, so the form keeps its own: a game the API started is no tap of the form."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.last: str | None = None


def form_starts() -> FormStarts:
    """The start form's record of the current app (made when first asked for)."""
    found: FormStarts = current_app.extensions.setdefault(STARTS, FormStarts())
    return found


@pages.get("/")
def home(error: MalformedRequest | GameNotFound | None = None) -> str:
    """Games to resume and the form to start one: as posted when it was refused, or filled in from the address
    (`/?kind=rajas` opens it with Rajas chosen)."""
    companion = service()
    return render_template(
        "games.html",
        games=companion.games(),
        kinds=companion.kinds(),
        titles=kind_titles(companion),
        active_id=companion.active_id,
        player_colors=PLAYER_COLORS,
        name_length=MAX_NAME,
        seats=forms.MAX_SEATS,
        form=request.form if request.method == "POST" else request.args,
        error=error,
    )


@pages.post("/games")
def start() -> BaseResponse | tuple[str, int]:
    """Start a game from the form and open its table; the same form posted again a moment later opens the game the
    first post started (see repeated_start)."""
    companion = service()
    starts = form_starts()
    try:
        kind, players, options = forms.start_request(request.form, companion.kinds())
        with starts.lock:
            game_id = repeated_start(companion, starts.last, kind, players, options)
            if game_id is None:
                game_id = starts.last = str(companion.create_game(kind, players, options)["game_id"])
    except (MalformedRequest, GameNotFound) as exc:
        return home(exc), 400
    return redirect(url_for("pages.table", game_id=game_id), code=303)


def repeated_start(
    companion: Companion, started: str | None, kind: str, players: list[dict[str, Any]], options: Mapping[str, Any]
) -> str | None:
    """The game the start form started (`started`) when this post is that form sent again: a double tap, or a
    browser sending it again while the first answer was on its way. That game is then still the newest, a few
    seconds old (REPEAT_WITHIN), with nothing played since it started, and its game_started event holds the game
    asked for now. None when the form asks for a new game."""
    if started is None:
        return None
    newest = max(companion.games(), key=lambda row: row["created_at"], default=None)
    if newest is None or newest["game_id"] != started or newest["events"] != 1:
        return None
    first = companion.events(started)[0]
    if time.time() - first.created_at > REPEAT_WITHIN or not is_same_start(first.payload, kind, players, options):
        return None
    return started


def is_same_start(
    started: Mapping[str, Any], kind: str, players: list[dict[str, Any]], options: Mapping[str, Any]
) -> bool:
    """Whether a game_started event holds the game a start form asks for: its kind, its players by name in the same
    seats, each with the colour chosen (any, for one posted without: the service gave it one), and its options.
    Its facts may hold more than those asked for: the service adds the ones known of the owner's copy."""
    seated = started.get("players")
    if started.get("kind") != kind or not isinstance(seated, list) or len(seated) != len(players):
        return False
    for stored, asked in zip(seated, players, strict=True):
        if stored.get("name") != asked["name"] or asked.get("color") not in (None, stored.get("color")):
            return False
    kept = dict(started.get("options") or {})
    wanted = json.loads(json.dumps(dict(options)))  # as the log gives options back: a tuple as a list
    kept_facts, wanted_facts = kept.pop("facts", {}), wanted.pop("facts", {})
    if isinstance(kept_facts, Mapping) and isinstance(wanted_facts, Mapping):
        has_facts = all(key in kept_facts and kept_facts[key] == value for key, value in wanted_facts.items())
    else:
        has_facts = kept_facts == wanted_facts
    return kept == wanted and has_facts


@pages.post("/games/<game_id>/resume")
def resume(game_id: str) -> BaseResponse:
    """Make a game the table's active game and open it. A finished game only opens, to its final scores: the table's
    active game stays what it was (a page drawn before the game ended may still offer to resume it)."""
    companion = service()
    if not companion.is_over(game_id):
        companion.set_active(game_id)
    return redirect(url_for("pages.table", game_id=game_id), code=303)


@pages.get("/table")
def active_table() -> BaseResponse:
    """The active game's table, or the start page when there is none."""
    active = service().active_id
    if active is None:
        return redirect(url_for("pages.home"))
    return redirect(url_for("pages.table", game_id=active))


def _table_context(game_id: str) -> dict[str, Any]:
    companion = service()
    view = companion.view(game_id)
    is_active = companion.active_id == game_id
    return {
        "view": view,
        "roll": last_roll(companion, game_id),
        "button_refused": companion.buttons.refusal(game_id, view["seq"]),
        "title": kind_titles(companion).get(view["kind"]),
        "is_active": is_active,
        # A finished game away from the table is shown, not played: its final scores, no pad, no undo.
        "is_read_only": bool(view.get("is_over")) and not is_active,
    }


@pages.get("/games/<game_id>")
def table(game_id: str) -> str:
    """The table of a game, kept live by its event stream."""
    if service().view(game_id)["kind"] == "rajas":
        return render_table(game_id)
    return render_template("table.html", **_table_context(game_id))


@pages.get("/games/<game_id>/live")
def table_live(game_id: str) -> str:
    """The live part of the table alone; the page fetches it again after each event."""
    if service().view(game_id)["kind"] == "rajas":
        return render_table(game_id, "rajas/_live.html")
    return render_template("_table_live.html", **_table_context(game_id))


@pages.get("/games/<game_id>/check")
def check(game_id: str) -> str:
    """ "Can I...?": describe a move and get the verdict without playing it."""
    if service().view(game_id)["kind"] == "rajas":
        return render_table(game_id, "rajas/check.html")
    return render_template("check.html", **_table_context(game_id))


@pages.get("/camera")
def camera_view() -> str:
    """The camera's picture with the dice outlined, and the latest reading as a list."""
    worker = camera()
    return render_template("camera.html", has_camera=worker is not None, reading=service().last_reading)


@pages.get("/health")
def health() -> str:
    """What is in use for each device, whether it is a built-in stand-in, and recent errors."""
    return render_template("health.html", health=service().health(), streams=slots(), rows=health_view.device_rows)


@pages.get("/favicon.ico")
def favicon() -> Response:
    """No icon file: an empty answer keeps browsers from logging a 404 on every page."""
    return Response(status=204)
