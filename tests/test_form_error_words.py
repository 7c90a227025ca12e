"""Refusals of the start form and of a Rajas tile or move shape are said in the page's language, naming exactly
what was wrong (the option and the row of the start form, the market of the tile as the form shows it, the exact
path of a part of a move sent to the API); the API keeps its English message and fields, `said` added."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_rajas are parameters here)

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_rajas_error_words import _refusal, _said
from test_rajas_support import ready_game
from test_web_rajas import game_id  # noqa: F401  (fixtures)
from werkzeug.datastructures import MultiDict

from companion.errors import MalformedRequest
from companion.games.rajas import GAME
from companion.i18n import SUPPORTED_LOCALES, translate
from companion.service import Companion
from companion.web import forms

_UNFILLED = re.compile(r"\{[a-z_]+\}")
"""A parameter a text left unfilled ("{field}")."""
TWO = {"kind": "rajas", "name_0": "Asha", "name_1": "Bruno"}


def _notice(response: Any) -> str:
    """What the refusal notice of the start page says."""
    found = re.search(r'<p class="notice__detail">(.*?)</p>', response.get_data(as_text=True), re.S)
    assert found, response.get_data(as_text=True)[-600:]
    return html.unescape(found[1]).strip()


def _in_both(error: MalformedRequest) -> dict[str, str]:
    """The refusal's `said` in each language, checked to be a text of its own in each."""
    texts = {lang: _said(error, lang) for lang in SUPPORTED_LOCALES}
    for text in texts.values():
        assert not _UNFILLED.search(text) and not text.startswith(("rajas.", "error.")), text
    assert texts["fr"] != texts["en"]
    return texts


# ---- the start form


START_REFUSED = {
    "a module that is none": (
        {**TWO, "rajas.modules": "chess"},
        "Variants and modules: 'chess' is not one of the choices; they are: Navaratnas variant, Mixed groups, ",
        "Variantes et modules : 'chess' ne fait pas partie des choix ; ce sont : Variante des Navaratnas, ",
    ),
    "a row without a name": (
        {**TWO, "rajas.modules": "mixed_groups", "rajas.experienced": "4"},
        "Experienced players (mixed groups): row 5 has no player's name; tick only players named above.",
        "Joueurs expérimentés (groupes hétérogènes) : la ligne 5 n'a pas de nom de joueur ; ne cochez que des "
        "joueurs nommés plus haut.",
    ),
    "a game that is none": (
        {**TWO, "kind": "go"},
        "'go' is not a game here; the games are: ",
        "'go' n'est pas un jeu proposé ici ; les jeux sont : ",
    ),
    "no game chosen": ({**TWO, "kind": ""}, "Choose the game to start: ", "Choisissez le jeu à lancer : "),
}


@pytest.mark.parametrize("case", START_REFUSED)
def test_a_refused_start_form_names_what_was_wrong_in_the_pages_language(
    client: FlaskClient, companion: Companion, case: str
) -> None:
    form, english, french = START_REFUSED[case]
    for lang, text in (("en", english), ("fr", french)):
        response = client.post(f"/games?lang={lang}", data=form)
        assert response.status_code == 400
        assert _notice(response).startswith(text), _notice(response)
    assert companion.games() == []


def test_a_refused_game_kind_lists_the_games_by_their_titles(client: FlaskClient) -> None:
    said = _notice(client.post("/games?lang=fr", data={**TWO, "kind": "go"}))
    assert "Dés libres" in said and "Rajas of the Ganges" in said and said.endswith(".")


@pytest.mark.parametrize("ticked", ["²", "9" * 5000, "x"])
def test_a_row_that_is_no_number_is_refused_not_answered_500(
    client: FlaskClient, companion: Companion, ticked: str
) -> None:
    # "²" is a digit to str.isdigit() that int() refuses; int() refuses 5000 digits: both once answered 500.
    form = {**TWO, "rajas.modules": "mixed_groups", "rajas.experienced": ticked}
    response = client.post("/games?lang=fr", data=form)
    assert response.status_code == 400
    said = _notice(response)
    assert (
        said.startswith("Joueurs expérimentés (groupes hétérogènes) : '") and "n'est pas la ligne d'un joueur" in said
    )
    assert len(said) < 300 and companion.games() == []


def test_every_start_refusal_keeps_its_english_message_and_field(companion: Companion) -> None:
    cases = [
        ({**TWO, "rajas.modules": "chess"}, "rajas.modules", "rajas.modules: 'chess' is not a choice; allowed: "),
        ({**TWO, "rajas.experienced": "4"}, "rajas.experienced", "rajas.experienced: '4' is no row of a named player"),
        ({**TWO, "kind": "go"}, "kind", "kind 'go' is not a game; allowed: "),
        ({"kind": "rajas"}, "players", "at least one player needs a name"),
    ]
    for form, field, message in cases:
        with pytest.raises(MalformedRequest) as caught:
            forms.start_request(MultiDict(form), companion.kinds())
        assert caught.value.details["field"] == field and caught.value.message.startswith(message)
        _in_both(caught.value)
    assert _said(caught.value, "fr") == "Donnez un nom à au moins un joueur."


# ---- a tile described by a Rajas form


BUILD = {"type": "place", "seat": "1", "space": "quarry", "pay": "1:blue-1", "tile.cost": "5"}

TILE_FORMS = {
    "a market value of 7": (
        {"tile.market1.good": "silk", "tile.market1.value": "7"},
        "tile.market1.value",
        "Le marché de la tuile (champ « valeur du marché ») : sa valeur est un nombre entier de 1 à 6, pas '7'.",
    ),
    "the second market alone": (
        {"tile.market2.good": "tea", "tile.market2.value": "9"},
        "tile.market2.value",
        "Le second marché de la tuile (champ « valeur du marché ») : sa valeur est un nombre entier de 1 à 6, pas '9'.",
    ),
    "a market good that is none": (
        {"tile.market1.good": "gold", "tile.market1.value": "2"},
        "tile.market1.good",
        "Le marché de la tuile (champ « produit du marché ») : sa marchandise est soie, thé ou épices, pas 'gold'.",
    ),
    "a market value with no good": (
        {"tile.market1.value": "3"},
        "tile.market1.good",
        "Le marché de la tuile (champ « produit du marché ») : sa marchandise manque : soie, thé ou épices.",
    ),
    "a cost of 25": (
        {"tile.cost": "25"},
        "tile.cost",
        "Le coût de la tuile (champ « coût de la tuile ») est un nombre entier de 1 à 20, pas 25.",
    ),
    "a colour that is none": (
        {"tile.color": "pink"},
        "tile.color",
        "La couleur de la tuile (champ « couleur de la tuile ») est bleu, vert, orange ou violet, pas 'pink'.",
    ),
    "no colour and no die paid": (
        {"pay": ""},
        "tile.color",
        "La couleur de la tuile (champ « couleur de la tuile ») manque : bleu, vert, orange ou violet.",
    ),
    "a yield on a normal tile": (
        {"tile.reward.kind": "money", "tile.reward.number": "2"},
        "tile.reward",
        "Champ « gain imprimé de la tuile » : seule une tuile village aux manguiers a un gain imprimé ; laissez-le "
        "vide pour cette tuile.",
    ),
    "a building that is none": (
        {"tile.buildings": "castle"},
        "tile.buildings[0]",
        "Le bâtiment 1 de la tuile (champ « bâtiments de la tuile ») est un temple, un palais, un fort ou un moulin, "
        "pas 'castle'.",
    ),
}


@pytest.mark.parametrize("case", TILE_FORMS)
def test_a_wrong_tile_on_the_form_is_named_as_the_form_shows_it_in_french(
    client: FlaskClient, game_id: str, companion: Companion, case: str
) -> None:
    fields, field, french = TILE_FORMS[case]
    form = {**BUILD, **fields}
    before = companion.session(game_id).last_seq
    page = client.post(f"/games/{game_id}/rajas/play?lang=fr", data=form)
    assert page.status_code == 400 and _refusal(page) == french
    english = _refusal(client.post(f"/games/{game_id}/rajas/play?lang=en", data=form))
    assert english != french and field not in english and field not in french, english
    error = client.post(f"/api/games/{game_id}/rajas/move", data=form).get_json()["error"]
    assert error["code"] == "malformed" and error["details"]["field"] == field
    assert error["message"].startswith(f"field {field}: got ")  # the API's English message, as before
    # The API's `said` keeps the field's path, which its callers look for; the page names it in words.
    said = translate("fr", error["details"]["said"]["key"], error["details"]["said"]["params"])
    assert f"champ {field}" in said.lower(), said
    assert companion.session(game_id).last_seq == before  # nothing written


# ---- a tile sent to the API


def _quarry(**tile: Any) -> dict[str, Any]:
    return {"type": "place", "seat": 0, "space": "quarry", "tile": {"color": "blue", "cost": 5, **tile}}


TILES_SENT = [
    (_quarry(markets=[{"good": "silk", "value": 7}]), "tile.markets[0].value", "Le marché 1 de la tuile (champ "),
    (
        _quarry(markets=[{"good": "tea", "value": 2}, {"good": "gold", "value": 2}]),
        "tile.markets[1].good",
        "Le marché 2 de la tuile (champ tile.markets[1].good) : sa marchandise est soie, thé ou épices, pas 'gold'.",
    ),
    (_quarry(markets=[1]), "tile.markets[0]", "Le marché 1 de la tuile (champ tile.markets[0]) : une marchandise"),
    (_quarry(markets=[{"good": "tea", "value": 1}] * 3), "tile.markets", "Les marchés de la tuile (champ tile.ma"),
    (_quarry(buildings="fort"), "tile.buildings", "Les bâtiments de la tuile (champ tile.buildings) : 2 au plus"),
    (_quarry(colour="blue"), "tile.colour", "Champ tile.colour : une tuile n'a pas ce champ ; ses champs sont color"),
    (_quarry(kind="castle"), "tile.kind", "Le type de tuile (champ tile.kind) : tuile normale, village aux manguiers"),
    (_quarry(stack="horse"), "tile.stack", "La pile de la tuile (champ tile.stack) est serpent, tigre ou vache, pas"),
    (_quarry(roads="loop"), "tile.roads", "Les routes de la tuile (champ tile.roads) sont droite, virage"),
    (_quarry(kind="tiger"), "tile.name", "Précisez de quelle tuile tigre il s'agit (champ tile.name) : Pilier"),
    (_quarry(cost=None), "tile.cost", "Le coût de la tuile (champ tile.cost) manque : le total imprimé dessus, de 1"),
    (_quarry(cost=True), "tile.cost", "Le coût de la tuile (champ tile.cost) est un nombre entier de 1 à 20, pas"),
    (
        _quarry(kind="village", reward={"kind": "money", "amount": 99}),
        "tile.reward",
        "Le gain imprimé du village (champ tile.reward) : le nombre imprimé avec cette récompense doit être de 1 à",
    ),
    ({"type": "place", "seat": 0, "space": "quarry", "tile": "blue-5"}, "tile", "Champ tile : une tuile se décrit"),
]


@pytest.mark.parametrize(("move", "field", "french"), TILES_SENT)
def test_a_wrong_tile_sent_to_the_api_names_its_exact_part_in_both_languages(
    move: dict[str, Any], field: str, french: str
) -> None:
    with pytest.raises(MalformedRequest) as caught:
        GAME.parse_move(ready_game(), move)
    assert caught.value.details["field"] == field
    assert caught.value.message.startswith(f"field {field}: got ") and "allowed: " in caught.value.message
    assert _in_both(caught.value)["fr"].startswith(french)


def test_a_tile_kind_sent_as_null_is_a_normal_tile() -> None:
    # A null was kept as the tile's kind (neither normal nor any module tile).
    assert GAME.parse_move(ready_game(), _quarry(kind=None))["tile"]["kind"] == "normal"


# ---- the other shapes of a move


MOVES_SENT = [
    ({"type": "fly", "seat": 0}, "type", "Champ type : il n'y a pas de coup 'fly' ; les coups sont place, reuse"),
    ({"type": "place", "seat": 0, "space": "port", "colour": "blue"}, "colour", "Champ colour : un coup place n'a"),
    ({"type": "upgrade", "seat": 0}, "building", "Le champ building manque : un coup upgrade ne peut pas s'en passer."),
    ({"type": "take_yield", "seat": 0}, "tile", "Le champ tile manque : choisissez la tuile revenu et la case de"),
    (
        {"type": "place", "seat": 0, "space": "market_mixed", "markets": [], "goods": ["silk"]},
        "goods",
        "Champ goods : indiquez soit les marchés comptés (champ markets), soit les marchandises",
    ),
    ({"type": "place", "seat": 0, "space": "kitchen"}, "space", "Le champ space prend l'une de ces valeurs : Carrière"),
    ({"type": "place", "seat": 0, "space": "port", "good": "gold"}, "good", "Le champ good prend l'une de ces valeurs"),
    ({"type": "room", "seat": 0, "room": "kitchen"}, "room", "Le champ room prend l'une de ces valeurs : Grand Moghol"),
    (
        {"type": "place", "seat": 0, "space": "port", "pay": [{"color": "red", "value": 2}]},
        "pay[0].color",
        "Le champ pay[0].color prend l'une de ces valeurs : bleu, vert, orange, violet, pas 'red'.",
    ),
    ({"type": "place", "seat": 0, "space": "port", "pay": ["x"]}, "pay[0]", "Champ pay[0] : un dé a une couleur"),
    (
        {"type": "place", "seat": 0, "space": "port", "pay": [{"color": "blue", "value": 2, "as": 5, "via": "magic"}]},
        "pay[0].via",
        "Le champ pay[0].via prend l'une de ces valeurs : karma, gemstone, pas 'magic'.",
    ),
    ({"type": "roll", "seat": 0, "dice": "blue-5"}, "dice", "Champ dice : une liste de 12 dés au plus, pas 'blue-5'."),
    ({"type": "place", "seat": 0, "space": "quarry", "connects": ["a"]}, "connects", "Champ connects : une liste de"),
    ({"type": "place", "seat": 0, "space": "port", "goods": ["silk", "silk"]}, "goods", "Champ goods : des marchand"),
    (
        {"type": "place", "seat": 0, "space": "market_mixed", "markets": [{"good": "silk", "value": 9}]},
        "markets[0].value",
        "Le marché compté n° 1 (champ markets[0].value) : sa valeur est un nombre entier de 1 à 6, pas 9.",
    ),
    ({"type": "place", "seat": 0, "space": "port", "markets": "silk-2"}, "markets", "Champ markets : une liste de 12"),
    ({"type": "place", "seat": 0, "space": "port", "black_market": "yes"}, "black_market", "Champ black_market : true"),
    ({"type": "place", "seat": 0, "space": "quarry", "cell": ""}, "cell", "Champ cell : un texte de 1 à 60 caractères"),
    (
        {"type": "river_tile", "seat": 0, "space": 3, "tile": {"kind": "gold"}},
        "tile",
        "Champ tile : une récompense doit être d'un type de la liste",
    ),
    ({"type": "take_yield", "seat": 0, "tile": {"color": "pink"}}, "tile", "Champ tile : une tuile revenu est blanche"),
]


@pytest.mark.parametrize(("move", "field", "french"), MOVES_SENT)
def test_every_malformed_move_sent_is_said_in_both_languages(move: Any, field: str, french: str) -> None:
    with pytest.raises(MalformedRequest) as caught:
        GAME.parse_move(ready_game(), move)
    assert caught.value.details["field"] == field and caught.value.message.startswith(f"field {field}: got ")
    assert _in_both(caught.value)["fr"].startswith(french), _said(caught.value, "fr")


@pytest.mark.parametrize(
    ("move", "field", "french"),
    [
        ([1], "move", "Un coup est un objet JSON, pas [1]."),
        # Once a TypeError (a list is no key of the moves) and a KeyError (a die without its colour): answered 500.
        ({"type": ["place"], "seat": 0}, "type", "Champ type : il n'y a pas de coup ['place']"),
        ({"type": "place", "seat": 0, "space": "port", "pay": [{"value": 2}]}, "pay[0].color", "Le champ pay[0].co"),
    ],
)
def test_a_move_of_the_wrong_shape_is_refused_not_answered_500(move: Any, field: str, french: str) -> None:
    with pytest.raises(MalformedRequest) as caught:
        GAME.parse_move(ready_game(), move)
    assert caught.value.details["field"] == field and _in_both(caught.value)["fr"].startswith(french)


def test_a_move_refused_by_its_shape_is_said_on_a_french_page_and_in_english_by_the_api(
    client: FlaskClient, game_id: str
) -> None:
    form = {"type": "place", "seat": "1", "space": "port", "good": "gold"}
    page = client.post(f"/games/{game_id}/rajas/play?lang=fr", data=form)
    assert page.status_code == 400
    assert _refusal(page) == "Le champ « produit » prend l'une de ces valeurs : soie, thé, épices, pas 'gold'."
    error = client.post(f"/api/games/{game_id}/rajas/move", data=form).get_json()["error"]
    assert error["message"] == "field good: got 'gold'; allowed: silk, tea, spice"
    assert error["details"]["field"] == "good" and error["details"]["value"] == "'gold'"
    assert translate("en", error["details"]["said"]["key"], error["details"]["said"]["params"]) == (
        "Field good takes one of silk, tea, spices, not 'gold'."
    )


def test_a_move_sent_to_the_fact_form_is_refused_in_the_tables_language(
    client: FlaskClient, game_id: str, companion: Companion
) -> None:
    before = companion.session(game_id).last_seq
    move = {"type": "place", "seat": "1", "space": "quarry", "key": "2p.quarry.slots", "value": "4"}
    page = client.post(f"/games/{game_id}/rajas/fact?lang=fr", data=move)
    # It said "field type: this form only tells printed facts" in English on a French page.
    assert page.status_code == 400
    assert _refusal(page) == "Ce formulaire ne dit qu’un fait imprimé, pas un coup : jouez le coup depuis la table."
    assert companion.session(game_id).last_seq == before  # nothing written
