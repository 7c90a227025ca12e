# ruff: noqa: F811
"""The "Can I...?" page in a real headless Chromium, its script on: a move undecided for want of a printed board
fact is handed to the server's page (the form sent as without the script), which asks that fact with the table's
answer card (tests/test_rajas_check_asks_fact.py); the script alone drew the question as words with no way to answer
it. Headless Chromium does not dump the page a POST made from a script leads to, so the hand-over itself is what is
seen: the form's own submit, recorded on the page."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from flask import Flask
from test_browser_dashboard import CHROMIUM, chromium
from test_browser_rajas import app_and_service, served  # noqa: F401  (fixtures)
from test_rajas_check_asks_fact import CHECKED, _four_players_quarry_half_taken

from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")


def asking_page(app: Flask, game: dict[str, str]) -> str:
    """A test page: the real check page of `game["id"]` with, added to it, a form marked as the check page's forms
    are (a `data-check` button) holding the move to ask, sent as a player's tap sends it (requestSubmit: the
    script's submit listener sees it); a form handed over to the server (HTMLFormElement.submit) is recorded on the
    page instead of sent. Its path (registered before the app serves anything, as Flask wants)."""

    @app.get("/test/check-asked")
    def check_asked() -> str:
        game_id = game["id"]
        page = app.test_client().get(f"/games/{game_id}/rajas/check?lang=fr").get_data(as_text=True)
        fields = "".join(f'<input type="hidden" name="{k}" value="{html.escape(v)}">' for k, v in CHECKED.items())
        form = (
            f'<form id="asked" method="post" action="/games/{game_id}/rajas/check?lang=fr">{fields}'
            "<button data-check>?</button></form>"
            "<script>HTMLFormElement.prototype.submit = function () { document.body.dataset.handedOver = this.id; };"
            'addEventListener("load", () => document.getElementById("asked").requestSubmit())</script>'
        )
        return page.replace("</body>", form + "</body>")

    return "/test/check-asked"


def test_a_move_undecided_for_a_board_fact_shows_its_answer_card_with_the_script_on(
    app_and_service: tuple[Flask, Companion], served: tuple[str, Companion], tmp_path: Path
) -> None:
    app, _ = app_and_service
    url, service = served
    game: dict[str, str] = {}
    path = asking_page(app, game)
    game["id"] = _four_players_quarry_half_taken(app.test_client(), service)
    page = chromium(tmp_path, f"{url}{path}", "--dump-dom", "--virtual-time-budget=5000").stdout
    assert 'data-handed-over="asked"' in page, page[-3000:]
    assert "verdict-box--undecided" not in page  # not drawn as words by the script
