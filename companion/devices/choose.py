"""Which camera, GPIO pin factory and microcontroller link the configuration asks for, and why.

Resolving is separate from opening, so `companion doctor` can tell what would be used without touching it.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from companion.config import Config
from companion.devices.notices import DeviceChoice
from companion.devices.platform import pi_model

DEMO_FRAMES = Path(__file__).resolve().parents[2] / "vision" / "demo_frames"
MISSING_PICAMERA2 = (
    f"picamera2 cannot be imported by this Python ({sys.executable}): on a Raspberry Pi install it with"
    " 'sudo apt install python3-picamera2' (not from pip), in a virtualenv made with --system-site-packages so that"
    " it sees it; elsewhere use webcam:0 or replay:DIR"
)


def choose_camera(config: Config) -> tuple[DeviceChoice, str | None]:
    """The camera source spec to open (None = no camera) and the reason."""
    spec = config.get("camera", "source")
    origin = config.origins["camera"]["source"]
    if spec == "off":
        said = _why("device.why.camera.off", origin=origin)
        off = DeviceChoice("camera", "none", f"camera.source = off ({origin})", False, is_off=True, **said)
        return off, None
    if spec != "auto":
        kind = spec.split(":", 1)[0]
        is_stand_in = kind in ("folder", "replay", "synthetic")
        said = _why("device.why.camera.configured", spec=spec, origin=origin)
        reason = f"camera.source ({origin})"
        if kind == "picamera2" and importlib.util.find_spec("picamera2") is None:
            # Named, it is not looked for as "auto" looks: `serve` would only find it missing when opening it, and
            # wait for it for ever, while `companion doctor` said the camera was fine.
            reason = f"UNUSABLE: camera.source = {spec} ({origin}), but {MISSING_PICAMERA2}"
        configured = DeviceChoice("camera", spec, reason, is_stand_in, is_asked=is_stand_in, **said)
        return configured, spec
    model = pi_model()
    if model and importlib.util.find_spec("picamera2") is not None:
        said = _why("device.why.camera.on_a_pi", model=model)
        return DeviceChoice(
            "camera", "picamera2", f"auto: {model} with picamera2 installed", False, **said
        ), "picamera2"
    if model:
        reason = f"auto: {model} without picamera2 (apt install python3-picamera2)"
        said = _why("device.why.camera.without_picamera2", model=model)
    else:
        reason, said = "auto: not a Raspberry Pi", _why("device.why.camera.not_a_pi")
    reason += "; replaying the bundled synthetic demo frames"
    spec = f"replay:{DEMO_FRAMES}"
    return DeviceChoice("camera", spec, reason, True, **said), spec


def choose_serial(config: Config) -> DeviceChoice:
    """The microcontroller link URL to use and the reason."""
    port = config.get("serial", "port")
    origin = config.origins["serial"]["port"]
    if port == "off":
        said = _why("device.why.microcontroller.off", origin=origin)
        return DeviceChoice("microcontroller", "none", f"serial.port = off ({origin})", True, **said)
    if port == "virtual":
        said = _why("device.why.microcontroller.virtual", origin=origin)
        reason = f"serial.port = virtual ({origin})"
        return DeviceChoice("microcontroller", "virtual://", reason, True, is_asked=True, **said)
    if port != "auto":
        said = _why("device.why.microcontroller.configured", port=port, origin=origin)
        return DeviceChoice("microcontroller", port, f"serial.port ({origin})", False, **said)
    if model := pi_model():
        said = _why("device.why.microcontroller.on_a_pi", model=model)
        return DeviceChoice(
            "microcontroller", "auto", "auto: on a Raspberry Pi, finding the board by USB id", False, **said
        )
    reason = "auto: not a Raspberry Pi; an in-process virtual microcontroller"
    return DeviceChoice("microcontroller", "virtual://", reason, True, **_why("device.why.microcontroller.not_a_pi"))


def gpio_why(factory: str, cause: str, model: str | None, reason: str) -> dict[str, Any]:
    """The health page's words for a pin factory chosen by hardware.make_pin_factory (its `cause`, see
    hardware.factory.Cause, and the board's `model`); "off" when none was asked for."""
    if factory == "off":
        return _why("device.why.gpio.off")
    if cause == "configured":
        return _why("device.why.gpio.configured", factory=factory)
    if cause == "unusable_on_a_pi":
        return _why("device.why.gpio.unusable_on_a_pi", model=model or "", error=reason)
    if cause == "unusable_configured":
        return _why("device.why.gpio.unusable_configured", factory=factory, error=reason)
    return _why(f"device.why.gpio.{cause}", model=model or "")


def _why(key: str, **params: Any) -> dict[str, Any]:
    """DeviceChoice's `why` and `why_params`, as keyword arguments."""
    return {"why": key, "why_params": params}
