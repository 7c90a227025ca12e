"""The camera page's phase line: one text per settler phase in both languages, rendered and sent live."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import json
import re
from typing import get_args

import pytest
from flask.testing import FlaskClient
from test_web_fixtures import FakeCamera, app, client, service, sse_messages  # noqa: F401  (fixtures)

from companion.i18n import SUPPORTED_LOCALES, catalogues, translate
from companion.service import Companion
from vision.settling import Phase

PHASE_TEXTS = {
    ("en", "empty"): "No dice on the table",
    ("en", "rolling"): "Dice rolling…",
    ("en", "settling"): "Dice still, checking…",
    ("en", "settled"): "Dice read",
    ("fr", "empty"): "Aucun dé sur la table",
    ("fr", "rolling"): "Les dés roulent…",
    ("fr", "settling"): "Dés immobiles, vérification…",
    ("fr", "settled"): "Dés lus",
}
UNCLEAR_TEXTS = {
    "en": "A die is hard to read: waiting for a clearer view…",
    "fr": "Un dé est difficile à lire : en attente d'une image plus nette…",
}
PHASE_LINE = re.compile(r'<p class="reading__phase" id="phase"([^>]*)>([^<]*)</p>')


def phase_line(page: str) -> tuple[str, str]:
    """The attributes and the text of the page's phase line."""
    found = PHASE_LINE.search(page)
    assert found, "the camera page has no phase line"
    return found.group(1), html.unescape(found.group(2))


@pytest.mark.parametrize(("lang", "phase"), sorted(PHASE_TEXTS))
def test_camera_page_renders_the_phase_in_the_readers_language(
    client: FlaskClient, service: Companion, lang: str, phase: str
) -> None:
    service.devices["camera"] = FakeCamera()
    service.reading_updated({"dice": []}, phase)
    attributes, text = phase_line(client.get(f"/camera?lang={lang}").get_data(as_text=True))
    assert text == PHASE_TEXTS[lang, phase]
    assert f'data-phase="{phase}"' in attributes


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_a_die_hard_to_read_is_said_instead_of_the_phase(client: FlaskClient, service: Companion, lang: str) -> None:
    service.devices["camera"] = FakeCamera()
    service.reading_updated({"dice": []}, "settling", is_waiting_for_clear_view=True)
    _, text = phase_line(client.get(f"/camera?lang={lang}").get_data(as_text=True))
    assert text == UNCLEAR_TEXTS[lang]


def test_phase_line_is_a_polite_live_region_and_blank_without_a_known_phase(
    client: FlaskClient, service: Companion
) -> None:
    attributes, text = phase_line(client.get("/camera?lang=en").get_data(as_text=True))
    assert 'aria-live="polite"' in attributes and 'role="status"' in attributes
    assert text == ""  # no reading yet
    service.reading_updated({"dice": []}, "juggling")
    assert phase_line(client.get("/camera?lang=en").get_data(as_text=True))[1] == ""


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_every_settler_phase_has_a_text_in_every_language(lang: str) -> None:
    for phase in get_args(Phase):
        key = f"page.camera.phase.{phase}"
        assert key in catalogues.keys(lang), f"{lang} has no text for the phase {phase!r}"
        assert translate(lang, key).strip() not in ("", key)


@pytest.mark.parametrize("lang", SUPPORTED_LOCALES)
def test_no_phase_text_is_left_for_a_phase_the_settler_does_not_have(lang: str) -> None:
    keys = {key for key in catalogues.keys(lang) if key.startswith("page.camera.phase.")}
    assert keys == {f"page.camera.phase.{phase}" for phase in get_args(Phase)}


def test_the_page_gives_its_script_every_phase_text(client: FlaskClient) -> None:
    page = client.get("/camera?lang=fr").get_data(as_text=True)
    texts = json.loads(html.unescape(re.search(r'<script type="application/json" id="texts">(.*?)</script>', page)[1]))
    for (lang, phase), text in PHASE_TEXTS.items():
        if lang == "fr":
            assert texts[f"page.camera.phase.{phase}"] == text
    assert texts["page.camera.unclear_die"] == UNCLEAR_TEXTS["fr"]


def test_reading_stream_carries_the_phase_and_the_wait(client: FlaskClient, service: Companion) -> None:
    service.reading_updated(
        {"dice": [{"value": 5}], "width": 10, "height": 10}, "settling", is_waiting_for_clear_view=True
    )
    response = client.get("/stream/reading", buffered=False)
    messages = sse_messages(response.iter_encoded(), 1)
    response.close()
    data = messages[0]["data"]
    assert data["phase"] == "settling" and data["is_waiting_for_clear_view"] is True
    assert data["dice"] == [{"value": 5}] and data["width"] == 10 and isinstance(data["at"], float)


def test_a_dim_frame_shows_its_hint_on_the_camera_page_in_every_language(
    client: FlaskClient, service: Companion
) -> None:
    hint = re.compile(r'<p class="reading__light small" id="light"( hidden)?>(.*?)</p>')
    assert hint.search(client.get("/camera?lang=en").get_data(as_text=True))[1] == " hidden"  # no reading yet
    service.reading_updated({"dice": [], "warnings": ["dim_light"]}, "empty")
    for lang in SUPPORTED_LOCALES:
        found = hint.search(client.get(f"/camera?lang={lang}").get_data(as_text=True))
        assert found[1] is None
        assert found[2] == html.escape(translate(lang, "page.camera.dim_light"), quote=True)
        assert found[2] not in ("", "page.camera.dim_light")
    service.reading_updated({"dice": [], "warnings": []}, "empty")
    assert hint.search(client.get("/camera?lang=fr").get_data(as_text=True))[1] == " hidden"
