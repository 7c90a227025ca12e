"""The page of a request too large (413): its own title and a message in the reader's language with the sizes in
it; the API's answer keeps its code, details and English message."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_web_fixtures import app, client, service  # noqa: F401  (fixtures)

from companion.i18n import SUPPORTED_LOCALES, translate
from companion.service import Companion

BODY = b"{" + b" " * (3 * 1024 * 1024) + b"}"
TITLES = {"en": "Too large to send", "fr": "Trop volumineux pour être envoyé"}
MESSAGES = {
    "en": "The request is too large (3072 kB sent): the companion takes at most 1024 kB at a time.",
    "fr": "La demande est trop volumineuse (3072 ko envoyés) : le compagnon accepte au plus 1024 ko à la fois.",
}


def page_parts(page: str) -> tuple[str, str, str]:
    """The page's title (in the browser's tab), heading and message."""
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    heading = re.search(r'<h1 class="page__title">(.*?)</h1>', page, re.S)
    message = re.search(r'<p class="break">(.*?)</p>', page, re.S)
    assert title and heading and message, page[:500]
    return html.unescape(title[1]).strip(), html.unescape(heading[1]).strip(), html.unescape(message[1]).strip()


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_a_body_too_large_has_its_own_page_in_the_readers_language(
    client: FlaskClient, service: Companion, lang: str
) -> None:
    response = client.post(f"/games?lang={lang}", data=BODY, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413 and response.mimetype == "text/html"
    title, heading, message = page_parts(response.get_data(as_text=True))
    assert heading == TITLES[lang] and title.startswith(TITLES[lang])
    assert message == MESSAGES[lang]
    assert service.games() == []


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_a_form_over_flasks_limits_is_said_in_the_readers_language(app: Flask, client: FlaskClient, lang: str) -> None:
    app.config.update(MAX_FORM_PARTS=5, MAX_FORM_MEMORY_SIZE=2048)
    form = {f"name_{seat}": "Asha" for seat in range(10)}
    response = client.post(f"/games?lang={lang}", data=form, content_type="multipart/form-data")
    assert response.status_code == 413
    _, heading, message = page_parts(response.get_data(as_text=True))
    assert heading == TITLES[lang]
    assert message == translate(lang, "error.too_large.form", {"field_kb": 2, "parts": 5})
    assert (
        "at most 2 kB in one field and 5 fields" if lang == "en" else "au plus 2 ko par champ et 5 champs"
    ) in message


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_every_too_large_text_takes_its_sizes_in_every_language(lang: str) -> None:
    said = {
        "error.too_large.body": {"limit_kb": 1024, "sent_kb": 3072},
        "error.too_large.body_unsized": {"limit_kb": 1024},
        "error.too_large.form": {"field_kb": 500, "parts": 1000},
    }
    for key, params in said.items():
        text = translate(lang, key, params)
        assert text != key and "{" not in text
        assert all(str(value) in text for value in params.values()), text
    assert translate(lang, "error.page.413") == TITLES[lang]


def test_the_api_answer_keeps_its_code_details_and_english_message(client: FlaskClient) -> None:
    response = client.post("/api/games?lang=fr", data=BODY, content_type="application/json")
    assert response.status_code == 413
    error = response.get_json()["error"]
    assert error["code"] == "request_entity_too_large"
    assert error["details"] == {"limit_bytes": 1024 * 1024, "sent_bytes": len(BODY)}
    assert error["message"] == MESSAGES["en"]
