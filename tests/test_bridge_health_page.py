"""The health page over a real link to a board of another protocol version: the mismatch is a wrong row, in the
words of the log, and the link is not shown connected."""

from __future__ import annotations

import html
import re
from pathlib import Path

from flask import Flask
from test_bridge_mismatch_log import NEWER, newer_board, refusals  # noqa: F401  (newer_board is a fixture)
from test_bridge_pty import FAST, wait_for

from companion.devices.lights import BridgeSink
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from firmware_bridge import Bridge
from firmware_bridge.fake_device import PtyDevice


def test_the_health_page_marks_the_mismatch_wrong_in_its_words(
    newer_board: PtyDevice,  # noqa: F811  (the fixture imported above)
    tmp_path: Path,
) -> None:
    with Companion(EventStore(tmp_path / "events.db")) as service:
        link = Bridge(str(newer_board.link_path), **FAST)
        service.devices["microcontroller"] = BridgeSink(link)
        link.start()
        assert wait_for(lambda: refusals(link) >= 3)
        app: Flask = create_app({"TESTING": True}, service)
        page = html.unescape(app.test_client().get("/health?lang=en").get_data(as_text=True))
    error = re.search(r'<div class="facts__row is-bad" data-key="error"><dt>Error</dt><dd>([^<]*)</dd>', page)
    assert error is not None, page
    assert f"protocol version {NEWER}" in error[1] and "flash the companion's reference firmware" in error[1]
    assert '<div class="facts__row is-bad" data-key="connected">' in page
