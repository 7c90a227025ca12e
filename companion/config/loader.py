"""Effective configuration: built-in defaults, then a TOML file, then environment, then command-line flags."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.config.schema import SCHEMA, Key
from companion.errors import ConfigError

ENV_PREFIX = "COMPANION_"
"""Environment overrides are COMPANION_<SECTION>__<KEY>, e.g. COMPANION_SERVER__PORT=9000."""


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
    for (section, key), raw in _from_env(os.environ if env is None else env).items():
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
        with path.open("rb") as handle:
            return tomllib.load(handle)
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
        raise ConfigError(f"config file {path} is not valid TOML: {exc}") from None


def _merge(config: Config, data: dict[str, Any], origin: str, problems: list[str]) -> None:
    for section, table in data.items():
        if section not in SCHEMA:
            problems.append(f"unknown section [{section}] in {origin}; allowed: {', '.join(SCHEMA)}")
        elif not isinstance(table, dict):
            problems.append(f"[{section}] in {origin} must be a table, got {table!r}")
        else:
            for key, value in table.items():
                _noted(problems, _set, config, section, key, value, origin)


def _from_env(env: Mapping[str, str]) -> dict[tuple[str, str], str]:
    found = {}
    for name, raw in env.items():
        if not name.startswith(ENV_PREFIX) or "__" not in name or name == "COMPANION_CONFIG":
            continue
        section, _, key = name[len(ENV_PREFIX) :].lower().partition("__")
        found[(section, key)] = raw
    return found


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
        raise ConfigError(f"{section}.{key} = {value!r} (from {origin}) is not allowed: expected {spec.allowed()}")
    given, value = value, spec.normalise(value) if spec.normalise else value
    if spec.choices is not None and value not in spec.choices:
        raise ConfigError(f"{section}.{key} = {given!r} (from {origin}) is not allowed: expected {spec.allowed()}")
    problem = spec.check(value) if spec.check else None
    if problem:
        raise ConfigError(f"{section}.{key} = {given!r} (from {origin}) is not allowed: expected {problem}")
    config.values[section][key] = value
    config.origins[section][key] = origin
