"""EventSequencer: each button event delivered once and in order, across reconnects and reboots."""

from firmware_bridge.sequence import EventSequencer


def _delivered(sequencer: EventSequencer, events: list[tuple[int, int]]) -> list[int]:
    out = []
    for seq, base in events:
        verdict = sequencer.accept(seq, base)
        if verdict is not None and verdict.is_new:
            out.append(seq)
    return out


def test_events_before_any_handshake_are_ignored() -> None:
    assert EventSequencer().accept(0, 0) is None


def test_in_order_events_are_delivered_and_acknowledged() -> None:
    sequencer = EventSequencer()
    sequencer.on_welcome(boot_id=1, base_seq=10)
    verdict = sequencer.accept(10, 10)
    assert verdict is not None and verdict.is_new and verdict.ack_seq == 10
    assert _delivered(sequencer, [(11, 11), (12, 12)]) == [11, 12]


def test_duplicates_are_reacknowledged_but_not_delivered() -> None:
    sequencer = EventSequencer()
    sequencer.on_welcome(1, 0)
    assert _delivered(sequencer, [(0, 0), (0, 0), (1, 0), (0, 0), (1, 0)]) == [0, 1]
    assert sequencer.duplicates == 3
    verdict = sequencer.accept(0, 0)
    assert verdict is not None and verdict.ack_seq == 1


def test_a_gap_waits_for_the_resent_event_so_order_is_kept() -> None:
    sequencer = EventSequencer()
    sequencer.on_welcome(1, 0)
    assert _delivered(sequencer, [(1, 0), (2, 0), (0, 0), (1, 1), (2, 1)]) == [0, 1, 2]
    assert sequencer.out_of_order == 2


def test_same_boot_after_reconnect_keeps_dedup_state() -> None:
    sequencer = EventSequencer()
    sequencer.on_welcome(9, 0)
    _delivered(sequencer, [(0, 0), (1, 0)])
    sequencer.on_welcome(9, 1)  # device still holds event 1 because our ack was lost
    assert _delivered(sequencer, [(1, 1), (2, 1)]) == [2]


def test_new_boot_restarts_numbering() -> None:
    sequencer = EventSequencer()
    sequencer.on_welcome(9, 0)
    _delivered(sequencer, [(0, 0), (1, 0)])
    sequencer.on_welcome(10, 0)
    assert _delivered(sequencer, [(0, 0)]) == [0]


def test_events_dropped_by_the_device_are_skipped_and_counted() -> None:
    sequencer = EventSequencer()
    sequencer.on_welcome(1, 0)
    assert _delivered(sequencer, [(5, 5)]) == [5]
    assert sequencer.lost == 5


def test_numbering_wraps_around_65535() -> None:
    sequencer = EventSequencer()
    sequencer.on_welcome(1, 65534)
    assert _delivered(sequencer, [(65534, 65534), (65535, 65535), (0, 0), (65535, 0)]) == [65534, 65535, 0]
