"""The Rajas table in a real headless Chromium: it renders on a tablet and a phone; docs/screenshot-rajas.png."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_browser_dashboard import CHROMIUM, chromium, png_size
from test_rajas_support import FACTS

from companion.events.store import EventStore
from companion.games.rajas.sampler import random_move
from companion.service import Companion
from companion.web import create_app
from companion.web.server import make_server, serve_in_thread

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")
DOCS = Path(__file__).resolve().parents[1] / "docs"
TABLET = "1024,1366"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Companion]]:
    service = Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path)
    app = create_app({"STREAM_MAX_SECONDS": 0.4, "HEARTBEAT_SECONDS": 0.2}, service)
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
    shot = DOCS / "screenshot-rajas.png"
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
