"""A Rajas table form whose if_seq is not a whole number is refused, nothing played: it was taken as no if_seq at
all, so a form with 'abc' (or -1) played its move whatever the table had become (a French tester's curl)."""

# ruff: noqa: F811
from __future__ import annotations

import html

import pytest
from flask.testing import FlaskClient
from test_web_rajas import game_id  # noqa: F401

from companion.service import Companion

PLACE = {"seat": "1", "type": "place", "space": "terrace.green", "pay": "0:blue-1"}  # Bruno's, needing no fact


@pytest.mark.parametrize("bad", ["abc", "-1", "3.0", "9" * 30])
@pytest.mark.parametrize("path", ["play", "undo", "redo", "fix"])
def test_a_form_with_an_if_seq_that_is_no_event_number_is_refused_and_nothing_written(
    client: FlaskClient, companion: Companion, game_id: str, bad: str, path: str
) -> None:
    before = companion.session(game_id).last_seq
    form = {**PLACE, "if_seq": bad} if path == "play" else {"if_seq": bad, "target": str(before)}
    answer = client.post(f"/games/{game_id}/rajas/{path}?lang=fr", data=form)
    assert answer.status_code == 400, answer.status_code
    page = html.unescape(answer.get_data(as_text=True))
    assert "Ce formulaire n’est pas de ceux qu’envoie la page de la table" in page
    assert companion.session(game_id).last_seq == before


def test_a_form_without_if_seq_still_plays(client: FlaskClient, companion: Companion, game_id: str) -> None:
    before = companion.session(game_id).last_seq
    assert client.post(f"/games/{game_id}/rajas/play", data=PLACE).status_code == 303
    assert companion.session(game_id).last_seq == before + 1
