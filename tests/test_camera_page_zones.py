"""The camera page says where each die lies when a zones file puts it off the open table (vision/zones.py): in a
player's area, on a Kali statue, in another named zone; at first (Jinja) and live (camera.js) alike."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, request
from flask.testing import FlaskClient
from flask.typing import ResponseReturnValue
from test_browser_dashboard import CHROMIUM, Served, chromium
from test_web_fixtures import FakeCamera, app, client, service  # noqa: F401  (fixtures)

from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from companion.web.language import zone_text
from companion.web.server import make_server, serve_in_thread

# The zone is said under the die's name, in the same span.
ZONE_SPAN = re.compile(r'<span>4 · (?:white|blanc)<br><span class="muted small reading__zone">([^<]*)</span></span>')

SAID = {
    "en": {
        "player:red": "in the red player's area",
        "kali:green": "on the green Kali",
        "box": "in zone “box”",
    },
    "fr": {
        "player:red": "dans la zone du joueur rouge",
        "kali:green": "sur la Kali du joueur vert",
        "box": "dans la zone « box »",
    },
}

# Names at the edges of the rule, for the script and the first render to agree on: a colour the catalogues do not
# know, a kind with no colour after it, a colour with a colon in it, and the unknown colour.
EDGE_ZONES = ("kali:teal", "player:", "player:red:left", "player:unknown", "tray:2")


def reading_of(zones: list[str | None]) -> dict[str, Any]:
    """A settled reading with one die in each of `zones` (None: read without a zones file)."""
    dice = [{"value": 4, "color": "white", "confidence": 0.9, "zone": zone} for zone in zones]
    return {"dice": dice, "warnings": []}


def camera_page(client: FlaskClient, service: Companion, lang: str, zones: list[str | None]) -> str:
    service.devices["camera"] = FakeCamera()
    service.reading_updated(reading_of(zones), "settled")
    return html.unescape(client.get(f"/camera?lang={lang}").get_data(as_text=True))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("zone", ["player:red", "kali:green", "box"])
def test_the_camera_page_says_the_zone_of_a_die_off_the_open_table(
    client: FlaskClient, service: Companion, lang: str, zone: str
) -> None:
    page = camera_page(client, service, lang, [zone])
    assert ZONE_SPAN.findall(page) == [SAID[lang][zone]]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_dice_on_the_open_table_say_nothing_more(client: FlaskClient, service: Companion, lang: str) -> None:
    page = camera_page(client, service, lang, ["table", None, "player:red"])
    # Three dice listed, one zone said: the one in the red player's area.
    assert page.count('<li class="reading__die">') == 3
    assert ZONE_SPAN.findall(page) == [SAID[lang]["player:red"]]


def said_by_python(app: Flask, lang: str, zones: tuple[str, ...]) -> list[str]:
    with app.test_request_context(f"/camera?lang={lang}"):
        app.preprocess_request()
        return [zone_text(zone) for zone in zones]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_first_render_follows_the_rule_at_its_edges(
    app: Flask, client: FlaskClient, service: Companion, lang: str
) -> None:
    page = camera_page(client, service, lang, list(EDGE_ZONES))
    expected = said_by_python(app, lang, EDGE_ZONES)
    assert ZONE_SPAN.findall(page) == expected
    # The colour a catalogue does not know is shown as written; "player:" and "tray:2" are quoted zone names.
    assert expected[0] == ("on the teal Kali" if lang == "en" else "sur la Kali du joueur teal")
    assert ("in zone “player:”" if lang == "en" else "dans la zone « player: »") == expected[1]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's headless Chromium at /usr/bin/chromium (apt-get install -y chromium)")
    service = Companion(EventStore(tmp_path / "events.db"))
    app = create_app({"STREAM_MAX_SECONDS": 0.4, "HEARTBEAT_SECONDS": 0.2}, service)
    server = make_server(app, port=0, threads=6)
    stop = serve_in_thread(server)
    yield Served(f"http://127.0.0.1:{server.effective_port}", service, app)
    stop()
    service.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_zones_of_the_dice_are_said_live(served: Served, tmp_path: Path, lang: str) -> None:
    zones = ("player:red", "table", "kali:green", "box", *EDGE_ZONES)
    served.service.reading_updated(reading_of([]), "empty")

    @served.app.after_request
    def push_dice_into_zones(response: ResponseReturnValue) -> ResponseReturnValue:
        # The page was rendered with no dice at all; the dice in their zones can reach it only by the stream.
        if request.path == "/camera" and not (served.service.last_reading or {}).get("dice"):
            served.service.reading_updated(reading_of(list(zones)), "settled")
        return response

    result = chromium(tmp_path, f"{served.url}/camera?lang={lang}", "--dump-dom", "--virtual-time-budget=4000")
    dom = html.unescape(result.stdout)
    assert dom.count('<li class="reading__die">') == len(zones), result.stderr[-2000:]
    expected = [said for said in said_by_python(served.app, lang, zones) if said]
    assert ZONE_SPAN.findall(dom) == expected
    assert expected[:3] == [SAID[lang]["player:red"], SAID[lang]["kali:green"], SAID[lang]["box"]]
