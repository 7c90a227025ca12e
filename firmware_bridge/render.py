"""Turns an LED state into pixel colours for the ring; shared by the Pico firmware and the virtual device.

Runs under CPython and MicroPython (copied next to main.py): integer maths only, type hints as comments.
The layout is described in PROTOCOL.md ("What the ring shows").
"""

DIM_LEVEL = 48  # other seats glow faintly so players still see where each colour sits
FULL_LEVEL = 255
PULSE_MS = 1200  # one breath of the current seat while the table waits for it
SPIN_MS = 60  # per pixel of the reading spinner
NO_HOST_SPIN_MS = 250
RED = (255, 0, 0)
VERDICT_COLOURS = {"allowed": (0, 255, 0), "refused": (255, 0, 0), "undecided": (255, 120, 0)}


def _scale(colour, level):
    # type: (tuple, int) -> tuple
    return (colour[0] * level // 255, colour[1] * level // 255, colour[2] * level // 255)


def _pulse_level(now_ms):
    # type: (int) -> int
    phase = now_ms % PULSE_MS
    half = PULSE_MS // 2
    rise = phase if phase < half else PULSE_MS - phase  # triangle wave 0..half
    return 64 + (FULL_LEVEL - 64) * rise // half


def segment(seat, seats, led_count):
    # type: (int, int, int) -> tuple
    """Return the (start, end) pixel range of seat when led_count pixels are shared by seats."""
    return (seat * led_count // seats, (seat + 1) * led_count // seats)


def _seat_pixels(leds, led_count, now_ms):
    # type: (object, int, int) -> list
    pixels = [(0, 0, 0)] * led_count
    colours = leds.seat_colours  # type: ignore[attr-defined]
    current = leds.current_seat  # type: ignore[attr-defined]
    is_waiting = leds.is_waiting or leds.status == "waiting"  # type: ignore[attr-defined]
    for seat in range(len(colours)):
        level = DIM_LEVEL
        if seat == current:
            level = _pulse_level(now_ms) if is_waiting else FULL_LEVEL
        start, end = segment(seat, len(colours), led_count)
        for index in range(start, end):
            pixels[index] = _scale(colours[seat], level)
    return pixels


def _current_range(leds, led_count):
    # type: (object, int) -> tuple
    seats = len(leds.seat_colours)  # type: ignore[attr-defined]
    current = leds.current_seat  # type: ignore[attr-defined]
    if current is None or seats == 0:
        return (0, led_count)
    return segment(current, seats, led_count)


def _overlay(pixels, leds, now_ms):
    # type: (list, object, int) -> None
    led_count = len(pixels)
    status = leds.status  # type: ignore[attr-defined]
    start, end = _current_range(leds, led_count)
    if status == "fault" and now_ms % 1000 < 500:
        for index in range(led_count):
            pixels[index] = RED
    elif status == "refused" and now_ms % 500 < 250:
        for index in range(start, end):
            pixels[index] = RED
    elif status == "reading":
        pixels[(now_ms // SPIN_MS) % led_count] = (255, 255, 255)
    verdict = VERDICT_COLOURS.get(leds.verdict)  # type: ignore[attr-defined]
    if verdict is not None and end > start:
        pixels[start] = verdict


def render(leds, led_count, now_ms):
    # type: (object, int, int) -> list
    """Return led_count (r, g, b) tuples for a codec.Leds state at time now_ms; None means no host."""
    if led_count <= 0:
        return []
    if leds is None:
        pixels = [(0, 0, 0)] * led_count
        pixels[(now_ms // NO_HOST_SPIN_MS) % led_count] = (0, 0, 40)
        return pixels
    pixels = _seat_pixels(leds, led_count, now_ms)
    _overlay(pixels, leds, now_ms)
    brightness = leds.brightness  # type: ignore[attr-defined]
    return [_scale(pixel, brightness) for pixel in pixels]
