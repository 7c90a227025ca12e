"""A live redraw keeps a keyboard or screen-reader player where they were, in a real headless Chromium: another
phone's move redraws the table page (#live rebuilt from the server's fragment), and the focused control is the same
one after it, not <body>; the new prompt is said by a polite status element that the redraw does not replace."""

from __future__ import annotations

import html
import json
import re
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask, Response, request
from test_browser_dashboard import CHROMIUM, chromium
from test_browser_rajas import app_and_service, game_in_progress, served  # noqa: F401  (fixtures)

from companion.service import Companion

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's headless Chromium at /usr/bin/chromium")

# Put in the served page only: focuses the control as a Tab would, then notes what has the focus after each redraw.
PROBE = """<script>
(function () {
  function named(el) {
    return el === document.body ? "BODY" : el.tagName + ":" + (el.dataset.action || el.textContent.trim());
  }
  document.querySelector(%s).focus();
  document.documentElement.dataset.focusBefore = named(document.activeElement);
  document.documentElement.dataset.promptBefore = document.getElementById("prompt").textContent.trim();
  new MutationObserver(function () {
    setTimeout(function () { document.documentElement.dataset.focusAfter = named(document.activeElement); }, 0);
  }).observe(document.getElementById("live"), { childList: true });
})();
</script></body>"""


def probed(app: Flask, game_id: str, selector: str, other_phone: Callable[[], None]) -> list[str]:
    """The table page with the probe focusing `selector`; the other phone plays once the page's stream opens."""
    asked: list[str] = []

    def later() -> None:
        time.sleep(0.4)
        other_phone()

    phone = threading.Thread(target=later, daemon=True)

    @app.before_request
    def note() -> None:
        asked.append(request.path)
        if request.path == f"/stream/games/{game_id}" and phone.ident is None:
            phone.start()

    @app.after_request
    def probe(response: Response) -> Response:
        if request.path == f"/games/{game_id}":
            page = response.get_data(as_text=True)
            response.set_data(page.replace("</body>", PROBE % json.dumps(selector), 1))
        return response

    return asked


def post(url: str, data: bytes, content_type: str) -> None:
    """A request from another phone."""
    sent = urllib.request.Request(url, data=data, headers={"Content-Type": content_type}, method="POST")
    with urllib.request.urlopen(sent, timeout=10):
        pass


def noted(page: str, what: str) -> str:
    """What the probe noted on the page's root element."""
    found = re.search(rf'data-{what}="([^"]*)"', page)
    return html.unescape(found.group(1)) if found else ""


def said(page: str) -> tuple[str, str]:
    """The prompt on the page and what the status element says."""
    prompt = re.search(r'<p class="prompt[^"]*" id="prompt"[^>]*>(.*?)</p>', page, re.S)
    status = re.search(r'<p class="sr-only" id="prompt-said"[^>]*>(.*?)</p>', page, re.S)
    assert prompt and status, page[-3000:]
    return html.unescape(prompt.group(1)).strip(), html.unescape(status.group(1)).strip()


def test_rajas_an_undo_from_another_phone_keeps_the_focus_on_the_quarry(
    app_and_service: tuple[Flask, Companion],  # noqa: F811
    served: tuple[str, Companion],  # noqa: F811
    tmp_path: Path,
) -> None:
    app, _ = app_and_service
    url, service = served
    game_id = game_in_progress(service, 40)  # a player about to place a worker: the Quarry is offered
    service.set_active(game_id)
    seq = service.view(game_id)["seq"]

    def undo() -> None:
        post(
            f"{url}/games/{game_id}/rajas/undo",
            urllib.parse.urlencode({"if_seq": seq}).encode(),
            "application/x-www-form-urlencoded",
        )

    asked = probed(app, game_id, "details.space--quarry > summary", undo)
    page = chromium(tmp_path, f"{url}/games/{game_id}?lang=en", "--dump-dom", "--virtual-time-budget=8000").stdout
    assert f"/games/{game_id}/live" in asked, asked
    assert f'class="live rajas" data-seq="{seq + 1}"' in page, page[-3000:]  # redrawn after the undo
    assert noted(page, "focus-before") == "SUMMARY:▦Quarry"
    assert noted(page, "focus-after") == "SUMMARY:▦Quarry", page[-3000:]
    prompt, status = said(page)
    assert status == prompt and prompt != noted(page, "prompt-before"), page[-3000:]


def test_free_dice_a_roll_from_another_phone_keeps_the_focus_on_end_turn(
    app_and_service: tuple[Flask, Companion],  # noqa: F811
    served: tuple[str, Companion],  # noqa: F811
    tmp_path: Path,
) -> None:
    app, _ = app_and_service
    url, service = served
    game_id = str(service.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"])
    service.set_active(game_id)
    seq = service.view(game_id)["seq"]

    def roll() -> None:
        body = {
            "type": "move",
            "if_seq": seq,
            "move": {"type": "roll", "seat": 0, "dice": [{"value": 4, "color": "red"}]},
        }
        post(f"{url}/api/games/{game_id}/events", json.dumps(body).encode(), "application/json")

    asked = probed(app, game_id, '[data-action="end_turn"]', roll)
    page = chromium(tmp_path, f"{url}/games/{game_id}?lang=en", "--dump-dom", "--virtual-time-budget=8000").stdout
    assert f"/games/{game_id}/live" in asked, asked
    assert f'<div class="live" data-seq="{seq + 1}"' in page, page[-3000:]  # redrawn after the roll
    assert noted(page, "focus-before") == "BUTTON:end_turn"
    assert noted(page, "focus-after") == "BUTTON:end_turn", page[-3000:]
    prompt, status = said(page)
    assert status == prompt and prompt != noted(page, "prompt-before"), page[-3000:]


def test_free_dice_a_control_gone_after_the_redraw_leaves_the_focus_on_the_prompt_not_the_body(
    app_and_service: tuple[Flask, Companion],  # noqa: F811
    served: tuple[str, Companion],  # noqa: F811
    tmp_path: Path,
) -> None:
    app, _ = app_and_service
    url, service = served
    game_id = str(service.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"])
    service.set_active(game_id)
    service.append(game_id, "move", {"move": {"type": "roll", "seat": 0, "dice": [{"value": 4, "color": "red"}]}})
    seq = service.view(game_id)["seq"]

    def undo() -> None:  # the roll taken back: its die buttons are gone
        body = {"type": "undo", "if_seq": seq}
        post(f"{url}/api/games/{game_id}/events", json.dumps(body).encode(), "application/json")

    asked = probed(app, game_id, '[data-action="select-die"]', undo)
    page = chromium(tmp_path, f"{url}/games/{game_id}?lang=en", "--dump-dom", "--virtual-time-budget=8000").stdout
    assert f"/games/{game_id}/live" in asked, asked
    assert f'<div class="live" data-seq="{seq + 1}"' in page and 'data-action="select-die"' not in page, page[-3000:]
    assert noted(page, "focus-before") == "BUTTON:select-die"
    prompt, status = said(page)
    assert noted(page, "focus-after") == f"P:{prompt}", page[-3000:]
    assert status == prompt
