"""Server-Sent Events framing: one message or one comment as text ready to send."""

from __future__ import annotations

import json
from typing import Any


def message(data: Any, event: str | None = None, id_: int | None = None) -> str:
    """One SSE message: optional id and event name, the data as one line of JSON."""
    lines = []
    if id_ is not None:
        lines.append(f"id: {id_}")
    if event:
        lines.append(f"event: {event}")
    lines.append("data: " + json.dumps(data, separators=(",", ":"), ensure_ascii=False))
    return "\n".join(lines) + "\n\n"


def comment(text: str = "keep-alive") -> str:
    """An SSE comment: ignored by EventSource, keeps proxies and the connection check alive."""
    return f": {text}\n\n"


def retry(milliseconds: int) -> str:
    """Tell EventSource how long to wait before reconnecting."""
    return f"retry: {milliseconds}\n\n"
