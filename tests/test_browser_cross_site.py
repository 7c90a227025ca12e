"""A real headless Chromium: the companion's own page may post, a page of another site may not.

The page below stands in for any page (the companion's own, or a foreign one): it sends a JSON event with
fetch() as the table's script does, then submits a plain form as the dashboard's forms do (into a frame that
runs no script, so that the table it opens does not keep the browser's virtual clock waiting on its stream).
Served by the companion at 127.0.0.1 it is the companion's own page; opened as localhost, another site's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from flask import Response, request
from test_browser_dashboard import CHROMIUM, chromium

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from companion.web.server import make_server, serve_in_thread

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")

PAGE = """<!doctype html><html><body>
<iframe name="sink" sandbox></iframe>
<form id="resume" method="post" target="sink" action="{target}/games/{game}/resume">
  <input name="from" value="page">
</form>
<script>
fetch("{target}/api/games/{game}/events", {{
  method: "POST",
  headers: {{ "Content-Type": "application/json", Accept: "application/json" }},
  body: JSON.stringify({{ type: "move", move: {{ type: "roll", seat: 0, dice: [{{ value: 4, color: "blue" }}] }} }}),
}}).finally(function () {{ document.getElementById("resume").submit(); }});
</script></body></html>"""


@dataclass
class Served:
    """The app on a free port, its service, and every POST it was sent: path, Sec-Fetch-Site and answer."""

    port: int
    service: Companion
    posts: list[tuple[str, str | None, int]] = field(default_factory=list)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    service = Companion(EventStore(tmp_path / "events.db"))
    app = create_app({"STREAM_MAX_SECONDS": 0.4, "HEARTBEAT_SECONDS": 0.2}, service)

    @app.get("/test-page/<game>")
    def page(game: str) -> str:
        return PAGE.format(target=request.args["target"], game=game)

    server = make_server(app, port=0, threads=6)
    stop = serve_in_thread(server)
    served = Served(int(server.effective_port), service)

    @app.after_request
    def note_posts(response: Response) -> Response:
        if request.method == "POST":
            served.posts.append((request.path, request.headers.get("Sec-Fetch-Site"), response.status_code))
        return response

    yield served
    stop()
    service.close()


def two_games(service: Companion) -> tuple[str, str]:
    """Two games; the second one is the active one."""
    first = str(service.create_game("free_dice", [{"name": "Asha"}])["game_id"])
    second = str(service.create_game("free_dice", [{"name": "Bruno"}])["game_id"])
    return first, second


def test_the_companions_own_page_posts_with_fetch_and_a_form(served: Served, tmp_path: Path) -> None:
    first, _ = two_games(served.service)
    own = f"http://127.0.0.1:{served.port}"
    result = chromium(tmp_path, f"{own}/test-page/{first}?target={own}", "--dump-dom", "--virtual-time-budget=5000")
    assert served.posts == [
        (f"/api/games/{first}/events", "same-origin", 201),
        (f"/games/{first}/resume", "same-origin", 303),
    ], result.stderr[-2000:]
    assert [e.type for e in served.service.events(first, 0)] == ["game_started", "move"]
    assert served.service.active_id == first


def test_another_sites_page_changes_nothing(served: Served, tmp_path: Path) -> None:
    first, second = two_games(served.service)
    target, foreign = f"http://127.0.0.1:{served.port}", f"http://localhost:{served.port}"
    result = chromium(
        tmp_path, f"{foreign}/test-page/{first}?target={target}", "--dump-dom", "--virtual-time-budget=5000"
    )
    # The JSON fetch() is stopped by the browser itself (its CORS preflight gets no approval); the plain form
    # reaches the companion and is refused there.
    assert served.posts == [(f"/games/{first}/resume", "cross-site", 403)], result.stderr[-2000:]
    assert [e.type for e in served.service.events(first, 0)] == ["game_started"]
    assert served.service.active_id == second
