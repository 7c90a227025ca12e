# ruff: noqa: F811
"""The "Can I...?" pages in a real headless Chromium, in French: a question the companion refuses as not well formed
is said in French, never with the API's English message (details.said_text when the error says itself, else a
sentence of the page's own), and a move typed as JSON that does not parse is said with the page's own text, not the
browser's English JSON.parse message. Each test page is the real check page with, added to it, a script asking one
question as a player does (the typed move sent with the form's requestSubmit, or the Rajas form's "Can I" button)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from flask import Flask, request
from test_browser_dashboard import CHROMIUM, chromium
from test_browser_rajas import app_and_service, served  # noqa: F401  (fixtures)

from companion.i18n import translate
from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")

DICE_OUT_OF_RANGE = '{"type": "roll", "seat": 0, "dice": [{"value": 9, "color": "blue"}]}'
MARKET_LEFT_EMPTY = {
    "seat": "0",
    "type": "place",
    "space": "quarry",
    "pay": "0:blue-3",
    "tile.cost": "3",
    "tile.market1.good": "tea",
    "tile.market1.value": "",
}
"""A Rajas "Can I...?" form whose tile's first market has its good but not its value (the tester's example)."""
ENGLISH = ("allowed", "must be", "got ", "Expected", "JSON at position", "field ", "no game")


def typing_page(app: Flask, game: dict[str, str]) -> str:
    """A test page: the real free-dice check page of `game["id"]` (in French) with a script typing `?typed=` into
    the move box and asking it; `?url=` stands for the address the form asks (a game gone meanwhile). The page
    is opened with ?lang=fr, which the browser then keeps in its cookie as a player's choice of French is kept."""

    @app.get("/test/check-typed")
    def check_typed() -> str:
        page = app.test_client().get(f"/games/{game['id']}/check?lang=fr").get_data(as_text=True)
        url = request.args.get("url")
        if url:
            page = re.sub(r'data-url="[^"]*"', f'data-url="{html.escape(url)}"', page)
        typed = json.dumps(request.args["typed"])
        script = (
            "<script>addEventListener('load', () => {"
            f"document.getElementById('move').value = {typed};"
            "document.getElementById('check-form').requestSubmit(); })</script>"
        )
        return page.replace("</body>", script + "</body>")

    return "/test/check-typed"


def asking_page(app: Flask, game: dict[str, str]) -> str:
    """A test page: the real Rajas check page of `game["id"]` (in French) with a form marked as its forms are (a
    `data-check` button) holding MARKET_LEFT_EMPTY, sent on load as a player's tap sends it."""

    @app.get("/test/rajas-check-asked")
    def rajas_check_asked() -> str:
        game_id = game["id"]
        page = app.test_client().get(f"/games/{game_id}/check?lang=fr").get_data(as_text=True)
        fields = "".join(
            f'<input type="hidden" name="{k}" value="{html.escape(v)}">' for k, v in MARKET_LEFT_EMPTY.items()
        )
        form = (
            f'<form id="asked" method="post" action="/games/{game_id}/rajas/check">{fields}'
            "<button data-check>?</button></form>"
            '<script>addEventListener("load", () => document.getElementById("asked").requestSubmit())</script>'
        )
        return page.replace("</body>", form + "</body>")

    return "/test/rajas-check-asked"


def _shown(page: str, pattern: str) -> str:
    found = re.search(pattern, page, re.S)
    assert found, page[-3000:]
    return html.unescape(found.group(1)).strip()


@pytest.mark.parametrize(
    ("typed", "url", "key"),
    [
        ("{bad", "", "page.check.not_json"),  # the tester's typed JSON: the browser's own message was shown
        (DICE_OUT_OF_RANGE, "", ("free_dice.said.value", {"n": 1, "value": "9"})),  # free dice's own, in French
        ("[]", "", "error.reason.malformed"),  # "field 'move' must be an object, got []"
        ('{"type": "end_turn"}', "/api/games/gone/check", "error.said.no_game"),  # the error's said, in French
    ],
    ids=["typed_json_not_parsed", "die_value_9", "move_not_an_object", "game_gone"],
)
def test_the_free_dice_check_page_says_a_refusal_in_french(
    app_and_service: tuple[Flask, Companion],
    served: tuple[str, Companion],
    tmp_path: Path,
    typed: str,
    url: str,
    key: str | tuple[str, dict[str, object]],
) -> None:
    app, _ = app_and_service
    address, service = served
    game: dict[str, str] = {}
    path = typing_page(app, game)
    game["id"] = str(service.create_game("free_dice", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    query = urlencode({"lang": "fr", "typed": typed, **({"url": url} if url else {})})
    page = chromium(tmp_path, f"{address}{path}?{query}", "--dump-dom", "--virtual-time-budget=5000").stdout
    heading = "error.not_found" if url else "error.malformed"
    assert _shown(page, r'id="verdict-status"[^>]*>(.*?)</p>') == translate("fr", heading)
    reason = _shown(page, r'id="verdict-reason"[^>]*>(.*?)</p>')
    assert reason == (translate("fr", key) if isinstance(key, str) else translate("fr", *key))
    assert not any(word in reason for word in ENGLISH), reason


def test_the_rajas_check_form_says_its_refused_field_in_french(
    app_and_service: tuple[Flask, Companion], served: tuple[str, Companion], tmp_path: Path
) -> None:
    app, _ = app_and_service
    address, service = served
    game: dict[str, str] = {}
    path = asking_page(app, game)
    game["id"] = str(service.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    page = chromium(tmp_path, f"{address}{path}?lang=fr", "--dump-dom", "--virtual-time-budget=5000").stdout
    assert _shown(page, r'class="verdict-box__status"[^>]*>(.*?)</strong>') == translate("fr", "error.malformed")
    reason = _shown(page, r'class="verdict-box__reason"[^>]*>(.*?)</p>')
    market = translate("fr", "rajas.said.form.tile_market1")
    assert reason.startswith(market) and "tile.market1.value" in reason, reason
    assert not any(word in reason for word in ENGLISH), reason
