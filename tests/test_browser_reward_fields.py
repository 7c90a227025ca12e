"""A printed reward's form in a real headless Chromium, on a phone, on the board-facts page asking the rewards of the
river's spaces: the palace room and the dice colours show only once a kind printed with them is chosen (each river
space's reward showed three colour boxes and a room box whatever its kind). Measured as test_web_layout.py measures,
by a probe page."""

# ruff: noqa: F811  (the pytest fixture imported from test_web_layout is a parameter here)

from __future__ import annotations

from pathlib import Path

import pytest
import test_web_layout
from flask import Flask
from test_browser_dashboard import CHROMIUM
from test_web_layout import app_and_service, measured  # noqa: F401  (fixture)
from test_web_rajas_river_forms import played_until

from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")

# For the first reward of the page: whether its room and its colours take room on the screen, with no kind chosen,
# then each kind chosen in turn as a player would (the select's value set and its change sent).
PROBE = """<!doctype html><html><head><meta charset="utf-8"></head><body style="margin: 0">
<pre id="found">not measured</pre>
%(frames)s
<script>
window.addEventListener("load", () => {
  const found = {spills: %(spills)s.length};
  for (const frame of document.querySelectorAll("iframe")) {
    const doc = frame.contentDocument;
    const reward = doc.querySelector(".reward");
    const kind = reward && reward.querySelector('select[name$=".kind"]');
    const shown = (part) => {
      const box = reward.querySelector(part);
      return Boolean(box && box.getBoundingClientRect().height > 0);
    };
    const seen = {};
    for (const value of ["", "money", "dice", "karma_dice", "room"]) {
      if (!kind) break;
      kind.value = value;
      kind.dispatchEvent(new Event("change", {bubbles: true}));
      seen[value || "none"] = {room: shown(".reward__room"), colours: shown(".reward-colors")};
    }
    found[frame.name] = {rewards: doc.querySelectorAll(".reward").length, seen: seen};
  }
  document.getElementById("found").textContent = JSON.stringify(found);
});
</script></body></html>"""


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch) -> None:
    """Test_web_layout's `measured`, with this module's probe page."""
    monkeypatch.setattr(test_web_layout, "PROBE", PROBE)


@pytest.mark.usefixtures("probe")
def test_a_rewards_room_and_dice_colours_show_only_for_the_kinds_printed_with_them(
    app_and_service: tuple[Flask, Companion], tmp_path: Path
) -> None:
    app, service = app_and_service
    service.boards.remember("rajas", {"2p.river.length": 16})  # the rewards of its spaces are asked next
    found = measured(app, tmp_path, {"phone": ("/boards/rajas?lang=en", 390, 2400)})["phone"]
    assert found["rewards"] >= 16, found
    seen = found["seen"]
    assert seen["none"] == seen["money"] == {"room": False, "colours": False}, seen
    assert seen["dice"] == seen["karma_dice"] == {"room": False, "colours": True}, seen
    assert seen["room"] == {"room": True, "colours": False}, seen


@pytest.mark.usefixtures("probe")
def test_a_river_tile_a_die_per_karma_level_asks_no_colour_unlike_the_three_dice_tile(
    app_and_service: tuple[Flask, Companion], tmp_path: Path
) -> None:
    app, service = app_and_service
    game_id = played_until(service, "river_tile", ["ganga"])  # the table lays the first river tile
    found = measured(app, tmp_path, {"phone": (f"/games/{game_id}?lang=en", 390, 2400)})["phone"]
    seen = found["seen"]
    assert seen["karma_dice"] == {"room": False, "colours": False}, seen  # the player picks the dice's colours
    assert seen["dice"] == {"room": False, "colours": True}, seen  # the tile shows three colours
    assert seen["room"] == {"room": True, "colours": False}, seen
