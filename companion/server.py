"""`companion serve`: the service and its dashboard under waitress, until SIGINT or SIGTERM."""

from __future__ import annotations

import errno
import logging
import signal
import threading
from pathlib import Path
from types import FrameType

from companion.config import Config
from companion.errors import ConfigError, ListenError
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
    data_dir = usable_data_dir(config)
    with owning(data_dir):
        return _serve(config)


def _serve(config: Config) -> int:
    # Each frame read allocates a few MB of scratch arrays: keep them in the heap rather than fault them in anew.
    log.debug("reader memory: malloc thresholds %s", "kept (vision.reader.heap)" if keep_heap() else "left as they are")
    service = build_service(config)
    host, port = config.get("server", "host"), config.get("server", "port")
    try:
        app = create_app(config=settings_from(config), services=service)
        server = make_server(app, host, port, threads=config.get("server", "threads"))
    except OSError as exc:
        # Closed before leaving: a camera's thread still running in OpenCV as the interpreter ends aborts the
        # process (SIGABRT, a core dump) instead of exiting with the error.
        service.close()
        raise ListenError(_cannot_listen(config, host, port, exc)) from exc
    except BaseException:
        service.close()
        raise
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


def _cannot_listen(config: Config, host: str, port: int, exc: OSError) -> str:
    """Why the dashboard cannot listen, naming the address, the settings that chose it and what to do."""
    said = config.origins["server"]
    origins = f"server.host from {said['host']}, server.port from {said['port']}"
    why = exc.strerror or str(exc)
    if exc.errno == errno.EADDRINUSE:
        hint = "another program (or another companion) listens there: stop it, or choose another port (--port)"
    elif exc.errno == errno.EADDRNOTAVAIL:
        hint = "that address is none of this machine's: use 0.0.0.0 (every network) or 127.0.0.1 (this machine)"
    else:
        hint = "check server.host and server.port"
    return f"the dashboard cannot listen on {host}:{port} ({origins}): {why}; {hint}"


def usable_data_dir(config: Config) -> Path:
    """The data directory, made when missing; ConfigError (exit 2: restarting cannot help) naming data.dir, where
    its value came from and what is wrong when it is a file or cannot be made (no such parent, no permission)."""
    data_dir = config.data_dir()
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        origin = config.origins["data"]["dir"]
        if data_dir.exists() and not data_dir.is_dir():
            why = "it is a file, not a folder"
        else:
            why = f"it cannot be made ({exc.strerror or exc})"
        raise ConfigError(f"data.dir = {data_dir} (from {origin}) cannot hold the service's data: {why}") from None
    return data_dir
