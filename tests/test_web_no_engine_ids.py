"""Pages players read say things in words, never the engine's ids: the rules reference (its entries' anchors stay),
an error page, the verdict light on the health page (a French tester read "setup.start_player", "404 · not_found"
and "Verdict affiché allowed")."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_web_fixtures import FakeCamera, app, client, service  # noqa: F401  (fixtures)

from companion.service import Companion


def text_of(page: str) -> str:
    """What a page shows: its text without tags, scripts or styles."""
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]*>", " ", page))


def test_the_rules_reference_names_no_rule_id_but_keeps_the_anchors(client: FlaskClient) -> None:
    page = client.get("/rules/rajas?lang=fr").get_data(as_text=True)
    assert 'id="rule-setup.start_player"' in page  # a verdict's citation links to it
    shown = text_of(page)
    assert "Mise en place" in shown
    for rule in ("setup.start_player", "round.order", "quarry.slot_cost", "palace.room_value"):
        assert rule not in shown, rule


def test_an_error_page_shows_its_status_not_its_code(client: FlaskClient) -> None:
    response = client.get("/games/nope?lang=fr")
    assert response.status_code == 404
    shown = text_of(response.get_data(as_text=True))
    assert "404" in shown and "not_found" not in shown


@pytest.mark.parametrize(("lang", "said"), [("fr", "Verdict affiché permis"), ("en", "allowed")])
def test_the_verdict_lit_on_the_health_page_is_said_in_words(
    client: FlaskClient, service: Companion, lang: str, said: str
) -> None:
    class Panel(FakeCamera):
        def status(self) -> dict[str, Any]:
            return {**super().status(), "verdict": "allowed"}

    service.devices["camera"] = Panel()
    shown = " ".join(text_of(client.get(f"/health?lang={lang}").get_data(as_text=True)).split())
    assert said in shown
    if lang == "fr":
        assert "allowed" not in shown
