"""What `serve` refuses beyond each value alone: a pin map whose pins clash or are no GPIO, a zones file it cannot
read. `serve`, `config show` and `companion doctor` all ask here, so that a configuration one refuses, all refuse.

Nothing is opened: the pins are checked as a map, not claimed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from companion.config.loader import Config, toml_text
from companion.errors import ConfigError

if TYPE_CHECKING:
    from vision.zones import Zones


def serve_problems(config: Config) -> dict[str, str]:
    """Why `serve` would refuse to start, by device ("gpio", "camera"); empty when it would start."""
    problems = {}
    for device, check in (("gpio", pins_problem), ("camera", zones_problem)):
        problem = check(config)
        if problem:
            problems[device] = problem
    return problems


def check_for_serve(config: Config) -> None:
    """ConfigError with the first of `serve_problems`, the message `serve` stops with."""
    for problem in serve_problems(config).values():
        raise ConfigError(problem)


def pins_problem(config: Config) -> str | None:
    """What is wrong with `[gpio.pins]` (a pin used twice, a number that is no GPIO), None when the lights can use
    it or there are none (gpio.factory = off)."""
    if config.get("gpio", "factory") == "off":
        return None
    from hardware import HardwareError, PinMap

    try:
        PinMap.from_dict(config.get("gpio", "pins"))
    except HardwareError as exc:
        return f"gpio: {exc} (from {config.origins['gpio']['pins']})"
    return None


def zones_problem(config: Config) -> str | None:
    """What keeps the table's zones file from being read, None when it reads (or there is none, or no camera)."""
    if config.get("camera", "source") == "off":
        return None
    try:
        table_zones(config)
    except ConfigError as exc:
        return exc.message
    return None


def zones_path(config: Config) -> Path:
    """Where the table's zones file is looked for: camera.zones when set, else zones.json in the data directory."""
    configured = config.get("camera", "zones")
    return Path(configured).expanduser() if configured else config.data_dir() / "zones.json"


def table_zones(config: Config) -> Zones | None:
    """The table's zones: a wrong file is a ConfigError naming the file, where it was set and the zone; none
    configured and none in the data directory, no zones."""
    configured = config.get("camera", "zones")
    path = zones_path(config)
    if not path.exists():
        if configured:
            raise ConfigError(f"{_zones_named(config)}: no such file")
        return None
    from vision.errors import CalibrationError
    from vision.zones import Zones  # OpenCV: imported only when there is a zones file to read

    try:
        return Zones.load(path)
    except CalibrationError as exc:
        said = str(exc).removeprefix(f"zones file {path}: ")  # the JSON error names the file: it is named here
        raise ConfigError(f"{_zones_named(config)}: zones file {path}: {said}") from exc
    except OSError as exc:  # a folder, or a file the service's user may not read
        raise ConfigError(f"{_zones_named(config)}: {path} cannot be read: {exc.strerror or exc}") from None


def _zones_named(config: Config) -> str:
    """camera.zones as a message names it: its value and origin, or the data directory's file it defaults to."""
    configured = config.get("camera", "zones")
    if configured:
        return f"camera.zones = {toml_text(configured)} (from {config.origins['camera']['zones']})"
    origin = config.origins["data"]["dir"]
    data_dir = "" if origin == "default" else f", data.dir from {origin}"
    return f"camera.zones (not set: the data directory's zones.json{data_dir})"
