"""A long player name on the free-dice table of a phone, measured in a real headless Chromium as test_web_layout.py
measures: "Alexandra Konstantinova" made a 375 px page 436 px wide (the prompt cut, the TURN badge, the score and
the Next button off screen), forty W's 1016 px; the name now ends with an ellipsis instead."""

# ruff: noqa: F811  (the pytest fixture imported from test_web_layout is a parameter here)

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from test_browser_dashboard import CHROMIUM
from test_web_layout import app_and_service, measured  # noqa: F401  (fixture)

from companion.service import MAX_NAME, Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")
PHONES = (360, 375, 390, 412)


@pytest.mark.parametrize("name", ["Alexandra Konstantinova", "W" * MAX_NAME], ids=["23 letters", "40 W"])
def test_a_long_name_keeps_the_free_dice_table_inside_a_phone(
    app_and_service: tuple[Flask, Companion], tmp_path: Path, name: str
) -> None:
    app, service = app_and_service
    game_id = service.create_game("free_dice", [{"name": name}, {"name": "Bo"}])["game_id"]
    table = f"/games/{game_id}?lang=fr"
    found = measured(app, tmp_path, {f"w{width}": (table, width, 667) for width in PHONES})
    assert found == {f"w{width}": {"width": width, "spilled": []} for width in PHONES}
