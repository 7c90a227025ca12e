"""The health page's facts about each device in the reader's language: every status key under its label, states
and kinds named, counters shown by what they counted, and a row marked wrong only when something went wrong.

A key no catalogue labels yet is shown as it is, never dropped: a device may report more than this page knows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.i18n import join_list
from companion.web.context import camera, service
from companion.web.formats import shown
from companion.web.language import color_text, current_locale, has_text, message_text, said_text, t
from vision.errors import SaidText

COUNTERS = frozenset({"errors", "presses"})
"""Status entries that are counts by kind: only the kinds counted at least once are shown."""

HIDDEN = frozenset({"reason", "summary"})
"""Status entries the page says elsewhere: why a device was chosen is in its "in use" entry, in the reader's words;
a source's summary is its description in them (see `device_rows`)."""

_WRONG_STATES = frozenset({"lost", "fault"})

_WRONG_WHEN_FALSE = frozenset({"connected", "leds_synced"})
"""Facts that are a problem when false: a link not connected, LEDs not showing the state last sent."""

_VALUE_TEXTS = {"phase": "page.camera.phase."}
"""Where the words for an entry's values are, when not under health.value.KEY. (the camera page says the phases)."""


@dataclass(frozen=True)
class Row:
    """One fact of a device: its label, its value as text, whether it tells of something wrong, and then what it
    means in plain words (health.hint.KEY, when the catalogue has one)."""

    key: str
    label: str
    text: str
    is_bad: bool
    hint: str = ""


def device_rows(status: Mapping[str, Any], device: str = "") -> list[Row]:
    """The rows of one device's status (see the device's own `status()`), in the order it gives them.

    A value the device's own words name (health.value.DEVICE.KEY.VALUE) is said in them first: "lost" is feminine
    for the camera in French and masculine for the microcontroller."""
    summary = status.get("summary")
    said = {"description": message_text(summary)} if isinstance(summary, Mapping) and has_text(summary["key"]) else {}
    rows = []
    for key, value in status.items():
        if key in HIDDEN:
            continue
        is_bad = _is_bad(key, value)
        hint = t(f"health.hint.{key}") if is_bad and has_text(f"health.hint.{key}") else ""
        text = said.get(key) or _own_text(device, key, value) or _text(key, value)
        rows.append(Row(key, _label(f"health.key.{key}", key), text, is_bad, hint))
    return rows


def _own_text(device: str, key: str, value: Any) -> str:
    """The device's own words for the value of key, or "" when its catalogue has none."""
    named = f"health.value.{device}.{key}.{value}"
    return t(named) if device and isinstance(value, str) and has_text(named) else ""


def _label(key: str, fallback: str) -> str:
    return t(key) if has_text(key) else fallback


def _text(key: str, value: Any) -> str:
    if isinstance(value, SaidText):  # a camera source's error, said in the reader's language when it has a key
        return said_text(value)
    if key in COUNTERS and isinstance(value, Mapping):
        counted = {name: count for name, count in value.items() if count}
        parts = [f"{_label(f'health.key.{key}.{name}', str(name))} {count}" for name, count in counted.items()]
        return ", ".join(parts) if parts else "0"
    if key == "turn" and isinstance(value, Mapping):
        return _turn_text(value)
    if key == "zones":
        return _zones_text(value)
    if key == "pins" and isinstance(value, Mapping):
        return ", ".join(_pin_text(str(name), pin) for name, pin in value.items()) or "—"
    if key == "colours_told" and isinstance(value, list | tuple):
        return join_list(current_locale(), [color_text(str(colour)) for colour in value]) or "—"
    if isinstance(value, Mapping):
        parts = [
            f"{_label(f'health.key.{key}.{name}', str(name))} {_text(str(name), entry)}"
            for name, entry in value.items()
        ]
        return ", ".join(parts) or "—"
    named = f"{_VALUE_TEXTS.get(key, f'health.value.{key}.')}{value}"
    if isinstance(value, str) and has_text(named):
        return t(named)
    if key.endswith("_s") and isinstance(value, int | float) and not isinstance(value, bool):
        return t("page.health.seconds_ago", n=round(float(value), 1))
    return shown(key, value)


_SEAT_PIN = re.compile(r"seats\[(\d+)\]")


def _pin_text(name: str, pin: Any) -> str:
    """One pin of the GPIO panel by what it drives, in the reader's words ("voyant d'état 17", "place 1 : 5"), from
    its config key (the status and /api/health keep that key: "seats[0]", "buttons.confirm"). A seat is counted from
    1, as the table says seats; a key the catalogue does not name is shown as it is."""
    seat = _SEAT_PIN.fullmatch(name)
    if seat:
        return t("health.pin.seat", n=int(seat.group(1)) + 1, pin=pin)
    key = f"health.pin.{name}"
    return t(key, pin=pin) if has_text(key) else f"{name} {pin}"


def _zones_text(zones: Any) -> str:
    """The zones file the camera places dice with and how many zones it holds, or that there is none: then no die is
    left out as off the table."""
    if not isinstance(zones, Mapping):
        return t("health.value.zones.none")
    count = zones.get("count", 0)
    return t("health.value.zones.file", path=zones.get("file") or "—", n=count if isinstance(count, int) else 0)


def _turn_text(turn: Mapping[str, Any]) -> str:
    """Whose turn the seat lights show, by the player's name (the lights count seats from 0, the table never
    says a seat number but from 1), and whether they blink for a move still missing."""
    seat = turn.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        return t("health.value.turn.nobody")
    names = _active_names()
    if seat < len(names):
        shown_turn = t("health.value.turn.player", name=names[seat], n=seat + 1)
    else:
        shown_turn = t("health.value.turn.seat", n=seat + 1)
    return t("health.value.turn.waiting", turn=shown_turn) if turn.get("waiting") else shown_turn


def _active_names() -> list[str]:
    """The names of the active game's players by seat (the seat lights show its turn); none without one."""
    companion = service()
    game_id = companion.active_id
    if game_id is None:
        return []
    try:
        return [str(p.get("name", "")) for p in companion.view(game_id).get("players", [])]
    except CompanionError:  # a game gone from the store: the seat alone is said
        return []


def has_camera() -> bool:
    """Whether the service runs a camera: none when camera.source is off, and then nobody says the camera plays."""
    return camera() is not None


def camera_trouble() -> str | None:
    """Why the camera is not working, when it is lost or faulty (its source's last error in the reader's language,
    or "" when it gave none); None while it works or when the service runs without one. Every page says it, not the
    health page alone: the table would otherwise wait for rolls no one reads."""
    status = camera_status(camera())
    if status.get("state") not in _WRONG_STATES:
        return None
    return said_text(status.get("error"))


def microcontroller_trouble() -> str | None:
    """The port of the microcontroller while the configured board is missing or lost ("" when the link looks for it
    by USB id and never found it); None while it answers, is still connecting, or when none is configured. Never for
    the virtual stand-in used off a Pi: the health page says that one already. Every page says it: the table's
    lights and buttons on the board do nothing meanwhile."""
    status = _status_of(service().devices.get("microcontroller"))
    if status.get("is_virtual") is not False or status.get("state") not in _WRONG_STATES:
        return None
    port = status.get("port")
    return "" if port in (None, "auto") else str(port)


def store_trouble() -> str | None:
    """Why moves cannot be saved now, shortly and in the reader's words, while the event store refuses writes (its
    data folder deleted under the service, its files read-only, the disk full); None while it takes them. Every
    page says it: a table would otherwise play on, each move refused one by one, not knowing why."""
    store = service().store
    if store.write_failure is None:
        return None
    why = f"page.store.why.{store.failure_kind or 'other'}"
    return t(why) if has_text(why) else t("page.store.why.other")


def camera_status(worker: object) -> dict[str, Any]:
    """What a camera says of its health ({} for none, or a stand-in camera of a test that says nothing)."""
    return _status_of(worker)


def _status_of(device: object) -> dict[str, Any]:
    """What a device says of its health ({} for none, or a stand-in of a test that says nothing)."""
    said = getattr(device, "status", None)
    return said() if callable(said) else {}


def is_camera_lost(worker: object) -> bool:
    """Whether a camera is lost or faulty: what it last showed is no picture of the table any more."""
    return camera_status(worker).get("state") in _WRONG_STATES


def _is_bad(key: str, value: Any) -> bool:
    """An error reported, a count of errors over zero, a state that is a failure, a link not connected or LEDs not
    in sync."""
    if key in _WRONG_WHEN_FALSE:
        return value is False
    if key == "state":
        return value in _WRONG_STATES
    if "error" not in key and "fault" not in key:
        return False
    if isinstance(value, Mapping):
        return any(bool(count) for count in value.values())
    return bool(value)
