"""Pages fit the screens they are used on: in a real headless Chromium, a 4-player Rajas table late in a round, the
health page in French and the told board facts are never wider than a phone (390 px, 320 px), and nothing spills out
of a player's card on a 1280 px tablet.

The product pages are measured as they are, each in a frame of the screen's width, by a probe page that only this
test serves: it writes what it measured into its own DOM, which Chromium's --dump-dom hands back."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from test_browser_dashboard import CHROMIUM, probed
from test_rajas_support import FACTS

from companion.devices.notices import DeviceChoice
from companion.events.store import EventStore
from companion.games.rajas.sampler import random_move
from companion.service import Companion
from companion.web import create_app

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")
PALACE = ("terrace", "balcony", "room", "outer")
SPILLS = ".tabs, .rp, .rp *, .space > summary, .space > form, .choice, .choice *, .facts__row, .facts__row *"
"""What must hold its content: the tabs (none cut off on a phone), a card, a space's heading and form, a device's
entry, a fact's row."""

PROBE = """<!doctype html><html><head><meta charset="utf-8"></head><body style="margin: 0">
<pre id="found">not measured</pre>
%(frames)s
<script>
// Widest the document gets (each disclosure opened in turn), and the boxes whose content is wider than they are.
window.addEventListener("load", () => {
  const found = {};
  for (const frame of document.querySelectorAll("iframe")) {
    const doc = frame.contentDocument;
    const widths = [doc.documentElement.scrollWidth];
    for (const details of doc.querySelectorAll("details")) {
      details.open = true;
      widths.push(doc.documentElement.scrollWidth);
      details.open = false;
    }
    const spilled = [...doc.querySelectorAll(%(spills)s)]
      .filter((box) => box.clientWidth && box.scrollWidth > box.clientWidth + 1)
      .map((box) => `${box.tagName.toLowerCase()}.${box.className} ${box.scrollWidth} > ${box.clientWidth}`);
    found[frame.name] = {width: Math.max(...widths), spilled: spilled};
  }
  document.getElementById("found").textContent = JSON.stringify(found);
});
</script></body></html>"""


@pytest.fixture
def app_and_service(tmp_path: Path) -> Iterator[tuple[Flask, Companion]]:
    service = Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path)
    yield create_app({"STREAM_MAX_SECONDS": 0.4, "HEARTBEAT_SECONDS": 0.2}, service), service
    service.close()


def measured(app: Flask, tmp_path: Path, frames: dict[str, tuple[str, int, int]]) -> dict[str, Any]:
    """Each page (name -> path, width, height) measured in a frame of that size, from the probe page."""
    tags = "\n".join(
        f'<iframe name="{name}" src="{path}" style="display: block; border: 0; width: {w}px; height: {h}px"></iframe>'
        for name, (path, w, h) in frames.items()
    )
    return probed(app, tmp_path, PROBE % {"frames": tags, "spills": json.dumps(SPILLS)}, "--window-size=1300,1000")


def crowded_palace(service: Companion, pawns: int = 10, moves: int = 3000) -> str:
    """Four players late in a round: `pawns` workers or more in the palace, a player still to place one."""
    players = [{"name": name} for name in ("Asha", "Bruno", "Chloé", "Dev")]
    game_id = str(service.create_game("rajas", players, options={"facts": FACTS})["game_id"])
    rng = random.Random(0)
    for _ in range(moves):
        view = service.view(game_id)
        seat = view["current_seat"]
        placed = sum(len(seats) for space, seats in view["spaces"].items() if space.startswith(PALACE))
        to_place = seat is not None and view["phase"] == "play" and view["players"][seat]["workers_left"] > 0
        if to_place and not view["pending"] and placed >= pawns:
            return game_id
        service.append(game_id, "move", {"move": random_move(service.session(game_id).state, rng, FACTS)})
    raise AssertionError(f"no palace with {pawns} workers in {moves} random moves")


def test_a_crowded_rajas_table_fits_phones_and_its_player_cards_fit_a_tablet(
    app_and_service: tuple[Flask, Companion], tmp_path: Path
) -> None:
    app, service = app_and_service
    table = f"/games/{crowded_palace(service)}?lang=fr"
    found = measured(
        app, tmp_path, {"phone": (table, 390, 2400), "small": (table, 320, 2400), "tablet": (table, 1280, 800)}
    )
    # Ten pawns in the palace's heading made every space 426 px wide on a 390 px phone, its arrow off screen; four
    # cards of 282 px on the tablet had the river's "16/20" out of its box, the upgrades and the TURN badge over the
    # border.
    assert found == {
        "phone": {"width": 390, "spilled": []},
        "small": {"width": 320, "spilled": []},
        "tablet": {"width": 1280, "spilled": []},
    }


def test_the_french_health_page_and_the_told_facts_fit_a_phone(
    app_and_service: tuple[Flask, Companion], tmp_path: Path
) -> None:
    app, service = app_and_service
    replay = "replay:/home/pi/.local/share/dice-companion/recordings/2026-12-01-soiree-jeux/frames"
    not_a_pi = "not a Raspberry Pi"
    service.choices = [
        DeviceChoice("camera", replay, not_a_pi, True, why="device.why.camera.not_a_pi"),
        DeviceChoice("microcontroller", "virtual://", not_a_pi, True, why="device.why.microcontroller.not_a_pi"),
    ]
    # Facts told as a tester told them: a long key beside a short value, a reward beside a short key.
    service.boards.remember("rajas", {"navaratnas.incomes": 20, "34p.river.length": 12})
    told = {"navaratnas.income.1.color": "brown", "34p.river.1": {"color": "violet", "count": 1, "kind": "dice"}}
    service.boards.remember("rajas", {**told, "34p.river.10": {"amount": 2, "kind": "karma"}})
    pages = {"health": ("/health?lang=fr", 390, 2400), "board": ("/boards/rajas?lang=en", 390, 2400)}
    found = measured(app, tmp_path, pages)
    # "Microcontrôleur" beside "REMPLAÇANT INTÉGRÉ" made the page 410 px; a fact's key beside its value 398 px.
    assert found == {"health": {"width": 390, "spilled": []}, "board": {"width": 390, "spilled": []}}
