"""A refusal drawn on the table page names its field as the form labels it ("the tile's reward kind", "le type de
récompense de la tuile"), never by the path the request named ("champ tile.reward.kind"); the JSON API keeps the
path, which its callers look for."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_rajas are parameters here)

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_web_rajas import game_id  # noqa: F401  (fixtures)

from companion.i18n import SUPPORTED_LOCALES, translate
from companion.i18n.catalog import catalogues
from companion.web.rajas.field_words import FIELD_WORDS, field_words, in_form_words

PATHS = {
    "tile.reward.kind": ("the tile's reward kind", "type de récompense de la tuile"),
    "tile.reward2.kind": ("the tile's reward kind", "type de récompense de la tuile"),
    "tile.reward.number": ("the tile's printed yield", "gain imprimé de la tuile"),
    "tile.reward": ("the tile's printed yield", "gain imprimé de la tuile"),
    "dice.0.value": ("number shown", "face montrée"),
    "fix.2.value": ("number shown", "face montrée"),
    "pay[1].value": ("number shown", "face montrée"),
    "pay[0].as": ("number it is used as", "nombre pour lequel il compte"),
    "reroll.0.color": ("die's colour", "couleur du dé"),
    "pay[0].via": ("how the die is turned", "façon dont le dé est tourné"),
    "dice.1.seen": ("die seen by the camera", "dé vu par la caméra"),
    "pay[0]": ("dice paid", "dés payés"),
    "reroll": ("dice rolled again", "dés relancés"),
    "return": ("dice given back", "dés rendus"),
    "dice": ("dice rolled", "dés lancés"),
    "tile.color": ("the tile's colour", "couleur de la tuile"),
    "tile.cost": ("the tile's cost", "coût de la tuile"),
    "tile.kind": ("module tile", "tuile de module"),
    "tile.stack": ("the tile's stack", "pile de la tuile"),
    "tile.roads": ("the tile's roads", "routes de la tuile"),
    "tile.name": ("which tiger tile", "quelle tuile tigre"),
    "tile.market2.good": ("the market's good", "produit du marché"),
    "tile.markets[1].value": ("the market's value", "valeur du marché"),
    "markets[0].value": ("the market's value", "valeur du marché"),
    "tile.markets": ("the tile's markets", "marchés de la tuile"),
    "tile.buildings[0]": ("the tile's buildings", "bâtiments de la tuile"),
    "tile": ("the tile taken", "tuile prise"),
    "reward.kind": ("reward kind", "type de récompense"),
    "reward.json": ("reward printed", "récompense imprimée"),
    "markets": ("markets scored", "marchés valorisés"),
    "income.other": ("income space", "case de revenu"),
    "count": ("how many", "combien"),
    "seat": ("player", "joueur"),
    "good": ("good", "produit"),
    "room": ("palace room", "salle du palais"),
    "connects": ("special incomes joined", "revenus spéciaux reliés"),
    "gemstone_as": ("used as (Gemstone trader)", "compte pour (marchand de pierres précieuses)"),
    "value": ("answer", "réponse"),
}
"""Paths a form or a move names, and the words the page says them with, in English and in French."""


@pytest.mark.parametrize("path", PATHS)
def test_a_field_path_is_named_in_the_words_of_the_form_in_both_languages(path: str) -> None:
    words = field_words(path)
    assert words is not None, path
    english, french = PATHS[path]
    assert translate("en", words["key"], words["params"]) == f"“{english}”"
    assert translate("fr", words["key"], words["params"]) == f"« {french} »"


def test_every_entry_of_the_table_has_words_in_both_catalogues() -> None:
    for pattern, name in FIELD_WORDS:
        # A "{0}" entry names each of its alternatives by its own key.
        names = re.findall(r"[a-z_]+", pattern.pattern.split("(?:")[1]) if "{0}" in name else [name]
        assert names, pattern.pattern
        for found in names:
            key = f"page.rajas.field.{found}"
            assert all(key in catalogues.keys(lang) for lang in SUPPORTED_LOCALES), key


@pytest.mark.parametrize("path", ["key", "question", "if_seq", "tile.market1.colour.x"])
def test_a_path_the_table_does_not_know_keeps_its_name(path: str) -> None:
    said = {"key": "rajas.said.form.whole_number", "params": {"field": path, "value": "'x'"}}
    assert field_words(path) is None and in_form_words(said) == said


def test_a_field_already_in_words_is_left_as_it_is() -> None:
    said: dict[str, Any] = {"key": "rajas.said.form.whole_number", "params": {"field": "count", "value": "'x'"}}
    once = in_form_words(said)
    assert once["params"]["field"] == {"key": "page.rajas.field.count", "params": {}}
    assert in_form_words(once) == once and said["params"]["field"] == "count"  # the message given is not changed


def _reason(response: Any) -> str:
    found = re.search(r'verdict-box__reason break">(.*?)</p>', response.get_data(as_text=True), re.S)
    assert found, response.get_data(as_text=True)[-600:]
    return html.unescape(found.group(1))


ROLL_OF_7 = {"type": "roll", "seat": "0", "dice.0.color": "blue", "dice.0.value": "3"}
ROLL_OF_7.update({"dice.2.color": "green", "dice.2.value": "7"})
VILLAGE_NUMBER = {"type": "place", "seat": "1", "space": "quarry", "pay": "1:blue-1", "tile.cost": "5"}
VILLAGE_NUMBER.update({"tile.kind": "village", "tile.reward.kind": "money", "tile.reward.number": "lots"})

PAGE_REFUSALS: dict[str, tuple[dict[str, str], str, str, str]] = {
    "a rolled die of 7": (
        ROLL_OF_7,
        "dice.2.value",
        "Dé 3 du lancer (champ « face montrée ») : la face montrée est un nombre de 1 à 6, pas '7'.",
        "Die 3 of the roll (field “number shown”): the number showing is 1 to 6, not '7'.",
    ),
    "a village's number that is no number": (
        VILLAGE_NUMBER,
        "tile.reward.number",
        "Champ « gain imprimé de la tuile » : un nombre entier, pas 'lots'.",
        "Field “the tile's printed yield”: a whole number, not 'lots'.",
    ),
    "a Navaratnas yield tile's reward of no kind (no village's)": (
        {"type": "take_yield", "seat": "1", "tile.color": "brown", "income": "1", "tile.reward.kind": "lots"},
        "tile.reward",
        "Champ « gain imprimé de la tuile » : une récompense doit être d'un type de la liste des récompenses "
        "imprimées, pas null.",
        "Field “the tile's printed yield”: a reward needs a kind in the list of printed rewards, not null.",
    ),
    "a good that is none (the engine's refusal)": (
        {"type": "place", "seat": "1", "space": "market_identical", "pay": "1:green-1", "good": "gold"},
        "good",
        "Le champ « produit » prend l'une de ces valeurs : soie, thé, épices, pas 'gold'.",
        "Field “good” takes one of silk, tea, spices, not 'gold'.",
    ),
}


@pytest.mark.parametrize("case", PAGE_REFUSALS)
def test_a_refused_form_names_its_field_in_words_on_the_page_and_by_its_path_in_the_api(
    client: FlaskClient, game_id: str, case: str
) -> None:
    form, path, french, english = PAGE_REFUSALS[case]
    for endpoint in ("play", "check"):  # the table, and "Can I...?"
        for lang, text in (("fr", french), ("en", english)):
            page = client.post(f"/games/{game_id}/rajas/{endpoint}?lang={lang}", data=form)
            assert page.status_code == 400 and _reason(page) == text
    error = client.post(f"/api/games/{game_id}/rajas/move", data=form).get_json()["error"]
    assert error["details"]["field"] == path and error["message"].startswith(f"field {path}: got ")
    assert error["details"]["said"]["params"]["field"] == path  # the API's callers still find the path
