"""Prints the microcontroller link's round-trip latency and reconnect time over a pseudo-terminal.

Targets (product issue): round-trip p99 < 5 ms; reconnect < 2 s after the port returns.
Run: python benchmarks/bridge_bench.py [--samples 2000] [--outages 8]
"""

from __future__ import annotations

import argparse
import logging
import statistics
import tempfile
import threading
import time
from pathlib import Path

from firmware_bridge import Bridge, LedState
from firmware_bridge.fake_device import PtyDevice

SEATS = ((255, 0, 0), (0, 0, 255), (0, 255, 0), (255, 255, 0))


def percentile(values: list[float], fraction: float) -> float:
    """Return the value below which fraction of values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def describe(name: str, values_s: list[float], unit: str = "ms", scale: float = 1000.0) -> str:
    """Return one line: median, p99 and max of values_s."""
    median = statistics.median(values_s) * scale
    return (
        f"{name}: n={len(values_s)} median={median:.3f} {unit} "
        f"p99={percentile(values_s, 0.99) * scale:.3f} {unit} max={max(values_s) * scale:.3f} {unit}"
    )


def wait_connected(bridge: Bridge, timeout_s: float) -> bool:
    """Poll until the bridge reports connected and LED-synced."""
    deadline = time.perf_counter() + timeout_s
    while time.perf_counter() < deadline:
        if bridge.status()["connected"] and bridge.wait_until_synced(0):
            return True
        time.sleep(0.0005)
    return False


def measure_led_round_trips(bridge: Bridge, samples: int) -> list[float]:
    """Return seconds from set_leds() to the device's acknowledgement, per sample."""
    times = []
    for index in range(samples):
        state = LedState(seat_colours=SEATS, current_seat=index % 4, brightness=index % 256)
        start = time.perf_counter()
        bridge.set_leds(state)
        if not bridge.wait_until_synced(1.0):
            raise SystemExit(f"LED state {index} was not acknowledged within 1 s")
        times.append(time.perf_counter() - start)
    return times


def measure_button_latency(device: PtyDevice, pressed: threading.Event, samples: int) -> list[float]:
    """Return seconds from a press on the device to the host's on_button callback, per sample."""
    times = []
    for _ in range(samples):
        pressed.clear()
        start = time.perf_counter()
        device.press("confirm")
        if not pressed.wait(1.0):
            raise SystemExit("a button press was not delivered within 1 s")
        times.append(time.perf_counter() - start)
    return times


def measure_reconnects(bridge: Bridge, device: PtyDevice, outages_s: list[float]) -> list[float]:
    """Return seconds from the port's return to connected + LED state re-sent, per outage."""
    times = []
    for outage in outages_s:
        device.unplug()
        time.sleep(outage)
        start = time.perf_counter()
        device.plug(is_rebooted=True)
        if not wait_connected(bridge, 10.0):
            raise SystemExit(f"no reconnection within 10 s after a {outage} s outage")
        times.append(time.perf_counter() - start)
    return times


def report(bridge: Bridge, device: PtyDevice, pressed: threading.Event, samples: int, outages: int) -> None:
    """Run the three measurements on a connected bridge and print the figures."""
    bridge.set_leds(LedState(seat_colours=SEATS, current_seat=0))
    if not wait_connected(bridge, 5.0):
        raise SystemExit("the bridge did not connect to the fake device")
    print("bridge benchmark over a pseudo-terminal, default Bridge timings (backoff 0.05..1.0 s)")
    print(describe("LED state round trip (set_leds -> ack)", measure_led_round_trips(bridge, samples)))
    print(describe("button press -> on_button", measure_button_latency(device, pressed, samples // 4)))
    gaps = [0.1, 0.5, 1.0, 3.0][: max(1, outages)] * max(1, outages // 4)
    print(describe("reconnect after the port returns", measure_reconnects(bridge, device, gaps), "s", 1.0))
    status = bridge.status()
    print(f"reconnects={status['reconnects']} errors={ {k: v for k, v in status['errors'].items() if v} }")


def main() -> None:
    """Parse the options, start a fake board and a Bridge with default timings, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--outages", type=int, default=8)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    pressed = threading.Event()
    with (
        tempfile.TemporaryDirectory() as folder,
        PtyDevice(Path(folder) / "usb-fake-pico") as device,
        Bridge(str(device.link_path), lambda name, seq: pressed.set()) as bridge,
    ):
        bridge.start()
        report(bridge, device, pressed, args.samples, args.outages)


if __name__ == "__main__":
    main()
