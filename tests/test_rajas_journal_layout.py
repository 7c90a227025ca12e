"""Where the Rajas table's recent moves sit, in a real headless Chromium: on a 390 px phone and a 1280 px tablet, right
under what the table is asked now (the prompt, the pending card) and above the player cards. They sat at the very
bottom, under cards that fill a phone's screen several times over.

Measured as test_rajas_phone_layout.py measures: the product page in frames of the screens' widths, inside a probe page
that only this test serves, which writes what it measured into its DOM for Chromium's --dump-dom."""

# ruff: noqa: F811  (the pytest fixture imported from test_web_layout is a parameter here)

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from test_browser_dashboard import CHROMIUM, probed
from test_rajas_phone_layout import rolled_three
from test_web_layout import app_and_service  # noqa: F401  (fixture)

from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")

PROBE = """<!doctype html><html><head><meta charset="utf-8"></head><body style="margin: 0">
<pre id="found">not measured</pre>
<iframe name="phone" src="%(path)s" style="display: block; border: 0; width: 390px; height: 3000px"></iframe>
<iframe name="tablet" src="%(path)s" style="display: block; border: 0; width: 1280px; height: 3000px"></iframe>
<script>
window.addEventListener("load", () => {
  const found = {};
  for (const frame of document.querySelectorAll("iframe")) {
    const doc = frame.contentDocument;
    const box = (selector) => {
      const el = doc.querySelector(selector);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
    };
    found[frame.name] = {prompt: box("#prompt"), pending: box("#pending"), journal: box("#journal"),
                         players: box(".rajas-players"), width: doc.documentElement.scrollWidth};
  }
  document.getElementById("found").textContent = JSON.stringify(found);
});
</script></body></html>"""


def _measured(app: Flask, tmp_path: Path, path: str) -> dict[str, Any]:
    return probed(app, tmp_path, PROBE % {"path": path}, "--window-size=1300,1000")


def test_the_recent_moves_sit_under_the_prompt_and_the_pending_card_above_the_player_cards(
    app_and_service: tuple[Flask, Companion], tmp_path: Path
) -> None:
    app, service = app_and_service
    game_id = rolled_three(service)
    # Chloé's Dancer (her dice all show 2): two dice of her choice to roll, the pending card up.
    dancer = {"type": "place", "seat": 0, "space": "room.dancer", "pay": [{"color": "blue", "value": 2}]}
    service.append(game_id, "move", {"move": dancer})
    found = _measured(app, tmp_path, f"/games/{game_id}?lang=fr")
    for screen in ("phone", "tablet"):
        boxes = found[screen]
        prompt, pending, journal, players = (boxes[k] for k in ("prompt", "pending", "journal", "players"))
        assert prompt and pending and journal and players, boxes
        assert prompt["bottom"] <= pending["top"] and pending["bottom"] <= journal["top"], (screen, boxes)
        assert journal["bottom"] <= players["top"], (screen, boxes)
        # As wide as the column it sits in, as the cards around it are.
        assert abs(journal["left"] - pending["left"]) < 2 and abs(journal["right"] - pending["right"]) < 2, boxes
    assert found["phone"]["width"] == 390
