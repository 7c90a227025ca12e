"""The Rajas dashboard: the river's palace reward offers a garden's worker to take back, a worker taken back in the
Navaratnas variant is shown to be placed after the others, and a track's told end is shown beside the markers."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient
from test_rajas_support import FACTS
from test_web_rajas import COLORS
from werkzeug.datastructures import MultiDict

from companion.service import Companion
from companion.web.rajas.moves import move_from_form


def _play(client: FlaskClient, game_id: str, **form: str | list[str]) -> None:
    response = client.post(f"/games/{game_id}/rajas/play", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[-800:]


def _started(client: FlaskClient, companion: Companion, modules: list[str]) -> str:
    """Asha rolled blue 3, green 4, orange 2, violet 5; Bruno four 1s: Bruno (the lower total) places first."""
    players = [{"name": "Asha"}, {"name": "Bruno"}]
    game_id = str(companion.create_game("rajas", players, {"facts": FACTS, "modules": modules})["game_id"])
    for seat, values in ((0, (3, 4, 2, 5)), (1, (1, 1, 1, 1))):
        form = {"type": "roll", "seat": str(seat)}
        for index, (color, value) in enumerate(zip(COLORS, values, strict=True)):
            form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
        _play(client, game_id, **form)
    if "navaratnas" in modules:  # Bruno, then Asha, lay a brown yield tile (income 1 is brown: test data)
        for seat in ("1", "0"):
            brown = {"tile.color": "brown", "reward.kind": "fame_per_worker", "income": "1"}
            _play(client, game_id, type="take_yield", seat=seat, **brown)
    assert companion.view(game_id)["current_seat"] == 1
    return game_id


def _pending_card(page: str) -> str:
    return page[page.index('id="pending"') : page.index('class="rajas-players"')]


def test_the_rivers_palace_reward_offers_the_master_builders_garden_a_worker_to_take_back(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _started(client, companion, ["shalimar"])
    _play(client, game_id, type="place", seat="1", space="outer_terrace")
    _play(client, game_id, type="place", seat="0", space="quarry", pay="1:green-4", **{"tile.cost": "4"})
    _play(client, game_id, type="place", seat="1", space="outer_terrace")
    # River space 3 is a palace reward (test data): Asha chooses a room, the Master Builder among them.
    _play(client, game_id, type="place", seat="0", space="port", pay="0:blue-3", steps="3")
    assert companion.view(game_id)["pending"][0]["kind"] == "room"
    card = _pending_card(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True))
    assert 'name="recall"' in card
    assert '<option value="port">Port</option>' in card and '<option value="quarry">Carrière</option>' in card
    garden = {"tile.kind": "shalimar", "tile.color": "orange", "cover": "1", "recall": "quarry"}
    _play(client, game_id, type="room", seat="0", room="master_builder", pay="0:orange-2", **garden)
    state = companion.session(game_id).state
    assert [t["kind"] for t in state.player(0)["tiles"] if not t["covered"]] == ["shalimar"]
    assert state.player(0)["placed"] == 1 and 0 not in state.data["spaces"]["quarry"]


def test_without_the_shalimar_module_the_rivers_master_builder_asks_no_worker_back(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _started(client, companion, [])
    _play(client, game_id, type="place", seat="1", space="outer_terrace")
    _play(client, game_id, type="place", seat="0", space="quarry", pay="1:green-4", **{"tile.cost": "4"})
    _play(client, game_id, type="place", seat="1", space="outer_terrace")
    _play(client, game_id, type="place", seat="0", space="port", pay="0:blue-3", steps="3")
    card = _pending_card(client.get(f"/games/{game_id}?lang=en").get_data(as_text=True))
    assert "master_builder" in card and 'name="recall"' not in card


def test_navaratnas_a_worker_taken_back_is_shown_placed_after_the_others_in_french_and_english(
    client: FlaskClient, companion: Companion
) -> None:
    # Goodie Box, Shalimar for the Navaratnas variant: the worker taken back lies on the Kali until the others are
    # placed. Asha's garden takes back the worker that built it.
    game_id = _started(client, companion, ["navaratnas", "shalimar"])
    _play(client, game_id, type="place", seat="1", space="outer_terrace")
    garden = {"tile.kind": "shalimar", "tile.color": "green", "recall": "quarry"}
    _play(client, game_id, type="place", seat="0", space="quarry", pay=["0:blue-3", "1:green-4"], **garden)
    french = client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True)
    assert "1 ouvrier repris : placé après les autres" in french
    english = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    assert "1 worker taken back: placed after the others" in english
    assert 'href="/rules/rajas#rule-shalimar.navaratnas"' in english
    assert "places the worker taken back" not in english  # two other workers come first
    _play(client, game_id, type="place", seat="1", space="outer_terrace")
    _play(client, game_id, type="place", seat="0", space="market_mixed")
    _play(client, game_id, type="place", seat="1", space="market_mixed")
    _play(client, game_id, type="place", seat="0", space="port", pay="0:orange-2", steps="1")
    view = companion.view(game_id)
    assert view["current_seat"] == 0 and view["players"][0]["places_recalled"] is True
    french = html.unescape(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True))
    assert "Asha place maintenant l'ouvrier repris grâce aux jardins de Shalimar" in french
    english = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    assert "Asha now places the worker taken back by the Shalimar gardens" in english


def test_a_told_track_end_is_shown_beside_the_markers(client: FlaskClient, companion: Companion) -> None:
    game_id = _started(client, companion, [])
    page = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    assert "<small>/150</small>" not in page
    answer = {"type": "answer_fact", "key": "track.money.length", "value": "150"}
    assert client.post(f"/games/{game_id}/rajas/fact", data=answer).status_code == 303
    page = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    assert len(re.findall(r"<dd>\d+<small>/150</small></dd>", page)) == 2  # both players' money


def test_test_of_fate_the_market_forms_score_the_markets_ticked_or_none(
    client: FlaskClient, companion: Companion
) -> None:
    # Goodie Box 1, The Test of Fate, note: at the market spaces the player chooses which markets are scored.
    game_id = _started(client, companion, ["fate"])
    _play(client, game_id, type="place", seat="1", space="outer_terrace")
    market = {"tile.cost": "4", "tile.market1.good": "silk", "tile.market1.value": "2"}
    _play(client, game_id, type="place", seat="0", space="quarry", pay="1:green-4", **market)
    _play(client, game_id, type="place", seat="1", space="outer_terrace")
    page = client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True)
    assert "Choisir les marchés valorisés (épreuve du destin)" in page
    assert '<input type="checkbox" name="markets" value="silk-2"> soie 2' in page
    money = companion.view(game_id)["players"][0]["money"]
    _play(client, game_id, type="place", seat="0", space="market_mixed", markets_named="1", markets="silk-2")
    assert companion.view(game_id)["players"][0]["money"] == money + 2
    form = {"type": "place", "seat": "1", "space": "market_mixed", "markets_named": "1", "markets": "silk-2"}
    refused = client.post(f"/games/{game_id}/rajas/play?lang=en", data=form)
    assert refused.status_code == 422
    assert "Your province has no other market worth 2 for silk." in refused.get_data(as_text=True)
    # Named with none ticked, no market is scored (not the best ones).
    assert move_from_form(MultiDict({"type": "place", "markets_named": "1"}))["markets"] == []


def test_without_the_test_of_fate_the_market_forms_score_the_best_markets_only(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _started(client, companion, [])
    _play(client, game_id, type="place", seat="1", space="outer_terrace")
    market = {"tile.cost": "4", "tile.market1.good": "silk", "tile.market1.value": "2"}
    _play(client, game_id, type="place", seat="0", space="quarry", pay="1:green-4", **market)
    _play(client, game_id, type="place", seat="1", space="outer_terrace")
    assert 'name="markets"' not in client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
