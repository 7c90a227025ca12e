"""The real server: events appended over HTTP, read back over SSE, and every acknowledged event surviving
SIGKILL in the middle of a burst of appends."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.cli.logs import replay


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """`python -m companion serve` in its own process group, on a free port and a given data folder."""

    def __init__(self, data_dir: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {
            **os.environ,
            "COMPANION_DATA__DIR": str(data_dir),
            "COMPANION_SERVER__PORT": str(self.port),
            # The log is under test, not the camera: the demo camera's reader would only compete for the CPU
            # (on a loaded two-core machine, enough to miss the burst's deadline).
            "COMPANION_CAMERA__SOURCE": "off",
        }
        self.log = (data_dir / f"server-{self.port}.log").open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve"],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            self._wait_until_up()
        except BaseException:
            self.stop()
            raise

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                self.get("/api/health")
                return
            except OSError:
                if self.process.poll() is not None:
                    self.log.flush()
                    log = Path(self.log.name).read_text()[-3000:]
                    raise RuntimeError(f"server exited with {self.process.returncode}:\n{log}") from None
                time.sleep(0.1)
        raise TimeoutError("the server did not answer within 60 s")

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        request = urllib.request.Request(
            self.base + path, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def kill(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path


def sse_events(base: str, game_id: str, received: list[dict[str, Any]], stop: threading.Event) -> None:
    """Collect the `game` events of a stream until stopped or the server goes away."""
    try:
        with urllib.request.urlopen(f"{base}/stream/games/{game_id}", timeout=30) as stream:
            data: list[str] = []
            for raw in stream:
                line = raw.decode().rstrip("\n")
                if line.startswith("data:"):
                    data.append(line[5:].strip())
                elif not line and data:
                    received.append(json.loads("\n".join(data)))
                    data = []
                if stop.is_set():
                    return
    except (OSError, ValueError, http.client.HTTPException):
        return


def moves() -> Iterator[dict[str, Any]]:
    """Roll, end turn, roll, end turn... with varying dice."""
    value = 0
    while True:
        value = value % 6 + 1
        yield {"type": "move", "move": {"type": "roll", "dice": [{"value": value, "color": "green"}]}}
        yield {"type": "move", "move": {"type": "end_turn"}}


def test_every_acknowledged_event_survives_sigkill_mid_burst(data_dir: Path) -> None:
    server = Server(data_dir)
    try:
        status, created = server.post("/api/games", {"kind": "free_dice", "players": [{"name": "A"}, {"name": "B"}]})
        assert status == 201, created
        game_id = created["game_id"]
        received: list[dict[str, Any]] = []
        stop = threading.Event()
        reader = threading.Thread(target=sse_events, args=(server.base, game_id, received, stop), daemon=True)
        reader.start()
        deadline = time.monotonic() + 15
        while not received and time.monotonic() < deadline:
            time.sleep(0.01)  # the stream replays the game from its start: wait until it is open (a loaded machine)
        acknowledged, last_view = _burst_then_kill(server, game_id)
        stop.set()
        assert len(acknowledged) >= 40
    finally:
        server.stop()

    restarted = Server(data_dir)
    try:
        stored = restarted.get(f"/api/games/{game_id}/events")["events"]
        by_seq = {e["seq"]: e for e in stored}
        for seq, event in acknowledged.items():
            assert by_seq[seq]["payload"] == event["payload"], f"acknowledged event {seq} lost or changed"
        assert len(stored) <= len(acknowledged) + 2  # the start event, and at most one in flight
        view = restarted.get(f"/api/games/{game_id}")
        rebuilt = replay(stored)["view"]
        assert [p["score"] for p in view["players"]] == [p["score"] for p in rebuilt["players"]]
        if len(stored) == len(acknowledged) + 1:
            assert view["players"] == last_view["players"]
            assert view["current_seat"] == last_view["current_seat"]
        streamed = [m["event"] for m in received]
        assert streamed, "nothing arrived over SSE"
        assert streamed == stored[: len(streamed)]
    finally:
        restarted.stop()


def _burst_then_kill(server: Server, game_id: str) -> tuple[dict[int, dict[str, Any]], dict[str, Any]]:
    """Post moves as fast as acknowledged; kill the server once 40 are (or after 30 s) while still posting.

    Returns the acknowledged events by sequence number and the last view a reply carried.
    """
    acknowledged: dict[int, dict[str, Any]] = {}
    last_view: dict[str, Any] = {}

    def burst() -> None:
        for event in moves():
            try:
                status, body = server.post(f"/api/games/{game_id}/events", event)
            except (OSError, http.client.HTTPException):
                # Killed between the reply's headers and its body (`IncompleteRead`): a reply never read in full is
                # no acknowledgement, as for a client whose connection dropped.
                return
            if status != 201:
                return
            acknowledged[body["event"]["seq"]] = body["event"]
            last_view.update(body["view"])

    writer = threading.Thread(target=burst, daemon=True)
    writer.start()
    deadline = time.monotonic() + 30
    while len(acknowledged) < 40 and time.monotonic() < deadline:
        time.sleep(0.005)
    server.kill()  # in the middle of the burst: the writer is still posting
    writer.join(timeout=15)
    return acknowledged, last_view
