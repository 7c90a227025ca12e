"""The Rajas table's reward forms as the table fills them in: a Ganga river tile showing a palace character or three
dice of the colours shown, and the yield tiles' kinds (rulebook: the Ganga module's river tiles; the Navaratnas
variant's yield tiles)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_web_rajas import _played_until
from werkzeug.datastructures import MultiDict

from companion.errors import MalformedRequest
from companion.service import Companion
from companion.web.rajas.moves import move_from_form

ROOMS = ["mogul", "dancer", "yogi", "raja", "master_builder", "portuguese"]
# What the rulebook's Navaratnas variant lists on the yield tiles: white, yellow and red ones give dice, money, an
# upgrade, the boat's move to the next free river space or karma; the brown ones score a development (the Mango
# village's brown tile: money per village).
COLORED_YIELD_KINDS = {"dice", "money", "upgrade", "next_free", "karma"}
BROWN_YIELD_KINDS = {
    "fame_per_market_tile",
    "fame_per_3_river",
    "money_per_building",
    "money_per_yield_tile",
    "fame_per_curve",
    "money_per_upgrade",
    "fame_per_worker",
    "money_per_village",
}


class Forms(HTMLParser):
    """The forms of a page: their hidden fields, and each select with the values of its options, in page order."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "form":
            self.forms.append({"hidden": {}, "selects": []})
        elif not self.forms:
            return
        elif tag == "input" and found.get("type") == "hidden":
            self.forms[-1]["hidden"][found.get("name")] = found.get("value")
        elif tag == "select":
            self.forms[-1]["selects"].append((found.get("name"), []))
        elif tag == "option" and self.forms[-1]["selects"]:
            self.forms[-1]["selects"][-1][1].append(found.get("value"))


def pending_form(page: str, kind: str) -> dict[str, Any]:
    """The form of the page that answers with a move of `kind`."""
    parser = Forms()
    parser.feed(page)
    found = [f for f in parser.forms if f["hidden"].get("type") == kind]
    assert len(found) == 1, f"{len(found)} forms of {kind}"
    return found[0]


def options(form: dict[str, Any], name: str) -> list[list[str]]:
    """The choices of each select named `name`, the empty one left out."""
    return [[v for v in values if v] for field, values in form["selects"] if field == name]


def played_until(companion: Companion, kind: str, modules: list[str], seed: int = 0) -> str:
    """A two-player game with `modules`, played at random (seeded) until the table is asked a question of `kind`."""
    return _played_until(companion, kind, modules, seed)


def river_tile_told(client: FlaskClient, companion: Companion, chosen: list[tuple[str, str]]) -> dict[str, Any]:
    """The river tile laid from the table's river tile form, filled in with `chosen` (only fields the form has)."""
    found = played_until(companion, "river_tile", ["ganga"])
    form = pending_form(client.get(f"/games/{found}?lang=en").get_data(as_text=True), "river_tile")
    names = {name for name, _ in form["selects"]}
    assert {name for name, _ in chosen} - {"reward.number"} <= names, "the form has no field for it"
    posted = MultiDict([*form["hidden"].items(), *chosen])
    assert client.post(f"/games/{found}/rajas/play", data=posted).status_code == 303
    space = form["hidden"]["space"]
    return dict(companion.view(found)["river_tiles"][space])


def test_the_river_tile_of_a_palace_character_is_told_by_picking_the_room_shown(
    client: FlaskClient, companion: Companion
) -> None:
    found = played_until(companion, "river_tile", ["ganga"])
    for lang, label in (("en", "Character shown (palace room)"), ("fr", "Personnage représenté (salle du palais)")):
        page = client.get(f"/games/{found}?lang={lang}").get_data(as_text=True)
        assert label in page
    form = pending_form(client.get(f"/games/{found}?lang=en").get_data(as_text=True), "river_tile")
    assert options(form, "reward.room") == [ROOMS]
    tile = river_tile_told(client, companion, [("reward.kind", "room"), ("reward.room", "yogi")])
    assert tile == {"kind": "room", "room": "yogi"}


def test_the_river_tile_of_three_dice_is_told_with_the_colour_of_each_die(
    client: FlaskClient, companion: Companion
) -> None:
    chosen = [("reward.kind", "dice"), ("reward.number", "3")]
    chosen += [("reward.colors", c) for c in ("blue", "orange", "violet")]
    tile = river_tile_told(client, companion, chosen)
    assert tile == {"kind": "dice", "count": 3, "colors": ["blue", "orange", "violet"]}


def test_the_river_tile_form_asks_one_colour_per_die_a_reward_may_give(
    client: FlaskClient, companion: Companion
) -> None:
    found = played_until(companion, "river_tile", ["ganga"])
    form = pending_form(client.get(f"/games/{found}?lang=en").get_data(as_text=True), "river_tile")
    assert options(form, "reward.colors") == [["blue", "green", "orange", "violet"]] * 3


def test_a_room_or_colours_left_in_the_form_are_not_posted_with_a_reward_that_has_none() -> None:
    form = MultiDict(
        [
            ("type", "river_tile"),
            ("space", "4"),
            ("reward.kind", "money"),
            ("reward.number", "3"),
            ("reward.room", "yogi"),
            ("reward.colors", "blue"),
        ]
    )
    assert move_from_form(form)["tile"] == {"kind": "money", "amount": 3}


def test_dice_by_karma_take_the_one_colour_told_and_two_are_refused_naming_the_field() -> None:
    fields = [("type", "river_tile"), ("space", "4"), ("reward.kind", "karma_dice")]
    told = move_from_form(MultiDict([*fields, ("reward.colors", ""), ("reward.colors", "orange")]))
    assert told["tile"] == {"kind": "karma_dice", "color": "orange"}
    with pytest.raises(MalformedRequest) as refused:
        move_from_form(MultiDict([*fields, ("reward.colors", "orange"), ("reward.colors", "blue")]))
    assert refused.value.details["field"] == "reward.colors"
    assert refused.value.details["said"]["key"] == "rajas.said.form.karma_dice_colors"


def test_the_yield_tile_form_offers_each_kind_the_yield_tiles_have_once(
    client: FlaskClient, companion: Companion
) -> None:
    found = played_until(companion, "yield_pick", ["navaratnas"], seed=3)
    form = pending_form(client.get(f"/games/{found}?lang=en").get_data(as_text=True), "take_yield")
    [kinds] = options(form, "reward.kind")
    assert len(kinds) == len(set(kinds))
    assert set(kinds) == COLORED_YIELD_KINDS | BROWN_YIELD_KINDS - {"money_per_village"}  # no Mango village here


def test_the_start_yield_tile_form_offers_the_brown_kinds_only(client: FlaskClient, companion: Companion) -> None:
    found = played_until(companion, "yield_place", ["navaratnas"])
    form = pending_form(client.get(f"/games/{found}?lang=en").get_data(as_text=True), "take_yield")
    [kinds] = options(form, "reward.kind")
    assert sorted(kinds) == sorted(BROWN_YIELD_KINDS - {"money_per_village"})  # the Mango village's tile: not here
    with_mango = played_until(companion, "yield_place", ["navaratnas", "mango"])
    form = pending_form(client.get(f"/games/{with_mango}?lang=en").get_data(as_text=True), "take_yield")
    [kinds] = options(form, "reward.kind")
    assert sorted(kinds) == sorted(BROWN_YIELD_KINDS)


def test_a_river_space_told_on_the_board_page_may_name_the_room_and_the_colour_of_each_die(
    client: FlaskClient, companion: Companion
) -> None:
    companion.boards.remember("rajas", {"34p.river.length": 12})
    page = client.get("/boards/rajas?lang=en").get_data(as_text=True)
    assert 'name="fact.34p.river.3.room"' in page and page.count('name="fact.34p.river.3.colors"') == 3
    posted = MultiDict(
        [
            ("fact.34p.river.2.kind", "room"),
            ("fact.34p.river.2.room", "raja"),
            ("fact.34p.river.3.kind", "dice"),
            ("fact.34p.river.3.number", "2"),
            ("fact.34p.river.3.colors", "green"),
            ("fact.34p.river.3.colors", "blue"),
        ]
    )
    assert client.post("/boards/rajas", data=posted).status_code == 303
    known = companion.boards.known("rajas")
    assert known["34p.river.2"] == {"kind": "room", "room": "raja"}
    assert known["34p.river.3"] == {"kind": "dice", "count": 2, "colors": ["green", "blue"]}


def test_a_refused_yield_tile_form_comes_back_with_the_tile_chosen(client: FlaskClient, companion: Companion) -> None:
    found = played_until(companion, "yield_place", ["navaratnas"])
    form = pending_form(client.get(f"/games/{found}?lang=fr").get_data(as_text=True), "take_yield")
    posted = {**form["hidden"], "reward.kind": "fame_per_worker", "income": "99"}  # no such income space
    page = client.post(f"/games/{found}/rajas/play?lang=fr", data=posted)
    assert page.status_code in (400, 422)
    # The player had to choose the tile again: only the income came back.
    assert re.search(r'<option value="fame_per_worker" selected>', page.get_data(as_text=True))
