"""The Rajas table in a real headless Chromium holds what it says: dice settling on the table redraw the page only
when a roll waits for them, and a page that says why a move was refused keeps saying it (a camera seeing dice
settle twice a second redrew the table as often, and a refusal vanished within a second and a half)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask, request
from test_browser_dashboard import CHROMIUM, chromium
from test_browser_rajas import app_and_service, game_in_progress, served  # noqa: F401  (fixtures)
from test_rajas_support import FACTS

from companion.events.bus import RollSettled
from companion.games.rajas.sampler import random_move
from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")
DICE = [{"value": 3, "color": "blue", "confidence": 0.9, "zone": "table"}]


def settling(service: Companion, times: int, then: Callable[[], object] = lambda: None) -> threading.Thread:
    """A camera that sees dice settle `times` times, a fifth of a second apart (started once the page listens);
    `then` is done after."""

    def settle() -> None:
        for _ in range(times):
            time.sleep(0.2)
            service.bus.publish(RollSettled({"dice": DICE}, time.time()))
        then()

    return threading.Thread(target=settle, daemon=True)


def watched(app: Flask, game_id: str, camera: threading.Thread) -> list[str]:
    """The paths the page asks for once served; the camera starts when the page's event stream opens."""
    asked: list[str] = []

    @app.before_request
    def note() -> None:
        asked.append(request.path)
        if request.path == f"/stream/games/{game_id}" and not camera.is_alive() and camera.ident is None:
            camera.start()

    return asked


def opened(
    app: Flask, url: str, game_id: str, camera: threading.Thread, path: str, tmp_path: Path
) -> tuple[str, list[str]]:
    """The page at `path` as Chromium leaves it after five seconds while the camera settles dice, and the paths it
    asked for once its event stream opened."""
    asked = watched(app, game_id, camera)
    result = chromium(tmp_path, f"{url}{path}", "--dump-dom", "--virtual-time-budget=5000")
    camera.join()
    assert f"/stream/games/{game_id}" in asked, result.stderr[-2000:]
    return result.stdout, asked


def test_settled_dice_redraw_nothing_while_no_roll_waits_for_them(
    app_and_service: tuple[Flask, Companion],  # noqa: F811
    served: tuple[str, Companion],  # noqa: F811
    tmp_path: Path,
) -> None:
    app, _ = app_and_service
    url, service = served
    game_id = game_in_progress(service, 40)  # a player about to place a worker: no roll waits
    _, asked = opened(app, url, game_id, settling(service, 8), f"/games/{game_id}?lang=fr", tmp_path)
    assert asked.count(f"/games/{game_id}/live") == 0, asked


def test_a_refusal_stays_on_the_page_while_dice_settle_and_the_table_plays_on(
    app_and_service: tuple[Flask, Companion],  # noqa: F811
    served: tuple[str, Companion],  # noqa: F811
    tmp_path: Path,
) -> None:
    app, _ = app_and_service
    url, service = served
    game_id = game_in_progress(service, 40)
    view = service.view(game_id)
    seat, seq = view["current_seat"], view["seq"]

    def another_screen_plays() -> None:
        move = random_move(service.session(game_id).state, random.Random(3), FACTS)
        service.append(game_id, "move", {"move": move})

    @app.get("/test/pass-too-early")
    def pass_too_early() -> str:
        # The table's own pass form, sent by the browser as a player would (a pass with workers left is refused).
        return (
            f'<form method="post" action="/games/{game_id}/rajas/play?lang=en">'
            f'<input type="hidden" name="if_seq" value="{seq}"><input type="hidden" name="seat" value="{seat}">'
            '<input type="hidden" name="type" value="pass"></form><script>document.forms[0].submit()</script>'
        )

    camera = settling(service, 6, another_screen_plays)
    page, asked = opened(app, url, game_id, camera, "/test/pass-too-early", tmp_path)
    assert "verdict-box--refused" in page, page[-3000:]
    assert asked.count(f"/games/{game_id}/live") == 0, asked
    # The table played on: the page says so, and the player refreshes it when they have read the refusal.
    assert '<p class="notice notice--info" id="stale" data-why="table">' in page, page[-3000:]
