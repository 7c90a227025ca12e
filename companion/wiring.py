"""Build the service from the configuration: store, camera, GPIO panel and microcontroller link.

Every device is chosen by companion.devices.choose (announced in the log and on the health page) and
passed into the parts that use it; nothing here is needed by the tests, which build the service directly.
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from typing import Any

from companion.config import Config
from companion.config.serving import check_for_serve, table_zones
from companion.devices import choose
from companion.devices.calibration import load_calibration
from companion.devices.camera import CameraWorker, zones_status
from companion.devices.examples import EXAMPLES, ExampleCollector
from companion.devices.last_roll import LAST_ROLL, LastRoll
from companion.devices.lights import open_bridge, open_panel
from companion.devices.notices import DeviceChoice
from companion.devices.signals import SignalHub
from companion.devices.waiting_camera import WaitingCamera
from companion.errors import ConfigError
from companion.events.bus import RollSettled
from companion.events.store import EventStore
from companion.service import Companion
from vision.calibration import Calibration
from vision.errors import CalibrationError, CameraError, SourceSpecError
from vision.sources import FrameSource, open_source

log = logging.getLogger(__name__)


def build_service(config: Config) -> Companion:
    """A service with every configured device opened and started; ConfigError, before anything is opened, for a
    configuration it could not use (see companion.config.serving)."""
    check_for_serve(config)
    data_dir = config.data_dir()
    data_dir.mkdir(parents=True, exist_ok=True)
    service = Companion(EventStore(data_dir / "events.db"), data_dir=data_dir)
    try:
        _attach_camera(service, config)
        hub = SignalHub(service.bus)
        hub.follow(service)  # the lights show the active game's turn from the start, and after every resume
        _attach_lights(service, config, hub)
    except BaseException:
        service.close()
        raise
    for choice in service.choices:
        choice.announce()
    return service


def _attach_camera(service: Companion, config: Config) -> None:
    choice, spec = choose.choose_camera(config)
    if spec is None:
        service.choices.append(choice)
        return

    def open_camera() -> FrameSource:
        size = {k: config.get("camera", k) for k in ("width", "height", "fps")}
        try:  # the settle time: a folder's or a replay's stills stay in view long enough to settle as rolls
            return open_source(spec, **size, settle_seconds=config.get("camera", "settle_seconds"))
        except SourceSpecError as exc:
            raise ConfigError(f"camera.source: {exc}") from exc

    try:
        source = open_camera()
    except CameraError as exc:
        # A camera missing at start-up must not keep the table from playing: say so and keep trying.
        log.error("camera %s cannot be opened: %s; trying again in the background", spec, exc)
        service.choices.append(replace(choice, reason=f"{choice.reason}; NOT OPENED: {exc}", failure=str(exc)))
        zones = zones_status(table_zones(config))  # named on the health page while the camera is lost
        service.devices["camera"] = WaitingCamera(
            open_camera, lambda s: _start_camera(service, config, s), str(exc), zones=zones
        )
        return
    service.choices.append(choice)
    _start_camera(service, config, source)


def _start_camera(service: Companion, config: Config, source: FrameSource) -> None:
    last_roll = LastRoll(config.data_dir() / LAST_ROLL)

    def settled(reading: Any, frame_id: str) -> None:
        last_roll.save(reading)  # before the game plays it: the dice are on the table whether it takes them or not
        service.bus.publish(RollSettled({**reading.to_dict(), "frame_id": frame_id}, time.time()))

    def report_reading(reading: Any, phase: str) -> None:
        # Called from the worker's own loop, so the flag belongs to the same frame as the phase.
        waiting = worker.is_waiting_for_clear_view
        service.reading_updated(reading.to_dict(), phase, is_waiting_for_clear_view=waiting)

    worker = CameraWorker(
        source,
        on_reading=report_reading,
        on_settled=settled,
        calibration=_calibration(config),
        zones=table_zones(config),
        settle_seconds=config.get("camera", "settle_seconds"),
        fps=config.get("camera", "fps"),
        motion_gate=config.get("camera", "motion_gate") == "on",
        die_colours=lambda: service.die_colours,
    )
    service.devices["camera"] = worker
    # Dice lying still since before a restart are not a new roll: the settler starts knowing the last one it saw
    # settle, taken by a game or not (kept on disk), else the active game's last camera roll.
    worker.remember_roll(last_roll.load() or service.last_camera_roll(service.active_id))
    service.when_active_changes(lambda game_id: worker.remember_roll(service.last_camera_roll(game_id)))
    ExampleCollector(service, worker.settled_frame, config.data_dir() / EXAMPLES)
    worker.start()


def _calibration(config: Config) -> Calibration | None:
    try:
        return load_calibration(config.data_dir())
    except CalibrationError as exc:
        log.error("colour calibration ignored, using the default palette: %s", exc)
        return None


def _attach_lights(service: Companion, config: Config, hub: SignalHub) -> None:
    factory = config.get("gpio", "factory")
    if factory == "off":
        service.choices.append(
            DeviceChoice("gpio", "none", "gpio.factory = off", True, **choose.gpio_why("off", "", None, ""))
        )
    else:
        panel, choice = open_panel(factory, config.get("gpio", "pins"), service.bus)
        service.choices.append(choice)
        service.devices["gpio"] = panel
        hub.add_sink(panel.show)
    serial = choose.choose_serial(config)
    service.choices.append(replace(serial, is_announced=serial.implementation != "none"))  # the link logs itself
    if serial.implementation != "none":
        bridge = open_bridge(serial.implementation, config.get("serial", "baudrate"), service.bus)
        service.devices["microcontroller"] = bridge
        hub.add_sink(bridge.show)
