"""GPIO lights, buttons and buzzer of the table companion, built on gpiozero (knows nothing of companion)."""

from .buttons import TableButtons
from .errors import (
    DeviceOpenError,
    FactoryConfigError,
    FactoryUnavailableError,
    HardwareError,
    PanelClosedError,
    PinConfigError,
    UnknownSignalError,
)
from .factory import FACTORY_NAMES, FactoryChoice, make_pin_factory
from .panel import TablePanel
from .patterns import BEEP_KINDS, STATUS_STATES, Pattern
from .pins import BUTTON_NAMES, DEFAULT_PIN_MAP, VERDICT_KINDS, ButtonPins, PinMap, VerdictPins

__all__ = [
    "BEEP_KINDS",
    "BUTTON_NAMES",
    "DEFAULT_PIN_MAP",
    "FACTORY_NAMES",
    "STATUS_STATES",
    "VERDICT_KINDS",
    "ButtonPins",
    "DeviceOpenError",
    "FactoryChoice",
    "FactoryConfigError",
    "FactoryUnavailableError",
    "HardwareError",
    "PanelClosedError",
    "Pattern",
    "PinConfigError",
    "PinMap",
    "TableButtons",
    "TablePanel",
    "UnknownSignalError",
    "VerdictPins",
    "make_pin_factory",
]
