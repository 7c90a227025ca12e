"""deploy/config.example.toml, copied to /etc/companion/config.toml by the Pi's installer, must not move a light to
another pin than the built-in map the host saw on the health page and in `config show` while trying the service
off a Pi: it sets no pin, and the map it shows commented out is the built-in one."""

from __future__ import annotations

import tomllib
from pathlib import Path

from hardware.pins import PinMap

EXAMPLE = Path(__file__).resolve().parents[1] / "deploy" / "config.example.toml"


def _commented_pin_table() -> str:
    """The `[gpio.pins]` table the example shows commented out, uncommented."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    start = lines.index("# [gpio.pins]")
    table = []
    for line in lines[start:]:
        if not line.startswith("# "):
            break
        table.append(line[2:])
    return "\n".join(table)


def test_installed_example_config_keeps_the_built_in_pin_map() -> None:
    example = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert "pins" not in example.get("gpio", {})


def test_pin_map_shown_in_the_example_is_the_built_in_one() -> None:
    shown = tomllib.loads(_commented_pin_table())["gpio"]["pins"]
    assert PinMap.from_dict(shown) == PinMap()
