"""Web origins (`scheme://host[:port]`) written the way browsers send them in the Origin header.

One spelling for the configured trusted origins and the received headers, so that comparing them is
comparing strings: lower case, no default port, no path. Used by the configuration schema and the web layer.
"""

from __future__ import annotations

from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}
EXAMPLE = "'https://dice.example' or 'http://192.168.1.20:8321'"


def canonical_origin(text: str) -> str:
    """The origin as a browser writes it; ValueError saying what is wrong when the text is not an origin."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError as exc:
        raise ValueError(f"{text!r} is not an origin ({exc})") from None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS:
        raise ValueError(f"{text!r} is not an origin: it must start with http:// or https://")
    if not parts.hostname or "@" in parts.netloc:
        raise ValueError(f"{text!r} is not an origin: it needs a host name or address, and no user name")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"{text!r} is not an origin: no path, query or fragment after the host")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    shown_port = f":{port}" if port is not None and port != DEFAULT_PORTS[scheme] else ""
    return f"{scheme}://{host}{shown_port}"


def origin_or_none(text: str) -> str | None:
    """The origin as a browser writes it, or None when the text is not one (a received header, "null")."""
    try:
        return canonical_origin(text)
    except ValueError:
        return None


def names_host(origin: str, host: str) -> bool:
    """True if an Origin header names this Host (host and port; the scheme is not known from Host alone)."""
    try:
        mine = canonical_origin(origin)
        scheme = mine.partition("://")[0]
        return mine == canonical_origin(f"{scheme}://{host}")
    except ValueError:
        return False
