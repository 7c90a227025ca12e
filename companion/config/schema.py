"""Every configuration key, its type, default and allowed values: the one place that says what is valid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.origins import EXAMPLE, canonical_origin
from vision.sources import spec_problem


@dataclass(frozen=True)
class Key:
    """One configuration key: its type, built-in default, what is allowed and what it is for."""

    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], str | None] | None = None

    def allowed(self) -> str:
        """Human text saying what values are allowed."""
        if self.choices:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        return _TYPE_NAMES.get(self.type, f"a {self.type.__name__}") + (f" ({self.help})" if self.check else "")


_TYPE_NAMES = {int: "a whole number", float: "a number", str: "a text", bool: "true or false", list: "a list"}
"""What a setting of each type is, in words (not Python's names: 'a int')."""


def _port(value: Any) -> str | None:
    return None if 1 <= value <= 65535 else "a port number from 1 to 65535"


def _positive(value: Any) -> str | None:
    return None if value > 0 else "a number above 0"


def _atleast4(value: Any) -> str | None:
    return None if 4 <= value <= 256 else "4 to 256 threads"


def _camera(value: Any) -> str | None:
    """A whole spec checked as the camera would read it (webcam:zz was let through, to stop the service only once
    it tried to open it, and `companion doctor` said it would be used)."""
    if value in ("auto", "off") or spec_problem(value) is None:
        return None
    return "auto, off, picamera2[:N], webcam:N, webcam:/dev/videoN, folder:DIR, replay:DIR or synthetic:SEED"


def _origins(value: Any) -> str | None:
    for item in value:
        if not isinstance(item, str):
            return f"a list of origins such as {EXAMPLE}; {item!r} is not text"
        try:
            canonical_origin(item)
        except ValueError as exc:
            return f"a list of origins such as {EXAMPLE}; {exc}"
    return None


SCHEMA: dict[str, dict[str, Key]] = {
    "server": {
        "host": Key(str, "127.0.0.1", "address to listen on; 0.0.0.0 to serve the whole LAN"),
        "port": Key(int, 8321, "TCP port of the dashboard", check=_port),
        "language": Key(str, "auto", "language of the pages", choices=("auto", "en", "fr")),
        "threads": Key(int, 16, "worker threads of the web server (each open live page holds one)", check=_atleast4),
        "trusted_origins": Key(
            list, [], "other origins whose pages may send changes (a reverse proxy, another name)", check=_origins
        ),
    },
    "data": {
        "dir": Key(str, "", "where games and calibrations are kept; empty = $XDG_DATA_HOME/companion"),
    },
    "camera": {
        "source": Key(str, "auto", "camera source", check=_camera),
        "width": Key(int, 1280, "capture width in pixels", check=_positive),
        "height": Key(int, 720, "capture height in pixels", check=_positive),
        "fps": Key(float, 10.0, "frames read per second", check=_positive),
        "zones": Key(str, "", "zones file (JSON polygons); empty = <data>/zones.json if it exists"),
        "settle_seconds": Key(float, 0.2, "how long dice must lie still before a roll counts", check=_positive),
        "motion_gate": Key(
            str, "on", "read dice only on still, changed frames; off = read every frame", choices=("on", "off")
        ),
    },
    "gpio": {
        "factory": Key(str, "auto", "GPIO pin factory", choices=("auto", "mock", "lgpio", "rpigpio", "native", "off")),
        "pins": Key(dict, {}, "pin map (see README); empty = the built-in map"),
    },
    "serial": {
        "port": Key(str, "auto", "microcontroller: auto, virtual, off, or a serial device path"),
        "baudrate": Key(int, 115200, "serial speed", check=_positive),
    },
    "log": {
        "level": Key(str, "INFO", "logging level", choices=("DEBUG", "INFO", "WARNING", "ERROR")),
    },
}
