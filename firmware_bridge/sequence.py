"""Host-side sequencing of button events: deliver each exactly once, in order, across reconnects."""

from __future__ import annotations

from dataclasses import dataclass

from firmware_bridge.codec import seq_after


@dataclass(frozen=True)
class Verdict:
    """What to do with one received button event: deliver it or not, and which seq to acknowledge."""

    is_new: bool
    ack_seq: int


class EventSequencer:
    """Go-back-N receiver: accepts only the next expected seq, acknowledges cumulatively."""

    def __init__(self) -> None:
        self.boot_id: int | None = None
        self.duplicates = 0
        self.out_of_order = 0
        self.lost = 0
        self._expected: int | None = None

    def on_welcome(self, boot_id: int, base_seq: int) -> None:
        """Adopt the device's numbering after a handshake; a new boot id means its memory was reset."""
        if boot_id != self.boot_id or self._expected is None:
            self.boot_id = boot_id
            self._expected = base_seq
            return
        self._skip_to(base_seq)

    def accept(self, seq: int, base_seq: int) -> Verdict | None:
        """Return what to do with event seq, or None before any handshake (the device will resend)."""
        if self._expected is None:
            return None
        self._skip_to(base_seq)
        distance = seq_after(seq, self._expected)
        if distance == 0:
            self._expected = (seq + 1) & 0xFFFF
            return Verdict(is_new=True, ack_seq=seq)
        if distance > 0:
            self.out_of_order += 1  # a gap: an earlier event was lost on the wire and will be resent
        else:
            self.duplicates += 1  # already delivered; our ack was lost, so acknowledge again
        return Verdict(is_new=False, ack_seq=(self._expected - 1) & 0xFFFF)

    def _skip_to(self, base_seq: int) -> None:
        # The device dropped events it could no longer hold; waiting for them would stall forever.
        assert self._expected is not None
        missing = seq_after(base_seq, self._expected)
        if missing > 0:
            self.lost += missing
            self._expected = base_seq
