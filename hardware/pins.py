"""The pin map: which BCM GPIO drives which light or reads which button, checked at start-up.

Default map (BCM numbers), chosen to keep clear of the pins that common HATs claim:
I2C (2, 3), SPI0 (7-11), UART (14, 15), I2S/PCM audio (18-21) and the ID EEPROM (0, 1).

    status light      17
    seat lights       5, 6, 13, 26        (seat 0 .. seat 3)
    verdict RGB LED   red 22, green 27, blue 16
    buttons           confirm 23, undo 24, next 25
    buzzer            none (suggested: 12, a hardware-PWM pin)

Pins 4 and 12 stay free. In the `[gpio.pins]` table every key is optional (an absent key keeps its
default); a sub-table that is given (`verdict`, `buttons`) must be complete.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .errors import PinConfigError

PREFIX = "gpio.pins."
USABLE_PINS = range(2, 28)
MAX_SEATS = 8
BUTTON_NAMES: tuple[str, ...] = ("confirm", "undo", "next")
VERDICT_KINDS: tuple[str, ...] = ("allowed", "refused", "undecided")
RGB_KEYS: tuple[str, ...] = ("red", "green", "blue")
TOP_KEYS: tuple[str, ...] = ("status", "seats", "verdict", "buttons", "buzzer")

VerdictLayout = Literal["rgb", "leds"]
LAYOUT_KEYS: Mapping[str, tuple[str, ...]] = {"rgb": RGB_KEYS, "leds": VERDICT_KINDS}
VERDICT_ALLOWED = (
    "either red, green, blue (one RGB LED) or allowed, refused, undecided (one LED each), "
    "plus an optional active_high = false for LEDs wired to 3V3 (common anode)"
)


def as_toml(value: object) -> str:
    """A setting's value as the TOML file spells it (true, "17", [23, 24]), not as Python does (True, '17')."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {as_toml(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(as_toml(v) for v in value) + "]"
    return str(value)


def kind_of(value: object) -> str:
    """What kind of TOML value a setting's value is, in words ("a string", "a table")."""
    kinds = ((bool, "a boolean"), (int, "a whole number"), (float, "a decimal number"), (str, "a string"))
    for kind, said in kinds:
        if isinstance(value, kind):
            return said
    return "a table" if isinstance(value, Mapping) else "a list" if isinstance(value, Sequence) else "a date or time"


def check_pin(key: str, value: object) -> int:
    """Return value as a pin number, or raise PinConfigError naming the key, the value and the range."""
    # bool is an int subclass; `true` in TOML is surely a typo, not GPIO 1.
    if isinstance(value, bool) or not isinstance(value, int):
        raise PinConfigError(
            f"{PREFIX}{key} = {as_toml(value)} is {kind_of(value)}; "
            f"expected a BCM GPIO number, an integer from {USABLE_PINS[0]} to {USABLE_PINS[-1]}"
        )
    if value not in USABLE_PINS:
        raise PinConfigError(
            f"{PREFIX}{key} = {value} is not a usable GPIO; "
            f"allowed: BCM {USABLE_PINS[0]} to {USABLE_PINS[-1]} on the 40-pin header"
        )
    return value


def _check_table(
    key: str, value: object, allowed: Sequence[str], described: str, optional: Sequence[str] = ()
) -> Mapping[str, object]:
    """Return value as a mapping with every key in allowed (and maybe some optional ones), or raise."""
    if not isinstance(value, Mapping):
        raise PinConfigError(f"{PREFIX}{key} = {as_toml(value)} is {kind_of(value)}; expected a table with {described}")
    unknown = [k for k in value if k not in allowed and k not in optional]
    if unknown:
        raise PinConfigError(f"{PREFIX}{key} has unknown key {unknown[0]!r}; allowed: {described}")
    missing = [k for k in allowed if k not in value]
    if missing:
        raise PinConfigError(f"{PREFIX}{key} is missing {missing[0]!r}; needed: {described}")
    return value


@dataclass(frozen=True)
class VerdictPins:
    """Pins of the verdict signal: one RGB LED (red, green, blue) or one LED per verdict."""

    layout: VerdictLayout = "rgb"
    pins: tuple[int, int, int] = (22, 27, 16)
    active_high: bool = True  # False: common-anode LEDs, lit by pulling the pin low

    def __post_init__(self) -> None:
        if self.layout not in LAYOUT_KEYS:
            raise PinConfigError(f"{PREFIX}verdict layout {self.layout!r} is unknown; allowed: rgb, leds")
        names = LAYOUT_KEYS[self.layout]
        if len(self.pins) != len(names):
            raise PinConfigError(f"{PREFIX}verdict needs {len(names)} pins ({', '.join(names)})")
        for name, pin in zip(names, self.pins, strict=True):
            check_pin(f"verdict.{name}", pin)

    @property
    def is_rgb(self) -> bool:
        """Whether the verdict is one RGB LED rather than three single LEDs."""
        return self.layout == "rgb"

    def named(self) -> dict[str, int]:
        """Pins by their config key: red/green/blue or allowed/refused/undecided."""
        return dict(zip(LAYOUT_KEYS[self.layout], self.pins, strict=True))

    @classmethod
    def from_dict(cls, value: object) -> VerdictPins:
        """Build from the `verdict` sub-table; its key set chooses the layout."""
        keys = set(value) if isinstance(value, Mapping) else set()
        layout: VerdictLayout = "leds" if keys & set(VERDICT_KINDS) else "rgb"
        table = _check_table("verdict", value, LAYOUT_KEYS[layout], VERDICT_ALLOWED, optional=("active_high",))
        pins = tuple(check_pin(f"verdict.{k}", table[k]) for k in LAYOUT_KEYS[layout])
        active_high = table.get("active_high", True)
        if not isinstance(active_high, bool):
            raise PinConfigError(
                f"{PREFIX}verdict.active_high = {as_toml(active_high)} is {kind_of(active_high)}; "
                "allowed: true (LED from pin to ground) or false (LED from 3V3 to pin)"
            )
        return cls(layout, (pins[0], pins[1], pins[2]), active_high)


@dataclass(frozen=True)
class ButtonPins:
    """Pins of the three push buttons (each wired between its pin and ground)."""

    confirm: int = 23
    undo: int = 24
    next: int = 25

    def __post_init__(self) -> None:
        for name, pin in self.named().items():
            check_pin(f"buttons.{name}", pin)

    def named(self) -> dict[str, int]:
        """Pins by button name, in BUTTON_NAMES order."""
        return {"confirm": self.confirm, "undo": self.undo, "next": self.next}

    @classmethod
    def from_dict(cls, value: object) -> ButtonPins:
        """Build from the `buttons` sub-table."""
        table = _check_table("buttons", value, BUTTON_NAMES, ", ".join(BUTTON_NAMES))
        return cls(**{name: check_pin(f"buttons.{name}", table[name]) for name in BUTTON_NAMES})


def _check_seats(value: object) -> tuple[int, ...]:
    """Return the seat pins as a tuple, or raise PinConfigError."""
    described = f"a list of 1 to {MAX_SEATS} BCM GPIO numbers, one per seat"
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise PinConfigError(f"{PREFIX}seats = {as_toml(value)} is {kind_of(value)}; expected {described}")
    if not 1 <= len(value) <= MAX_SEATS:
        raise PinConfigError(f"{PREFIX}seats lists {len(value)} pins; expected {described}")
    return tuple(check_pin(f"seats[{i}]", pin) for i, pin in enumerate(value))


@dataclass(frozen=True)
class PinMap:
    """Which BCM GPIO each device of the table panel uses; always valid once built."""

    status: int = 17
    seats: tuple[int, ...] = (5, 6, 13, 26)
    verdict: VerdictPins = field(default_factory=VerdictPins)
    buttons: ButtonPins = field(default_factory=ButtonPins)
    buzzer: int | None = None

    def __post_init__(self) -> None:
        check_pin("status", self.status)
        _check_seats(self.seats)
        if self.buzzer is not None:
            check_pin("buzzer", self.buzzer)
        owners: dict[int, str] = {}
        for key, pin in self._pairs():
            if pin in owners:
                raise PinConfigError(
                    f"{PREFIX}{key} = {pin} is already used by {PREFIX}{owners[pin]}; "
                    "each pin can serve one device only"
                )
            owners[pin] = key

    def _pairs(self) -> Iterator[tuple[str, int]]:
        """Every (config key, pin) pair, in config order."""
        yield "status", self.status
        yield from ((f"seats[{i}]", pin) for i, pin in enumerate(self.seats))
        yield from ((f"verdict.{k}", pin) for k, pin in self.verdict.named().items())
        yield from ((f"buttons.{k}", pin) for k, pin in self.buttons.named().items())
        if self.buzzer is not None:
            yield "buzzer", self.buzzer

    def pins_in_use(self) -> dict[str, int]:
        """Pin numbers by config key, e.g. {"status": 17, "seats[0]": 5, "verdict.red": 22, ...}."""
        return dict(self._pairs())

    @classmethod
    def from_dict(cls, table: object) -> PinMap:
        """Build from the `[gpio.pins]` TOML table; absent keys keep their defaults."""
        if not isinstance(table, Mapping):
            raise PinConfigError(f"gpio.pins = {as_toml(table)} is {kind_of(table)}; expected a table")
        # Every part is checked, and every mistake said at once: a host fixing one per start took as many starts.
        problems = [
            f"{PREFIX[:-1]} has unknown key {k!r}; allowed: {', '.join(TOP_KEYS)}" for k in table if k not in TOP_KEYS
        ]
        parts: dict[str, object] = {}
        for key, build in _PARTS.items():
            if key in table:
                try:
                    parts[key] = build(table[key])
                except PinConfigError as exc:
                    problems.append(str(exc))
        if len(problems) > 1:
            raise PinConfigError(f"{len(problems)} problems: " + "; ".join(problems))
        if problems:
            raise PinConfigError(problems[0])
        return cls(**parts)  # type: ignore[arg-type]


_PARTS: dict[str, Callable[[object], object]] = {
    "status": lambda value: check_pin("status", value),
    "seats": _check_seats,
    "verdict": VerdictPins.from_dict,
    "buttons": ButtonPins.from_dict,
    "buzzer": lambda value: check_pin("buzzer", value),
}
"""How each part of the `[gpio.pins]` table is read, in the table's order."""

DEFAULT_PIN_MAP = PinMap()
