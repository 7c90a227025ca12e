"""A wrong [gpio.pins] setting is said as the host wrote it, in TOML (true, "17"), not in Python (True, '17',
"has type str"), and the message says where the value came from (the config file, or the environment variable),
as every other setting's error does."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import load_config
from companion.config.serving import serve_problems
from companion.errors import ConfigError
from hardware import PinConfigError, PinMap
from hardware.pins import as_toml


def test_a_pin_used_twice_in_the_config_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[gpio.pins]\nstatus = 23\n", encoding="utf-8")  # 23 is the confirm button's by default
    config = load_config(path, env={})
    problem = serve_problems(config)["gpio"]
    assert problem.startswith("gpio: ") and problem.endswith(f"(from {config.origins['gpio']['pins']})")
    assert str(path) in config.origins["gpio"]["pins"]


def test_a_pin_table_from_the_environment_names_the_variable() -> None:
    config = load_config(None, env={"COMPANION_GPIO__PINS": '{ status = "17" }'})
    problem = serve_problems(config)["gpio"]
    assert 'gpio.pins.status = "17" is a string; expected a BCM GPIO number' in problem
    assert problem.endswith("(from env:COMPANION_GPIO__PINS)")


@pytest.mark.parametrize(
    ("table", "said"),
    [
        ({"verdict": {"red": 22, "green": 27, "blue": 16, "active_high": "no"}}, 'active_high = "no" is a string'),
        ({"status": True}, "status = true is a boolean"),
        ({"buttons": {"confirm": 23, "undo": 24, "next": False}}, "buttons.next = false is a boolean"),
    ],
)
def test_wrong_values_are_said_in_toml(table: dict[str, object], said: str) -> None:
    with pytest.raises(PinConfigError) as caught:
        PinMap.from_dict(table)
    assert said in str(caught.value) and "True" not in str(caught.value) and "has type" not in str(caught.value)


def test_toml_spelling_of_tables_and_lists() -> None:
    assert as_toml({"confirm": 23, "on": True, "name": "a"}) == '{ confirm = 23, on = true, name = "a" }'
    assert as_toml([17, "5"]) == '[17, "5"]' and as_toml({}) == "{}"


def test_a_config_error_is_still_raised_by_check_for_serve(tmp_path: Path) -> None:
    from companion.config.serving import check_for_serve

    path = tmp_path / "config.toml"
    path.write_text("[gpio.pins]\nseats = [2, 99]\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"gpio\.pins\.seats\[1\] = 99 is not a usable GPIO.*\(from "):
        check_for_serve(load_config(path, env={}))


def test_every_pin_mistake_of_the_table_is_said_at_once() -> None:
    # A host's tester: seats[3] = 99 was said, and the misspelt button only at the next start.
    table = {"seats": [5, 6, 13, 99], "buttons": {"confirm": 23, "undo": 24, "nxt": 25}, "colour": 3}
    with pytest.raises(PinConfigError) as caught:
        PinMap.from_dict(table)
    said = str(caught.value)
    assert said.startswith("3 problems: gpio.pins has unknown key 'colour'"), said
    assert "gpio.pins.seats[3] = 99 is not a usable GPIO" in said and "gpio.pins.buttons has unknown key 'nxt'" in said
