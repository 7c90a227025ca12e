"""Every configuration key, its type, default and allowed values: the one place that says what is valid."""

from __future__ import annotations

import ipaddress
import json
import os
import pkgutil
import re
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
    normalise: Callable[[Any], Any] | None = None
    """Applied to a value of the right type before it is checked (log levels are upper case)."""

    def allowed(self) -> str:
        """Human text saying what values are allowed."""
        if self.choices:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        return _TYPE_NAMES.get(self.type, f"a {self.type.__name__}") + (f" ({self.help})" if self.check else "")


_TYPE_NAMES = {
    int: "a whole number",
    float: "a number",
    str: "a text",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}
"""What a setting of each type is, in words (not Python's names: 'a int', 'a dict'); a dict is a TOML table."""


def _port(value: Any) -> str | None:
    return None if 1 <= value <= 65535 else "a port number from 1 to 65535"


def _atleast4(value: Any) -> str | None:
    return None if 4 <= value <= 256 else "4 to 256 threads"


def _fps(value: Any) -> str | None:
    # The camera loop waits 1/fps between frames: 1e-300 fps overflowed that wait and stopped the camera thread, inf
    # passed only to stop serve with "hold, tick and max_wait must be > 0". A roll settles after 3 still frames, so
    # below 0.5 fps it would take 4 s or more to count; no Pi camera or webcam delivers more than 120 frames a second.
    return None if 0.5 <= value <= 120 else "0.5 to 120 frames per second"


def _pixels(value: Any) -> str | None:
    # 160x120 is the smallest mode webcams offer (either way round); the widest Pi camera sensor has 4608 pixels
    # (Camera Module 3) and 8192 leaves room for an 8K webcam; an 8192x8192 colour frame is already 200 MB a copy.
    return None if 120 <= value <= 8192 else "120 to 8192 pixels"


def _settle(value: Any) -> str | None:
    # A roll counts only once the dice have lain still this long: a table never waits more than a few seconds.
    return None if 0 < value <= 10 else "more than 0 and at most 10 seconds"


BAUDRATES = (
    *(1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600),
    *(1000000, 1152000, 1500000, 2000000, 2500000, 3000000, 3500000, 4000000),
)
"""pyserial's standard rates from 1200 up: the Pico's firmware talks at 115200 on its UART (its USB port ignores the
rate), so any other figure is a typing slip (11520) that would only show as a link that never answers."""


def _baudrate(value: Any) -> str | None:
    return None if value in BAUDRATES else "a standard rate: " + ", ".join(str(rate) for rate in BAUDRATES)


SERIAL_WORDS = ("auto", "virtual", "off")
SERIAL_FORMS = (
    "auto, virtual, off, a serial device path such as /dev/ttyACM0 or /dev/serial/by-id/..., or a pyserial URL"
    " such as socket://HOST:PORT or loop://"
)
_WINDOWS_PORT = re.compile(r"(\\\\\.\\)?COM[0-9]+", re.IGNORECASE)


def _serial_port(value: Any) -> str | None:
    """What the bridge can open (firmware_bridge.transport: pyserial's serial_for_url): a text it cannot was let
    through, and `serve` then retried it for ever ("cannot open : ..."), on a port no one would ever plug in."""
    if not value.strip():
        return f"{SERIAL_FORMS}; an empty or blank text names no port (off: no microcontroller)"
    if value != value.strip():
        return f"the port without the spaces around it: {json.dumps(value.strip())}"
    if value in SERIAL_WORDS or value.startswith("/"):
        return None
    if value.lower() in SERIAL_WORDS:
        return f"{json.dumps(value.lower())}, in lower case"
    if "://" in value:
        return _serial_url(value)
    if _WINDOWS_PORT.fullmatch(value):
        return (
            f"a device path of this machine: {value} is a Windows port name; here the board is /dev/ttyACM0 (or"
            " /dev/serial/by-id/...), or auto to find it by its USB id"
        )
    if value.startswith("~"):
        return f"a full path: the ~ is not expanded; write {json.dumps(os.path.expanduser(value))}"
    hint = f"; did you mean {json.dumps('/dev/' + value)}?" if value.startswith(("tty", "serial/")) else ""
    return f"{SERIAL_FORMS} (a device path begins with /){hint}"


def _serial_url(value: str) -> str | None:
    """None for virtual:// (the in-process board) and the URLs pyserial has a handler for, else what it has."""
    scheme = value.split("://", 1)[0].lower()
    if scheme == "virtual":
        return None
    import serial.urlhandler  # pyserial: only a URL asks which handlers it has

    schemes = sorted(
        name.removeprefix("protocol_")
        for name in (module.name for module in pkgutil.iter_modules(serial.urlhandler.__path__))
        if name.startswith("protocol_")
    )
    if scheme in schemes:
        return None
    known = ", ".join(f"{name}://" for name in ("virtual", *schemes))
    return f"a URL the serial link can open ({known}); {scheme}:// is not one"


_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")
"""One label of a host name (RFC 1123): letters, digits and hyphens, not at either end."""


def _host(value: Any) -> str | None:
    # Checked here because waitress refuses a wrong one only once the service is built ("Invalid host/port").
    try:
        ipaddress.ip_address(value[1:-1] if value.startswith("[") and value.endswith("]") else value)
        return None
    except ValueError:
        pass
    labels = value.removesuffix(".").split(".")
    # A name whose last label is all digits is a mistyped address (999.1.1.1), not a host name (RFC 3696).
    if len(value) <= 253 and all(_LABEL.fullmatch(label) for label in labels) and not labels[-1].isdigit():
        return None
    return "an IP address (127.0.0.1, 0.0.0.0, ::) or a host name such as pi.local"


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
        "host": Key(str, "127.0.0.1", "address to listen on; 0.0.0.0 to serve the whole LAN", check=_host),
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
        "width": Key(int, 1280, "capture width in pixels", check=_pixels),
        "height": Key(int, 720, "capture height in pixels", check=_pixels),
        "fps": Key(float, 10.0, "frames read per second", check=_fps),
        "zones": Key(str, "", "zones file (JSON polygons); empty = <data>/zones.json if it exists"),
        "settle_seconds": Key(float, 0.2, "how long dice must lie still before a roll counts", check=_settle),
        "motion_gate": Key(
            str, "on", "read dice only on still, changed frames; off = read every frame", choices=("on", "off")
        ),
    },
    "gpio": {
        "factory": Key(str, "auto", "GPIO pin factory", choices=("auto", "mock", "lgpio", "rpigpio", "native", "off")),
        "pins": Key(dict, {}, "pin map (see README); empty = the built-in map"),
    },
    "serial": {
        "port": Key(str, "auto", f"microcontroller: {SERIAL_FORMS}", check=_serial_port),
        "baudrate": Key(int, 115200, "serial speed", check=_baudrate),
    },
    "log": {
        "level": Key(
            str, "INFO", "logging level (any case)", choices=("DEBUG", "INFO", "WARNING", "ERROR"), normalise=str.upper
        ),
    },
}
