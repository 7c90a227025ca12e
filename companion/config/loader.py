"""Effective configuration: built-in defaults, then a TOML file, then environment, then command-line flags."""

from __future__ import annotations

import ast
import datetime
import difflib
import json
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.config.schema import SCHEMA, Key
from companion.errors import ConfigError

ENV_PREFIX = "COMPANION_"
"""Environment overrides are COMPANION_<SECTION>__<KEY>, e.g. COMPANION_SERVER__PORT=9000."""
OTHER_VARIABLES = frozenset(
    {
        *("COMPANION_CONFIG", "COMPANION_CALIBRATION", "COMPANION_VENV"),
        *("COMPANION_CLI_BIN", "COMPANION_CLI_CONFIG", "COMPANION_CLI_ENV_FILE", "COMPANION_CLI_USER"),
    }
)
"""COMPANION_ variables that are no setting but are read elsewhere: the config file (default_config_path), the
reader harness's colours (vision.evaluation), the deploy scripts' venv (deploy/common.sh) and the paths of the
deploy wrapper (deploy/companion-cli.sh). Any other COMPANION_ name is a mistyped setting, refused: one with a single
underscore (COMPANION_DATA_DIR) was silently ignored."""


@dataclass
class Config:
    """The effective configuration and, for every key, where its value came from."""

    values: dict[str, dict[str, Any]]
    origins: dict[str, dict[str, str]]
    file: Path | None = None
    warnings: list[str] = field(default_factory=list)

    def get(self, section: str, key: str) -> Any:
        """The value of section.key."""
        return self.values[section][key]

    def data_dir(self) -> Path:
        """The folder holding the database, calibrations and board files."""
        configured = self.values["data"]["dir"]
        if configured:
            return Path(configured).expanduser()
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / "companion"

    def rows(self) -> list[tuple[str, Any, str]]:
        """(section.key, value, origin) for `companion config show`."""
        return [
            (f"{section}.{key}", self.values[section][key], self.origins[section][key])
            for section, keys in SCHEMA.items()
            for key in keys
        ]


def default_config_path() -> Path | None:
    """The config file used when none is named: $COMPANION_CONFIG, else the user's config folder if it exists."""
    named = os.environ.get("COMPANION_CONFIG")
    if named:
        return Path(named)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    path = Path(base) / "companion" / "config.toml"
    try:
        is_there = path.exists()
    except OSError as exc:  # a folder on the way that the service's user may not enter
        raise ConfigError(f"config file {path} cannot be looked at: {exc.strerror or exc}") from None
    return path if is_there else None


def load_config(
    path: Path | None = None,
    env: Mapping[str, str] | None = None,
    flags: Mapping[str, Any] | None = None,
    flag_names: Mapping[str, str] | None = None,
) -> Config:
    """Build the effective configuration; raises ConfigError naming the key, the value and what is allowed.

    `flags`: values given on the command line, by dotted key ("data.dir"); `flag_names`: the flag that gave each
    one ("--data-dir"), as `config show` and the errors name it (`--<key>` when not given)."""
    values = {s: {k: key.default for k, key in keys.items()} for s, keys in SCHEMA.items()}
    origins = {s: dict.fromkeys(keys, "default") for s, keys in SCHEMA.items()}
    config = Config(values, origins, path)
    problems: list[str] = []
    if path is not None:
        _merge(config, _read_toml(path), f"file:{path}", problems)
    for (section, key), raw in _from_env(os.environ if env is None else env, problems).items():
        _noted(problems, _set_text, config, section, key, raw)
    for dotted, value in (flags or {}).items():
        if value is not None:
            section, key = dotted.split(".", 1)
            flag = (flag_names or {}).get(dotted) or f"--{key.replace('_', '-')}"
            _noted(problems, _set, config, section, key, value, f"flag:{flag}")
    if len(problems) == 1:
        raise ConfigError(problems[0])
    if problems:
        raise ConfigError(f"{len(problems)} problems:\n" + "\n".join(f"  - {problem}" for problem in problems))
    return config


def _noted(problems: list[str], step: Callable[..., None], *args: Any) -> None:
    """Take one value (`step(*args)`), or note why it is not allowed: every wrong key and value is said at once,
    not one per start of the service."""
    try:
        step(*args)
    except ConfigError as exc:
        problems.append(str(exc))


def _set_text(config: Config, section: str, key: str, raw: str) -> None:
    """Set a key from the text of an environment variable."""
    _set(config, section, key, _parse_text(section, key, raw), f"env:{ENV_PREFIX}{section.upper()}__{key.upper()}")


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_bytes().decode("utf-8")
        return tomllib.loads(text)
    except FileNotFoundError:
        raise ConfigError(f"config file {path} does not exist") from None
    except IsADirectoryError:
        raise ConfigError(f"config file {path} is a directory; name the TOML file in it") from None
    except OSError as exc:  # permission denied, mostly: the service runs as its own user
        raise ConfigError(f"config file {path} cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"config file {path} is not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start});"
            " save it as UTF-8"
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config file {path} is not valid TOML: {_toml_error_text(exc, text)}") from None


_AT = re.compile(r" \(at (?:line (\d+), column \d+|end of document)\)$")
_KEY_TUPLE = re.compile(r"\((?:'[^']*',\s*)+(?:'[^']*')?\)")


def _toml_error_text(exc: tomllib.TOMLDecodeError, text: str) -> str:
    """tomllib's message said with the line it is about: the key set twice, the section declared twice, by name
    (tomllib says "Cannot overwrite a value (at line 3, column 12)", and a section as a Python tuple)."""
    message = str(exc)
    found = _AT.search(message)
    if found is None:
        return message
    lines = text.splitlines() or [""]
    number = int(found.group(1)) if found.group(1) else len(lines)
    line = lines[min(number, len(lines)) - 1].strip()
    said = _KEY_TUPLE.sub(lambda keys: ".".join(ast.literal_eval(keys.group(0))), message[: found.start()])
    if said == "Cannot overwrite a value" and "=" in line and not line.startswith("["):
        key = line.split("=", 1)[0].strip()
        return f"line {number} sets {key} a second time ({line}); a key is set once in its section"
    if said.startswith("Cannot declare ") and said.endswith(" twice"):
        return f"line {number} declares {line} a second time; each section once, all its keys under it"
    return f"{said} at line {number}: {line}"


def _merge(config: Config, data: dict[str, Any], origin: str, problems: list[str]) -> None:
    for section, table in data.items():
        if section in SCHEMA and isinstance(table, dict):
            for key, value in table.items():
                _noted(problems, _set, config, section, key, value, origin)
        else:
            problems.append(_misplaced(section, table, origin))


def _misplaced(name: str, value: Any, origin: str) -> str:
    """Why a top-level name of the file is not a section: a key written before any [section] heading (TOML reads
    it as a name of its own), a section given a value, or a section that does not exist."""
    sections = ", ".join(SCHEMA)
    if name in SCHEMA:
        return (
            f"[{name}] in {origin} must be a table (its keys under a [{name}] heading), got {name} = {toml_text(value)}"
        )
    if not isinstance(value, dict):
        holders = " or ".join(f"[{section}]" for section, keys in SCHEMA.items() if name in keys)
        advice = f"write it under {holders}" if holders else f"no section has a key {name}; sections: {sections}"
        return (
            f"{name} = {toml_text(value)} in {origin} is a key outside any section (written before any [section]"
            f" heading); {advice}"
        )
    near = difflib.get_close_matches(name.lower(), SCHEMA, n=1)
    return f"unknown section [{name}] in {origin}; allowed: {sections}" + (
        f"; did you mean [{near[0]}]?" if near else ""
    )


def _from_env(env: Mapping[str, str], problems: list[str]) -> dict[tuple[str, str], str]:
    """The settings given by COMPANION_<SECTION>__<KEY> variables; any other COMPANION_ name not in OTHER_VARIABLES
    is noted in `problems`."""
    found = {}
    for name, raw in env.items():
        if not name.startswith(ENV_PREFIX) or name in OTHER_VARIABLES:
            continue
        section, separator, key = name[len(ENV_PREFIX) :].lower().partition("__")
        if separator and key in SCHEMA.get(section, {}):
            found[(section, key)] = raw
        else:
            problems.append(_not_a_setting(name))
    return found


def _not_a_setting(name: str) -> str:
    """Why a COMPANION_ variable is refused, with the variable it was meant for when it is a near miss."""
    settings = [f"{s.upper()}__{k.upper()}" for s, keys in SCHEMA.items() for k in keys]
    others = [other.removeprefix(ENV_PREFIX) for other in OTHER_VARIABLES]
    given = name.removeprefix(ENV_PREFIX).upper()
    near = [setting for setting in settings if setting.replace("__", "_") == re.sub("_+", "_", given)]
    near = near or difflib.get_close_matches(given, [*settings, *sorted(others)], n=1, cutoff=0.8)
    form = f"settings are {ENV_PREFIX}<SECTION>__<KEY>, two underscores between section and key"
    if near:
        meant = f"{ENV_PREFIX}{near[0]}"
        return f"environment variable {name} is not a setting: did you mean {meant}?" + (
            "" if near[0] in others else f" ({form})"
        )
    return (
        f"environment variable {name} is not a setting: {form}, e.g. {ENV_PREFIX}SERVER__PORT=9000 (sections:"
        f" {', '.join(SCHEMA)}); {ENV_PREFIX}CONFIG names the config file"
    )


def _parse_text(section: str, key: str, raw: str) -> Any:
    origin = f"env:{ENV_PREFIX}{section.upper()}__{key.upper()}"
    spec = _spec(section, key, origin)
    if spec.type is dict:
        try:
            return tomllib.loads(f"v = {raw}")["v"]
        except tomllib.TOMLDecodeError:
            raise ConfigError(f"{section}.{key} = {raw!r} (from {origin}) is not an inline TOML table") from None
    if spec.type is list:
        return _parse_list(section, key, raw, origin)
    if spec.type in (int, float):
        try:
            return spec.type(raw)
        except ValueError:
            raise ConfigError(
                f"{section}.{key} = {raw!r} (from {origin}) is not allowed: expected {spec.allowed()}"
            ) from None
    return raw


def _parse_list(section: str, key: str, raw: str, origin: str) -> list[Any]:
    """An inline TOML array (`["a", "b"]`), or plain words separated by commas (`a, b`)."""
    if not raw.strip().startswith("["):
        return [word.strip() for word in raw.split(",") if word.strip()]
    try:
        found: list[Any] = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        raise ConfigError(f"{section}.{key} = {raw!r} (from {origin}) is not an inline TOML array") from None
    return found


def _spec(section: str, key: str, origin: str) -> Key:
    if section not in SCHEMA:
        raise ConfigError(f"unknown section {section!r} (from {origin}); allowed: {', '.join(SCHEMA)}")
    if key not in SCHEMA[section]:
        allowed = ", ".join(f"{section}.{k}" for k in SCHEMA[section])
        raise ConfigError(f"unknown key {section}.{key} (from {origin}); allowed: {allowed}")
    return SCHEMA[section][key]


def _set(config: Config, section: str, key: str, value: Any, origin: str) -> None:
    spec = _spec(section, key, origin)
    if spec.type is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if isinstance(value, bool) or not isinstance(value, spec.type):
        raise ConfigError(
            f"{section}.{key} = {toml_text(value)} (from {origin}) is not allowed: expected {spec.allowed()}"
        )
    given, value = value, spec.normalise(value) if spec.normalise else value
    if spec.choices is not None and value not in spec.choices:
        raise ConfigError(
            f"{section}.{key} = {toml_text(given)} (from {origin}) is not allowed: expected {spec.allowed()}"
        )
    problem = spec.check(value) if spec.check else None
    if problem:
        raise ConfigError(f"{section}.{key} = {toml_text(given)} (from {origin}) is not allowed: expected {problem}")
    config.values[section][key] = value
    config.origins[section][key] = origin


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_text(value: Any) -> str:
    """A value as it is written in TOML (`'COM3'`, `true`, `{ red = 22 }`), the way a host would find it in the
    file: Python's spelling (`True`, `{'red': 22}`) is not what the file says."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        is_literal = not any(char in "'\\" or ord(char) < 32 or char == "\x7f" for char in value)
        return f"'{value}'" if is_literal else json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{k if _BARE_KEY.fullmatch(k) else toml_text(k)} = {toml_text(v)}" for k, v in value.items())
        return "{ " + ", ".join(pairs) + " }" if value else "{}"
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return repr(value)
