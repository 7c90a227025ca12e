"""What the link tells a person when a board answers but cannot be used: a protocol version it does not know, or
bytes that make no frame at all, as a serial line at the wrong speed gives."""

from __future__ import annotations

from firmware_bridge import codec

REFERENCE_BAUDRATE = 115200  # the reference firmware's UART (BAUDRATE in firmware/main.py); its USB port has none
GARBLED_BYTES = 16  # bytes without a valid frame: a boot Welcome read at the wrong speed alone gives 3 to 60
TEXT_SHARE = 0.9  # bytes this much printable text are a console talking (a REPL prompt), not a wrong speed
_TEXT = frozenset(range(0x20, 0x7F)) | {0x09, 0x0A, 0x0D}


class GarbleWatch:
    """Counts the bytes received since the last valid frame; many of them, not text, look like a wrong speed.

    A receiver slower than the sender reads few bytes and no delimiter, a faster one reads runs of 0x00 (empty
    frames, ignored), so the decoder's counters of refused frames alone miss both: the bytes themselves are counted.
    Kept across reopened ports, so sparse garbage (a press resent every 200 ms) still adds up.
    """

    def __init__(self) -> None:
        self.garbage_bytes = 0
        self._text_bytes = 0

    def saw(self, data: bytes, is_frame_valid: bool) -> None:
        """Record bytes just read; is_frame_valid: at least one valid frame came with them."""
        if is_frame_valid:
            self.garbage_bytes = self._text_bytes = 0
            return
        self.garbage_bytes += len(data)
        self._text_bytes += sum(1 for byte in data if byte in _TEXT)

    def is_garbled(self) -> bool:
        """Return whether what arrived since the last valid frame looks like a speed mismatch."""
        if self.garbage_bytes < GARBLED_BYTES:
            return False
        return self._text_bytes < TEXT_SHARE * self.garbage_bytes


def speed_mismatch(port: str | None, garbage_bytes: int, baudrate: int, baudrate_key: str) -> str:
    """Return the plain words for bytes that make no frame: the speed may be wrong, and which setting to change."""
    return (
        f"{port} sends bytes that make no frame ({garbage_bytes} bytes and not one valid frame): the link's speed may"
        f" not match the firmware's. This service opens it at {baudrate} baud ({baudrate_key}); set {baudrate_key} to"
        f" the speed the board's firmware uses ({REFERENCE_BAUDRATE} for the reference firmware's UART, BAUDRATE in"
        " firmware_bridge/firmware/main.py), or check the serial wiring"
    )


def no_answer(port: str | None, timeout_s: float, garbage_bytes: int, baudrate: int, baudrate_key: str) -> str:
    """Return the plain words for a board that gave no handshake answer: not the companion's board, no firmware, or a
    speed that does not match (a board that hears garbled Hellos says nothing back, so silence can be a wrong speed
    too; bytes that make no frame, fewer than GARBLED_BYTES, make it likelier and are said)."""
    sent = f", and the {garbage_bytes} bytes it sent make no frame" if garbage_bytes else ""
    return (
        f"{port} gave no handshake answer within {timeout_s:.1f} s{sent}: is it the companion's board, with its"
        f" firmware, and does its speed match this service's {baudrate} baud ({baudrate_key}; {REFERENCE_BAUDRATE}"
        " for the reference firmware's UART, any for its USB port)?"
    )


def version_mismatch(port: str | None, version: int, firmware: str) -> str:
    """Return the plain words for a board of another protocol version: who must be updated, the service or the board."""
    known = codec.PROTOCOL_VERSION
    named = f"firmware {firmware!r}" if firmware else "firmware unknown: its Welcome is laid out in that version"
    board = f"the board on {port} speaks protocol version {version} ({named})"
    flash = "flash the companion's reference firmware onto the board (firmware_bridge/firmware, see PROTOCOL.md)"
    if version > known:
        return (
            f"{board} but this companion speaks version {known}, the newest it knows: update the companion (this"
            f" service) to a release that knows version {version}, or else {flash}"
        )
    return (
        f"{board}, older than the version {known} this companion speaks: update the board's firmware, that is {flash}"
    )
