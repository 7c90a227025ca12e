"""`companion` sub-commands: serve, read-dice, replay, export, config show, doctor, calibrate-colours,
check-reader."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from companion import __version__
from companion.cli import commands
from companion.config import Config, default_config_path, load_config
from companion.errors import CompanionError, ConfigError

EXIT_BAD_CONFIG = 2
FLAG_NAMES = {"data.dir": "--data-dir", "server.host": "--host", "server.port": "--port"}
"""The flag that sets each configuration key, as `config show` names where a value came from."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Board-game table companion.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("--config", type=Path, help="TOML configuration file")
    parser.add_argument("--data-dir", help="where games and calibrations are kept")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the service and its dashboard")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    read = sub.add_parser("read-dice", help="read the dice in images")
    read.add_argument("images", nargs="+", type=Path)
    read.add_argument("--jsonl", action="store_true", help="one JSON object per image")
    read.add_argument("--annotate", type=Path, metavar="DIR", help="write annotated copies into DIR")
    replay = sub.add_parser("replay", help="rebuild a game from an exported log")
    replay.add_argument("log", type=Path)
    replay.add_argument("--json", action="store_true")
    export = sub.add_parser("export", help="print a game's log as JSON lines")
    export.add_argument("game")
    config = sub.add_parser("config", help="configuration")
    config.add_argument("action", choices=["show"])
    doctor = sub.add_parser("doctor", help="what camera, GPIO, serial and store would be used, and why")
    doctor.add_argument(
        "--open",
        action="store_true",
        help="also open the camera (one frame) and the microcontroller (its handshake); exit 1 if one fails",
    )
    check = sub.add_parser("check-reader", help="score the dice reader on this table's corrected rolls")
    check.add_argument("--examples", type=Path, metavar="DIR", help="a folder of labelled examples (labels.jsonl)")
    check.add_argument("--json", action="store_true", help="the figures as one JSON object")
    calibrate = sub.add_parser(
        "calibrate-colours", help="learn die colours from photos of one die each (one or more per colour)"
    )
    calibrate.add_argument(
        "examples",
        nargs="+",
        metavar="COLOUR=IMAGE",
        help="e.g. blue=blue.jpg; a die that looks another colour taught is left out, and named",
    )
    return parser


def _config(args: argparse.Namespace) -> Config:
    flags = {"data.dir": args.data_dir}
    if args.command == "serve":
        flags.update({"server.host": args.host, "server.port": args.port})
    return load_config(args.config or default_config_path(), flags=flags, flag_names=FLAG_NAMES)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        config = _config(args)
    except ConfigError as exc:
        print(f"companion: configuration error: {exc}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    logging.basicConfig(
        level=config.get("log", "level"), format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    try:
        return commands.run(args, config)
    except ConfigError as exc:
        print(f"companion: configuration error: {exc}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    except CompanionError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as exc:
        print(f"companion: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
