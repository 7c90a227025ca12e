"""The reader's language for one request, and the translation helpers the templates and the API use.

Order: `?lang=xx` (any case, a region allowed: "FR", "fr-FR"; then kept in a cookie), the cookie, the server
setting (server.language unless "auto"), the browser's Accept-Language by its weights, English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args
from urllib.parse import quote, urlencode

from flask import current_app, g, has_request_context, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from companion.games.base import Message
from companion.i18n import DEFAULT_LOCALE, catalogues, negotiate, translate
from companion.i18n.catalog import supported_locale
from companion.web.dice import DIE_COLORS
from vision.reader.exposure import DIM_LIGHT
from vision.settling import Phase
from vision.zones import OUTSIDE_WARNING, TABLE

COOKIE = "lang"
COOKIE_MAX_AGE = 365 * 24 * 3600
PHASE_KEYS = tuple(f"page.camera.phase.{phase}" for phase in get_args(Phase))
"""One text per phase of the dice settler (vision.settling.Phase)."""
UNCLEAR_KEY = "page.camera.unclear_die"
"""Shown instead of the phase while the settler waits for a clearer view of a die."""
OUTSIDE_KEY = "page.camera.outside_table"
"""Said when dice lying outside the table's area were left out of the reading (vision.zones.OUTSIDE_WARNING)."""
ZONE_KEYS = {"player": "page.camera.zone.player", "kali": "page.camera.zone.kali"}
"""Where a die lies, for a zone named "<kind>:<colour>" (vision.zones): a player's area, a player's Kali statue."""
OTHER_ZONE_KEY = "page.camera.zone.other"
"""Where a die lies, for any other zone than the open table: the zone's name as the zones file writes it."""

JS_KEYS = (
    "page.table.live",
    "page.table.connecting",
    "page.table.offline",
    "page.table.entry.empty",
    "page.table.entry.remove",
    "page.table.fix_die",
    "page.table.confirm_finish",
    "page.table.corrected",
    "error.illegal_move",
    "error.move_undecided",
    "error.conflict",
    "error.malformed",
    "error.not_found",
    "error.store_error",
    "error.too_many_streams",
    "error.cross_site_request",
    "error.network",
    "error.other",
    "error.reason.malformed",
    "error.reason.other",
    "page.check.not_json",
    "page.camera.no_dice",
    "page.camera.no_dice_rolling",
    "page.camera.confidence_percent",
    "page.camera.guess",
    *PHASE_KEYS,
    UNCLEAR_KEY,
    OUTSIDE_KEY,
    f"{OUTSIDE_KEY}_one",
    *ZONE_KEYS.values(),
    OTHER_ZONE_KEY,
    "verdict.status.allowed",
    "verdict.status.refused",
    "verdict.status.undecided",
)
"""Texts the pages' scripts show, sent with the page in the reader's language."""


def choose_locale() -> None:
    """Pick the language of the current request (a before_request hook)."""
    asked = supported_locale(request.args.get("lang"))  # "fr", "FR", "fr-FR" all ask for French
    if asked is not None:
        g.locale, g.new_locale = asked, asked
        return
    cookie = supported_locale(request.cookies.get(COOKIE))
    configured = current_app.config.get("LANGUAGE", "auto")
    # Werkzeug parses the header (weights, malformed items dropped); negotiate weighs it against our languages.
    g.locale = negotiate(request.accept_languages, cookie or configured)


def remember_locale(response: Any) -> ResponseReturnValue:
    """Keep a language chosen with ?lang= in a cookie (an after_request hook)."""
    chosen = g.get("new_locale")
    if chosen:
        response.set_cookie(COOKIE, chosen, max_age=COOKIE_MAX_AGE, samesite="Lax")
    return response


def language_url(code: str) -> str:
    """The address of the page being shown, in language `code`: its path and its other arguments, lang set to `code`.

    A page drawn in answer to a form (a POST) stands at the form's address, which may take no GET (POST /games): its
    link then opens that address only when it is also a page, else the table of the game the form was for, else the
    home page."""
    if not _is_page(request.path):  # also a POST-only address opened by hand (GET /games, 405)
        game_id = (request.view_args or {}).get("game_id")
        if game_id is not None:
            return url_for("pages.table", game_id=game_id, lang=code)
        return url_for("pages.home", lang=code)
    kept = [(name, value) for name, value in request.args.items(multi=True) if name != "lang"]
    return f"{quote(request.script_root + request.path)}?{urlencode([*kept, ('lang', code)])}"


def _is_page(path: str) -> bool:
    """Whether the app answers a GET at `path` (one of its routes takes it there)."""
    try:
        current_app.url_map.bind_to_environ(request.environ).match(path, method="GET")
    except HTTPException:  # not found, POST only, or a redirect elsewhere (a missing trailing slash)
        return False
    return True


def current_locale() -> str:
    """The language of the current request, English outside a request."""
    if has_request_context():
        return str(g.get("locale", DEFAULT_LOCALE))
    return DEFAULT_LOCALE


def t(key: str, **params: Any) -> str:
    """A UI text in the reader's language."""
    return translate(current_locale(), key, params)


def has_text(key: str) -> bool:
    """True if a catalogue defines this key (lets a page skip optional texts without a warning)."""
    return key in catalogues.keys(DEFAULT_LOCALE) or key in catalogues.keys(current_locale())


def message_text(message: Message | Mapping[str, Any] | str | None) -> str:
    """A game's Message (or its JSON form, {"key", "params"}) in the reader's language; empty for None. A text is
    said as `said_text` says it (the camera's failure to open, on the health page)."""
    if not message:
        return ""
    if isinstance(message, str):
        return said_text(message)
    if isinstance(message, Message):
        message = message.to_dict()
    return translate(current_locale(), str(message.get("key")), message.get("params") or {})


def said_text(error: Any, **params: Any) -> str:
    """A vision error, or its text, in the reader's language: its catalogue key (`said`, see vision.errors) with its
    parameters, `params` over them (a page naming what the error names in its own way), when a catalogue has the
    key; else its English text as it is."""
    said = getattr(error, "said", None)
    if not said or not has_text(said[0]):
        return str(error or "")
    key, own = said
    return t(key, **{**own, **params})


def citation_text(citation: Mapping[str, Any] | None) -> str:
    """Where a rule comes from, as one readable line: the rulebook section, and the rule when it has a text."""
    if not citation:
        return ""
    parts = []
    section, rule, game = citation.get("section"), citation.get("rule"), citation.get("game")
    if section:
        parts.append(t(str(section)) if has_text(str(section)) else str(section))
    elif game and has_text(f"{game}.title"):
        parts.append(t(f"{game}.title"))
    if rule and has_text(str(rule)):
        parts.append(t(str(rule)))
    return t("verdict.citation", where=" — ".join(parts)) if parts else ""


def verdict_texts(verdict: Mapping[str, Any]) -> dict[str, str]:
    """The readable parts of a verdict: status, reason, citation and the question for a missing fact."""
    missing = verdict.get("missing") or {}
    return {
        "status": t(f"verdict.status.{verdict.get('status')}"),
        "reason": message_text(verdict.get("reason")),
        "citation": citation_text(verdict.get("citation")),
        "question": _question_text(missing.get("question")) if missing else "",
    }


def _question_text(question: Any) -> str:
    """A board-fact question, with why the move needs the fact when it says so ("for the money track's boat
    bonus": a move asks facts of the board for parts a player may not think of)."""
    why = question.get("params", {}).get("why") if isinstance(question, Mapping) else None
    said = message_text(question)
    return f"{said} {message_text(why)}" if isinstance(why, Mapping) else said


def color_text(color: str | None) -> str:
    """A colour name in the reader's language (unknown colours are shown as they are)."""
    if not color:
        return t("color.unknown")
    return t(f"color.{color}") if has_text(f"color.{color}") else color


def phase_text(reading: Mapping[str, Any] | None) -> str:
    """What the camera is doing with the dice, from a reading's phase; empty without a reading or a known phase."""
    if not reading:
        return ""
    if reading.get("is_waiting_for_clear_view"):
        return t(UNCLEAR_KEY)
    key = f"page.camera.phase.{reading.get('phase')}"
    return t(key) if key in PHASE_KEYS else ""


def is_dim(reading: Mapping[str, Any] | None) -> bool:
    """Whether a reading's frame was dim and brightened to be read (see vision.reader.exposure)."""
    return reading is not None and DIM_LIGHT in reading.get("warnings", ())


def outside_table_text(reading: Mapping[str, Any] | None) -> str:
    """How many dice were left out of a reading as lying outside the table (see vision.zones), in a sentence; empty
    when none was."""
    prefix = f"{OUTSIDE_WARNING}:"
    for warning in reading.get("warnings", ()) if reading else ():
        count = str(warning)[len(prefix) :] if str(warning).startswith(prefix) else ""
        if count.isdigit() and int(count) > 0:
            return t(OUTSIDE_KEY, n=int(count))
    return ""


def zone_text(zone: str | None) -> str:
    """Where a die lies, from the name of its zone (see vision.zones), in a few words; empty on the open table.

    A name "player:<colour>" or "kali:<colour>" with a colour after the colon is said with the colour's name in
    the reader's language; any other name is quoted as the zones file writes it."""
    if not zone or zone == TABLE:
        return ""
    kind, _, color = str(zone).partition(":")
    if kind in ZONE_KEYS and color:
        return t(ZONE_KEYS[kind], color=color_text(color))
    return t(OTHER_ZONE_KEY, name=zone)


def option_label(kind: str, key: str) -> str:
    """The label of a game option: the game's own text, else a shared one, else the option's name."""
    found = option_label_key(kind, key)
    return t(found) if has_text(found) else key


def option_label_key(kind: str, key: str) -> str:
    """The catalogue key of a game option's label: the game's own text, else a shared one, else the option's name
    (which the catalogues give back as it is)."""
    return next((k for k in (f"{kind}.option.{key}", f"option.{key}") if has_text(k)), key)


def js_texts() -> dict[str, str]:
    """The scripts' texts and the colour names, in the reader's language."""
    texts = {key: t(key) for key in JS_KEYS}
    texts.update({f"color.{color}": color_text(color) for color in (*DIE_COLORS, "purple")})
    texts["color.unknown"] = color_text(None)
    return texts
