"""Reference firmware for the table's Raspberry Pi Pico (MicroPython): WS2812 ring + buttons, one serial link.

Deploy (see ../PROTOCOL.md): copy codec.py, device_core.py, render.py and debounce.py from firmware_bridge/
beside this file on the board, e.g. `mpremote cp firmware_bridge/codec.py :codec.py`, then this file as
:main.py. The protocol logic lives in those shared modules (tested under CPython); this file is only the
hardware glue: pins, the serial link, the LED strip, the main loop.
"""

import os
import sys
import time

import machine
import micropython
import neopixel

try:  # on the board the shared modules sit flat beside main.py; under CPython tests they are the package's
    from firmware_bridge import debounce, device_core, render
except ImportError:
    import debounce  # type: ignore[no-redef]
    import device_core  # type: ignore[no-redef]
    import render  # type: ignore[no-redef]

FIRMWARE = "pico-ring-1.0"
LED_PIN = 16  # WS2812 data in (through a 3.3 V -> 5 V level shifter for long strips)
LED_COUNT = 24
BUTTON_PINS = (("confirm", 10), ("undo", 11), ("next", 12))  # to GND, internal pull-ups
MAINTENANCE_BUTTON = "undo"  # held while plugging in: leave the REPL free instead of running the link
LINK = "usb"  # "usb" (the USB CDC serial the host sees as /dev/ttyACM*) or "uart"
UART_ID, UART_TX, UART_RX, BAUDRATE = 0, 0, 1, 115200
RETRANSMIT_MS = 200
FRAME_MS = 20  # redraw the ring at 50 Hz: smooth pulses, and the strip write (~1 ms) stays short
HOST_TIMEOUT_MS = 3000
WATCHDOG_MS = 4000  # a hung loop reboots the board; the host then re-sends the full state
READ_CHUNK = 64


class UsbLink:
    """The USB CDC serial (MicroPython's stdin/stdout), read without blocking."""

    def __init__(self):
        import select

        micropython.kbd_intr(-1)  # binary frames contain 0x03: it must not raise KeyboardInterrupt
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._input = sys.stdin.buffer
        self._output = sys.stdout.buffer

    def read_available(self):
        data = bytearray()
        while len(data) < READ_CHUNK and self._poll.poll(0):
            data.extend(self._input.read(1))
        return bytes(data)

    def write(self, data):
        if data:
            self._output.write(data)


class UartLink:
    """A hardware UART, e.g. to the Pi's GPIO 14/15."""

    def __init__(self):
        self._uart = machine.UART(
            UART_ID, baudrate=BAUDRATE, tx=machine.Pin(UART_TX), rx=machine.Pin(UART_RX), rxbuf=512
        )

    def read_available(self):
        waiting = self._uart.any()
        return (self._uart.read(min(waiting, READ_CHUNK)) or b"") if waiting else b""

    def write(self, data):
        if data:
            self._uart.write(data)


def new_boot_id():
    """Return 32 random bits: the host learns from a new value that this board's memory was reset."""
    try:
        return int.from_bytes(os.urandom(4), "big")
    except (AttributeError, NotImplementedError):
        return time.ticks_us() & 0xFFFFFFFF  # type: ignore[attr-defined]  # MicroPython only


class Firmware:
    """One board: polls the link and the buttons, answers through DeviceCore, redraws the ring."""

    def __init__(self, link, strip, buttons, boot_id):
        self.link = link
        self.strip = strip
        self.buttons = [(name, pin, debounce.Debouncer()) for name, pin in buttons]
        self.core = device_core.DeviceCore(FIRMWARE, len(strip), boot_id, RETRANSMIT_MS)
        self.faults = 0
        self._drawn_ms = None
        link.write(self.core.announce())

    def step(self, now_ms):
        """Do one pass of the main loop at now_ms."""
        data = self.link.read_available()
        if data:
            self.link.write(self.core.receive(data, now_ms))
        for name, pin, debouncer in self.buttons:
            if debouncer.update(pin.value() == 0, now_ms):
                self.link.write(self.core.press(name, now_ms))
        self.link.write(self.core.poll(now_ms))
        if self._drawn_ms is None or device_core.ticks_diff(now_ms, self._drawn_ms) >= FRAME_MS:
            self._drawn_ms = now_ms
            self.draw(now_ms)

    def draw(self, now_ms):
        """Show the host's state, or the "no host" pattern when the host has been silent too long."""
        is_alive = self.core.is_host_alive(now_ms, HOST_TIMEOUT_MS)
        pixels = render.render(self.core.leds if is_alive else None, len(self.strip), now_ms)
        for index, colour in enumerate(pixels):
            self.strip[index] = colour
        self.strip.write()


def _buttons():
    return [(name, machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP)) for name, pin in BUTTON_PINS]


def _is_maintenance_requested(buttons):
    return any(name == MAINTENANCE_BUTTON and pin.value() == 0 for name, pin in buttons)


def run():
    """Run the firmware forever (unless the maintenance button is held at power-up)."""
    buttons = _buttons()
    if _is_maintenance_requested(buttons):
        return  # leave the REPL on USB so mpremote can update the files
    link = UsbLink() if LINK == "usb" else UartLink()
    strip = neopixel.NeoPixel(machine.Pin(LED_PIN), LED_COUNT)
    firmware = Firmware(link, strip, buttons, new_boot_id())
    watchdog = machine.WDT(timeout=WATCHDOG_MS)
    while True:
        watchdog.feed()
        try:
            firmware.step(time.ticks_ms())  # type: ignore[attr-defined]
        except Exception:  # never die on one bad pass: printing would corrupt the link, so only count
            firmware.faults += 1
        time.sleep_ms(2)  # type: ignore[attr-defined]


if __name__ == "__main__":
    run()
