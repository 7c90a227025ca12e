"""A configured microcontroller missing or lost is said on every page, as a lost camera is: its lights and buttons
do nothing meanwhile. The virtual stand-in used off a Pi never is (the health page announces it already). Its status
says "lost" in /api/health, whose "ok" stays about the store, as for a lost camera. The health page shows the last
button pressed on the board, as the GPIO card shows its own."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_bridge_pty import FAST, wait_for

from companion.devices.lights import BridgeSink
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from firmware_bridge import Bridge, transport
from firmware_bridge.fake_device import PtyDevice

MISSING = "/dev/serial/by-id/usb-Raspberry_Pi_Pico-gone"
BANNER = 'id="microcontroller-trouble"'


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Companion]:
    with Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path) as companion:
        yield companion


def _client(service: Companion, link: Bridge) -> FlaskClient:
    service.devices["microcontroller"] = BridgeSink(link)
    return create_app({"TESTING": True}, services=service).test_client()


def _pages(service: Companion, client: FlaskClient, lang: str = "en") -> dict[str, str]:
    """Every kind of page players open: the games, a table, the camera, the health page."""
    game = service.create_game("free_dice", [{"name": "Ann"}, {"name": "Ben"}])
    paths = {"games": "/", "table": f"/games/{game['game_id']}", "camera": "/camera", "health": "/health"}
    return {
        name: html.unescape(client.get(f"{path}?lang={lang}").get_data(as_text=True)) for name, path in paths.items()
    }


def _card(page: str, title: str) -> str:
    """The health page's card of one device, by its title."""
    found = re.search(rf'<h2 class="card__title">{title}</h2>(.*?)</section>', page, re.S)
    assert found is not None, page
    return found[1]


def _row(card: str, key: str) -> str | None:
    found = re.search(rf'data-key="{key}"><dt>[^<]*</dt><dd>([^<]*)', card)
    return None if found is None else found[1]


def test_a_missing_configured_port_is_said_on_every_page_in_english_and_french(service: Companion) -> None:
    with Bridge(MISSING, **FAST) as link:
        link.start()
        assert wait_for(lambda: link.status()["state"] == "lost")
        client = _client(service, link)
        shown = _pages(service, client)
        shown_fr = _pages(service, client, "fr")
    for name, page in shown.items():
        assert f"The microcontroller on {MISSING} is not answering: its lights and buttons do not work" in page, name
    assert all(f"Le microcontrôleur sur {MISSING} ne répond pas" in page for page in shown_fr.values())
    assert _row(_card(shown["health"], "Microcontroller"), "state") == "lost"
    assert _row(_card(shown_fr["health"], "Microcontrôleur"), "state") == "perdu"


def test_the_api_says_the_configured_board_lost_and_ok_stays_about_the_store(service: Companion) -> None:
    with Bridge(MISSING, **FAST) as link:
        link.start()
        assert wait_for(lambda: link.status()["state"] == "lost")
        report: dict[str, Any] = _client(service, link).get("/api/health").get_json()
    board = report["devices"]["microcontroller"]
    assert board["state"] == "lost" and board["connected"] is False and board["is_virtual"] is False
    assert report["ok"] is True  # as for a lost camera: "ok" says whether the games can be kept
    assert report["troubles"] == ["microcontroller"]  # ... and "troubles" which device is not working now


def test_a_board_unplugged_is_said_until_it_is_plugged_back(service: Companion, tmp_path: Path) -> None:
    with PtyDevice(tmp_path / "usb-fake-pico", retransmit_ms=20) as board, Bridge(str(board.link_path), **FAST) as link:
        link.start()
        client = _client(service, link)
        assert wait_for(lambda: link.status()["state"] == "ok")
        assert BANNER not in client.get("/?lang=en").get_data(as_text=True)
        assert client.get("/api/health").get_json()["troubles"] == []
        board.unplug()
        assert wait_for(lambda: link.status()["state"] == "lost")
        page = html.unescape(client.get("/?lang=en").get_data(as_text=True))
        assert f"The microcontroller on {board.link_path} is not answering" in page
        board.plug()
        assert wait_for(lambda: link.status()["state"] == "ok")
        assert BANNER not in client.get("/?lang=en").get_data(as_text=True)


def test_a_board_looked_for_by_usb_id_and_never_found_is_said_without_a_port(
    service: Companion, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transport, "find_port", lambda: None)
    with Bridge("auto", **FAST) as link:
        link.start()
        assert wait_for(lambda: link.status()["state"] == "lost")
        page = html.unescape(_client(service, link).get("/?lang=en").get_data(as_text=True))
    assert "No microcontroller is answering: its lights and buttons do not work" in page


def test_the_virtual_stand_in_is_never_said_even_unplugged(service: Companion) -> None:
    with Bridge("virtual://", **FAST) as link:
        link.start()
        client = _client(service, link)
        assert wait_for(lambda: link.status()["state"] == "ok")
        assert link.virtual_device is not None
        link.virtual_device.unplug()
        assert wait_for(lambda: link.status()["state"] == "lost")
        shown = _pages(service, client)
    assert all(BANNER not in page for page in shown.values())


def test_a_link_still_opening_its_first_port_says_no_trouble(service: Companion) -> None:
    with Bridge(MISSING, **FAST) as link:  # not started: no attempt made yet, as a page opened as the service starts
        assert link.status()["state"] == "connecting"
        assert BANNER not in _client(service, link).get("/?lang=en").get_data(as_text=True)
    assert link.status()["state"] == "closed"


def test_the_boards_last_press_is_on_its_health_card_as_the_gpio_card_shows_its_own(
    service: Companion, tmp_path: Path
) -> None:
    with PtyDevice(tmp_path / "usb-fake-pico", retransmit_ms=20) as board, Bridge(str(board.link_path), **FAST) as link:
        link.start()
        client = _client(service, link)
        assert wait_for(lambda: link.status()["connected"])
        for name in ("confirm", "undo", "confirm"):
            board.press(name)
        assert wait_for(lambda: sum(link.status()["presses"].values()) == 3)
        card = _card(html.unescape(client.get("/health?lang=en").get_data(as_text=True)), "Microcontroller")
        card_fr = _card(html.unescape(client.get("/health?lang=fr").get_data(as_text=True)), "Microcontrôleur")
    assert _row(card, "last_button") == "confirm" and _row(card, "presses") == "confirm 2, undo 1"
    assert _row(card_fr, "last_button") == "valider"
    assert link.status()["last_button"] == "confirm"
