"""Boxes a player types in or taps, measured in a real headless Chromium as test_web_layout.py measures (each page in a
frame of the screen's width, inside a probe page that writes what it measured into its DOM): the start form's name
boxes at every width from a small phone to a wide screen, and the karma flip chips under the Kali dice on a phone."""

# ruff: noqa: F811  (the pytest fixture imported from test_web_layout is a parameter here)

from __future__ import annotations

from pathlib import Path

import pytest
import test_web_layout
from flask import Flask
from test_browser_dashboard import CHROMIUM
from test_rajas_phone_layout import rolled_three
from test_web_layout import app_and_service, measured  # noqa: F401  (fixture)

from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")
WIDTHS = (320, 390, 768, 1024, 1180, 1280, 1366, 1920)
LONG_NAME = "Élodie-Margaux"
TAP = 44
"""The smallest side of a box a finger taps (WCAG 2.5.5, Apple's and Android's guides)."""

# Test_web_layout's probe page, measuring other boxes: the visible name boxes of the start form (the room for text
# inside each, against a long name and twelve characters in the box's own font) and each karma flip chip of each
# action space, the space opened in turn (only one opens at a time).
PROBE = """<!doctype html><html><head><meta charset="utf-8"></head><body style="margin: 0">
<pre id="found">not measured</pre>
%(frames)s
<script>
window.addEventListener("load", () => {
  const found = {spills: %(spills)s.length};
  const ruler = document.createElement("canvas").getContext("2d");
  for (const frame of document.querySelectorAll("iframe")) {
    const doc = frame.contentDocument, view = frame.contentWindow;
    const names = [...doc.querySelectorAll('#start-form input[name^="name_"]')].filter((box) => box.clientWidth);
    const inside = names.map((box) => {
      const style = view.getComputedStyle(box);
      ruler.font = style.font;
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return {room: room, name: ruler.measureText("%(name)s").width, twelve: 12 * ruler.measureText("0").width};
    });
    const flips = [];
    for (const space of doc.querySelectorAll("details.space")) {
      space.open = true;
      for (const chip of space.querySelectorAll(".flip")) {
        const box = chip.getBoundingClientRect();
        flips.push({space: space.className, width: box.width, height: box.height, left: box.left, top: box.top});
      }
      space.open = false;
    }
    found[frame.name] = {width: doc.documentElement.scrollWidth, names: inside, flips: flips};
  }
  document.getElementById("found").textContent = JSON.stringify(found);
});
</script></body></html>"""


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch) -> None:
    """Test_web_layout's `measured`, with this module's probe page."""
    monkeypatch.setattr(test_web_layout, "PROBE", PROBE.replace("%(name)s", LONG_NAME))


@pytest.mark.usefixtures("probe")
def test_the_name_boxes_of_the_start_form_hold_a_long_name_at_every_width(
    app_and_service: tuple[Flask, Companion], tmp_path: Path
) -> None:
    app, _ = app_and_service
    frames = {f"w{width}": ("/?lang=fr&kind=free_dice", width, 1400) for width in WIDTHS}
    found = measured(app, tmp_path, frames)
    for name, (_, width, _) in frames.items():
        page = found[name]
        assert page["width"] == width, name
        assert len(page["names"]) == 2, name  # two players to start with
        for box in page["names"]:
            # At 1180 px and wider two player rows shared a line: each name box was 60 px, "Joue" and "Élodie-Ma".
            assert box["room"] >= max(box["name"], box["twelve"]), (name, box)


@pytest.mark.usefixtures("probe")
def test_the_karma_flip_chips_are_big_enough_to_tap_on_a_phone(
    app_and_service: tuple[Flask, Companion], tmp_path: Path
) -> None:
    app, service = app_and_service
    game_id = rolled_three(service)
    found = measured(app, tmp_path, {"phone": (f"/games/{game_id}?lang=fr", 390, 2400)})["phone"]
    assert found["width"] == 390
    spaces = {flip["space"] for flip in found["flips"]}
    assert {"space space--quarry", "space space--palace"} <= spaces, spaces
    for flip in found["flips"]:
        # They were 40 x 22 px: a thumb meant for "⟲ 4" ticked the die above it or nothing.
        assert flip["width"] >= TAP and flip["height"] >= TAP, flip
    for space in spaces:
        chips = sorted((flip["top"], flip["left"]) for flip in found["flips"] if flip["space"] == space)
        row = [left for top, left in chips if abs(top - chips[0][0]) < 1]
        assert len(row) == len(chips) == 4, (space, chips)  # one under each of the four dice, on one row
