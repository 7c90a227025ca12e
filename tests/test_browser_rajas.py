"""The Rajas table in a real headless Chromium: it renders on a tablet and a phone. The README's
docs/screenshot-rajas.png is such a screenshot; the test takes its own in a temporary folder, never over it."""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask, request
from test_browser_dashboard import CHROMIUM, chromium, png_size
from test_rajas_support import FACTS

from companion.events.bus import RollSettled
from companion.events.store import EventStore
from companion.games.rajas.sampler import random_move
from companion.service import Companion
from companion.web import create_app
from companion.web.context import slots
from companion.web.server import make_server, serve_in_thread

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")
TABLET = "1024,1366"


@pytest.fixture
def app_and_service(tmp_path: Path) -> tuple[Flask, Companion]:
    service = Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path)
    return create_app({"STREAM_MAX_SECONDS": 0.4, "HEARTBEAT_SECONDS": 0.2}, service), service


@pytest.fixture
def served(app_and_service: tuple[Flask, Companion]) -> Iterator[tuple[str, Companion]]:
    app, service = app_and_service
    server = make_server(app, port=0, threads=6)
    stop = serve_in_thread(server)
    yield f"http://127.0.0.1:{server.effective_port}", service
    stop()
    service.close()


def game_in_progress(service: Companion, moves: int = 90) -> str:
    """Three players some rounds in, stopped when a player is about to place a worker."""
    players = [
        {"name": "Asha", "color": "orange"},
        {"name": "Bruno", "color": "violet"},
        {"name": "Chandra", "color": "green"},
    ]
    game_id = str(service.create_game("rajas", players)["game_id"])
    rng = random.Random(7)
    played = 0
    while played < moves or service.session(game_id).state.data["pending"]:
        service.append(game_id, "move", {"move": random_move(service.session(game_id).state, rng, FACTS)})
        played += 1
    return game_id


def test_rajas_table_screenshot_on_a_tablet(served: tuple[str, Companion], tmp_path: Path) -> None:
    url, service = served
    game_id = game_in_progress(service)
    shot = tmp_path / "rajas.png"  # a fresh file: a screenshot left from before cannot pass for it
    result = chromium(tmp_path, f"{url}/games/{game_id}?lang=en", f"--screenshot={shot}", f"--window-size={TABLET}")
    assert shot.exists(), result.stderr[-2000:]
    assert png_size(shot) == (1024, 1366)


def test_rajas_table_renders_on_a_phone(served: tuple[str, Companion], tmp_path: Path) -> None:
    url, service = served
    game_id = game_in_progress(service, 40)
    result = chromium(tmp_path, f"{url}/games/{game_id}?lang=fr", "--dump-dom", "--virtual-time-budget=3000")
    assert "Argent" in result.stdout and "Gloire" in result.stdout, result.stderr[-2000:]
    assert result.stdout.count('class="die"') >= 8  # the Kalis drawn as dice
    assert "Place no more workers" not in result.stdout  # French throughout


def test_a_roll_the_camera_could_not_read_appears_filled_in_without_a_reload(
    app_and_service: tuple[Flask, Companion], served: tuple[str, Companion], tmp_path: Path
) -> None:
    app, _ = app_and_service
    url, service = served
    game_id = str(service.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    dice = [
        {"value": 3, "color": "blue", "confidence": 0.9, "zone": "table"},
        {"value": None, "color": "green", "confidence": 0.0, "zone": "table"},
    ]
    settle = threading.Timer(0.2, lambda: service.bus.publish(RollSettled({"dice": dice}, time.time())))

    @app.before_request
    def settle_once_the_page_listens() -> None:
        # The page was served without the reading: it can only learn of it through its event stream.
        if request.path == f"/stream/games/{game_id}" and not settle.is_alive() and not service.last_settled:
            settle.start()

    result = chromium(tmp_path, f"{url}/games/{game_id}?lang=en", "--dump-dom", "--virtual-time-budget=6000")
    settle.join()
    # The green die unread, the orange and violet ones not seen: three rows left to tap, each said for what it is.
    assert "The camera could not read one die: tap it below." in result.stdout, result.stderr[-2000:]
    assert "The camera did not see 2 dice of this roll on the table: tap them below." in result.stdout
    assert 'value="3" checked' in result.stdout
    assert len(service.events(game_id)) == 1  # nothing played


def test_a_screen_past_the_limit_of_live_screens_says_so_not_just_offline(tmp_path: Path) -> None:
    service = Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path)
    app = create_app({"MAX_STREAMS": 1}, service)
    with app.app_context():
        give_back = slots().take()  # the one live screen allowed is taken: this one is refused (503), as a 15th
    server = make_server(app, port=0, threads=4)
    stop = serve_in_thread(server)
    try:
        game_id = str(service.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
        url = f"http://127.0.0.1:{server.effective_port}/games/{game_id}?lang=en"
        result = chromium(tmp_path, url, "--dump-dom", "--virtual-time-budget=3000")
    finally:
        give_back()
        stop()
        service.close()
    status = re.search(r'<span class="status-dot" id="live-status"[^>]*>([^<]*)</span>', result.stdout)
    assert status is not None, result.stderr[-2000:]
    assert status[1] == "Too many screens are connected; try again shortly"
