"""What a French 3-player game night on a phone found unsaid or said in keys: Navaratnas yield tiles shown on the
player cards and in the API's view, yield and income spaces chosen by what the table sees on its board (never by an
engine's number it cannot read), tiles in words, one name and agreeing colours for each space, rulebook sections in
the reader's language, and refusals and prompts that say why."""

from __future__ import annotations

import html
import re
from typing import Any

from flask.testing import FlaskClient
from test_rajas_support import FACTS, dice, do, edit, laid, move, ready_game, tile

from companion.games.rajas import GAME
from companion.i18n import translate
from companion.service import Companion

COLORS = ("blue", "green", "orange", "violet")
PLAYERS = [{"name": "Chloé"}, {"name": "Bastien"}, {"name": "Inès"}]
SPACE_COLORS = ("brown", "white", "yellow", "red")
PRINTED = (
    {"kind": "dice", "count": 1},
    {"kind": "money", "amount": 2},
    {"kind": "karma", "amount": 1},
    {"kind": "fame", "amount": 2},
)


def board_facts(colors: tuple[str, ...] = SPACE_COLORS * 2) -> dict[str, Any]:
    """A Navaratnas province board told by the table (TEST DATA): its income spaces, their colours and incomes."""
    facts: dict[str, Any] = {"navaratnas.incomes": len(colors), "3p.quarry.slots": 4}
    facts.update({f"3p.quarry.{n}.cost": c for n, c in enumerate((1, 1, 2, 3), start=1)})
    for number, color in enumerate(colors, start=1):
        facts[f"navaratnas.income.{number}.color"] = color
        facts[f"navaratnas.income.{number}"] = PRINTED[(number - 1) // 2 % 4]
    return facts


def _text(part: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", part))).strip()


def _navaratnas_night(companion: Companion, facts: dict[str, Any] | None = None) -> str:
    """Chloé, Bastien and Inès roll their start dice (seat n shows n+2 everywhere): Chloé lays her brown tile first."""
    options = {"modules": ["navaratnas"], "facts": board_facts() if facts is None else facts}
    game_id = str(companion.create_game("rajas", PLAYERS, options)["game_id"])
    for seat in range(3):
        play(companion, game_id, type="roll", seat=seat, dice=[{"color": c, "value": seat + 2} for c in COLORS])
    assert companion.view(game_id)["pending"][0] == {"kind": "yield_place", "seat": 0}
    return game_id


def _rolled_game(companion: Companion) -> str:
    """A plain 3-player game whose start dice are rolled (seat n shows n+2 everywhere)."""
    game_id = str(companion.create_game("rajas", PLAYERS, {"facts": FACTS})["game_id"])
    for seat in range(3):
        play(companion, game_id, type="roll", seat=seat, dice=[{"color": c, "value": seat + 2} for c in COLORS])
    return game_id


def play(companion: Companion, game_id: str, **fields: Any) -> dict[str, Any]:
    companion.append(game_id, "move", {"move": fields})
    return companion.view(game_id)


def _post(client: FlaskClient, game_id: str, form: dict[str, Any]) -> None:
    response = client.post(f"/games/{game_id}/rajas/play?lang=fr", data=form)
    assert response.status_code == 303, _text(response.get_data(as_text=True))[-600:]


def _card(page: str, name: str) -> str:
    start = page.index(f'<span class="rp__name">{name}</span>')
    return page[start : page.index("</li>", start)]


def _pending(page: str) -> str:
    return page[page.index('id="pending"') : page.index('class="rajas-players"')]


# ---- B. Navaratnas yield tiles


def _with_two_yield_tiles(companion: Companion) -> str:
    # The tester's night: a brown tile scoring by buildings laid at setup, then a white "2 gloire" from the Dancer.
    game_id = _navaratnas_night(companion)
    brown = {"color": "brown", "reward": {"kind": "money_per_building"}}
    play(companion, game_id, type="take_yield", seat=0, income=1, tile=brown)
    for seat in (1, 2):
        other = {"color": "brown", "reward": {"kind": "fame_per_worker"}}
        play(companion, game_id, type="take_yield", seat=seat, income=5, tile=other)
    seat = companion.view(game_id)["current_seat"]
    assert seat == 0
    play(companion, game_id, type="place", seat=0, space="room.dancer", pay=[{"color": "blue", "value": 2}])
    play(
        companion, game_id, type="roll", seat=0, dice=[{"color": "green", "value": 5}, {"color": "violet", "value": 1}]
    )
    white = {"color": "white", "reward": {"kind": "fame", "amount": 2}}
    play(companion, game_id, type="take_yield", seat=0, income=2, tile=white)
    return game_id


def test_placed_yield_tiles_are_in_the_view_and_on_the_player_card(client: FlaskClient, companion: Companion) -> None:
    game_id = _with_two_yield_tiles(companion)
    chloe = companion.view(game_id)["players"][0]
    assert [(y["income"], y["color"], y["reward"], y["is_joined"]) for y in chloe["yields"]] == [
        (1, "brown", {"kind": "money_per_building"}, False),
        (2, "white", {"kind": "fame", "amount": 2}, False),
    ]
    card = _card(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True), "Chloé")
    assert "Tuiles revenu" in _text(card)
    assert "1 argent par bâtiment" in _text(card) and "2 gloire" in _text(card)
    english = _card(client.get(f"/games/{game_id}?lang=en").get_data(as_text=True), "Chloé")
    assert "1 money per building" in _text(english) and "2 fame" in _text(english)


def test_the_brown_start_tile_is_not_asked_its_colour_and_goes_on_a_space_named_by_what_it_shows(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _navaratnas_night(companion)
    form = _pending(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True))
    # The prompt said "piochez une tuile revenu marron": the form does not ask the colour again.
    assert "Couleur de la tuile" not in _text(form)
    assert '<input type="hidden" name="tile.color" value="brown">' in form
    # The two brown spaces of the board, as the table sees them; no engine number to type.
    assert "Revenu spécial (numéro)" not in _text(form) and 'type="number" name="income"' not in form
    assert "Case marron, imprimé : 1 dé au choix" in _text(form)
    assert "Case marron, imprimé : 1 karma" in _text(form)
    assert "Case blanche" not in _text(form)  # a brown tile fits a brown space only
    # A brown tile prints no number nor dice colour: only what it scores is asked.
    assert 'name="reward.number"' not in form and 'value="money_per_building"' in form
    _post(
        client,
        game_id,
        {"type": "take_yield", "seat": "0", "tile.color": "brown", "reward.kind": "fame_per_worker", "income": "5"},
    )
    assert companion.session(game_id).state.player(0)["yields"]["5"]["color"] == "brown"


def test_a_single_space_that_fits_is_not_asked(client: FlaskClient, companion: Companion) -> None:
    colors = ("brown", "white", "yellow", "red", "white", "yellow", "red", "white")  # one brown space only
    game_id = _navaratnas_night(companion, board_facts(colors))
    form = _pending(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True))
    assert '<input type="hidden" name="income" value="1">' in form
    assert "Elle va sur la seule case libre qui lui convient : Case marron, imprimé : 1 dé au choix." in _text(form)
    assert 'type="radio" name="income"' not in form


def test_the_dancers_yield_tile_offers_each_look_of_free_space_once() -> None:
    from companion.web.rajas.table import yield_form

    def space(n: int, color: str, printed: dict[str, Any] | None, **more: Any) -> dict[str, Any]:
        return {"income": n, "color": color, "printed": printed, "yield": None, "is_joined": False, **more}

    karma = {"kind": "karma", "amount": 1}
    me = {
        "board": "navaratnas",
        "knows_every_income_space": True,
        "income_spaces": [
            space(1, "brown", karma, **{"yield": {"color": "brown", "reward": {"kind": "fame_per_worker"}}}),
            space(2, "white", karma),
            space(3, "white", karma),  # looks like 2: the rules cannot tell them apart, offered once
            space(4, "red", karma, is_joined=True),  # joined: no tile goes there any more
            space(5, "yellow", None),  # its income not told: offered with its number
            space(6, "yellow", None),
        ],
    }
    found = yield_form({"kind": "yield_pick", "seat": 0}, me)
    assert [o["value"] for o in found["options"]] == [2, 5, 6]
    said = [translate("fr", o["label"]["key"], o["label"]["params"]) for o in found["options"]]
    assert said[0] == "Case blanche, imprimé : 1 karma"
    assert said[1] == "Case jaune n° 5 (revenu imprimé pas encore indiqué)"
    assert found["only"] is None and not found["asks_number"] and found["color"] is None


def test_a_board_not_told_yet_asks_a_number_and_says_how_spaces_are_counted(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _navaratnas_night(companion, facts={})
    form = _pending(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True))
    assert re.search(r'type="number" name="income"[^>]* required>', form)
    assert "dans le sens des aiguilles d'une montre" in _text(form)


def test_another_space_is_told_by_its_number_when_the_board_is_partly_known(
    client: FlaskClient, companion: Companion
) -> None:
    facts = {k: v for k, v in board_facts().items() if k != "navaratnas.incomes"}  # how many spaces: not told
    game_id = _navaratnas_night(companion, facts)
    form = _pending(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True))
    assert 'type="radio" name="income" value="other"' in form and 'name="income.other"' in form
    other = {"type": "take_yield", "seat": "0", "tile.color": "brown", "reward.kind": "fame_per_worker"}
    facts_told = {"navaratnas.income.9.color": "brown"}
    companion.boards.remember("rajas", facts_told)
    play(companion, game_id, type="answer_fact", key="navaratnas.income.9.color", value="brown")
    _post(client, game_id, {**other, "income": "other", "income.other": "9"})
    assert "9" in companion.session(game_id).state.player(0)["yields"]


def test_the_quarry_form_names_the_incomes_a_tile_joins_by_what_lies_on_them(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _with_two_yield_tiles(companion)
    table = client.get(f"/games/{game_id}/rajas/check?lang=fr").get_data(as_text=True)
    start = table.index("Chloé</summary>")
    chloe = table[start : table.index("</details>", table.index("space--quarry", start))]
    assert "Revenus spéciaux reliés (numéros)" not in _text(chloe) and 'name="connects" inputmode' not in chloe
    assert "Tuile revenu marron : 1 argent par bâtiment" in _text(chloe)
    assert "Tuile revenu blanche : 2 gloire" in _text(chloe)
    assert "Case jaune, imprimé : 2 argent" in _text(chloe)
    assert re.search(r'name="connects" value="2"', chloe)  # the white tile, posted by the engine's number


def test_a_tile_joining_a_yield_tile_ticked_on_the_form_pays_it(client: FlaskClient, companion: Companion) -> None:
    game_id = _with_two_yield_tiles(companion)
    seat = companion.view(game_id)["current_seat"]
    assert seat == 1  # Bastien, whose brown tile (1 fame per worker) lies on income space 5
    form: dict[str, Any] = {"type": "place", "seat": "1", "space": "quarry", "pay": "0:blue-3"}
    form.update({"tile.cost": "2", "tile.market1.good": "tea", "tile.market1.value": "2", "connects": ["5"]})
    _post(client, game_id, form)
    bastien = companion.view(game_id)["players"][1]
    assert bastien["yields"][0]["income"] == 5 and bastien["yields"][0]["is_joined"]
    assert bastien["fame"] == 3  # three workers
    assert "✓" in _card(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True), "Bastien")


def test_a_white_yield_tile_used_again_is_named_by_what_it_shows() -> None:
    from companion.web.rajas.choices import _use

    view = {"players": [{"yields": [{"income": 4, "color": "white", "reward": {"kind": "karma", "amount": 1}}]}]}
    found = _use({"kind": "yield_use", "seat": 0}, view, {"seat": "0"})
    said = [translate("fr", a.label.key, a.label.params) for a in found]
    assert said == ["1 karma à nouveau (tuile revenu blanche)", "2 pièces à la place"]
    assert found[0].fields["income"] == "4"


# ---- C. Tiles in words on the player cards


def test_a_tiles_markets_and_buildings_are_in_words_not_letters_of_the_upgrades_row(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _rolled_game(companion)
    seat = companion.view(game_id)["current_seat"]
    laid_tile = tile("blue", 2, markets=(("tea", 2),), buildings=("temple",))
    play(
        companion,
        game_id,
        type="place",
        seat=seat,
        space="quarry",
        pay=[{"color": "blue", "value": seat + 2}],
        tile=laid_tile,
    )
    card = _card(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True), PLAYERS[seat]["name"])
    tiles = card[card.index('class="tiles"') :]
    assert "thé 2" in _text(tiles) and "temple" in _text(tiles)
    assert not re.search(r'class="tile__mark">T2?<', tiles)  # "T2" is temple level 2 in the upgrades row


# ---- D. French wording: agreeing colours, sections in the page's language, one name for each space


def test_palace_spaces_agree_with_their_colour_in_french_and_read_naturally_in_english(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _rolled_game(companion)
    french = _text(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True))
    for name in (
        "Terrasse verte",
        "Terrasse bleue",
        "Terrasse violette",
        "Terrasse orange",
        "Balcon orange",
        "Balcon vert",
    ):
        assert name in french
    assert "Terrasse vert " not in french and "Terrasse violet " not in french and "Terrasse bleu " not in french
    english = _text(client.get(f"/games/{game_id}?lang=en").get_data(as_text=True))
    assert "Green terrace" in english and "Orange balcony" in english and "Terrace green" not in english
    # One name for the mixed market everywhere: the rulebook's, in forms and questions alike.
    assert "produits variés" not in french and "Marché de marchandises variées" in french


def test_a_refusal_cites_the_rulebook_section_in_the_pages_language_only(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _rolled_game(companion)
    seat = companion.view(game_id)["current_seat"]
    wrong = {"type": "place", "seat": str(seat), "space": "room.raja", "pay": f"0:blue-{seat + 2}"}
    french = _text(client.post(f"/games/{game_id}/rajas/play?lang=fr", data=wrong).get_data(as_text=True))
    assert "III. Actions au palais" in french and "Palace" not in french
    english = _text(client.post(f"/games/{game_id}/rajas/play?lang=en", data=wrong).get_data(as_text=True))
    assert "III. Palace actions" in english and "Actions au palais" not in english
    rules = _text(client.get("/rules/rajas?lang=fr").get_data(as_text=True))
    assert "III. Actions au palais" in rules and "– Palace" not in rules and "– Quarry" not in rules


def test_the_reward_lists_name_the_mixed_market_as_the_questions_do(client: FlaskClient, companion: Companion) -> None:
    # The river's questions offer the printed rewards: the tester read "marché de produits variés" there and
    # "marché de marchandises variées" in the questions about the same space.
    companion.boards.remember("rajas", {"34p.river.length": 12})
    page = client.get("/boards/rajas?lang=fr").get_data(as_text=True)
    assert re.search(r'value="market_mixed"\s*>marché de marchandises variées<', page)
    assert "produits" not in _text(page)
    assert "marché de marchandises variées" in _text(page)  # the question about its worker spaces


def test_the_space_names_of_the_forms_and_of_the_questions_are_the_same() -> None:
    for lang in ("fr", "en"):
        for area in ("market_mixed", "market_identical", "outer_terrace"):
            label = translate(lang, f"rajas.space_label.{area}")
            assert label.casefold() == translate(lang, f"rajas.area.{area}").casefold()
            assert (
                label.casefold() == translate(lang, f"rajas.reward_kind.{area}").casefold() or area == "outer_terrace"
            )
        builder = translate(lang, "rajas.space_label.room.master_builder")
        assert builder.casefold() in translate(lang, "rajas.space.room.master_builder").casefold()
        assert builder == translate(lang, "rajas.rule.palace.master_builder.title")


# ---- E. Refusals and prompts that say why


def test_the_master_builder_without_a_tile_to_cover_says_so() -> None:
    state = edit(ready_game(3), 0, dice=dice(blue=[5]))
    builder = move(state, type="place", seat=0, space="room.master_builder", pay=[{"color": "blue", "value": 5}])
    verdict = GAME.legal(state, builder)
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.nothing_to_cover"
    assert verdict.citation is not None and verdict.citation.rule == "palace.master_builder"
    said = translate("fr", verdict.reason.key, verdict.reason.params)
    assert said.startswith("Vous n'avez aucune tuile à recouvrir")
    # A village is never covered either: with only one, there is still nothing to cover.
    village = edit(state, 0, tiles=[laid(1, tile("blue", 0, kind="village"))])
    assert GAME.legal(village, builder).reason.key == "rajas.refused.nothing_to_cover"  # type: ignore[union-attr]
    # With a tile to cover, the form is asked for what it lacks, as before.
    with_tile = edit(state, 0, tiles=[laid(1, tile("blue", 2))])
    assert GAME.legal(with_tile, builder).reason.key == "rajas.refused.overbuild_needs_tile"  # type: ignore[union-attr]


def test_the_fame_bonus_upgrade_prompt_says_it_comes_from_the_fame_track() -> None:
    state = edit(ready_game(3), 0, fame=4, dice=dice(blue=[1]))
    state = do(state, type="place", seat=0, space="room.mogul", pay=[{"color": "blue", "value": 1}])
    assert state.player(0)["fame"] == 6
    prompt = GAME.view(state)["prompt"]
    assert prompt["key"] == "rajas.prompt.upgrade.fame_bonus"
    said = translate("fr", prompt["key"], prompt["params"])
    assert (
        said
        == "Rajesh, bonus de la piste de gloire (case 5 atteinte ou dépassée) : choisissez un bâtiment à améliorer."
    )
    raja = do(
        edit(ready_game(3), 0, dice=dice(blue=[4])),
        type="place",
        seat=0,
        space="room.raja",
        pay=[{"color": "blue", "value": 4}],
    )
    assert GAME.view(raja)["prompt"]["key"] == "rajas.prompt.upgrade.raja"
