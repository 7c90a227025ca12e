"""What each sub-command does."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.config import Config
from companion.config.serving import check_for_serve, serve_problems, table_zones, zones_path
from companion.devices import choose
from companion.errors import ConfigError
from companion.events.store import EventStore, unwritable


def run(args: argparse.Namespace, config: Config) -> int:
    """Dispatch to the sub-command."""
    # Commands that need OpenCV import it only when they run, so `config show` and `doctor` start fast.
    if args.command in ("read-dice", "calibrate-colours"):
        from companion.cli import dice

        handler: Callable[[argparse.Namespace, Config], int] = (
            dice.read_dice_command if args.command == "read-dice" else dice.calibrate_command
        )
    elif args.command == "check-reader":
        from companion.cli import check

        handler = check.check_reader_command
    elif args.command in ("replay", "export"):
        from companion.cli import logs

        handler = logs.replay_command if args.command == "replay" else logs.export_command
    else:
        handler = {"serve": serve, "config": config_show, "doctor": doctor}[args.command]
    return handler(args, config)


def serve(args: argparse.Namespace, config: Config) -> int:
    """Run the service until interrupted; refused (ConfigError, exit 2: systemd does not restart it every few
    seconds) on a data folder this user cannot write in."""
    from companion.server import serve_forever

    unwritable_folder = _unwritable_folder(config.data_dir())
    if unwritable_folder:
        origin = config.origins["data"]["dir"]
        raise ConfigError(f"data.dir = {config.data_dir()} (from {origin}): the data folder {unwritable_folder}")
    return serve_forever(config)


def _unwritable_folder(folder: Path) -> str:
    """Why the existing data folder cannot hold the service's data ("" when it can, or is not there yet: `serve`
    makes it): this user may not create files in it (its lock, the store's -wal and -shm, the last roll)."""
    if not folder.is_dir() or os.access(folder, os.W_OK | os.X_OK):
        return ""
    return f"is not writable by this user ({_user()}): give it to that user, or choose another data.dir"


def _user() -> str:
    """The name of the user running this process (its uid when it has none)."""
    import pwd

    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return f"uid {os.geteuid()}"


def config_show(args: argparse.Namespace, config: Config) -> int:
    """Print the effective configuration and where each value came from; refused (exit 2) as `serve` refuses it."""
    check_for_serve(config)
    print(f"# config file: {config.file or 'none (built-in defaults)'}")
    for name, value, origin in config.rows():
        print(f"{name} = {json.dumps(value)}    # {origin}")
    print(f"# data directory: {config.data_dir()}")
    if config.get("gpio", "factory") != "off":
        from hardware import PinMap

        # The table's keys alone leave the built-in map unsaid: {} is every pin at its default.
        pins = ", ".join(
            f"{key} {pin}" for key, pin in PinMap.from_dict(config.get("gpio", "pins")).pins_in_use().items()
        )
        print(f"# gpio pins in effect (BCM): {pins}")
    return 0


def doctor(args: argparse.Namespace, config: Config) -> int:
    """Say what camera, GPIO, serial and store would be used, and why."""
    problems = serve_problems(config)
    camera = choose.choose_camera(config)[0].to_dict()
    if "camera" in problems:
        camera["reason"] = f"UNUSABLE: {problems['camera']}"
    rows: list[dict[str, Any]] = [_folder_noted(_noted_if_absent(camera, _webcam_device(camera["implementation"])))]
    rows.append(_zones_row(config, problems.get("camera")))
    rows.append(_gpio_row(config, problems.get("gpio")))
    serial = choose.choose_serial(config).to_dict()
    rows.append(_noted_if_absent(serial, str(serial["implementation"])))
    rows.append(_store_row(config))
    for row in rows:
        # A stand-in the configuration names is said as the health page says it ("Stand-in, as configured").
        asked = row.get("is_asked")
        flag = (" [stand-in, as configured]" if asked else " [built-in stand-in]") if row["is_stand_in"] else ""
        print(f"{row['device']:<16} {row['implementation']}{flag}\n{'':<16} why: {row['reason']}")
    sys.stdout.flush()
    # `serve` would stop on pins, a zones file or a store it cannot use: so does the doctor's exit status.
    usable = not any(str(row["reason"]).startswith("UNUSABLE") for row in rows)
    if not args.open:
        return 0 if usable else 1
    from companion.cli import probe

    probes = [probe.probe_camera(config), probe.probe_microcontroller(config)]
    for one in probes:
        print(f"{one.device:<16} {one.said}")
    return 0 if usable and all(one.works for one in probes) else 1


def _webcam_device(spec: str) -> str:
    """The device file of a "webcam:N" or "webcam:/dev/videoN" camera ("" for any other camera)."""
    kind, _, argument = spec.partition(":")
    if kind != "webcam":
        return ""
    return argument if argument.startswith("/") else f"/dev/video{argument or '0'}"


def _noted_if_absent(row: dict[str, Any], device: str) -> dict[str, Any]:
    """The row, told when the device file it names (a webcam's, a serial port's) is not on this machine now: `serve`
    would start and wait for it, so that is no fault of the configuration, but the host plugging things in wants to
    know before the evening. Other names (picamera2, a URL such as socket://) are left as they are."""
    if not device.startswith("/dev/") or Path(device).exists():
        return row
    return {**row, "reason": f"{row['reason']}; {device} is not there now (plugged in? `doctor --open` tries it)"}


def _folder_noted(row: dict[str, Any]) -> dict[str, Any]:
    """The camera's row, told when the folder of a folder or replay camera is not there now (a mistyped path, a USB
    stick not mounted yet): `serve` would start and say it lost, as it does for a webcam not plugged in."""
    kind, _, folder = str(row["implementation"]).partition(":")
    path = Path(folder).expanduser()
    if kind not in ("folder", "replay") or not folder or path.is_dir():
        return row
    said = f"{folder} is a file, not a folder" if path.exists() else f"the folder {folder} is not there now"
    return {**row, "reason": f"{row['reason']}; {said}"}


def _zones_row(config: Config, problem: str | None) -> dict[str, Any]:
    """The zones file the camera would place dice with and how many zones it holds, or that there is none: then
    every die the camera sees counts, none is left out as off the table."""
    path = zones_path(config)
    row: dict[str, Any] = {"device": "zones", "implementation": str(path), "is_stand_in": False}
    if config.get("camera", "source") == "off":
        return {**row, "implementation": "none", "reason": "camera.source = off"}
    if problem:
        return {**row, "reason": "cannot be read (see camera)"}
    zones = table_zones(config)
    if zones is None:
        return {**row, "implementation": "none", "reason": f"no zones file ({path}): every die the camera sees counts"}
    table = "the table outlined" if zones.is_table_outlined else "the whole picture is the table"
    count = len(zones.zones)
    return {**row, "reason": f"{count} zone{'' if count == 1 else 's'}, {table}"}


def _store_row(config: Config) -> dict[str, Any]:
    """The store that would be used; a missing one is not created by asking."""
    path = config.data_dir() / "events.db"
    row: dict[str, Any] = {"device": "store", "implementation": f"SQLite {path}", "is_stand_in": False}
    unmade = _unmade(config.data_dir())
    if unmade:
        return {**row, "reason": f"UNUSABLE: data.dir = {config.data_dir()} ({config.origins['data']['dir']}) {unmade}"}
    if not path.exists():
        cannot = unwritable(path)
        if cannot:
            return {**row, "reason": f"UNUSABLE: it cannot be made: {cannot}"}
        return {**row, "reason": f"does not exist yet; will be created ({config.origins['data']['dir']})"}
    try:
        with EventStore(path) as store:
            count = len(store.games())
    except OSError as exc:
        return {**row, "reason": f"UNUSABLE: {exc}"}
    stored = {0: "no game stored yet", 1: "1 game stored"}.get(count, f"{count} games stored")
    cannot = unwritable(path)  # `serve` would start, and refuse every move
    return {**row, "reason": f"UNUSABLE: {stored}, but it cannot be written: {cannot}" if cannot else stored}


def _unmade(folder: Path) -> str:
    """Why `serve` could not make or use the data folder ("" when it could): a file in its place, or a nearest
    existing parent that is no folder or that this user may not write in."""
    if folder.exists():
        return _unwritable_folder(folder) if folder.is_dir() else "is a file, not a folder"
    parent = next(p for p in folder.parents if p.exists())
    if not parent.is_dir():
        return f"cannot be made: {parent} is a file, not a folder"
    return "" if os.access(parent, os.W_OK) else f"cannot be made: {parent} cannot be written by this user"


def _gpio_row(config: Config, problem: str | None) -> dict[str, Any]:
    """The pin factory that would be used (asked of gpiozero, then released), or why `serve` could not use the pins;
    a mock factory is said in this row, not in a warning in the middle of the report."""
    from hardware import HardwareError, make_pin_factory

    name = config.get("gpio", "factory")
    row = {"device": "gpio", "implementation": name, "is_stand_in": False}
    if name == "off":
        return {**row, "implementation": "none", "reason": "gpio.factory = off", "is_stand_in": True}
    if problem:
        return {**row, "reason": f"UNUSABLE: {problem}"}
    try:
        with quieted("hardware.factory"), make_pin_factory(name) as choice:
            said = f"{choice.name} (gpiozero MockFactory: no real lights or buttons)" if choice.is_mock else choice.name
            reason = choice.reason
            if choice.cause == "unusable_configured":  # asked for by name: the host wants to know before the evening
                reason = f"UNUSABLE: {reason} (serve runs on simulated pins meanwhile)"
            return {**row, "implementation": said, "reason": reason, "is_stand_in": choice.is_mock}
    except HardwareError as exc:
        return {**row, "reason": f"UNUSABLE: {exc}"}


@contextmanager
def quieted(name: str) -> Iterator[None]:
    """Hold back what the logger `name` says below ERROR: a device's own announcement, which the doctor's report
    says in its own line."""
    logger = logging.getLogger(name)
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)
