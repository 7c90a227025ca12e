"""The base game's river tiles (rulebook, "Changing the river spaces (river tiles)"): only tiles that are in the box
may be laid, each with the numbers it prints; the table's form offers only the tiles still to draw; a game stored
under rules version 2 still folds; Ganga module 2 alone tells the table to choose the spaces, with no "None"."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_rajas_support import FACTS, NAMES, do, move, new_game, players, roll_start
from test_web_rajas_river_forms import options, pending_form, played_until
from werkzeug.datastructures import MultiDict

from companion.events.store import EventStore
from companion.games.base import RefusedMove
from companion.games.rajas import GAME
from companion.games.rajas.definition import RIVER_TILES_CHECKED_FROM, RULES_VERSION
from companion.games.rajas.river_tiles import kinds_left
from companion.games.rajas.state import RajasState
from companion.games.rajas.view import prompt
from companion.i18n import translate
from companion.service import Companion
from companion.web.rajas.moves import move_from_form

# What the rulebook lists on the base game's river tiles: a die of one's choice per karma level, three dice of the
# colours shown, the palace action of the character pictured, identical goods for up to 3 markets, a boat move of
# 1 to 3 free spaces. Ganga module 2 adds "2 upgrades" and the Ganges dolphin.
BASE_KINDS = ["karma_dice", "dice", "room", "market_identical", "boat"]
MODULE2_KINDS = ["upgrade", "dolphin"]
BASE_TILES = [
    {"kind": "karma_dice"},
    {"kind": "dice", "count": 3, "colors": ["blue", "orange", "violet"]},
    {"kind": "room", "room": "yogi"},
    {"kind": "market_identical", "max": 3},
    {"kind": "boat", "max": 3},
]


def at_first_tile(modules: tuple[str, ...] = ("ganga",), rules: int = RULES_VERSION) -> RajasState:
    """A game with `modules` after the start rolls, its river die rolled 1: the first tile goes on space 1."""
    options = {"modules": list(modules), "facts": FACTS, "rules": rules}
    state = roll_start(GAME.setup(players(2), options, 1))
    return do(state, type="roll", seat=0, dice=[{"color": "blue", "value": 1}])


def refusal(state: RajasState, tile: dict[str, Any]) -> str | None:
    """The reason key a river tile laid on the pending space is refused with (None: it is accepted)."""
    pending = state.data["pending"][0]
    verdict = GAME.legal(state, move(state, type="river_tile", seat=0, space=pending["space"], tile=tile))
    return verdict.reason.key if verdict.reason is not None else None


def lay_and_roll_on(state: RajasState, tile: dict[str, Any]) -> RajasState:
    """Lay `tile` on the pending space, then roll the river die 1 for the next tile."""
    state = do(state, type="river_tile", seat=0, space=state.data["pending"][0]["space"], tile=tile)
    return do(state, type="roll", seat=0, dice=[{"color": "blue", "value": 1}])


def test_a_river_tile_of_20_money_posted_from_the_table_is_refused_naming_the_tiles_in_the_box(
    client: FlaskClient, companion: Companion
) -> None:
    found = played_until(companion, "river_tile", ["navaratnas", "ganga", "tiger"])
    space = companion.view(found)["pending"][0]["space"]
    before = len(companion.events(found))
    posted = {"type": "river_tile", "seat": "0", "space": str(space), "reward.kind": "money", "reward.number": "20"}
    for lang, said in (
        ("en", "No river tile shows money: the river tiles of this game show one die of your choice per karma"),
        ("fr", "Aucune tuile fleuve ne montre argent : les tuiles fleuve de cette partie montrent un dé au choix"),
    ):
        page = client.post(f"/games/{found}/rajas/play?lang={lang}", data=posted)
        assert page.status_code == 422
        assert said in html.unescape(page.get_data(as_text=True))
    assert str(space) not in companion.view(found)["river_tiles"] and len(companion.events(found)) == before


@pytest.mark.parametrize("tile", BASE_TILES, ids=[t["kind"] for t in BASE_TILES])
def test_each_base_river_tile_is_laid_as_the_rulebook_lists_it(tile: dict[str, Any]) -> None:
    state = at_first_tile()
    assert refusal(state, tile) is None
    assert do(state, type="river_tile", seat=0, space=1, tile=tile).data["river_tiles"] == {"1": tile}


@pytest.mark.parametrize(
    "tile",
    [
        {"kind": "boat", "max": 2},
        {"kind": "market_identical", "max": 6},
        {"kind": "dice", "count": 2, "colors": ["blue", "green"]},
        {"kind": "dice", "count": 3},
        {"kind": "karma_dice", "color": "orange"},
    ],
    ids=["boat_2", "identical_6", "two_dice", "no_colours", "karma_coloured"],
)
def test_a_base_river_tile_told_with_other_numbers_is_refused_naming_what_it_prints(tile: dict[str, Any]) -> None:
    state = at_first_tile()
    assert refusal(state, tile) == "rajas.refused.river_tile_printed"


@pytest.mark.parametrize("tile", [{"kind": "money", "amount": 20}, {"kind": "dolphin"}, {"kind": "fame", "amount": 3}])
def test_a_reward_on_no_river_tile_of_the_game_is_refused(tile: dict[str, Any]) -> None:
    assert refusal(at_first_tile(), tile) == "rajas.refused.river_tile_kind"  # no dolphin without Ganga module 2


def test_a_ganga_module_2_tile_is_laid_once_among_the_base_tiles() -> None:
    state = at_first_tile(("ganga", "ganga2"))
    assert kinds_left(state.data) == BASE_KINDS + MODULE2_KINDS
    state = lay_and_roll_on(state, {"kind": "dolphin"})
    assert kinds_left(state.data) == [*BASE_KINDS, "upgrade"]
    assert refusal(state, {"kind": "dolphin"}) == "rajas.refused.river_tile_laid"
    assert refusal(state, {"kind": "upgrade", "count": 2}) is None


def test_once_the_8_base_tiles_are_laid_only_the_module_2_tiles_may_be_drawn() -> None:
    state = at_first_tile(("ganga", "ganga2"))
    for _ in range(8):
        state = lay_and_roll_on(state, {"kind": "boat", "max": 3})
    assert state.data["pending"][0] == {"kind": "river_tile", "seat": None, "space": 9}
    assert kinds_left(state.data) == MODULE2_KINDS
    assert refusal(state, {"kind": "boat", "max": 3}) == "rajas.refused.river_tiles_base_laid"
    assert refusal(state, {"kind": "upgrade", "count": 2}) is None


def test_the_river_tile_form_offers_only_the_tiles_still_to_draw(client: FlaskClient, companion: Companion) -> None:
    found = played_until(companion, "river_tile", ["ganga"])
    form = pending_form(client.get(f"/games/{found}?lang=en").get_data(as_text=True), "river_tile")
    assert options(form, "reward.kind") == [BASE_KINDS]
    with_module2 = played_until(companion, "river_tile", ["ganga", "ganga2"])
    page = client.get(f"/games/{with_module2}?lang=fr").get_data(as_text=True)
    assert options(pending_form(page, "river_tile"), "reward.kind") == [BASE_KINDS + MODULE2_KINDS]
    assert "le dauphin du Gange (module Gange 2)" in page and "3 dés des couleurs représentées" in page
    space = companion.view(with_module2)["pending"][0]["space"]
    posted = MultiDict([*pending_form(page, "river_tile")["hidden"].items(), ("reward.kind", "dolphin")])
    assert client.post(f"/games/{with_module2}/rajas/play", data=posted).status_code == 303
    assert companion.view(with_module2)["river_tiles"][str(space)] == {"kind": "dolphin"}
    companion.append(
        with_module2, "move", {"move": {"type": "roll", "seat": 0, "dice": [{"color": "blue", "value": 1}]}}
    )
    # The first tile lies on space 1 to 6 of a 20-space river: the die's 1 gives the next tile a space.
    assert companion.view(with_module2)["pending"][0] == {"kind": "river_tile", "seat": None, "space": space + 1}
    form = pending_form(client.get(f"/games/{with_module2}?lang=en").get_data(as_text=True), "river_tile")
    assert options(form, "reward.kind") == [[*BASE_KINDS, "upgrade"]]


def test_the_river_tile_form_asks_no_number_a_tile_prints_alike() -> None:
    def told(*fields: tuple[str, str]) -> Any:
        return move_from_form(MultiDict([("type", "river_tile"), ("space", "4"), *fields]))["tile"]

    assert told(("reward.kind", "boat")) == {"kind": "boat", "max": 3}
    assert told(("reward.kind", "market_identical")) == {"kind": "market_identical", "max": 3}
    assert told(("reward.kind", "upgrade")) == {"kind": "upgrade", "count": 2}
    colors = [("reward.colors", c) for c in ("green", "orange", "violet")]
    assert told(("reward.kind", "dice"), *colors) == {
        "kind": "dice",
        "count": 3,
        "colors": ["green", "orange", "violet"],
    }


def _start_rolls(service: Companion, game_id: str) -> None:
    """The two start rolls, then the river die 1: the first river tile goes on space 1."""
    for seat in range(2):
        dice = [{"color": c, "value": seat + 1} for c in ("blue", "green", "orange", "violet")]
        service.append(game_id, "move", {"move": {"type": "roll", "seat": seat, "dice": dice}})
    service.append(game_id, "move", {"move": {"type": "roll", "seat": 0, "dice": [{"color": "blue", "value": 1}]}})


def test_a_game_stored_under_rules_2_with_a_20_money_river_tile_still_replays(tmp_path: Path) -> None:
    money = {"type": "river_tile", "seat": 0, "space": 1, "tile": {"kind": "money", "amount": 20}}
    assert RULES_VERSION >= RIVER_TILES_CHECKED_FROM > 2
    with Companion(EventStore(tmp_path / "e.db")) as service:
        old = str(
            service.create_game(
                "rajas", [{"name": n} for n in NAMES[:2]], {"facts": FACTS, "rules": 2, "modules": ["ganga"]}
            )["game_id"]
        )
        _start_rolls(service, old)
        service.append(old, "move", {"move": money})  # as version 2 took it
        new = str(
            service.create_game("rajas", [{"name": n} for n in NAMES[:2]], {"facts": FACTS, "modules": ["ganga"]})[
                "game_id"
            ]
        )
        _start_rolls(service, new)
        with pytest.raises(RefusedMove) as refused:
            service.append(new, "move", {"move": money})
        assert refused.value.verdict.reason is not None
        assert refused.value.verdict.reason.key == "rajas.refused.river_tile_kind"
    with Companion(EventStore(tmp_path / "e.db")) as again:
        state = again.session(old).state
        assert state.data["version"] == 2 and state.data["river_tiles"] == {"1": {"kind": "money", "amount": 20}}
        assert again.session(new).state.data["river_tiles"] == {}


def test_ganga_module_2_alone_asks_the_table_to_choose_the_spaces_with_no_none(
    client: FlaskClient, companion: Companion
) -> None:
    state = roll_start(new_game(2, ("ganga2",)))
    said = prompt(state.data)
    assert said.key == "rajas.prompt.river_tile.chosen"
    for lang, start in (("en", "Ganga module 2: choose the river space"), ("fr", "Module Gange 2 : choisissez")):
        text = translate(lang, said.key, said.params)
        assert text.startswith(start) and "None" not in text and "{" not in text
    found = played_until(companion, "river_tile", ["ganga2"])
    page = html.unescape(client.get(f"/games/{found}?lang=fr").get_data(as_text=True))
    banner = re.findall(r'<p class="prompt[^"]*"[^>]*>(.*?)</p>', page, re.S)
    assert banner and all("None" not in b for b in banner)
    assert "Module Gange 2 : choisissez la case fleuve que recouvre chacune de ses deux tuiles" in page


def test_a_boat_tile_told_as_2_spaces_is_refused_saying_what_the_tile_prints() -> None:
    state = at_first_tile()
    verdict = GAME.legal(state, move(state, type="river_tile", seat=0, space=1, tile={"kind": "boat", "max": 2}))
    assert verdict.reason is not None and verdict.citation is not None
    assert verdict.citation.section == "rajas.section.ganga"
    said = {lang: translate(lang, verdict.reason.key, verdict.reason.params) for lang in ("en", "fr")}
    assert said["en"].startswith("The river tile with boat moves shows a boat move of up to 3 free spaces, not")
    assert said["fr"].startswith(
        "La tuile fleuve avec déplacement du bateau montre un déplacement du bateau d'au plus 3"
    )
