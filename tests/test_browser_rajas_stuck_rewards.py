"""The Rajas table in a real headless Chromium offers to forgo a river tile's palace room that cannot act: the
Master Builder with nothing to cover once left the table with every answer refused and no way on."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask import Flask
from test_browser_dashboard import CHROMIUM, chromium
from test_browser_rajas import app_and_service, served  # noqa: F401  (fixtures)
from test_rajas_stuck_rewards import stuck_master_builder

from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")


def _answer_buttons(page: str) -> list[str]:
    """The one-tap answers of the pending card as the browser left it, each `label|open` or `label|shut`."""
    card = page[page.index('id="pending"') : page.index('class="rajas-players"')]
    found = re.findall(r'<form[^>]*class="answer"[^>]*>.*?<button([^>]*)>(.*?)</button>', card, re.S)
    return [f"{html.unescape(label).strip()}|{'shut' if 'disabled' in attrs else 'open'}" for attrs, label in found]


@pytest.mark.parametrize(
    ("lang", "room", "forgo"),
    [
        ("fr", "Maître bâtisseur", "Renoncer à cette action du palais"),
        ("en", "Master Builder", "Forgo this palace action"),
    ],
)
def test_a_master_builder_with_nothing_to_cover_is_offered_to_forgo(
    app_and_service: tuple[Flask, Companion],  # noqa: F811
    served: tuple[str, Companion],  # noqa: F811
    tmp_path: Path,
    lang: str,
    room: str,
    forgo: str,
) -> None:
    url, service = served
    game_id = stuck_master_builder(service)
    result = chromium(tmp_path, f"{url}/games/{game_id}?lang={lang}", "--dump-dom", "--virtual-time-budget=3000")
    assert 'id="pending"' in result.stdout, result.stderr[-2000:]
    assert _answer_buttons(result.stdout) == [f"{room}|shut", f"{forgo}|open"]
