"""Finds the microcontroller's serial port by a stable name: USB VID:PID, then its /dev/serial/by-id link."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Protocol

from serial.tools import list_ports

# Raspberry Pi Pico running MicroPython, USB CDC (Raspberry Pi's vendor id 0x2E8A, MicroPython's pid 0x0005).
PICO_USB_IDS: tuple[tuple[int, int], ...] = ((0x2E8A, 0x0005),)
BY_ID_DIR = "/dev/serial/by-id"
PI_MODEL_PATH = "/proc/device-tree/model"


class PortInfo(Protocol):
    """The fields of serial.tools.list_ports' ListPortInfo that discovery reads."""

    device: str
    vid: int | None
    pid: int | None


def stable_name(device: str, by_id_dir: str = BY_ID_DIR) -> str:
    """Return the /dev/serial/by-id link pointing at device (stable across replugs), else device itself."""
    try:
        entries = sorted(os.listdir(by_id_dir))
    except OSError:
        return device
    target = os.path.realpath(device)
    for entry in entries:
        link = os.path.join(by_id_dir, entry)
        if os.path.realpath(link) == target:
            return link
    return device


def find_port(
    usb_ids: Sequence[tuple[int, int]] = PICO_USB_IDS,
    *,
    ports: Iterable[PortInfo] | None = None,
    by_id_dir: str = BY_ID_DIR,
) -> str | None:
    """Return the stable path of the first port whose USB VID:PID is in usb_ids, or None."""
    candidates = list(list_ports.comports()) if ports is None else list(ports)
    for port in sorted(candidates, key=lambda p: p.device):
        if (port.vid, port.pid) in usb_ids:
            return stable_name(port.device, by_id_dir)
    return None


def is_raspberry_pi(model_path: str = PI_MODEL_PATH) -> bool:
    """Return whether this machine reports itself as a Raspberry Pi (device-tree model string)."""
    try:
        return "Raspberry Pi" in Path(model_path).read_text(errors="replace")
    except OSError:
        return False


def default_url(model_path: str = PI_MODEL_PATH) -> str:
    """Return "auto" (find the real board) on a Raspberry Pi, "virtual://" anywhere else."""
    return "auto" if is_raspberry_pi(model_path) else "virtual://"
