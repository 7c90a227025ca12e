"""Game events drive the table's lights; GPIO buttons drive the game (service + hardware on mock pins)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import roll
from hardware_fixtures import mock_choice, pin, press, wait_for

from companion.devices.lights import PanelSink
from companion.devices.signals import SignalHub, TableSignal
from companion.events.bus import ButtonPressed, VerdictGiven
from companion.service import Companion
from hardware import DEFAULT_PIN_MAP, FactoryChoice, TablePanel


@pytest.fixture
def choice() -> FactoryChoice:
    return mock_choice()


@pytest.fixture
def panel(service: Companion, choice: FactoryChoice) -> Iterator[TablePanel]:
    with TablePanel(
        DEFAULT_PIN_MAP, choice, on_button=lambda name: service.bus.publish(ButtonPressed(name, "gpio"))
    ) as opened:
        yield opened


def test_turn_changes_light_the_current_seat(service: Companion, panel: TablePanel, choice: FactoryChoice) -> None:
    hub = SignalHub(service.bus)
    hub.add_sink(PanelSink(panel).show)
    gid = service.create_game("free_dice", [{"name": "A"}, {"name": "B"}])["game_id"]
    assert panel.status()["turn"]["seat"] == 0
    service.append(gid, "move", roll(2))
    service.append(gid, "move", {"move": {"type": "end_turn"}})
    assert panel.status()["turn"]["seat"] == 1
    assert pin(choice, DEFAULT_PIN_MAP.seats[1]).state > 0
    assert pin(choice, DEFAULT_PIN_MAP.seats[0]).state == 0


def test_a_refused_move_shows_refused(service: Companion, panel: TablePanel) -> None:
    hub = SignalHub(service.bus)
    hub.add_sink(PanelSink(panel).show)
    service.bus.publish(VerdictGiven("g", {"status": "refused"}))
    assert panel.status()["state"] == "refused"
    assert panel.status()["verdict"] == "refused"


def test_identical_events_are_passed_on_once(service: Companion) -> None:
    shown: list[TableSignal] = []
    hub = SignalHub(service.bus)
    hub.add_sink(shown.append)
    for _ in range(3):
        service.bus.publish(VerdictGiven("g", {"status": "undecided"}))
    assert [s.verdict for s in shown] == [None, "undecided"]


def test_the_gpio_next_button_passes_the_turn(service: Companion, panel: TablePanel, choice: FactoryChoice) -> None:
    gid = service.create_game("free_dice", [{"name": "A"}, {"name": "B"}])["game_id"]
    service.append(gid, "move", roll(4))
    press(choice, DEFAULT_PIN_MAP.buttons.next)
    assert wait_for(lambda: service.view(gid)["current_seat"] == 1)
    assert service.events(gid)[-1].payload["origin"] == "gpio"
