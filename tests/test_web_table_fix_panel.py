"""The free-dice table on a phone, in a real headless Chromium: tapping a die of the last roll brings the one-tap
correction panel into view (it opened below the fold, at y=964 on a 390x844 phone, and the player had to scroll
to find it)."""

# ruff: noqa: F811  (the served fixture imported from test_browser_dashboard is a parameter here)

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import request
from test_browser_dashboard import CHROMIUM, Served, chromium, served  # noqa: F401  (fixture)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")
PHONE_WIDTH, PHONE_HEIGHT = 390, 844

# The table in a frame of a phone's size (a headless window is never narrower than 500 pixels). Once the frame has
# loaded, the first die is tapped; when the page has stopped scrolling, where the panel lies is sent back. The
# picture at the end holds the page's load event (and so Chromium) until then.
PROBE = """<!doctype html><html><body style="margin:0">
<iframe id="phone" src="{table}" style="border:0;display:block;width:{width}px;height:{height}px"></iframe>
<script>
const phone = document.getElementById("phone");
phone.onload = function () {{
  const page = phone.contentDocument, view = phone.contentWindow;
  page.querySelector('[data-action="select-die"]').click();
  let last = -1, still = 0;
  const watch = setInterval(function () {{
    still = view.scrollY === last ? still + 1 : 0;
    last = view.scrollY;
    if (still < 5) return;
    clearInterval(watch);
    const panel = page.getElementById("fix"), box = panel.getBoundingClientRect();
    fetch("/test/report", {{method: "POST", body: JSON.stringify(
      {{top: box.top, bottom: box.bottom, hidden: panel.hidden, height: view.innerHeight, scrolled: view.scrollY}})}});
  }}, 100);
}};
</script>
<img src="/test/held" alt="">
</body></html>"""


def tapped_on_a_phone(served: Served, tmp_path: Path, game_id: str) -> dict[str, Any]:
    """Where the correction panel lies in the phone's view once a die is tapped and the page stopped scrolling."""
    reported: dict[str, Any] = {}
    done = threading.Event()

    @served.app.get("/test/phone")
    def phone() -> str:
        return PROBE.format(table=f"/games/{game_id}?lang=fr", width=PHONE_WIDTH, height=PHONE_HEIGHT)

    @served.app.post("/test/report")
    def report() -> tuple[str, int]:
        reported.update(json.loads(request.get_data(as_text=True)))
        done.set()
        return "", 204

    @served.app.get("/test/held")
    def held() -> tuple[str, int]:
        done.wait(30)
        return "", 404

    result = chromium(tmp_path, f"{served.url}/test/phone", "--dump-dom")
    assert done.is_set(), result.stderr[-2000:]
    return reported


def test_tapping_a_die_on_a_phone_brings_the_correction_panel_into_view(served: Served, tmp_path: Path) -> None:
    service = served.service
    game_id = str(service.create_game("free_dice", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    dice = [{"value": 5, "color": "blue"}, {"value": 2, "color": "red"}, {"value": None, "color": "green"}]
    service.append(game_id, "move", {"move": {"type": "roll", "seat": 0, "dice": dice}}, origin="camera")
    panel = tapped_on_a_phone(served, tmp_path, game_id)
    assert panel["height"] == PHONE_HEIGHT and not panel["hidden"], panel
    assert panel["top"] >= 0 and panel["bottom"] <= PHONE_HEIGHT, panel
    assert panel["scrolled"] > 0, panel  # it opened below the fold: the page came to it
