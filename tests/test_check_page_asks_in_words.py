"""The "Can I...?" page of a free dice game asks with its buttons, each a question in words answered at once: the box
where a move is written out as JSON is folded away, where a French tester's players met it first."""

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


@pytest.fixture
def app_and_game(tmp_path: Path) -> Iterator[tuple[Flask, str]]:
    service = Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path)
    players = [{"name": "Alice", "color": "blue"}, {"name": "Bruno", "color": "green"}]
    game_id = service.create_game("free_dice", players)["game_id"]
    yield create_app({"TESTING": True}, service), game_id
    service.close()


def test_the_json_box_is_folded_under_the_buttons(app_and_game: tuple[Flask, str]) -> None:
    app, game_id = app_and_game
    page = app.test_client().get(f"/games/{game_id}/check?lang=fr").get_data(as_text=True)
    folded = re.search(r'<details class="check__raw"( open)?>\s*<summary>([^<]+)</summary>', page)
    assert folded and folded.group(1) is None, page
    assert folded.group(2) == "Un autre coup, écrit en entier (pour qui connaît les coups du jeu)"
    assert page.index("data-preset") < page.index('id="move"')


PROBE = """<!doctype html><html><head><meta charset="utf-8"></head><body style="margin: 0">
<pre id="found">not measured</pre>
<iframe name="check" src="%(path)s" style="width: 390px; height: 900px; border: 0"></iframe>
<script>
const frame = document.querySelector("iframe");
frame.addEventListener("load", () => {
  const page = frame.contentDocument;
  const box = page.querySelector(".check__raw");
  const folded = box && !box.open;
  page.querySelector("[data-preset]").click();  // "Alice rolls a 6"
  const started = Date.now();
  const wait = () => {
    const verdict = page.getElementById("verdict");
    if ((verdict && !verdict.hidden) || Date.now() - started > 5000) {
      document.getElementById("found").textContent = JSON.stringify({
        folded: folded, shown: verdict && !verdict.hidden,
        status: page.getElementById("verdict-status").textContent, stillFolded: !box.open,
      });
    } else setTimeout(wait, 50);
  };
  wait();
});
</script></body></html>"""


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")
def test_a_question_button_is_answered_at_once(app_and_game: tuple[Flask, str], tmp_path: Path) -> None:
    app, game_id = app_and_game
    found = probed(app, tmp_path, PROBE % {"path": f"/games/{game_id}/check?lang=fr"}, "--virtual-time-budget=8000")
    assert found["folded"] and found["stillFolded"], found
    assert found["shown"] and found["status"] == "Oui, c'est permis", found
