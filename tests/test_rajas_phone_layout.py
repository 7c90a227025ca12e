"""The quarry's tile form on a 390 px phone, in a real headless Chromium: each market's value sits beside its own market
(in a two-column grid "Valeur" fell under "Coût"), every field under its own label, nothing wider than the phone.

Measured as test_web_layout.py measures: the product page in a frame of the phone's width, inside a probe page that only
this test serves, which writes what it measured into its DOM for Chromium's --dump-dom."""

# ruff: noqa: F811  (the pytest fixture imported from test_web_layout is a parameter here)

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from test_browser_dashboard import CHROMIUM, probed
from test_rajas_support import FACTS
from test_web_layout import app_and_service  # noqa: F401  (fixture)

from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")

PROBE = """<!doctype html><html><head><meta charset="utf-8"></head><body style="margin: 0">
<pre id="found">not measured</pre>
<iframe name="phone" src="%(path)s" style="display: block; border: 0; width: 390px; height: 2400px"></iframe>
<script>
window.addEventListener("load", () => {
  const doc = document.querySelector("iframe").contentDocument;
  const quarry = doc.querySelector(".space--quarry");
  quarry.open = true;
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, left: r.left, right: r.right, bottom: r.bottom};
  };
  const control = (name) => quarry.querySelector(`[name="${name}"]`);
  const fields = [...quarry.querySelectorAll(".tile-fields label.field")].map((field) => ({
    label: field.querySelector(".field__label").textContent.trim(),
    text: box(field.querySelector(".field__label")),
    input: box(field.querySelector("input, select")),
  }));
  const markets = [1, 2].map((n) => ({
    good: box(control(`tile.market${n}.good`)), value: box(control(`tile.market${n}.value`)),
  }));
  const found = {width: doc.documentElement.scrollWidth, cost: box(control("tile.cost")), markets, fields};
  document.getElementById("found").textContent = JSON.stringify(found);
});
</script></body></html>"""


def _measured(app: Flask, tmp_path: Path, path: str) -> dict[str, Any]:
    return probed(app, tmp_path, PROBE % {"path": path})


def rolled_three(service: Companion) -> str:
    """A French 3-player game whose start dice are rolled (seat n shows n+2 everywhere): the quarry form is up."""
    players = [{"name": "Chloé"}, {"name": "Bastien"}, {"name": "Inès"}]
    game_id = str(service.create_game("rajas", players, {"facts": FACTS})["game_id"])
    for seat in range(3):
        dice = [{"color": c, "value": seat + 2} for c in ("blue", "green", "orange", "violet")]
        service.append(game_id, "move", {"move": {"type": "roll", "seat": seat, "dice": dice}})
    return game_id


def test_each_market_value_sits_beside_its_market_on_a_phone(
    app_and_service: tuple[Flask, Companion], tmp_path: Path
) -> None:
    app, service = app_and_service
    game_id = rolled_three(service)
    found = _measured(app, tmp_path, f"/games/{game_id}?lang=fr")
    assert found["width"] == 390
    for market in found["markets"]:
        good, value = market["good"], market["value"]
        # On the same row as its market, to its right; not under the cost, which is above both.
        assert abs(good["top"] - value["top"]) < 2, market
        assert value["left"] >= good["right"], market
        assert value["top"] > found["cost"]["bottom"], market
    for field in found["fields"]:
        text, control = field["text"], field["input"]
        # Each control right under its own label, in the label's column.
        assert text["bottom"] <= control["top"] + 1 and abs(text["left"] - control["left"]) < 2, field
        assert control["top"] - text["bottom"] < 12, field
