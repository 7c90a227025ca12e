"""Port discovery: by USB VID:PID, reported by its stable /dev/serial/by-id name; virtual off a Pi."""

from dataclasses import dataclass
from pathlib import Path

import pytest

from firmware_bridge import PortNotFoundError
from firmware_bridge.discovery import default_url, find_port, stable_name
from firmware_bridge.transport import resolve_port


@dataclass
class FakePort:
    device: str
    vid: int | None
    pid: int | None


def test_finds_the_pico_and_prefers_its_by_id_link(tmp_path: Path) -> None:
    tty = tmp_path / "ttyACM1"
    tty.touch()
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    (by_id / "usb-MicroPython_Board_in_FS_mode_e6614c-if00").symlink_to(tty)
    ports = [FakePort(str(tmp_path / "ttyUSB0"), 0x0403, 0x6001), FakePort(str(tty), 0x2E8A, 0x0005)]
    found = find_port(ports=ports, by_id_dir=str(by_id))
    assert found == str(by_id / "usb-MicroPython_Board_in_FS_mode_e6614c-if00")


def test_without_a_by_id_link_the_device_path_is_returned(tmp_path: Path) -> None:
    assert stable_name("/dev/ttyACM0", str(tmp_path / "missing")) == "/dev/ttyACM0"
    assert find_port(ports=[FakePort("/dev/ttyACM0", 0x2E8A, 0x0005)], by_id_dir=str(tmp_path)) == "/dev/ttyACM0"


def test_no_matching_port_gives_none() -> None:
    assert find_port(ports=[FakePort("/dev/ttyS0", None, None)]) is None


def test_explicit_urls_are_used_as_given() -> None:
    assert resolve_port("/dev/serial/by-id/x") == "/dev/serial/by-id/x"


def test_auto_without_a_board_raises_an_os_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("firmware_bridge.transport.find_port", lambda: None)
    with pytest.raises(PortNotFoundError, match="2e8a:0005"):
        resolve_port("auto")
    assert issubclass(PortNotFoundError, OSError)


def test_default_url_is_auto_on_a_pi_and_virtual_elsewhere(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    assert default_url(str(model)) == "auto"
    assert default_url(str(tmp_path / "absent")) == "virtual://"
