"""`companion doctor --open`: open the camera and the microcontroller link as `serve` would, and say what came of it.

`doctor` alone says what would be used; a webcam configured but unplugged, or a board that never answers, is found
only by opening them. Each probe is bounded in time and releases what it opened, so it can run beside nothing
else (a running service holds the camera and the serial port: the probe then says the device is busy or gives no
frame, which is the truth of that moment).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from companion.cli.commands import quieted
from companion.config import Config
from companion.devices import choose
from firmware_bridge import Bridge, BridgeError, LedState
from firmware_bridge.transport import open_serial, resolve_port
from vision.errors import VisionError
from vision.sources import open_source

PROBE_SECONDS = 5.0
"""How long each device is given to show it works: a first frame, or the board's handshake."""


@dataclass(frozen=True)
class Probe:
    """What opening one device gave: `works` is False when it could not be opened or did not answer in time."""

    device: str
    works: bool
    said: str


def probe_camera(config: Config, seconds: float = PROBE_SECONDS, sleep: Callable[[float], None] = time.sleep) -> Probe:
    """Open the configured camera and wait up to `seconds` for one frame."""
    _, spec = choose.choose_camera(config)
    if spec is None:
        return Probe("camera", True, "not opened: camera.source = off")
    size = {name: config.get("camera", name) for name in ("width", "height", "fps")}
    try:
        source = open_source(spec, **size)
    except (VisionError, OSError) as exc:
        return Probe("camera", False, f"NOT OPENED: {exc}")
    started = time.monotonic()
    with source:
        while time.monotonic() - started < seconds:
            frame = source.read()
            if frame is not None:
                h, w = frame.image.shape[:2]
                waited = time.monotonic() - started
                return Probe("camera", True, f"opened: a {w}x{h} frame after {waited:.1f} s ({source.description})")
            if source.status().state == "ended":
                break
            sleep(0.02)
        error = source.status().error
    said = f"OPENED, BUT NO FRAME in {seconds:g} s" + (f": {error}" if error else "")
    return Probe("camera", False, f"{said} ({source.description})")


def probe_microcontroller(config: Config, seconds: float = PROBE_SECONDS) -> Probe:
    """Open the configured serial link and wait up to `seconds` for the board's handshake and its acknowledgement
    of an LED state (the ring's "ready")."""
    url = choose.choose_serial(config).implementation
    if url == "none":
        return Probe("microcontroller", True, "not opened: serial.port = off")
    baudrate = config.get("serial", "baudrate")
    if url != "virtual://":
        try:  # the link itself retries quietly: open once here to name what stands in the way
            port = resolve_port(url)
            open_serial(port, baudrate, 0.05, 0.5).close()
        except (BridgeError, OSError, ValueError) as exc:  # ValueError: pyserial refuses a malformed URL
            return Probe("microcontroller", False, f"NOT OPENED: {exc}")
    # The virtual board's announcement is the report's own line; a real board's link may say what went wrong.
    held_back = quieted("firmware_bridge.link") if url == "virtual://" else contextlib.nullcontext()
    with held_back, Bridge(url, baudrate=baudrate) as bridge:
        bridge.set_leds(LedState())  # the ring shows "ready": the board's acknowledgement of it is the answer
        bridge.start()
        answered = bridge.wait_until_synced(seconds)
        status = bridge.status()
    if not answered:
        return Probe(
            "microcontroller",
            False,
            f"OPENED {status['port']}, BUT NO ANSWER in {seconds:g} s (is the companion firmware on the board?)",
        )
    return Probe(
        "microcontroller",
        True,
        f"answered on {status['port']}: firmware {status['firmware']}, {status['led_count']} LEDs",
    )
