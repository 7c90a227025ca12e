"""Button debouncing for the firmware (MicroPython and CPython): a press counts once the pin is stable."""

try:
    from firmware_bridge.device_core import ticks_diff
except ImportError:  # on the board the shared modules sit flat beside main.py
    from device_core import ticks_diff  # type: ignore[no-redef]

STABLE_MS = 20  # contacts of cheap tactile switches bounce for a few ms; 20 ms is still instant to a player


class Debouncer:
    """Tracks one button; update() answers True exactly once per confirmed press."""

    def __init__(self, stable_ms=STABLE_MS):
        # type: (int) -> None
        self.stable_ms = stable_ms
        self.is_pressed = False
        self._raw = False
        self._changed_ms = None  # type: int | None

    def update(self, is_down, now_ms):
        # type: (bool, int) -> bool
        """Feed the raw pin reading at now_ms; return True when a new press has just been confirmed."""
        if self._changed_ms is None:
            self.is_pressed = is_down  # a button already held at boot is not a press
        if is_down != self._raw or self._changed_ms is None:
            self._raw = is_down
            self._changed_ms = now_ms
            return False
        if is_down == self.is_pressed or ticks_diff(now_ms, self._changed_ms) < self.stable_ms:
            return False
        self.is_pressed = is_down
        return is_down
