"""The ring layout (render) and button debouncing, both shared with the firmware."""

from firmware_bridge import codec
from firmware_bridge.debounce import Debouncer
from firmware_bridge.render import DIM_LEVEL, render

RED, BLUE = (255, 0, 0), (0, 0, 255)


def _leds(**changes: object) -> codec.Leds:
    fields: dict = dict(
        generation=0,
        seat_colours=(RED, BLUE),
        current_seat=1,
        is_waiting=False,
        status="ready",
        verdict=None,
        brightness=255,
    )
    fields.update(changes)
    return codec.Leds(**fields)


def test_current_seat_is_bright_and_others_dim() -> None:
    pixels = render(_leds(), 8, 0)
    assert pixels[:4] == [(DIM_LEVEL, 0, 0)] * 4
    assert pixels[4:] == [BLUE] * 4


def test_brightness_scales_every_pixel() -> None:
    assert render(_leds(brightness=0), 8, 0) == [(0, 0, 0)] * 8


def test_waiting_seat_breathes() -> None:
    levels = {render(_leds(is_waiting=True), 8, t)[4][2] for t in range(0, 1200, 100)}
    assert len(levels) > 3 and max(levels) == 255


def test_verdict_marks_the_first_pixel_of_the_current_seat() -> None:
    assert render(_leds(verdict="allowed"), 8, 0)[4] == (0, 255, 0)


def test_fault_blinks_the_whole_ring_red() -> None:
    assert render(_leds(status="fault"), 6, 0) == [RED] * 6
    assert render(_leds(status="fault"), 6, 600) != [RED] * 6


def test_no_host_shows_one_moving_dim_pixel() -> None:
    first, later = render(None, 12, 0), render(None, 12, 250)
    assert sum(p != (0, 0, 0) for p in first) == 1 and first != later


def test_debouncer_ignores_bounces_and_reports_a_press_once() -> None:
    button = Debouncer(stable_ms=20)
    readings = [(False, 0), (True, 1), (False, 3), (True, 5), (True, 15), (True, 26), (True, 40), (False, 45)]
    presses = [t for is_down, t in readings if button.update(is_down, t)]
    assert presses == [26]


def test_debouncer_does_not_report_a_button_held_at_boot() -> None:
    button = Debouncer(stable_ms=20)
    assert not any(button.update(True, t) for t in range(0, 100, 5))
