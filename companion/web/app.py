"""The Flask application: the dashboard pages, the JSON API and the live streams of one Companion service."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from flask import Flask

from companion.events.store import EventStore
from companion.i18n import join_list
from companion.service import Companion
from companion.web import cross_origin, dice, formats, health_view, language, rajas
from companion.web.api import api
from companion.web.calibrate import calibrate
from companion.web.context import SERVICE, SLOTS
from companion.web.errors import register_error_handlers
from companion.web.pages import pages
from companion.web.rajas.boards import MAX_UPLOAD
from companion.web.reader_check import reader_check
from companion.web.slots import StreamSlots
from companion.web.streams import streams

log = logging.getLogger(__name__)

DEFAULTS: dict[str, Any] = {
    "LANGUAGE": "auto",  # server.language: auto (browser), en or fr
    "HEARTBEAT_SECONDS": 15.0,  # SSE comment heartbeat, also how soon a gone client is noticed
    "STREAM_MAX_SECONDS": 600.0,  # an SSE connection ends after this; EventSource reconnects (Last-Event-ID)
    "READING_HZ": 5.0,  # most readings per second sent on /stream/reading
    "CAMERA_FPS": 8.0,  # most frames per second sent on /stream/camera.mjpg
    "CAMERA_KEEPALIVE_SECONDS": 5.0,  # resend the last frame this often when the camera is idle
    "MAX_STREAMS": 6,  # open streams at once; keep it below the server's threads (see server.py)
    "TRUSTED_ORIGINS": (),  # server.trusted_origins: other origins whose pages may send changes (cross_origin.py)
    "JSON_SORT_KEYS": False,
    # The largest body a request may have (413 beyond, before it is read): twice the largest one taken, a board
    # file (rajas/boards.py MAX_UPLOAD, which the import page refuses with its own message up to this).
    "MAX_CONTENT_LENGTH": 2 * MAX_UPLOAD,
}


def create_app(config: Mapping[str, Any] | None = None, services: Companion | None = None) -> Flask:
    """Build the web app around a service (an in-memory one, announced in the log, when none is given)."""
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.update(dict(config or {}))
    app.json.sort_keys = False  # type: ignore[attr-defined]
    if services is None:
        log.warning("web app started without a service: using an in-memory event store (games are not kept)")
        services = Companion(EventStore(":memory:"))
    app.extensions[SERVICE] = services
    app.extensions[SLOTS] = StreamSlots(int(app.config["MAX_STREAMS"]))
    app.before_request(language.choose_locale)
    cross_origin.install(app)  # after the language hook: a refusal is shown in the reader's language
    app.after_request(language.remember_locale)
    _register_template_helpers(app)
    register_error_handlers(app)
    _register_blueprints(app)
    rajas.register(app, services)
    return app


def _register_template_helpers(app: Flask) -> None:
    app.jinja_env.globals.update(
        t=language.t,
        msg=language.message_text,
        citation=language.citation_text,
        verdict_texts=language.verdict_texts,
        color_name=language.color_text,
        phase_text=language.phase_text,
        is_dim=language.is_dim,
        outside_table_text=language.outside_table_text,
        zone_text=language.zone_text,
        option_label=language.option_label,
        has_text=language.has_text,
        locale=language.current_locale,
        language_url=language.language_url,
        die_pips=dice.pips,
        die_colors=dice.DIE_COLORS,
        die_style=dice.style,
        dice_data=dice.dice_data,
        js_texts=language.js_texts,
        ago=formats.ago,
        shown=formats.shown,
        # The roll form says who reads the dice: the camera, or the players when camera.source is off.
        has_camera=health_view.has_camera,
        camera_trouble=health_view.camera_trouble,
        # A configured microcontroller missing or lost is said on every page too (never the virtual stand-in).
        microcontroller_trouble=health_view.microcontroller_trouble,
        store_trouble=health_view.store_trouble,
    )
    # "Asha, Bruno and Chloé" in the page's language (companion/i18n/lists.py), for names joined on a page.
    app.jinja_env.filters["listed"] = lambda items: join_list(language.current_locale(), list(items))


def _register_blueprints(app: Flask) -> None:
    app.register_blueprint(pages)
    app.register_blueprint(api, url_prefix="/api")
    app.register_blueprint(streams, url_prefix="/stream")
    app.register_blueprint(calibrate)
    app.register_blueprint(reader_check)


def settings_from(config: Any) -> dict[str, Any]:
    """Web settings from the service configuration (companion.config.loader.Config)."""
    threads = int(config.get("server", "threads"))
    return {
        "LANGUAGE": config.get("server", "language"),
        "MAX_STREAMS": max(1, threads - 2),
        "TRUSTED_ORIGINS": list(config.get("server", "trusted_origins")),
    }
