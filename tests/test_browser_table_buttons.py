"""A table button refused, in a real headless Chromium: the Rajas table page says why as soon as "next" is pressed
(the press writes no event, so the page is told by its stream), and the notice does not hold the page: the next
move at the table redraws it without it."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pytest
from flask import Flask, request
from test_browser_dashboard import CHROMIUM, chromium
from test_browser_rajas import app_and_service, game_in_progress, served  # noqa: F401  (fixtures)
from test_rajas_support import FACTS

from companion.events.bus import ButtonPressed
from companion.games.rajas.sampler import random_move
from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")


def pressing(service: Companion, game_id: str, asked: list[str], then_play: bool) -> threading.Thread:
    """ "next" pressed at the table once the page listens (a player who can still place cannot pass); then, when
    `then_play`, a move played at the table once the page has drawn the refusal."""

    def press() -> None:
        time.sleep(0.3)
        service.bus.publish(ButtonPressed("next", "gpio"))
        if then_play:
            deadline = time.monotonic() + 10.0
            while f"/games/{game_id}/live" not in asked and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.3)
            move = random_move(service.session(game_id).state, random.Random(3), FACTS)
            service.append(game_id, "move", {"move": move})

    return threading.Thread(target=press, daemon=True)


@pytest.mark.parametrize("then_play", [False, True])
def test_a_refused_next_is_said_on_the_table_page_until_the_table_plays_on(
    app_and_service: tuple[Flask, Companion],  # noqa: F811
    served: tuple[str, Companion],  # noqa: F811
    tmp_path: Path,
    then_play: bool,
) -> None:
    app, _ = app_and_service
    url, service = served
    game_id = game_in_progress(service, 40)  # a player about to place a worker
    service.set_active(game_id)
    seq = service.view(game_id)["seq"]
    asked: list[str] = []
    table = pressing(service, game_id, asked, then_play)

    @app.before_request
    def note() -> None:
        asked.append(request.path)
        if request.path == f"/stream/games/{game_id}" and table.ident is None:
            table.start()

    result = chromium(tmp_path, f"{url}/games/{game_id}?lang=fr", "--dump-dom", "--virtual-time-budget=20000")
    table.join()
    page = result.stdout
    assert asked.count(f"/games/{game_id}/live") >= 1 + then_play, asked
    if then_play:
        assert 'id="button-refusal"' not in page and f'class="live rajas" data-seq="{seq + 1}"' in page, page[-3000:]
        assert '<p class="notice notice--info" id="stale" hidden="">' in page  # redrawn, not held
    else:
        assert 'id="button-refusal"' in page and "Bouton « suivant » pressé" in page, page[-3000:]
