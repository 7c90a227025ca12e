"""`companion serve`: the service and its dashboard under waitress, until SIGINT or SIGTERM."""

from __future__ import annotations

import logging
import signal
import threading
from types import FrameType

from companion.config import Config
from companion.events.owner import owning
from companion.web import create_app
from companion.web.app import settings_from
from companion.web.server import announce_reach, make_server
from companion.wiring import build_service
from vision.reader.heap import keep_heap

log = logging.getLogger(__name__)


def serve_forever(config: Config) -> int:
    """Build the service, serve the dashboard, and close everything cleanly on a stop signal; refused (see
    events.owner) while another service serves the same data directory."""
    data_dir = config.data_dir()
    data_dir.mkdir(parents=True, exist_ok=True)
    with owning(data_dir):
        return _serve(config)


def _serve(config: Config) -> int:
    # Each frame read allocates a few MB of scratch arrays: keep them in the heap rather than fault them in anew.
    log.debug("reader memory: malloc thresholds %s", "kept (vision.reader.heap)" if keep_heap() else "left as they are")
    service = build_service(config)
    host, port = config.get("server", "host"), config.get("server", "port")
    app = create_app(config=settings_from(config), services=service)
    server = make_server(app, host, port, threads=config.get("server", "threads"))
    stopping = threading.Event()

    def stop(signum: int, frame: FrameType | None) -> None:
        if not stopping.is_set():
            stopping.set()
            log.info("stopping on signal %d", signum)
            server.close()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    log.info("dashboard on http://%s:%d/ (data in %s)", host, port, config.data_dir())
    announce_reach(app)  # phones cannot open it on a loopback address: say so, and what lets them in
    try:
        server.run()
    except OSError:
        if not stopping.is_set():
            raise
    finally:
        service.close()
    return 0
