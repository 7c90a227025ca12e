"""`companion` sub-commands: serve, read-dice, replay, export, config show, doctor, calibrate-colours,
check-reader."""

from __future__ import annotations

import argparse
import functools
import logging
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from companion import __version__
from companion.cli import commands
from companion.cli.errors_text import os_error_text, unreadable_store_text, value_error_text
from companion.config import Config, default_config_path, load_config
from companion.errors import CompanionError, ConfigError
from companion.events.store import StoreUnreadable

EXIT_BAD_CONFIG = 2
EXIT_BAD_STORE = 3
"""A store file that is not a database, is damaged or has tables this version cannot use: like a configuration
error (2), restarting cannot fix it, and deploy/companion.service lists both in RestartPreventExitStatus. A store
that may come back (locked, a disk away for a moment) stays a failure (1), which systemd restarts."""
FLAG_NAMES = {"data.dir": "--data-dir", "server.host": "--host", "server.port": "--port"}
"""The flag that sets each configuration key, as `config show` names where a value came from."""


def _global_options(default: object) -> argparse.ArgumentParser:
    """The options every command takes, before its name or after it (`companion serve --data-dir X`)."""
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument("--config", type=Path, default=default, help="TOML configuration file")
    options.add_argument("--data-dir", default=default, help="where games and calibrations are kept")
    return options


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="Board-game table companion.", parents=[_global_options(None)]
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    # After the command, an option left out must not undo the same option given before it: no default there.
    add: Adder = functools.partial(sub.add_parser, parents=[_global_options(argparse.SUPPRESS)])
    _service_commands(add)
    _log_commands(add)
    _reader_commands(add)
    return parser


Adder = Callable[..., argparse.ArgumentParser]
"""Adds a sub-command that takes the global options too."""


def _service_commands(add: Adder) -> None:
    serve = add("serve", help="run the service and its dashboard")
    serve.add_argument("--host", help="address to listen on (server.host); 0.0.0.0 lets phones on the LAN in")
    serve.add_argument("--port", type=int, help="TCP port of the dashboard (server.port)")
    # `show` is a command of its own, so that `companion config show --help` is its help, not that of `config`.
    actions = add("config", help="configuration").add_subparsers(dest="action", required=True, metavar="{show}")
    actions.add_parser(
        "show",
        help="print every key's effective value and where it came from; exit 2 where `serve` would refuse it",
        description="Print every configuration key, its effective value and where it came from (default, file, "
        "environment, flag); a configuration `serve` would refuse is said instead, with exit status 2.",
        parents=[_global_options(argparse.SUPPRESS)],
    )
    doctor = add("doctor", help="what camera, GPIO, serial and store would be used, and why")
    doctor.add_argument(
        "--open",
        action="store_true",
        help="also open the camera (one frame) and the microcontroller (its handshake); exit 1 if one fails",
    )


def _log_commands(add: Adder) -> None:
    replay = add("replay", help="rebuild a game from an exported log")
    replay.add_argument("log", type=Path, help="a game's log, one JSON event a line, as `companion export` prints it")
    replay.add_argument(
        "--json", action="store_true", help="the rebuilt game (its view, state and each line's verdict) as JSON"
    )
    add("export", help="print a game's log as JSON lines").add_argument(
        "game",
        help="the game's id: game_id in /api/games, or the last part of the address of the game's page on the"
        " dashboard (/games/ID)",
    )


def _reader_commands(add: Adder) -> None:
    read = add("read-dice", help="read the dice in images")
    read.add_argument("images", nargs="+", type=Path, help="photos of dice on the table (JPEG, PNG, ...), one or more")
    read.add_argument("--jsonl", action="store_true", help="one JSON object per image")
    read.add_argument("--annotate", type=Path, metavar="DIR", help="write annotated copies into DIR")
    check = add("check-reader", help="score the dice reader on this table's corrected rolls")
    check.add_argument(
        "--examples", type=Path, metavar="DIR", help="a folder of labelled examples, or its labels.jsonl file"
    )
    check.add_argument("--json", action="store_true", help="the figures as one JSON object")
    calibrate = add("calibrate-colours", help="learn die colours from photos of one die each (one or more per colour)")
    calibrate.add_argument(
        "examples",
        nargs="+",
        metavar="COLOUR=IMAGE",
        help="e.g. blue=blue.jpg; a die that looks another colour taught is left out, and named",
    )
    calibrate.add_argument(
        "--force", action="store_true", help="save even colours too alike, or one whose die looks another colour"
    )


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
    except StoreUnreadable as exc:
        print(f"companion: {unreadable_store_text(exc)}", file=sys.stderr)
        return EXIT_BAD_STORE
    except CompanionError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"companion: {os_error_text(exc)}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"companion: {value_error_text(exc)}", file=sys.stderr)
        return 1
