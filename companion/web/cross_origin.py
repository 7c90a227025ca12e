"""Refusing changes that another site's page makes a player's browser send (cross-site request forgery).

The companion has no accounts: what a foreign page would borrow is not a login but the phone's place on the
table's network. Any page a player opens while on that Wi-Fi could post a form or call fetch() to the
companion's address, and the browser would send it. So every request that may change something (any method
but GET, HEAD and OPTIONS, which change nothing here) is checked before its view runs:

1. `Sec-Fetch-Site`, the Fetch Metadata header every current browser adds: `same-origin` (the companion's own
   pages) and `none` (an address typed or bookmarked by the player) pass; `cross-site`, `same-site` and any
   other value are refused. `same-site` is refused too because on a LAN another service of the same machine
   (another port of the Pi's address) counts as the same site.
2. Without that header (a browser from before 2023), an `Origin` header must name the host the request was
   sent to, host and port (`null`, sent by sandboxed frames and after some redirects, never does).
3. With neither header the request is not a browser being led by a page: curl, the `companion` command line,
   the tests and scripts on the Pi pass.
A page whose origin is in `server.trusted_origins` (app setting TRUSTED_ORIGINS: a reverse proxy, the Pi
reached under another name) passes steps 1 and 2.

This is the design of Go 1.25's `net/http.CrossOriginProtection`: safe methods always pass, Sec-Fetch-Site is
asked first and the Origin header compared with Host only when it is missing, a request with neither passes,
and a trusted origin is a whole `scheme://host[:port]` matched against the Origin header (here both are first
written the way browsers write them, so `https://Dice.example:443/` in the settings works too). OWASP's CSRF
Prevention Cheat Sheet describes the same server-side check of Fetch Metadata on every state-changing request
as a defence in its own right for software used with current browsers, with the Origin header as the fallback
where Fetch Metadata is absent.
No token is needed, so the forms keep working without scripts, the pages' fetch() calls need nothing extra and
the JSON API stays plain for the command line.

A refusal raises CrossSiteRequest (403): the JSON error `cross_site_request` on the API, the error page in the
reader's language on the pages, and a warning in the log; nothing is written.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

from flask import Flask, current_app, request

from companion.config.schema import SCHEMA
from companion.errors import ConfigError
from companion.origins import canonical_origin, names_host, origin_or_none
from companion.web.errors import CrossSiteRequest
from companion.web.language import t

log = logging.getLogger(__name__)

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
ALLOWED_SITES = frozenset({"same-origin", "none"})
TRUSTED = "companion.web.trusted_origins"


class HeaderSource(Protocol):
    """Request headers (werkzeug's, looked up in any case) or a plain dict of them."""

    def get(self, key: str, /) -> str | None:
        """The header's value, or None."""
        ...


@dataclass(frozen=True)
class Refusal:
    """Why a request is refused: the key of the text that says it, and that text's parameters."""

    key: str
    params: dict[str, str] = field(default_factory=dict)


def install(app: Flask) -> None:
    """Check every request of the app; install it after the language hook, so that refusals speak the reader's."""
    app.extensions[TRUSTED] = trusted_origins(app.config.get("TRUSTED_ORIGINS", ()))
    app.before_request(refuse_cross_site)


def trusted_origins(configured: Any) -> frozenset[str]:
    """The trusted origins as browsers write them; ConfigError naming the key when one is not an origin."""
    spec = SCHEMA["server"]["trusted_origins"]
    if isinstance(configured, list | tuple):
        problem = spec.check(configured) if spec.check else None
    else:
        problem = spec.allowed()
    if problem:
        name = "TRUSTED_ORIGINS (server.trusted_origins)"
        raise ConfigError(f"{name} = {configured!r} is not allowed: expected {problem}")
    return frozenset(canonical_origin(origin) for origin in configured)


def refusal(method: str, headers: HeaderSource, host: str, trusted: frozenset[str]) -> Refusal | None:
    """Why a request must be refused, or None when it may go on."""
    if method.upper() in SAFE_METHODS:
        return None
    site = (headers.get("Sec-Fetch-Site") or "").strip().lower()
    if site in ALLOWED_SITES:
        return None
    origin = (headers.get("Origin") or "").strip()
    if origin and origin_or_none(origin) in trusted:
        return None
    if site:
        return Refusal("error.cross_site.fetch_site", {"site": site})
    if not origin or names_host(origin, host):
        return None
    return Refusal("error.cross_site.origin", {"origin": origin, "host": host})


def refuse_cross_site() -> None:
    """Before each request: raise CrossSiteRequest when another site's page sent a change."""
    found = refusal(request.method, request.headers, request.host, current_app.extensions[TRUSTED])
    if found is None:
        return
    details = {
        "method": request.method,
        "path": request.path,
        "sec_fetch_site": request.headers.get("Sec-Fetch-Site"),
        "origin": request.headers.get("Origin"),
        "host": request.host,
    }
    log.warning("refused a change sent by another site: %s", details)
    message = t(found.key, method=request.method, path=request.path, **found.params)
    raise CrossSiteRequest(message, **details)
