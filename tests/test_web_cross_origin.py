"""Changes sent by another site's page are refused (Sec-Fetch-Site, then Origin); the app's own and tools' pass."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient
from test_web_api import assert_error
from test_web_fixtures import FAST, PLAYERS, app, client, game_id, roll, service  # noqa: F401  (fixtures)

from companion.errors import ConfigError
from companion.origins import canonical_origin
from companion.service import Companion
from companion.web import create_app
from companion.web.cross_origin import SAFE_METHODS, refusal

CROSS_SITE = {"Sec-Fetch-Site": "cross-site", "Origin": "http://games.example"}
SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"}
HOST = "companion.local:8321"

# Values for every URL argument of a state-changing route; a new argument must be added here.
ROUTE_ARGUMENTS = {"kind": "rajas", "step": "undo"}


def state(service: Companion) -> dict[str, Any]:
    """What a refused request must leave as it was: the games, their logs, the active game, the board file."""
    games = service.games()
    return {
        "games": games,
        "active": service.active_id,
        "events": {g["game_id"]: [e.to_dict() for e in service.events(g["game_id"], 0)] for g in games},
        "boards": service.boards.known("rajas"),
    }


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("https://dice.example", "https://dice.example"),
        ("HTTPS://Dice.Example:443/", "https://dice.example"),
        ("http://192.168.1.20:8321", "http://192.168.1.20:8321"),
        ("http://pi.local:80", "http://pi.local"),
        ("http://[FE80::1]:8321", "http://[fe80::1]:8321"),
    ],
)
def test_origins_are_written_as_browsers_write_them(text: str, written: str) -> None:
    assert canonical_origin(text) == written


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("dice.example", "http:// or https://"),
        ("ftp://dice.example", "http:// or https://"),
        ("https://dice.example/play", "no path"),
        ("https://dice.example?x=1", "no path"),
        ("https://user@dice.example", "no user name"),
        ("https://dice.example:99999", "out of range"),
        ("null", "http:// or https://"),
    ],
)
def test_what_is_not_an_origin_says_why(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        canonical_origin(text)


@pytest.mark.parametrize(
    ("method", "headers", "refused"),
    [
        ("POST", {"Sec-Fetch-Site": "same-origin"}, None),
        ("POST", {"Sec-Fetch-Site": "none"}, None),
        ("POST", {"Sec-Fetch-Site": "cross-site"}, "error.cross_site.fetch_site"),
        ("POST", {"Sec-Fetch-Site": "same-site"}, "error.cross_site.fetch_site"),
        ("POST", {"Sec-Fetch-Site": "cross-site", "Origin": f"http://{HOST}"}, "error.cross_site.fetch_site"),
        ("POST", {"Sec-Fetch-Site": "something-new"}, "error.cross_site.fetch_site"),
        ("POST", {}, None),
        ("POST", {"Origin": f"http://{HOST}"}, None),
        ("POST", {"Origin": f"https://{HOST.upper()}"}, None),
        ("POST", {"Origin": "http://games.example"}, "error.cross_site.origin"),
        ("POST", {"Origin": "http://companion.local:8322"}, "error.cross_site.origin"),
        ("POST", {"Origin": "null"}, "error.cross_site.origin"),
        ("PUT", {"Sec-Fetch-Site": "cross-site"}, "error.cross_site.fetch_site"),
        ("PATCH", {"Origin": "http://games.example"}, "error.cross_site.origin"),
        ("DELETE", {"Sec-Fetch-Site": "same-site"}, "error.cross_site.fetch_site"),
        ("GET", {"Sec-Fetch-Site": "cross-site", "Origin": "http://games.example"}, None),
        ("HEAD", {"Sec-Fetch-Site": "cross-site"}, None),
        ("OPTIONS", {"Origin": "http://games.example"}, None),
    ],
)
def test_refusal_follows_fetch_metadata_then_origin(method: str, headers: dict[str, str], refused: str | None) -> None:
    found = refusal(method, headers, HOST, frozenset())
    assert (found.key if found else None) == refused


def test_a_trusted_origin_passes_both_checks() -> None:
    trusted = frozenset({"https://dice.example"})
    assert refusal("POST", {"Sec-Fetch-Site": "cross-site", "Origin": "https://dice.example"}, HOST, trusted) is None
    assert refusal("POST", {"Origin": "https://DICE.example:443"}, HOST, trusted) is None
    assert refusal("POST", {"Origin": "http://dice.example"}, HOST, trusted) is not None  # another scheme
    assert refusal("POST", {"Sec-Fetch-Site": "cross-site"}, HOST, trusted) is not None  # no Origin to trust


def test_cross_site_api_post_is_refused_and_writes_nothing(
    client: FlaskClient, service: Companion, game_id: str
) -> None:
    before = state(service)
    response = client.post(f"/api/games/{game_id}/events", json=roll(0, 3), headers=CROSS_SITE)
    error = assert_error(response, 403, "cross_site_request")
    assert f"POST /api/games/{game_id}/events" in error["message"] and "cross-site" in error["message"]
    assert error["details"]["sec_fetch_site"] == "cross-site"
    assert error["details"]["origin"] == "http://games.example"
    assert state(service) == before
    assert client.post(f"/api/games/{game_id}/events", json=roll(0, 3)).status_code == 201  # it would have played


def test_cross_site_form_post_gets_the_403_page_in_the_players_language(
    client: FlaskClient, service: Companion, game_id: str
) -> None:
    other = str(service.create_game("free_dice", PLAYERS)["game_id"])
    before = state(service)
    response = client.post(f"/games/{game_id}/resume", headers={**CROSS_SITE, "Accept-Language": "fr-FR,fr"})
    assert response.status_code == 403
    page = response.get_data(as_text=True)
    assert "Refusé : envoyé par un autre site" in page and "cross_site_request" in page
    assert f"POST /games/{game_id}/resume a été refusé" in page
    assert state(service) == before and service.active_id == other
    assert client.post(f"/games/{game_id}/resume").status_code == 303  # it would have switched games
    assert service.active_id == game_id


def test_cross_site_start_form_starts_no_game(client: FlaskClient, service: Companion) -> None:
    form = {"kind": "free_dice", "name_0": "Asha", "name_1": "Bruno"}
    response = client.post("/games?lang=en", data=form, headers={"Sec-Fetch-Site": "same-site"})
    assert response.status_code == 403
    assert "Refused: sent by another site" in response.get_data(as_text=True)
    assert service.games() == []
    assert client.post("/games", data=form, headers=SAME_ORIGIN).status_code == 303
    assert len(service.games()) == 1


def test_same_origin_and_header_less_requests_pass(client: FlaskClient, service: Companion, game_id: str) -> None:
    assert client.post(f"/api/games/{game_id}/events", json=roll(0, 3), headers=SAME_ORIGIN).status_code == 201
    typed = client.post(f"/api/games/{game_id}/events", json={"type": "undo"}, headers={"Sec-Fetch-Site": "none"})
    assert typed.status_code == 201
    assert client.post(f"/api/games/{game_id}/events", json={"type": "redo"}).status_code == 201
    assert [e.type for e in service.events(game_id, 0)][-3:] == ["move", "undo", "redo"]


def test_origin_without_fetch_metadata_must_name_this_host(client: FlaskClient, game_id: str) -> None:
    url = f"/api/games/{game_id}/events"
    mismatch = client.post(url, json=roll(0, 2), headers={"Origin": "http://192.168.1.50:8321"})
    error = assert_error(mismatch, 403, "cross_site_request")
    assert "http://192.168.1.50:8321" in error["message"] and "localhost" in error["message"]
    served = client.post(url, json=roll(0, 2), headers={"Origin": f"http://{HOST}"}, base_url=f"http://{HOST}")
    assert served.status_code == 201


def test_a_configured_trusted_origin_passes(service: Companion, game_id: str) -> None:
    client = create_app({**FAST, "TRUSTED_ORIGINS": ["https://Dice.example:443/"]}, service).test_client()
    proxied = {"Sec-Fetch-Site": "cross-site", "Origin": "https://dice.example"}
    assert client.post(f"/api/games/{game_id}/events", json=roll(0, 4), headers=proxied).status_code == 201
    assert client.post(f"/games/{game_id}/resume", headers={"Origin": "https://dice.example"}).status_code == 303
    other = {"Sec-Fetch-Site": "cross-site", "Origin": "https://games.example"}
    assert client.post(f"/api/games/{game_id}/events", json=roll(0, 4), headers=other).status_code == 403


@pytest.mark.parametrize("value", [["dice.example"], ["https://dice.example/play"], ["ftp://dice.example"], "x", [3]])
def test_a_wrong_trusted_origin_is_named_at_start_up(service: Companion, value: Any) -> None:
    with pytest.raises(ConfigError, match=r"TRUSTED_ORIGINS \(server.trusted_origins\)"):
        create_app({**FAST, "TRUSTED_ORIGINS": value}, service)


def test_reading_is_never_refused(client: FlaskClient, game_id: str) -> None:
    for path in ("/", f"/games/{game_id}", "/api/games", f"/api/games/{game_id}/events", "/static/table.js"):
        response = client.get(path, headers=CROSS_SITE)
        assert response.status_code == 200, path
        response.close()


def state_changing_urls(app: Flask, game_id: str) -> list[tuple[str, str]]:
    """(method, URL) of every route of the app that takes a method other than GET, HEAD and OPTIONS."""
    found = []
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            for method in sorted((rule.methods or set()) - SAFE_METHODS):
                values = {name: ROUTE_ARGUMENTS.get(name, game_id) for name in rule.arguments}
                found.append((method, url_for(rule.endpoint, **values)))
    return found


def test_every_state_changing_route_refuses_a_cross_site_request(
    app: Flask, client: FlaskClient, service: Companion, game_id: str
) -> None:
    urls = state_changing_urls(app, game_id)
    assert len(urls) >= 15  # pages, API, Rajas pages and API, board file, calibration
    assert ("POST", f"/api/games/{game_id}/events") in urls and ("POST", "/calibrate") in urls
    before = state(service)
    for method, url in urls:
        response = client.open(url, method=method, data={"key": "x"}, headers=CROSS_SITE)
        assert response.status_code == 403, (method, url)
        assert client.open(url, method=method, headers={"Origin": "null"}).status_code == 403, (method, url)
    assert state(service) == before


@pytest.mark.parametrize("method", ["PUT", "PATCH", "DELETE"])
def test_other_changing_methods_are_refused_before_routing(client: FlaskClient, game_id: str, method: str) -> None:
    response = client.open(f"/api/games/{game_id}", method=method, headers={"Sec-Fetch-Site": "cross-site"})
    assert_error(response, 403, "cross_site_request")
    assert client.open(f"/api/games/{game_id}", method=method).status_code == 405  # the route takes none of them
