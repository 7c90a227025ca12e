"""The "your turn" badge is written in the ink of the player's dice: white words on a white player's badge (and on
an orange one) could not be read, measured in a real headless Chromium for every colour a player may take."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from test_browser_dashboard import CHROMIUM, probed
from test_tester_t4_chip_outline import colour, contrast, over

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")

COLOURS = ("white", "orange", "yellow", "blue", "green", "violet", "red", "black")

PROBE = """<!doctype html><html><head><meta charset="utf-8"></head><body style="margin: 0">
<pre id="found">not measured</pre>
%(frames)s
<script>
window.addEventListener("load", () => {
  const found = {};
  for (const frame of document.querySelectorAll("iframe")) {
    const badge = frame.contentDocument.querySelector(".badge--turn");
    const style = badge && frame.contentWindow.getComputedStyle(badge);
    found[frame.name] = style ? {ink: style.color, face: style.backgroundColor} : null;
  }
  document.getElementById("found").textContent = JSON.stringify(found);
});
</script></body></html>"""


@pytest.fixture
def app_and_service(tmp_path: Path) -> Iterator[tuple[Flask, Companion]]:
    service = Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path)
    yield create_app({"STREAM_MAX_SECONDS": 0.4, "HEARTBEAT_SECONDS": 0.2}, service), service
    service.close()


def test_the_turn_badge_can_be_read_whatever_the_players_colour(
    app_and_service: tuple[Flask, Companion], tmp_path: Path
) -> None:
    app, service = app_and_service
    frames = {}
    for first in COLOURS:
        second = "black" if first != "black" else "blue"
        players = [{"name": "Asha", "color": first}, {"name": "Bruno", "color": second}]
        frames[first] = f"/games/{service.create_game('free_dice', players)['game_id']}?lang=fr"
    rajas = service.create_game("rajas", [{"name": "Asha", "color": "white"}, {"name": "Bruno", "color": "blue"}])
    frames["rajas-white"] = f"/games/{rajas['game_id']}?lang=fr"
    tags = "\n".join(
        f'<iframe name="{name}" src="{path}" style="display: block; border: 0; width: 412px; height: 900px"></iframe>'
        for name, path in frames.items()
    )
    found = probed(app, tmp_path, PROBE % {"frames": tags}, "--window-size=900,1000")
    for page, badge in found.items():
        assert badge is not None, page
        face = colour(badge["face"])[0]
        # WCAG 1.4.3 asks 3:1 of large or bold words; the badge's are bold.
        assert contrast(over(colour(badge["ink"]), face), face) >= 3, (page, badge)
