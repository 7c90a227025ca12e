"""The Rajas player card (rajas/_player.html): the Test of Fate's two tiles in words, a tiger tile by its name, a
village without the colour nobody chose for it, and "tracks crossed" in words beside the tracks, not in the river box.

Each scenario starts from a real game rolled in at the table; the player's counters are then set as the test needs
(as test_rajas_support.edit does for the engine's tests), and the page drawn from that state."""

from __future__ import annotations

import html
import re
from typing import Any

from flask.testing import FlaskClient
from test_rajas_support import edit, laid, tile
from test_web_rajas import rolled

from companion.service import Companion
from companion.web.rajas.table import fate_tiles

ASHOKA = laid(1, {**tile("violet", 0, kind="tiger"), "name": "ashoka_pillar"})
VILLAGE = laid(2, {**tile("blue", 0, kind="village"), "reward": {"kind": "next_free"}})
TEA = laid(3, tile("blue", 3, (("tea", 2),)))


def _game(client: FlaskClient, companion: Companion, modules: list[str]) -> str:
    """A game with `modules` in its first round, Bruno (four 1s) to place."""
    players = [{"name": "Asha"}, {"name": "Bruno"}]
    found = str(companion.create_game("rajas", players, {"modules": modules})["game_id"])
    rolled(client, found, 0, (3, 4, 2, 5))
    rolled(client, found, 1, (1, 1, 1, 1))
    return found


def _set(companion: Companion, game_id: str, seat: int, **changes: Any) -> None:
    """The game's current state with some of a player's fields replaced (a scenario, not a move)."""
    session = companion.session(game_id)
    with session.lock:
        session.states[-1] = edit(session.states[-1], seat, **changes)


def _card(page: str, name: str) -> str:
    """The card of the player named `name`, as text with its tags (entities unescaped)."""
    for card in re.findall(r'<li class="rp[ "].*?</li>', page, re.S):
        if f'<span class="rp__name">{name}</span>' in card:
            return html.unescape(card)
    raise AssertionError(f"no card for {name}")


def _page(client: FlaskClient, game_id: str, lang: str) -> str:
    return client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True)


def _text(fragment: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


def test_the_card_shows_each_fate_tile_in_words_in_french_and_english(
    client: FlaskClient, companion: Companion
) -> None:
    # Asha's fame marker fell behind her fate tile on 18 (turned over), her money tile is still ready on 24.
    found = _game(client, companion, ["fate"])
    _set(companion, found, 0, fate={"fame": "flipped", "money": "ready"})
    _set(companion, found, 1, fate={"fame": "done", "money": "ready"})
    asha = _text(_card(_page(client, found, "fr"), "Asha"))
    assert "Épreuve du destin" in asha
    assert "Gloire 18 : retournée, tuile gratuite au prochain passage" in asha and "Argent 24 : prête" in asha
    bruno = _text(_card(_page(client, found, "en"), "Bruno"))
    assert "Test of Fate" in bruno and "Fame 18: used" in bruno and "Money 24: ready" in bruno


def test_without_the_test_of_fate_the_card_says_nothing_of_fate_tiles(
    client: FlaskClient, companion: Companion
) -> None:
    found = _game(client, companion, [])
    assert "destin" not in _text(_card(_page(client, found, "fr"), "Asha")).lower()
    assert fate_tiles(companion.session(found).state.data) == {}


def test_fate_tiles_are_read_from_each_players_state() -> None:
    data: dict[str, Any] = {
        "modules": ["fate"],
        "players": [{"seat": 0, "fate": {"fame": "done", "money": "flipped"}}],
    }
    assert fate_tiles(data) == {
        0: [{"track": "fame", "space": 18, "state": "done"}, {"track": "money", "space": 24, "state": "flipped"}]
    }


def test_a_tiger_tile_is_shown_by_its_name_on_the_card(client: FlaskClient, companion: Companion) -> None:
    found = _game(client, companion, ["tiger"])
    _set(companion, found, 0, tiles=[ASHOKA, TEA])
    assert "Pilier d'Ashoka" in _text(_card(_page(client, found, "fr"), "Asha"))
    assert "Ashoka" in _text(_card(_page(client, found, "en"), "Asha"))


def test_a_village_shows_no_colour_on_the_card(client: FlaskClient, companion: Companion) -> None:
    # The village was paid with a double whose first die was blue: its colour is only that die's, nobody chose it.
    found = _game(client, companion, ["mango"])
    _set(companion, found, 0, tiles=[VILLAGE, TEA])
    card = _card(_page(client, found, "fr"), "Asha")
    village = re.search(r'<span class="tile tile--words tile--village"[^>]*>', card)
    assert village is not None, "the village tile is not drawn"
    assert "bleu" not in village.group(0) and "Village aux manguiers" in village.group(0)
    tea = re.search(r'<span class="tile tile--words"[^>]*title="([^"]*)"', card)
    assert tea is not None and tea.group(1).startswith("bleu")  # a normal tile keeps the colour printed on it
    assert companion.session(found).state.player(0)["tiles"][0]["color"] == "blue"  # the stored state is untouched


def test_tracks_crossed_is_said_in_words_beside_the_tracks_not_in_the_river_box(
    client: FlaskClient, companion: Companion
) -> None:
    found = _game(client, companion, [])
    _set(companion, found, 0, crossed_at=3)
    card = _card(_page(client, found, "fr"), "Asha")
    river = re.search(r'<div class="stat stat--river">.*?</div>', card, re.S)
    assert river is not None and "✓" not in river.group(0)
    crossed = re.search(r'<div class="rp__crossed">.*?</div>', card, re.S)
    assert crossed is not None and "Pistes croisées" in _text(crossed.group(0))
    assert "Pistes croisées" not in _text(_card(_page(client, found, "fr"), "Bruno"))
