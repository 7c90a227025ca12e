"""The dashboard pages: start or resume a game, the table, "Can I...?", the camera and the health page."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from companion.errors import GameNotFound, MalformedRequest
from companion.service import MAX_NAME, PLAYER_COLORS
from companion.web import forms, health_view
from companion.web.context import camera, service, slots
from companion.web.rajas.pages import render_table
from companion.web.table import kind_titles, last_roll

pages = Blueprint("pages", __name__)


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
    """Start a game from the form and open its table."""
    companion = service()
    try:
        kind, players, options = forms.start_request(request.form, companion.kinds())
        view = companion.create_game(kind, players, options)
    except (MalformedRequest, GameNotFound) as exc:
        return home(exc), 400
    return redirect(url_for("pages.table", game_id=view["game_id"]), code=303)


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
