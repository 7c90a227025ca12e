"""The lights show the active game's turn as soon as it is active: after a restart, after a resume, not only after
the next move (service + GPIO panel on mock pins + the virtual microcontroller)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import roll
from hardware_fixtures import mock_choice, pin, wait_for
from test_bridge_pty import FAST

from companion.config import load_config
from companion.devices.lights import BridgeSink, PanelSink
from companion.devices.signals import SignalHub
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from companion.wiring import build_service
from firmware_bridge import Bridge, LedState
from hardware import DEFAULT_PIN_MAP, FactoryChoice, TablePanel

FREE = [{"name": "Ann", "color": "blue"}, {"name": "Bob", "color": "green"}]
RAJAS = [{"name": "Alice", "color": "orange"}, {"name": "Bruno", "color": "violet"}]


def _free_game_at_bobs_turn(service: Companion) -> str:
    """A free-dice game whose turn has passed to Bob (seat 1), so that seat 0 shown by default would not pass."""
    game_id = str(service.create_game("free_dice", FREE)["game_id"])
    service.append(game_id, "move", roll(3))
    service.append(game_id, "move", {"move": {"type": "end_turn"}})
    assert service.view(game_id)["current_seat"] == 1
    return game_id


@pytest.fixture
def choice() -> FactoryChoice:
    return mock_choice()


@pytest.fixture
def panel(choice: FactoryChoice) -> Iterator[TablePanel]:
    with TablePanel(DEFAULT_PIN_MAP, choice) as opened:
        yield opened


@pytest.fixture
def link() -> Iterator[Bridge]:
    with Bridge("virtual://", **FAST) as opened:
        opened.start()
        yield opened


def _shown_on_the_strip(link: Bridge) -> LedState | None:
    assert link.virtual_device is not None
    return link.virtual_device.leds


def _lit_seats(choice: FactoryChoice) -> list[int]:
    return [seat for seat, number in enumerate(DEFAULT_PIN_MAP.seats) if pin(choice, number).state > 0]


def test_after_a_restart_the_seat_lights_and_the_strip_show_whose_turn_it_is(
    tmp_path: Path, choice: FactoryChoice, panel: TablePanel, link: Bridge
) -> None:
    with Companion(EventStore(tmp_path / "events.db")) as before:
        _free_game_at_bobs_turn(before)
    with Companion(EventStore(tmp_path / "events.db")) as service:  # the service restarted mid-game
        hub = SignalHub(service.bus)
        hub.follow(service)
        hub.add_sink(PanelSink(panel).show)
        hub.add_sink(BridgeSink(link).show)
        assert panel.status()["turn"]["seat"] == 1
        assert _lit_seats(choice) == [1]
        assert wait_for(lambda: link.status()["leds_synced"] and _shown_on_the_strip(link) is not None)
        shown = _shown_on_the_strip(link)
        assert shown is not None and shown.current_seat == 1 and len(shown.seat_colours) == 2


def test_resuming_another_game_shows_that_games_turn_and_colours(
    service: Companion, choice: FactoryChoice, panel: TablePanel, link: Bridge
) -> None:
    hub = SignalHub(service.bus)
    hub.follow(service)
    hub.add_sink(PanelSink(panel).show)
    hub.add_sink(BridgeSink(link).show)
    rajas = str(service.create_game("rajas", RAJAS)["game_id"])
    free = _free_game_at_bobs_turn(service)
    assert panel.status()["turn"]["seat"] == 1
    service.set_active(rajas)  # Alice rolls first: nothing happened in that game since it was last shown
    assert panel.status()["turn"]["seat"] == 0 and _lit_seats(choice) == [0]
    orange = hub.signal.seat_colors[0]
    assert wait_for(lambda: (_shown_on_the_strip(link) or LedState()).seat_colours[:1] == (orange,))
    assert (_shown_on_the_strip(link) or LedState()).current_seat == 0
    service.set_active(free)
    assert panel.status()["turn"]["seat"] == 1 and _lit_seats(choice) == [1]
    assert wait_for(lambda: (_shown_on_the_strip(link) or LedState()).current_seat == 1)


def test_a_move_in_a_game_not_active_does_not_move_the_seat_light(service: Companion, panel: TablePanel) -> None:
    hub = SignalHub(service.bus)
    hub.follow(service)
    hub.add_sink(PanelSink(panel).show)
    free = _free_game_at_bobs_turn(service)
    service.create_game("rajas", RAJAS)  # now the active game, Alice's turn
    service.append(free, "move", roll(5))  # played into the other game through the API
    assert panel.status()["turn"]["seat"] == 0


def test_with_no_active_game_no_seat_is_lit(service: Companion, choice: FactoryChoice, panel: TablePanel) -> None:
    hub = SignalHub(service.bus)
    hub.follow(service)
    hub.add_sink(PanelSink(panel).show)
    assert panel.status()["turn"]["seat"] is None and _lit_seats(choice) == []


@pytest.fixture
def built(tmp_path: Path) -> Iterator[tuple[Companion, dict[str, str]]]:
    """A service as `companion serve` builds it, with mock pins and the virtual board, restarted mid-game."""
    with Companion(EventStore(tmp_path / "events.db")) as before:
        games = {"rajas": str(before.create_game("rajas", RAJAS)["game_id"]), "free": _free_game_at_bobs_turn(before)}
    env = {
        "COMPANION_DATA__DIR": str(tmp_path),
        "COMPANION_CAMERA__SOURCE": "off",
        "COMPANION_GPIO__FACTORY": "mock",
        "COMPANION_SERIAL__PORT": "virtual",
    }
    service = build_service(load_config(env=env))
    try:
        yield service, games
    finally:
        service.close()


def _turns(service: Companion) -> tuple[Any, Any]:
    """The seat the health page says the GPIO lights show, and the one the board's strip shows."""
    shown = service.devices["microcontroller"].bridge.virtual_device.leds
    return service.health()["devices"]["gpio"]["turn"]["seat"], None if shown is None else shown.current_seat


def test_the_built_service_shows_the_turn_at_start_and_after_each_resume(
    built: tuple[Companion, dict[str, str]],
) -> None:
    service, games = built
    assert wait_for(lambda: _turns(service) == (1, 1))
    client = create_app({"TESTING": True}, service).test_client()
    assert client.post(f"/games/{games['rajas']}/resume").status_code == 303
    assert wait_for(lambda: _turns(service) == (0, 0)), _turns(service)
    assert client.post(f"/games/{games['free']}/resume").status_code == 303
    assert wait_for(lambda: _turns(service) == (1, 1)), _turns(service)
