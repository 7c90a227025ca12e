"""What each sub-command does."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from companion.config import Config
from companion.devices import choose
from companion.events.store import EventStore


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
    """Run the service until interrupted."""
    from companion.server import serve_forever

    return serve_forever(config)


def config_show(args: argparse.Namespace, config: Config) -> int:
    """Print the effective configuration and where each value came from."""
    print(f"# config file: {config.file or 'none (built-in defaults)'}")
    for name, value, origin in config.rows():
        print(f"{name} = {json.dumps(value)}    # {origin}")
    print(f"# data directory: {config.data_dir()}")
    return 0


def doctor(args: argparse.Namespace, config: Config) -> int:
    """Say what camera, GPIO, serial and store would be used, and why."""
    camera, _ = choose.choose_camera(config)
    rows: list[dict[str, Any]] = [camera.to_dict(), _gpio_row(config)]
    rows.append(choose.choose_serial(config).to_dict())
    rows.append(_store_row(config))
    for row in rows:
        flag = " [built-in stand-in]" if row["is_stand_in"] else ""
        print(f"{row['device']:<16} {row['implementation']}{flag}\n{'':<16} why: {row['reason']}")
    sys.stdout.flush()
    # `serve` would stop on a pin factory or a store it cannot use: so does the doctor's exit status.
    usable = not any(str(row["reason"]).startswith("UNUSABLE") for row in rows)
    if not args.open:
        return 0 if usable else 1
    from companion.cli import probe

    probes = [probe.probe_camera(config), probe.probe_microcontroller(config)]
    for one in probes:
        print(f"{one.device:<16} {one.said}")
    return 0 if usable and all(one.works for one in probes) else 1


def _store_row(config: Config) -> dict[str, Any]:
    """The store that would be used; a missing one is not created by asking."""
    path = config.data_dir() / "events.db"
    row: dict[str, Any] = {"device": "store", "implementation": f"SQLite {path}", "is_stand_in": False}
    if not path.exists():
        return {**row, "reason": f"does not exist yet; will be created ({config.origins['data']['dir']})"}
    try:
        with EventStore(path) as store:
            count = len(store.games())
            return {**row, "reason": f"{count} game" + ("" if count == 1 else "s")}
    except OSError as exc:
        return {**row, "reason": f"UNUSABLE: {exc}"}


def _gpio_row(config: Config) -> dict[str, Any]:
    """The pin factory that would be used (asked of gpiozero, then released)."""
    from hardware import HardwareError, make_pin_factory

    name = config.get("gpio", "factory")
    if name == "off":
        return {"device": "gpio", "implementation": "none", "reason": "gpio.factory = off", "is_stand_in": True}
    try:
        with make_pin_factory(name) as choice:
            return {
                "device": "gpio",
                "implementation": choice.name,
                "reason": choice.reason,
                "is_stand_in": choice.is_mock,
            }
    except HardwareError as exc:
        return {"device": "gpio", "implementation": name, "reason": f"UNUSABLE: {exc}", "is_stand_in": False}
