"""Mixed groups of players (rulebook, Navaratnas variant, mixed groups): only the experienced players play on the
Navaratnas side. Ticked with the Navaratnas variant for everyone, every player got that side and the handicap was
silently lost; ticked with no experienced player, it did nothing. Both are refused, in the table's words."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_rajas_error_words import _UNFILLED, PLAYERS

from companion.i18n import translate
from companion.service import Companion


@pytest.mark.parametrize(
    ("options", "field", "french"),
    [
        ({"modules": ["navaratnas", "mixed_groups"], "experienced": [0]}, "modules", "Choisissez l'une des deux."),
        ({"modules": ["mixed_groups"]}, "experienced", "cochez les joueurs expérimentés"),
    ],
)
def test_mixed_groups_that_would_change_nothing_are_refused_in_the_tables_words(
    client: FlaskClient, companion: Companion, options: dict[str, Any], field: str, french: str
) -> None:
    response = client.post("/api/games", json={"kind": "rajas", "players": PLAYERS, "options": options})
    error = response.get_json()["error"]
    assert response.status_code == 400 and error["details"]["field"] == field, error
    said = error["details"]["said"]
    assert french in translate("fr", said["key"], said["params"])
    assert not _UNFILLED.search(translate("en", said["key"], said["params"]))
    assert companion.games() == []  # nothing was started


def test_the_start_form_says_why_navaratnas_and_mixed_groups_do_not_go_together(client: FlaskClient) -> None:
    form = {
        "kind": "rajas",
        "name_0": "Asha",
        "name_1": "Bruno",
        "rajas.modules": ["navaratnas", "mixed_groups"],
        "rajas.experienced": "0",
    }
    response = client.post("/games?lang=fr", data=form)
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))
    assert response.status_code == 400
    assert "Groupes hétérogènes : seuls les joueurs expérimentés y jouent sur la face Navaratnas" in text


def test_mixed_groups_with_an_experienced_player_give_only_them_the_navaratnas_side(companion: Companion) -> None:
    options = {"modules": ["mixed_groups"], "experienced": [1]}
    view = companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}, {"name": "Chandra"}], options)
    assert [p["board"] for p in view["players"]] == ["normal", "navaratnas", "normal"]
