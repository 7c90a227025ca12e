"""Which camera, GPIO pin factory and microcontroller link the configuration asks for, and why.

Resolving is separate from opening, so `companion doctor` can tell what would be used without touching it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from companion.config import Config
from companion.devices.notices import DeviceChoice
from companion.devices.platform import pi_model

DEMO_FRAMES = Path(__file__).resolve().parents[2] / "vision" / "demo_frames"


def choose_camera(config: Config) -> tuple[DeviceChoice, str | None]:
    """The camera source spec to open (None = no camera) and the reason."""
    spec = config.get("camera", "source")
    origin = config.origins["camera"]["source"]
    if spec == "off":
        return DeviceChoice("camera", "none", f"camera.source = off ({origin})", True), None
    if spec != "auto":
        is_stand_in = spec.split(":", 1)[0] in ("folder", "replay", "synthetic")
        return DeviceChoice("camera", spec, f"camera.source ({origin})", is_stand_in), spec
    model = pi_model()
    if model and importlib.util.find_spec("picamera2") is not None:
        return DeviceChoice("camera", "picamera2", f"auto: {model} with picamera2 installed", False), "picamera2"
    why = f"auto: {model} without picamera2 (apt install python3-picamera2)" if model else "auto: not a Raspberry Pi"
    reason = f"{why}; replaying the bundled synthetic demo frames"
    return DeviceChoice("camera", "replay of demo frames", reason, True), f"replay:{DEMO_FRAMES}"


def choose_serial(config: Config) -> DeviceChoice:
    """The microcontroller link URL to use and the reason."""
    port = config.get("serial", "port")
    origin = config.origins["serial"]["port"]
    if port == "off":
        return DeviceChoice("microcontroller", "none", f"serial.port = off ({origin})", True)
    if port == "virtual":
        return DeviceChoice("microcontroller", "virtual://", f"serial.port = virtual ({origin})", True)
    if port != "auto":
        return DeviceChoice("microcontroller", port, f"serial.port ({origin})", False)
    if pi_model():
        return DeviceChoice("microcontroller", "auto", "auto: on a Raspberry Pi, finding the board by USB id", False)
    reason = "auto: not a Raspberry Pi; an in-process virtual microcontroller"
    return DeviceChoice("microcontroller", "virtual://", reason, True)
