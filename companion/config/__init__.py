"""Configuration: one TOML file, environment overrides (COMPANION_SECTION__KEY) and command-line flags."""

from companion.config.loader import ENV_PREFIX, Config, default_config_path, load_config
from companion.config.schema import SCHEMA

__all__ = ["ENV_PREFIX", "SCHEMA", "Config", "default_config_path", "load_config"]
