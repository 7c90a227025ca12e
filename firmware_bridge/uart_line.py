"""What a UART receiving at one speed reads from bytes sent at another: the fake board's wrong-baud wire."""

from __future__ import annotations

import re
import termios

FRAME_BITS = 10  # 8N1: a start bit (low), 8 data bits least significant first, a stop bit (high)

TERMIOS_SPEEDS = {getattr(termios, name): int(name[1:]) for name in dir(termios) if re.fullmatch(r"B\d+", name)}
"""Baud rate of each termios speed code (termios.B9600 -> 9600), to read the speed a host set on a pty."""


def _levels(data: bytes) -> list[int]:
    levels: list[int] = []
    for byte in data:
        levels += [0, *((byte >> bit) & 1 for bit in range(8)), 1]
    return levels


def resample(data: bytes, sent_baud: int, read_baud: int) -> bytes:
    """Return the bytes a receiver at read_baud reads from data sent back to back at sent_baud (8N1).

    The receiver starts a byte on a low line and samples the middle of each of its own bits. A byte whose stop bit
    reads low (a framing error) is handed over as read, as Linux does with parity checks off (pyserial's default).
    """
    if sent_baud == read_baud:
        return bytes(data)
    levels = _levels(data)
    # Times are in units of 1 / (sent_baud * read_baud) s, so that both bit lengths are whole numbers.
    sent_bit, read_bit, end = read_baud, sent_baud, len(levels) * read_baud

    def level(time: int) -> int:
        index = time // sent_bit
        return levels[index] if index < len(levels) else 1  # after the data the line idles high

    out = bytearray()
    time = 0
    while time < end:
        if level(time) == 1 or level(time + read_bit // 2) == 1:  # idle, or too short a low to be a start bit
            time = (time // sent_bit + 1) * sent_bit  # the line changes only where a sent bit starts
            continue
        samples = [level(time + (2 * bit + 1) * read_bit // 2) for bit in range(FRAME_BITS)]
        out.append(sum(samples[1 + bit] << bit for bit in range(8)))
        time += (2 * FRAME_BITS - 1) * read_bit // 2  # the middle of the stop bit: ready for the next start
        while time < end and level(time) == 0:  # a framing error: wait for the line to go high again
            time = (time // sent_bit + 1) * sent_bit
    return bytes(out)
