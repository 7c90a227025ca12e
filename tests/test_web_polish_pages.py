"""Small things a table would trip over on the dashboard: a game of last week said "played 168 h ago", and the
error pages of a mistyped or stale address written in Werkzeug's English on a French page."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import re
import time

import pytest
from flask import Flask, abort
from flask.testing import FlaskClient
from test_web_fixtures import PLAYERS, app, client, service  # noqa: F401  (fixtures)

from companion.i18n import SUPPORTED_LOCALES, translate
from companion.service import Companion

WERKZEUG_404 = "The requested URL was not found on the server"
WERKZEUG_405 = "The method is not allowed for the requested URL"


def page_message(page: str) -> tuple[str, str]:
    """The error page's heading and message."""
    heading = re.search(r'<h1 class="page__title">(.*?)</h1>', page, re.S)
    message = re.search(r'<p class="break">(.*?)</p>', page, re.S)
    assert heading and message, page[:500]
    return html.unescape(heading[1]).strip(), html.unescape(message[1]).strip()


@pytest.mark.parametrize(
    ("days", "said"),
    [(1, {"en": "1 day ago", "fr": "il y a 1 jour"}), (8, {"en": "8 days ago", "fr": "il y a 8 jours"})],
)
def test_a_game_played_days_ago_says_so_in_days(
    client: FlaskClient, service: Companion, days: int, said: dict[str, str]
) -> None:
    game_id = service.create_game("free_dice", PLAYERS)["game_id"]
    then = time.time() - days * 86400 - 600
    service.store._connection().execute("UPDATE events SET created_at = ? WHERE game_id = ?", (then, game_id))
    for lang, text in said.items():
        assert translate(lang, "page.games.last_played", {"ago": text}) in client.get(f"/?lang={lang}").get_data(
            as_text=True
        )


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_a_mistyped_address_is_said_in_the_readers_language(client: FlaskClient, lang: str) -> None:
    response = client.get(f"/gmaes?lang={lang}")
    assert response.status_code == 404
    heading, message = page_message(response.get_data(as_text=True))
    assert heading == translate(lang, "error.page.404") and message == translate(lang, "error.http.404")
    assert WERKZEUG_404 not in response.get_data(as_text=True)


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_opening_the_address_of_a_form_is_said_in_the_readers_language(client: FlaskClient, lang: str) -> None:
    # /games is where the start form posts: the address a refused form leaves in the address bar.
    response = client.get(f"/games?lang={lang}")
    assert response.status_code == 405
    heading, message = page_message(response.get_data(as_text=True))
    assert heading == translate(lang, "error.page.405") and message == translate(lang, "error.http.405")
    assert WERKZEUG_405 not in response.get_data(as_text=True)


def test_the_api_keeps_its_http_errors_as_they_were(client: FlaskClient) -> None:
    error = client.get("/api/nothing-here?lang=fr").get_json()["error"]
    assert error["code"] == "not_found" and WERKZEUG_404 in error["message"]


def test_a_description_of_the_apps_own_is_kept_and_an_unexpected_error_is_said_without_its_name(
    app: Flask, client: FlaskClient
) -> None:
    def refused() -> str:
        abort(400, description="colour.2 = 'teal' is not one of blue, green")

    def broken() -> str:
        raise KeyError("oops")

    app.add_url_rule("/refused", view_func=refused)
    app.add_url_rule("/broken", view_func=broken)
    assert page_message(client.get("/refused?lang=fr").get_data(as_text=True))[1].startswith("colour.2 = 'teal'")
    response = client.get("/broken?lang=fr")
    assert response.status_code == 500
    assert page_message(response.get_data(as_text=True)) == (
        translate("fr", "error.page.500"),
        translate("fr", "error.http.500"),
    )
