# ruff: noqa: F811
"""The Rajas table in a real headless Chromium says "the table changed" on a refused roll only when it did: the
camera seeing the same dice settle again changes nothing at the table (the notice showed at once on a refusal page,
the camera re-settling the dice the player was tapping in), dice read anew do."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from test_browser_dashboard import CHROMIUM
from test_browser_rajas import app_and_service, served  # noqa: F401  (fixtures)
from test_browser_rajas_held import DICE, opened, settling

from companion.events.bus import RollSettled
from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")
STALE = '<p class="notice notice--info" id="stale" data-why='  # the notice shown (hidden, it has no data-why)
OTHER_DICE: list[dict[str, Any]] = [{"value": 5, "color": "orange", "confidence": 0.9, "zone": "table"}]


def refused_roll(app: Flask, service: Companion) -> tuple[str, str]:
    """A start roll the camera read (a blue 3), and a test page that sends the table's roll form with only a blue 2
    tapped, as a player would: refused (the roll shows 1 die of the 4). The game and the test page's path."""
    game_id = str(service.create_game("rajas", [{"name": "Asha"}, {"name": "Dev"}])["game_id"])
    service.bus.publish(RollSettled({"dice": DICE}, time.time()))
    seq = service.view(game_id)["seq"]

    @app.get("/test/roll-refused")
    def roll_refused() -> str:
        return (
            f'<form method="post" action="/games/{game_id}/rajas/play?lang=fr">'
            f'<input type="hidden" name="if_seq" value="{seq}"><input type="hidden" name="seat" value="0">'
            '<input type="hidden" name="type" value="roll"><input type="hidden" name="dice.0.color" value="blue">'
            '<input type="hidden" name="dice.0.value" value="2"></form><script>document.forms[0].submit()</script>'
        )

    return game_id, "/test/roll-refused"


def read_anew(service: Companion) -> None:
    """Other dice settle, a few times a fifth of a second apart: a stream that closed (it lasts 0.4 s in these tests)
    misses what settles before it is open again."""
    for _ in range(8):
        service.bus.publish(RollSettled({"dice": OTHER_DICE}, time.time()))
        time.sleep(0.2)


@pytest.fixture
def refused(
    app_and_service: tuple[Flask, Companion], served: tuple[str, Companion]
) -> tuple[Flask, str, Companion, str, str]:
    """The served app with a refused roll ready (see `refused_roll`): app, address, service, game, test page."""
    app, _ = app_and_service
    url, service = served
    return (app, url, service, *refused_roll(app, service))


def test_the_same_dice_settling_again_show_no_changed_notice_on_a_refusal(
    refused: tuple[Flask, str, Companion, str, str], tmp_path: Path
) -> None:
    app, url, service, game_id, path = refused
    page, _ = opened(app, url, game_id, settling(service, 6), path, tmp_path)
    assert "verdict-box--refused" in page, page[-3000:]
    assert 'name="dice.0.value" value="2" checked' in page  # what the player tapped, still there
    assert STALE not in page and 'id="stale" hidden' in page, page[-3000:]


def test_dice_read_anew_after_a_refusal_show_the_changed_notice(
    refused: tuple[Flask, str, Companion, str, str], tmp_path: Path
) -> None:
    app, url, service, game_id, path = refused
    camera = settling(service, 2, lambda: read_anew(service))
    page, _ = opened(app, url, game_id, camera, path, tmp_path)
    assert "verdict-box--refused" in page and 'name="dice.0.value" value="2" checked' in page, page[-3000:]
    assert f'{STALE}"camera">' in page, page[-3000:]  # only the camera read anew: said so, not "the table changed"
    assert '<span data-why="table" hidden="">' in page and '<span data-why="camera">' in page
