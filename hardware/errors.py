"""Errors raised by the hardware package; every one derives from HardwareError."""


class HardwareError(Exception):
    """Root of every error the hardware package raises on purpose."""


class PinConfigError(HardwareError, ValueError):
    """The `[gpio.pins]` table is malformed: unknown key, wrong type, bad or repeated pin."""


class FactoryConfigError(HardwareError, ValueError):
    """The configured pin factory name is not one this package knows."""


class FactoryUnavailableError(HardwareError, OSError):
    """A known pin factory cannot run here (library missing or not on a Raspberry Pi)."""


class DeviceOpenError(HardwareError, OSError):
    """A GPIO device could not be opened on its pin (pin busy, permission, driver error)."""


class UnknownSignalError(HardwareError, ValueError):
    """A status, verdict, beep or seat name that the panel does not know."""


class PanelClosedError(HardwareError, RuntimeError):
    """The panel was used after close(): legal input, but not possible any more."""
