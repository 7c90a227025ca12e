"""A white player's colour chip showed nothing on the white player card (a tester's French phone view): measured in a
real headless Chromium, each chip's ring must stand out from the card it lies on, white as well as dark colours."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from test_browser_dashboard import CHROMIUM, probed

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")

# Each chip of each page in its frame: its face, its ring (box-shadow, border) and the first opaque background
# behind it (its card), with the name of the player beside it.
PROBE = """<!doctype html><html><head><meta charset="utf-8"></head><body style="margin: 0">
<pre id="found">not measured</pre>
%(frames)s
<script>
window.addEventListener("load", () => {
  const found = {};
  for (const frame of document.querySelectorAll("iframe")) {
    const view = frame.contentWindow;
    found[frame.name] = [...frame.contentDocument.querySelectorAll(".player__chip")].map((chip) => {
      const style = view.getComputedStyle(chip);
      const isClear = (box) => {
        const paint = view.getComputedStyle(box).backgroundColor.replace(/\\s/g, "");
        return paint === "transparent" || /^rgba\\(.*,0\\)$/.test(paint);
      };
      let card = chip.parentElement;
      while (card && isClear(card)) card = card.parentElement;
      return {
        name: chip.parentElement.textContent.trim().split(/\\s+/)[0],
        face: style.backgroundColor, shadow: style.boxShadow,
        border: style.borderTopWidth + " " + style.borderTopColor,
        card: card ? view.getComputedStyle(card).backgroundColor : "rgb(255, 255, 255)",
      };
    });
  }
  document.getElementById("found").textContent = JSON.stringify(found);
});
</script></body></html>"""

Rgb = tuple[float, float, float]


@pytest.fixture
def app_and_service(tmp_path: Path) -> Iterator[tuple[Flask, Companion]]:
    service = Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path)
    yield create_app({"STREAM_MAX_SECONDS": 0.4, "HEARTBEAT_SECONDS": 0.2}, service), service
    service.close()


def colour(text: str) -> tuple[Rgb, float]:
    """(r, g, b) and alpha of a computed rgb()/rgba() colour."""
    parts = [float(v) for v in re.findall(r"[\d.]+", text)]
    assert len(parts) in (3, 4), text
    return (parts[0], parts[1], parts[2]), parts[3] if len(parts) == 4 else 1.0


def over(top: tuple[Rgb, float], under: Rgb) -> Rgb:
    """A colour of some alpha painted over an opaque one."""
    (r, g, b), alpha = top
    return (alpha * r + (1 - alpha) * under[0], alpha * g + (1 - alpha) * under[1], alpha * b + (1 - alpha) * under[2])


def contrast(a: Rgb, b: Rgb) -> float:
    """WCAG contrast ratio of two colours."""

    def luminance(rgb: Rgb) -> float:
        linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(a) + 0.05, luminance(b) + 0.05), reverse=True)
    return light / dark


def ring(chip: dict[str, str]) -> Rgb | None:
    """The colour a chip's edge shows: its inset shadow over its face, else its border; None without either."""
    face = colour(chip["face"])[0]
    shadow = re.match(r"(rgba?\([^)]*\))[^,]*inset", chip["shadow"])
    if shadow:
        return over(colour(shadow.group(1)), face)
    width, _, border = chip["border"].partition(" ")
    return colour(border)[0] if float(width.rstrip("px")) > 0 else None


def test_a_white_players_chip_shows_on_the_white_card(app_and_service: tuple[Flask, Companion], tmp_path: Path) -> None:
    app, service = app_and_service
    players = [{"name": "Asha", "color": "white"}, {"name": "Bruno", "color": "blue"}]
    rajas = service.create_game("rajas", players)["game_id"]
    free = service.create_game("free_dice", players)["game_id"]
    frames = {"rajas": f"/games/{rajas}?lang=fr", "free": f"/games/{free}?lang=fr"}
    tags = "\n".join(
        f'<iframe name="{name}" src="{path}" style="display: block; border: 0; width: 412px; height: 1800px"></iframe>'
        for name, path in frames.items()
    )
    found = probed(app, tmp_path, PROBE % {"frames": tags}, "--window-size=900,1000")
    for page in frames:
        chips = {chip["name"]: chip for chip in found[page]}
        assert {"Asha", "Bruno"} <= set(chips), (page, found[page])
        white = chips["Asha"]
        # The scene is the tester's: the white face alone is lost on its card.
        assert contrast(colour(white["face"])[0], colour(white["card"])[0]) < 1.2, (page, white)
        for name, chip in chips.items():
            edge = ring(chip)
            assert edge is not None, (page, chip)
            # WCAG 1.4.11 asks 3:1 of a part of a picture needed to see it.
            assert contrast(edge, colour(chip["card"])[0]) >= 3, (page, name, chip)
