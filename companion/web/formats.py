"""Small formatting helpers for the pages: times as "x s ago", status values as short text."""

from __future__ import annotations

import time
from typing import Any

from companion.web.language import t


def ago(timestamp: float | None, now: float | None = None) -> str:
    """How long ago a Unix time was, in the reader's language ("never" for None)."""
    if timestamp is None:
        return t("time.never")
    seconds = max(0, int((now if now is not None else time.time()) - timestamp))
    if seconds < 60:
        return t("time.seconds_ago", n=seconds)
    if seconds < 3600:
        return t("time.minutes_ago", n=seconds // 60)
    if seconds < 86400:
        return t("time.hours_ago", n=seconds // 3600)
    return t("time.days_ago", n=seconds // 86400)  # last week's game is not "played 168 h ago"


def shown(name: str, value: Any) -> str:
    """A device status value as short text: times as "ago", booleans as yes/no, None as a dash, a mapping as its
    entries ("seat 0, waiting yes"), each shown so."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return t("common.yes") if value else t("common.no")
    if name.endswith("_at") and isinstance(value, int | float):
        return ago(float(value))
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value) or "—"
    if isinstance(value, dict):
        return ", ".join(f"{key} {shown(str(key), entry)}" for key, entry in value.items()) or "—"
    return str(value)
