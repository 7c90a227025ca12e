"""French details a tester found: no internal ids in sentences (a palace room, the action spaces a field takes), the
Master Builder's first reason the one that matters, and a camera confidence that never parts from its %."""

from __future__ import annotations

import html
import re
from pathlib import Path

from flask.testing import FlaskClient
from test_rajas_support import dice, edit, laid, move, ready_game, tile
from test_web_fixtures import FakeCamera

from companion.games.rajas import GAME
from companion.i18n import translate
from companion.service import Companion
from companion.web.language import js_texts

CAMERA_JS = Path(__file__).parents[1] / "companion" / "web" / "static" / "camera.js"


def _reason(verdict: object, lang: str) -> str:
    reason = verdict.reason  # type: ignore[attr-defined]
    assert reason is not None
    return translate(lang, reason.key, reason.params)


def test_a_room_not_offered_is_named_as_the_table_names_it() -> None:
    # A river reward offering some rooms (2 to 6): a form from an older page asks the Great Mogul.
    state = edit(ready_game(), None, pending=[{"kind": "room", "seat": 0, "rooms": ["dancer", "yogi"]}])
    verdict = GAME.legal(state, move(state, type="room", seat=0, room="mogul"))
    assert verdict.status == "refused"
    assert _reason(verdict, "fr") == "La chambre Grand Moghol n'est pas proposée ici."
    assert "mogul" not in _reason(verdict, "en") and "Great Mogul" in _reason(verdict, "en")


def _space_refused(client: FlaskClient, companion: Companion, modules: list[str]) -> str:
    players = [{"name": "Asha"}, {"name": "Bruno"}]
    game_id = str(companion.create_game("rajas", players, {"modules": modules})["game_id"])
    form = {"type": "place", "seat": "0", "space": "nowhere"}
    response = client.post(f"/games/{game_id}/rajas/check?lang=fr", data=form)
    assert response.status_code == 400
    found = re.search(r'verdict-box__reason break">(.*?)</p>', html.unescape(response.get_data(as_text=True)), re.S)
    assert found
    return found.group(1)


def test_a_wrong_space_lists_this_games_spaces_in_the_pages_words(client: FlaskClient, companion: Companion) -> None:
    plain = _space_refused(client, companion, [])
    assert plain.startswith("Le champ « case » prend l'une de ces valeurs : Carrière, Marché de marchandises variées")
    assert "Grand Moghol" in plain and "Terrasse verte" in plain
    assert not re.search(r"\b(quarry|market_mixed|terrace\.green|room\.mogul)\b", plain)  # never the engine's ids
    assert "village" not in plain.lower()  # the Mango villages are not in this game
    assert "Village aux manguiers" in _space_refused(client, companion, ["mango"])


def test_master_builder_says_first_that_the_new_tile_must_cost_more() -> None:
    # Only the room's die (an orange 5) is paid, to cover a cost-6 tile with another cost-6 tile: however many dice
    # were added, a tile no costlier can never be laid, so that is the reason given (not "add dice").
    state = edit(ready_game(), 0, dice=dice(orange=[5], green=[6]), tiles=[laid(1, tile("violet", 6))])
    fields = {"type": "place", "seat": 0, "space": "room.master_builder", "cover": 1, "tile": tile("green", 6)}
    verdict = GAME.legal(state, move(state, **fields, pay=[{"color": "orange", "value": 5}]))
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.not_costlier"
    assert _reason(verdict, "fr") == "La nouvelle tuile (6) doit coûter plus que celle recouverte (6)."


def test_the_camera_confidence_keeps_its_number_and_percent_together(client: FlaskClient, companion: Companion) -> None:
    companion.devices["camera"] = FakeCamera()
    companion.reading_updated({"dice": [{"value": 3, "color": "violet", "confidence": 0.86}]}, "settled")
    page = client.get("/camera?lang=fr").get_data(as_text=True).split('id="texts"')[0]
    assert "sûr à 86\u202f%" in page and "86 %" not in page
    # The script redraws it live with the text it is given: the same, in the page's language.
    key = re.search(r'confidence\.textContent = text\("([^"]+)"', CAMERA_JS.read_text(encoding="utf-8"))
    assert key is not None
    with client.application.test_request_context("/camera?lang=fr"):
        client.application.preprocess_request()
        assert js_texts()[key.group(1)] == "sûr à {n}\u202f%"
