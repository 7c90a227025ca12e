"""Choosing the reader's language: Accept-Language weights (RFC 9110 section 12.5.4) and ?lang= in any case."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from test_web_fixtures import app, client, service  # noqa: F401  (fixtures)
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from companion.i18n import negotiate
from companion.i18n.catalog import parse_accept_language, supported_locale

HEADERS = [
    ("en;q=0.5, fr", "fr"),  # weights, not the order written, decide
    ("en-GB;q=0.1, fr-BE;q=0.9", "fr"),  # a regional range names its language
    ("fr-BE;q=0.9, en;q=0.1", "fr"),  # a regional range at a high weight beats an exact one at a low weight
    ("fr;q=0", "en"),  # q=0 means "not acceptable"
    ("fr;q=0, *", "en"),  # "*" accepts any language but one refused by name
    ("fr-FR;q=0, en;q=0", "en"),  # nothing acceptable: the default
    ("fr;q=0, fr-BE", "en"),  # the language's own tag says more than a region of it
    ("fr-FR;q=0.2, fr;q=0.8, en;q=0.5", "fr"),
    ("fr;q=0.1, *", "en"),  # "*" weighs the languages not named
    ("*, fr", "fr"),  # on equal weights a language named beats one "*" accepts
    ("*", "en"),  # anything goes: the first supported language
    ("fr, en", "fr"),  # equal weights: the order written
    ("en, fr", "en"),
    ("fr;q=0.5, en;q=0.5", "fr"),
    ("FR-be;Q=0.9, EN;q=0.8", "fr"),  # tags and the q parameter are case-insensitive
    ("fr;q=2, en;q=0.3", "en"),  # an item with a weight out of range is left out
    ("fr;q=abc, en;q=0.3", "en"),  # as is one with a malformed weight
    ("de-DE, de;q=0.9", "en"),  # no supported language asked for
    ("de, fr;q=0.001", "fr"),
    ("", "en"),
]


@pytest.mark.parametrize(("header", "expected"), HEADERS)
def test_accept_language_weights_choose_the_language(header: str, expected: str) -> None:
    assert negotiate(header) == expected


@pytest.mark.parametrize(("header", "expected"), HEADERS)
def test_werkzeugs_parsed_header_chooses_the_same_language(header: str, expected: str) -> None:
    # The web layer hands over request.accept_languages (Werkzeug's parse, sorted by weight).
    assert negotiate(parse_accept_header(header, LanguageAccept)) == expected


def test_the_header_is_parsed_in_its_order_with_its_weights() -> None:
    header = "fr-CH, fr;q=0.9, en;q=0.8, de;q=0, *;q=0.5, it;q=1.5"
    assert parse_accept_language(header) == [("fr-CH", 1.0), ("fr", 0.9), ("en", 0.8), ("de", 0.0), ("*", 0.5)]


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("fr", "fr"),
        ("FR", "fr"),
        ("fr-FR", "fr"),
        ("fr_be", "fr"),
        ("En-US", "en"),
        ("de", None),
        ("auto", None),
        ("", None),
        (None, None),
        ("*", None),
        ("f", None),
    ],
)
def test_a_language_tag_names_a_supported_language(tag: str | None, expected: str | None) -> None:
    assert supported_locale(tag) == expected


def test_a_setting_wins_over_the_header_in_any_case() -> None:
    assert negotiate("fr", "EN") == "en"
    assert negotiate("en", "fr-FR") == "fr"
    assert negotiate("en;q=0.5, fr", "auto") == "fr"


@pytest.mark.parametrize(
    ("header", "expected"),
    [("en;q=0.5, fr", "fr"), ("en-GB;q=0.1, fr-BE;q=0.9", "fr"), ("fr;q=0", "en"), ("fr-FR,fr;q=0.9,en;q=0.8", "fr")],
)
def test_the_dashboard_speaks_the_language_weighed_highest(client: FlaskClient, header: str, expected: str) -> None:
    page = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert f'<html lang="{expected}"' in page


@pytest.mark.parametrize("asked", ["fr", "FR", "fr-FR", "Fr-be", "fr_FR"])
def test_lang_in_the_address_is_read_in_any_case_and_with_a_region(client: FlaskClient, asked: str) -> None:
    first = client.get(f"/?lang={asked}", headers={"Accept-Language": "en"})
    assert '<html lang="fr"' in first.get_data(as_text=True)
    assert "lang=fr;" in first.headers["Set-Cookie"]  # the cookie keeps the plain code
    later = client.get("/health", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="fr"' in later


def test_an_unknown_lang_in_the_address_is_ignored(client: FlaskClient) -> None:
    response = client.get("/?lang=de-DE", headers={"Accept-Language": "fr"})
    assert '<html lang="fr"' in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers
