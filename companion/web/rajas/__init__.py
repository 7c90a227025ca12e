"""Rajas of the Ganges on the dashboard: its table, move forms, "Can I...?", rules reference and board file."""

from __future__ import annotations

from flask import Flask

from companion.service import Companion
from companion.web.rajas import context
from companion.web.rajas.api import rajas_api
from companion.web.rajas.boards import board_api, board_pages
from companion.web.rajas.pages import rajas_pages
from companion.web.rajas.table import connect_options


def register(app: Flask, companion: Companion) -> None:
    """Add the Rajas pages and API to an app."""
    context.install(app, companion)
    app.jinja_env.globals["rajas_connects"] = connect_options
    app.register_blueprint(rajas_pages)
    app.register_blueprint(board_pages)
    app.register_blueprint(rajas_api, url_prefix="/api")
    app.register_blueprint(board_api, url_prefix="/api")
