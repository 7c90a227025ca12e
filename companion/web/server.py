"""Serving the app with waitress, tuned for long-lived streams.

Each open stream (SSE or MJPEG) holds one of waitress's `threads` for as long as the client watches, so the
app caps streams at MAX_STREAMS (set it to threads - 2 so pages and the API always find a thread; 503
beyond). `channel_request_lookahead=1` lets waitress notice a client that went away while its stream runs
(the streams check `waitress.client_disconnected` every second and end). `outbuf_high_watermark` bounds
what waitress buffers for a slow client: past it the stream's thread waits, and the streams send only the
newest data when they resume, so memory does not grow.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
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
    return create_server(app, host=host, port=port, **settings)


def serve(app: Flask, host: str = "127.0.0.1", port: int = 8321, threads: int = 8) -> None:
    """Serve the app until interrupted."""
    server = make_server(app, host, port, threads)
    log.info("dashboard on http://%s:%s/", host, port)
    try:
        server.run()
    finally:
        server.close()


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
