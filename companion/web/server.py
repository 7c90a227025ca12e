"""Serving the app with waitress, tuned for long-lived streams.

Each open stream (SSE or MJPEG) holds one of waitress's `threads` for as long as the client watches, so the
app caps streams at MAX_STREAMS (set it to threads - 2 so pages and the API always find a thread; 503
beyond). `channel_request_lookahead=1` lets waitress notice a client that went away while its stream runs
(the streams check `waitress.client_disconnected` every second and end). `outbuf_high_watermark` bounds
what waitress buffers for a slow client: past it the stream's thread waits, and the streams send only the
newest data when they resume, so memory does not grow.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import struct
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask
from waitress import wasyncore
from waitress.server import create_server

from companion.web.context import SLOTS

log = logging.getLogger(__name__)

OUTBUF_HIGH_WATERMARK = 512 * 1024
"""Bytes waitress may hold for one slow client (a few camera frames)."""


def make_server(app: Flask, host: str = "127.0.0.1", port: int = 8321, threads: int = 8, **options: Any) -> Any:
    """A waitress server for the app (call .run() to serve, .close() to stop); port 0 picks a free port."""
    limit = app.extensions[SLOTS].limit
    if limit >= threads:
        log.warning("MAX_STREAMS=%d is not below threads=%d: open streams could starve the pages", limit, threads)
    settings: dict[str, Any] = {
        "threads": threads,
        "channel_request_lookahead": 1,
        "outbuf_high_watermark": OUTBUF_HIGH_WATERMARK,
        "channel_timeout": 60,
        "connection_limit": 100,
        "ident": "dice-companion",
    }
    settings.update(options)
    server = create_server(app, host=host, port=port, **settings)
    # The health page says who can open the dashboard (its template reads config.LISTENING).
    app.config["LISTENING"] = listening(host, getattr(server, "effective_port", port))
    return server


def serve(app: Flask, host: str = "127.0.0.1", port: int = 8321, threads: int = 8) -> None:
    """Serve the app until interrupted."""
    server = make_server(app, host, port, threads)
    log.info("dashboard on http://%s:%s/", host, port)
    announce_reach(app)
    try:
        server.run()
    finally:
        server.close()


def announce_reach(app: Flask) -> None:
    """Log who can open the dashboard of a made server (see Listening.said), when the "dashboard on" line does not
    say it."""
    said = app.config["LISTENING"].said()
    if said:
        log.info("%s", said)


def serve_in_thread(server: Any, timeout: float = 5.0) -> Callable[[], None]:
    """Run a made server on a daemon thread; returns the function that stops it and waits for it.

    The sockets are closed by the server's own loop (through its trigger): closed from another thread, they
    could vanish under the loop's select() and end the thread on "bad file descriptor".
    """
    thread = threading.Thread(target=server.run, daemon=True, name="waitress")
    thread.start()

    def stop() -> None:
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        thread.join(timeout)
        server.task_dispatcher.shutdown(timeout=timeout)

    return stop


@dataclass(frozen=True)
class Listening:
    """Where the dashboard listens, and so which devices can open it: only this machine (a loopback address),
    every device of its networks (0.0.0.0, ::) or those that reach one address of it."""

    host: str
    port: int
    is_loopback: bool
    is_every_address: bool

    def phone_urls(self) -> list[str]:
        """The addresses other devices (phones, the tablet) can open; looked up anew, as a Pi may join a network
        after the service started."""
        if self.is_loopback:
            return []
        if not self.is_every_address:
            host = f"[{self.host}]" if ":" in self.host and not self.host.startswith("[") else self.host
            return [f"http://{host}:{self.port}/"]
        return [f"http://{address}:{self.port}/" for address in lan_addresses()]

    def said(self) -> str | None:
        """One line for the start log: who can open the dashboard, and what lets phones in when nothing does;
        None for one address of this machine's, which the log's "dashboard on" line names already."""
        if self.is_loopback:
            return (
                f"only this machine can open the dashboard: other devices (phones, the tablet) cannot reach "
                f'{self.host}; set server.host = "0.0.0.0" (or --host 0.0.0.0) to let them in'
            )
        if not self.is_every_address:
            return None
        urls = self.phone_urls()
        if urls:
            return "phones and the tablet can open " + " or ".join(urls)
        return (
            f"no network address found on this machine yet: once it is on the network, phones can open "
            f"http://<its address>:{self.port}/"
        )


def listening(host: str, port: int) -> Listening:
    """Where a server on `host` listens; a host name is looked up once (raspberrypi is 127.0.1.1 on Debian)."""
    try:
        address = ipaddress.ip_address(host[1:-1] if host.startswith("[") and host.endswith("]") else host)
        return Listening(host, port, address.is_loopback, address.is_unspecified)
    except ValueError:
        pass
    try:
        found = {info[4][0] for info in socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)}
    except OSError:  # a name that does not resolve: waitress says so when it binds
        found = set()
    is_loopback = bool(found) and all(ipaddress.ip_address(str(a).split("%")[0]).is_loopback for a in found)
    return Listening(host, port, is_loopback or host == "localhost", host == "")


_SIOCGIFADDR = 0x8915
"""Linux's ioctl asking a network interface for its IPv4 address (linux/sockios.h)."""


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback ones: each network interface's (Linux), else those its
    host name resolves to."""
    found: list[str] = []
    for address in _interface_addresses() if sys.platform == "linux" else _host_name_addresses():
        if not ipaddress.ip_address(address).is_loopback and address not in found:
            found.append(address)
    return found


def _interface_addresses() -> list[str]:
    import fcntl

    addresses = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            try:
                asked = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:  # an interface without an IPv4 address, or one that went away
                continue
            addresses.append(socket.inet_ntoa(asked[20:24]))
    return addresses


def _host_name_addresses() -> list[str]:
    try:
        return [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        return []
