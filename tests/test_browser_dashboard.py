"""The dashboard in a real headless Chromium against the app served by waitress: renders, updates live."""

from __future__ import annotations

import html
import json
import re
import struct
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, request
from flask.typing import ResponseReturnValue

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from companion.web.server import make_server, serve_in_thread

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium (apt-get install -y chromium)"
)
PHONE = "412,915"


@dataclass
class Served:
    """The app served on a free port, its service and what the streams were asked for."""

    url: str
    service: Companion
    app: Flask
    last_event_ids: list[str] = field(default_factory=list)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    service = Companion(EventStore(tmp_path / "events.db"))
    # Short stream lifetimes let Chromium's virtual clock run: it stands still while a request is open.
    app = create_app({"STREAM_MAX_SECONDS": 0.4, "HEARTBEAT_SECONDS": 0.2}, service)
    server = make_server(app, port=0, threads=6)
    stop = serve_in_thread(server)
    served = Served(f"http://127.0.0.1:{server.effective_port}", service, app)

    @app.before_request
    def note_last_event_id() -> None:
        if request.path.startswith("/stream/") and "Last-Event-ID" in request.headers:
            served.last_event_ids.append(request.headers["Last-Event-ID"])

    yield served
    stop()
    service.close()


def chromium(tmp_path: Path, url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium once on a page."""
    command = [
        str(CHROMIUM),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={tmp_path / 'profile'}",
        f"--window-size={PHONE}",
        *args,
        url,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=90, check=False)


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG header."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def start_game(service: Companion) -> str:
    game_id = str(service.create_game("free_dice", [{"name": "Asha"}, {"name": "Bruno", "color": "orange"}])["game_id"])
    dice = [{"value": 5, "color": "violet"}, {"value": 2, "color": "orange"}]
    service.append(game_id, "move", {"move": {"type": "roll", "seat": 0, "dice": dice}}, origin="camera")
    return game_id


def test_table_screenshot_on_a_phone(served: Served, tmp_path: Path) -> None:
    game_id = start_game(served.service)
    shot = tmp_path / "table.png"
    result = chromium(tmp_path, f"{served.url}/games/{game_id}?lang=en", f"--screenshot={shot}")
    assert shot.exists(), result.stderr[-2000:]
    assert png_size(shot) == (412, 915)


def test_table_updates_live_after_a_new_event(served: Served, tmp_path: Path) -> None:
    game_id = start_game(served.service)
    page = f"/games/{game_id}"

    @served.app.after_request
    def roll_once_page_is_rendered(response: ResponseReturnValue) -> ResponseReturnValue:
        # The page shows seq 2; this event (seq 3) can only reach it through the event stream.
        if request.path == page and served.service.view(game_id)["seq"] == 2:
            served.service.append(game_id, "move", {"move": {"type": "end_turn"}})
            dice = [{"value": 6, "color": "green"}]
            served.service.append(game_id, "move", {"move": {"type": "roll", "seat": 1, "dice": dice}})
        return response

    result = chromium(tmp_path, f"{served.url}{page}?lang=en", "--dump-dom", "--virtual-time-budget=8000")
    dom = result.stdout
    assert 'class="live" data-seq="4"' in dom, result.stderr[-2000:]
    assert 'aria-label="6 · green"' in dom  # the new roll drawn as a die
    assert "Bruno has rolled" in dom
    assert "4" in served.last_event_ids  # EventSource came back with the last id it saw


def test_pages_in_french_from_the_browser_language(served: Served, tmp_path: Path) -> None:
    start_game(served.service)
    result = chromium(tmp_path, f"{served.url}/", "--dump-dom", "--accept-lang=fr-FR,fr")
    assert "Lancer une partie" in result.stdout, result.stderr[-2000:]
    assert "Dés libres" in result.stdout


def test_rajas_start_form_asks_for_experienced_players_only_with_mixed_groups(served: Served, tmp_path: Path) -> None:
    start = f"{served.url}/?lang=en&kind=rajas&name_0=Asha&name_1=Bruno"
    plain = chromium(tmp_path, start, "--dump-dom")
    assert '<fieldset class="options" data-kind="rajas">' in plain.stdout, plain.stderr[-2000:]
    assert 'data-needs-value="mixed_groups" hidden="" disabled=""' in plain.stdout
    mixed = chromium(tmp_path, f"{start}&rajas.modules=mixed_groups", "--dump-dom")
    assert 'data-needs-value="mixed_groups">' in mixed.stdout, mixed.stderr[-2000:]
    # Each seat is named by the name typed in its row; the rows not in view are not offered.
    assert '<span class="seat-name">Bruno</span>' in mixed.stdout
    assert 'data-seat="2" hidden=""' in mixed.stdout


def test_the_start_form_offers_no_more_player_rows_than_the_game_seats(served: Served, tmp_path: Path) -> None:
    four = "&".join(f"name_{seat}={name}" for seat, name in enumerate(("Asha", "Bruno", "Chandra", "Dev")))
    rajas = chromium(tmp_path, f"{served.url}/?lang=en&kind=rajas&{four}", "--dump-dom")
    assert 'id="add-player" hidden=""' in rajas.stdout, rajas.stderr[-2000:]  # Rajas seats 4 at most
    free = chromium(tmp_path, f"{served.url}/?lang=en&kind=free_dice&{four}", "--dump-dom")
    assert 'id="add-player">' in free.stdout, free.stderr[-2000:]  # free dice seats 8


def test_health_and_camera_pages_render_in_the_browser(served: Served, tmp_path: Path) -> None:
    health = chromium(tmp_path, f"{served.url}/health?lang=en", "--dump-dom")
    assert "What is in use" in health.stdout
    camera = chromium(tmp_path, f"{served.url}/camera?lang=en", "--dump-dom")
    assert "No camera" in camera.stdout


def test_camera_phase_follows_the_settler_live(served: Served, tmp_path: Path) -> None:
    served.service.reading_updated({"dice": [{"value": 4, "color": "blue", "confidence": 0.9}]}, "settled")

    @served.app.after_request
    def roll_once_page_is_rendered(response: ResponseReturnValue) -> ResponseReturnValue:
        # The page was rendered with the dice read; the new roll can only reach it through the reading stream.
        if request.path == "/camera" and (served.service.last_reading or {}).get("phase") == "settled":
            served.service.reading_updated({"dice": []}, "rolling")
        return response

    result = chromium(tmp_path, f"{served.url}/camera?lang=fr", "--dump-dom", "--virtual-time-budget=4000")
    dom = result.stdout
    assert 'data-phase="rolling">Les dés roulent…</p>' in dom, result.stderr[-2000:]
    # Dice in motion are not read: the list says when they will be, not that none is seen.
    assert "Dés lus" not in dom and "<li class=\"muted\">Les dés sont lus dès qu'ils s'arrêtent.</li>" in dom


def test_a_guessed_value_arriving_live_is_marked_to_confirm(served: Served, tmp_path: Path) -> None:
    @served.app.after_request
    def guess_once_page_is_rendered(response: ResponseReturnValue) -> ResponseReturnValue:
        if request.path == "/camera" and not (served.service.last_reading or {}).get("dice"):
            dice = [{"value": 2, "color": "red", "confidence": 0.5}, {"value": 6, "color": "blue", "confidence": 0.95}]
            served.service.reading_updated({"dice": dice}, "settled")
        return response

    result = chromium(tmp_path, f"{served.url}/camera?lang=en", "--dump-dom", "--virtual-time-budget=4000")
    dom = result.stdout
    assert "2 · " in dom and "6 · " in dom, result.stderr[-2000:]
    assert dom.count('class="small reading__guess">to confirm</span>') == 1


def test_the_dim_light_hint_comes_live_with_dim_frames(served: Served, tmp_path: Path) -> None:
    served.service.reading_updated({"dice": [], "warnings": []}, "empty")

    @served.app.after_request
    def dim_once_page_is_rendered(response: ResponseReturnValue) -> ResponseReturnValue:
        # The page was rendered in good light; the dim frames can only reach it through the reading stream.
        if request.path == "/camera" and not (served.service.last_reading or {}).get("warnings"):
            served.service.reading_updated({"dice": [], "warnings": ["dim_light"]}, "empty")
        return response

    result = chromium(tmp_path, f"{served.url}/camera?lang=en", "--dump-dom", "--virtual-time-budget=4000")
    dom = result.stdout
    assert '<p class="reading__light small" id="light">The table is dimly lit' in dom, result.stderr[-2000:]


def probed(app: Flask, tmp_path: Path, probe: str, *args: str) -> dict[str, Any]:
    """What a probe page (`probe`: its HTML, served at /layout-probe beside the app) writes as JSON into its
    <pre id="found">, once headless Chromium has loaded it (`args`: Chromium's, e.g. a window size)."""
    app.add_url_rule("/layout-probe", "layout_probe", lambda: probe)
    server = make_server(app, port=0, threads=8)
    stop = serve_in_thread(server)
    try:
        result = chromium(tmp_path, f"http://127.0.0.1:{server.effective_port}/layout-probe", "--dump-dom", *args)
    finally:
        stop()
    found = re.search(r'<pre id="found">(.*?)</pre>', result.stdout, re.S)
    assert found and found.group(1).startswith("{"), result.stdout[-2000:] + result.stderr[-2000:]
    return dict(json.loads(html.unescape(found.group(1))))
