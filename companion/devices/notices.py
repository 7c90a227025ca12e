"""Built-in defaults in use (replay camera, mock pins, virtual microcontroller): announced, never silent."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("companion.defaults")


@dataclass(frozen=True)
class DeviceChoice:
    """Which implementation a device uses and why; `is_stand_in` marks a mock, virtual or replay one, `is_off` one
    switched off by the configuration (neither a stand-in nor missing: nothing is wanted in its place). `reason`
    says why in words for the log and `companion doctor`; `why` is the catalogue key saying it on the health page
    (its `why_params` filled in), in the reader's language. `failure`: why the device chosen could not be opened."""

    device: str
    implementation: str
    reason: str
    is_stand_in: bool
    is_announced: bool = False
    why: str = ""
    why_params: Mapping[str, Any] = field(default_factory=dict)
    failure: str = ""
    is_off: bool = False
    is_asked: bool = False
    """A stand-in the configuration asked for by name (a folder of the owner's pictures, the virtual board), not one
    taken for want of a device: the health page does not call it built-in."""

    def announce(self) -> None:
        """Log the choice once: a warning for a stand-in, info for real hardware or a device switched off."""
        if self.is_announced:
            return
        if self.is_off:
            log.info("%s: off (%s)", self.device, self.reason)
        elif self.is_stand_in:
            log.warning("%s: using %s (%s)", self.device, self.implementation, self.reason)
        else:
            log.info("%s: using %s (%s)", self.device, self.implementation, self.reason)

    def to_dict(self) -> dict[str, Any]:
        """JSON form for the health page."""
        return {
            "device": self.device,
            "implementation": self.implementation,
            "reason": self.reason,
            "why": {"key": self.why, "params": dict(self.why_params)} if self.why else None,
            "failure": self.failure or None,
            "is_stand_in": self.is_stand_in,
            "is_off": self.is_off,
            "is_asked": self.is_asked,
        }
