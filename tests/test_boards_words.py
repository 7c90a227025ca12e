"""The printed-board facts page speaks the table's language: each fact told is named in words with its value in words
(a reward "2 argent", a colour translated, a number as a number), open questions show no keys, forgetting still
works, and a number field allows only the numbers the fact may be (here and when a move asks for it)."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from companion.games.rajas.facts import value_range
from companion.service import Companion

TOLD = {
    "34p.river.1": {"amount": 2, "kind": "money"},
    "34p.river.2": {"count": 2, "kind": "dice", "colors": ["green"]},
    "navaratnas.income.1.color": "brown",
    "3p.quarry.slots": 4,
}


def _told(companion: Companion) -> None:
    # The counts first: a river space and an income space exist once their board's count is told.
    companion.boards.remember("rajas", {"34p.river.length": 12, "navaratnas.incomes": 4})
    companion.boards.remember("rajas", TOLD)


def _text(part: str) -> str:
    """What a reader sees of a piece of page: its text without tags or attributes."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", part))).strip()


def _section(page: str, title_id: str) -> str:
    start = page.index(f'id="{title_id}"')
    return page[start : page.index("</section>", start)]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "fr",
            [
                "La case fleuve 1 (3 et 4 joueurs) 2 argent",
                "La case fleuve 2 (3 et 4 joueurs) 1 dé vert, 1 dé au choix",
                "La couleur de la case de revenu 1 du plateau province Navaratnas marron",
                "Le nombre de cases ouvrier de la zone « carrière » (3 joueurs) 4",
            ],
        ),
        (
            "en",
            [
                "2 money",
                "1 green die, 1 die of your choice",
                "brown",
            ],
        ),
    ],
)
def test_each_fact_told_is_named_and_valued_in_words_in_the_pages_language(
    client: FlaskClient, companion: Companion, lang: str, said: list[str]
) -> None:
    _told(companion)
    page = client.get(f"/boards/rajas?lang={lang}").get_data(as_text=True)
    told = _text(_section(page, "told-title"))
    for words in said:
        assert words in told, told
    # The tester read `34p.river.1 {"amount": 2, "kind": "money"} ×`: neither the key nor JSON is shown.
    assert "34p.river.1" not in told and "navaratnas.income.1.color" not in told
    assert '"amount"' not in page and "&#34;amount&#34;" not in page and "{" not in told


def test_open_questions_show_no_keys(client: FlaskClient) -> None:
    page = client.get("/boards/rajas?lang=fr").get_data(as_text=True)
    missing = _text(_section(page, "missing-title"))
    assert "Quel est le plus grand nombre de la piste d'argent ?" in missing
    assert "track.money.length" not in missing and "2p.quarry.slots" not in missing


def test_the_forget_button_still_forgets_one_fact(client: FlaskClient, companion: Companion) -> None:
    _told(companion)
    page = client.get("/boards/rajas?lang=fr").get_data(as_text=True)
    assert 'name="key" value="34p.river.1"' in page  # the key is posted by the form, never shown
    response = client.post("/boards/rajas/forget", data={"key": "34p.river.1"})
    assert response.status_code == 303
    assert "34p.river.1" not in companion.boards.known("rajas")
    assert companion.boards.known("rajas")["34p.river.2"] == TOLD["34p.river.2"]


def _number_field(page: str, key: str) -> str:
    found = re.search(rf'<input[^>]*name="fact\.{re.escape(key)}"[^>]*>', page)
    assert found, key
    return found.group(0)


def test_a_number_field_on_the_board_page_allows_only_what_the_fact_may_be(
    client: FlaskClient, companion: Companion
) -> None:
    companion.boards.remember("rajas", {"3p.quarry.slots": 4, "track.money.length": 80})
    companion.boards.remember("rajas", {"track.money.54.fame": 35})
    page = client.get("/boards/rajas?lang=fr").get_data(as_text=True)
    cost = _number_field(page, "3p.quarry.2.cost")
    assert 'min="1"' in cost and 'max="4"' in cost  # a mistyped 9 is stopped by the browser
    # Money 52 is beside fame 35 in the rulebook's example, 54 too as told: 53 between them can only be 35.
    beside = _number_field(page, "track.money.53.fame")
    assert 'min="35"' in beside and 'max="35"' in beside
    assert "Un nombre entier de 1 à 4" in _text(page)
    assert "Seul 35 s'accorde avec ce qui est déjà connu" in _text(page)


@pytest.mark.parametrize(
    ("key", "known", "allowed"),
    [
        ("3p.quarry.2.cost", {}, (1, 4)),
        ("2p.port.1.cost", {}, (0, 0)),
        ("2p.port.3.cost", {}, (1, 2)),
        ("4p.quarry.slots", {}, (1, 12)),
        ("track.money.length", {}, (65, 150)),  # the rulebook's example reaches money 65
        ("track.fame.length", {"track.money.10.fame": 40}, (40, 150)),
        ("track.money.60.fame", {}, (28, 35)),  # between the rulebook's pairs 52 -> 35 and 65 -> 28
        ("track.money.10.fame", {"track.fame.length": 50}, (35, 50)),
        ("34p.river.3", {}, None),  # a reward, not a number
        ("navaratnas.income.2.color", {}, None),
    ],
)
def test_value_range_is_what_value_problem_allows(
    key: str, known: dict[str, int], allowed: tuple[int, int] | None
) -> None:
    assert value_range(key, known) == allowed


@pytest.mark.parametrize("key", ["3p.quarry.2.cost", "2p.port.1.cost", "track.money.60.fame", "track.fame.length"])
def test_no_number_outside_the_range_is_allowed(key: str) -> None:
    from companion.games.rajas.facts import value_problem

    found = value_range(key, {})
    assert found is not None
    low, high = found
    assert value_problem(key, low - 1, {}) is not None and value_problem(key, high + 1, {}) is not None
    assert value_problem(key, low, {}) is None and value_problem(key, high, {}) is None


def test_the_number_asked_during_a_move_allows_only_what_the_fact_may_be(
    client: FlaskClient, companion: Companion
) -> None:
    # A French 3-player night: the quarry's first slot cost is not known; the table is asked for it mid-move.
    companion.boards.remember("rajas", {"3p.quarry.slots": 4})
    players = [{"name": "Chloé"}, {"name": "Bastien"}, {"name": "Inès"}]
    game_id = str(companion.create_game("rajas", players)["game_id"])
    colors = ("blue", "green", "orange", "violet")
    for seat in range(3):
        dice = [{"color": c, "value": seat + 2} for c in colors]
        companion.append(game_id, "move", {"move": {"type": "roll", "seat": seat, "dice": dice}})
    seat = companion.view(game_id)["current_seat"]
    form = {"type": "place", "seat": str(seat), "space": "quarry", "pay": f"0:blue-{seat + 2}"}
    form.update({"tile.cost": "2", "tile.market1.good": "tea", "tile.market1.value": "2"})
    assert client.post(f"/games/{game_id}/rajas/play?lang=fr", data=form).status_code == 422
    page = client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True)
    assert 'name="key" value="3p.quarry.1.cost"' in page
    field = re.search(r'<input class="input input--big" type="number" name="value"[^>]*>', page)
    assert field and 'min="1"' in field.group(0) and 'max="4"' in field.group(0)
    assert "Un nombre entier de 1 à 4" in _text(page[page.index('id="fact"') :])
