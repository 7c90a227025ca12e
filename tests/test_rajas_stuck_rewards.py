"""Rewards that once locked a Rajas game up, every answer refused: a river tile's palace room that cannot act (the
Portuguese from the last 6 river spaces, the Master Builder with nothing to build) and the Test of Fate's free tile
with none to build. The reward is then lost: `decline: true` lets it go, on the table page and with "next" too."""

from __future__ import annotations

import html
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_rajas_support import FACTS, dice, do, edit, laid, move, players, roll_start, tile

from companion.errors import MalformedRequest
from companion.events.bus import ButtonPressed
from companion.events.store import EventStore
from companion.games.rajas import GAME
from companion.games.rajas.buttons import next_move
from companion.games.rajas.definition import RULES_VERSION
from companion.games.rajas.state import RajasState
from companion.i18n import translate
from companion.service import Companion
from companion.web.rajas.choices import answers
from companion.web.rajas.pages import move_words

MASTER_BUILDER = {"kind": "room", "room": "master_builder"}
YOGI = {"kind": "room", "room": "yogi"}
PORTUGUESE = {"kind": "room", "room": "portuguese"}
KARMA_DICE = {"kind": "karma_dice"}
RIVER = {6: MASTER_BUILDER, 12: YOGI, 17: PORTUGUESE}
"""River tiles laid at the start (river of 20 spaces in the test data: 15 to 20 are its last 6)."""


def _game(modules: list[str]) -> RajasState:
    """Two players, as the service starts a game (its rules version), after the start rolls: seat 0 places first."""
    options = {"modules": modules, "facts": FACTS, "rules": RULES_VERSION}
    return roll_start(GAME.setup(players(2), options, 1))


def _river(tiles: dict[int, dict[str, Any]]) -> RajasState:
    """A Ganga game whose river tiles lie on these spaces: the river's die counts to each, then past the end."""
    state, at = _game(["ganga"]), 0
    for space, reward in sorted(tiles.items()):
        state = do(state, type="roll", seat=0, dice=[{"color": "blue", "value": space - at}])
        state = do(state, type="river_tile", seat=0, space=space, tile=reward)
        at = space
    state = do(state, type="roll", seat=0, dice=[{"color": "blue", "value": 6}])
    assert state.data["phase"] == "play" and state.data["turn_seat"] == 0
    return state


def _landed(state: RajasState, space: int, **changes: Any) -> RajasState:
    """Seat 0's boat sails from the space before `space` to it from the port, paying a blue 1 (a blue 2 is kept)."""
    state = edit(state, 0, boat=space - 1, dice=dice(blue=[1, 2]), **changes)
    return do(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": 1}], steps=1)


def _reason(state: RajasState, **fields: Any) -> str | None:
    verdict = GAME.legal(state, move(state, **fields))
    return None if verdict.is_allowed else (verdict.reason.key if verdict.reason else verdict.status)


def _declined_and_handed_on(landed: RajasState, space: int) -> RajasState:
    after = do(landed, type="room", seat=0, decline=True)
    assert after.data["pending"] == [] and after.data["turn_seat"] == 1
    assert after.player(0)["boat"] == space and after.player(0)["dice"] == landed.player(0)["dice"]
    assert after.player(0)["tiles"] == landed.player(0)["tiles"]
    return after


def test_river_tile_portuguese_from_last_six_spaces_is_declined() -> None:
    landed = _landed(_river(RIVER), 17)
    assert landed.data["pending"] == [{"kind": "room", "seat": 0, "rooms": ["portuguese"]}]
    assert _reason(landed, type="room", seat=0, room="portuguese") == "rajas.refused.portuguese_too_far"
    assert _reason(landed, type="pass", seat=0) == "rajas.refused.pending_first"
    _declined_and_handed_on(landed, 17)


def test_river_tile_master_builder_with_nothing_to_cover_is_declined() -> None:
    landed = _landed(_river(RIVER), 6, tiles=[])
    assert landed.data["pending"] == [{"kind": "room", "seat": 0, "rooms": ["master_builder"]}]
    assert _reason(landed, type="room", seat=0, room="master_builder") == "rajas.refused.nothing_to_cover"
    _declined_and_handed_on(landed, 6)


def test_river_tile_master_builder_with_no_tile_on_display_to_build_is_declined() -> None:
    # A tile to cover, but whether the display holds a costlier one the dice can pay is the table's to know.
    province = [laid(1, tile("blue", 3, (("tea", 2),)))]
    landed = _landed(_river(RIVER), 6, tiles=province)
    after = _declined_and_handed_on(landed, 6)
    assert [t["covered"] for t in after.player(0)["tiles"]] == [False]


def test_river_tile_yogi_that_can_act_is_not_forgone() -> None:
    landed = _landed(_river(RIVER), 12)
    verdict = GAME.legal(landed, move(landed, type="room", seat=0, decline=True))
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.room_reward_usable"
    assert verdict.reason.params["room"] == {"key": "rajas.space_label.room.yogi"}
    assert verdict.citation is not None and verdict.citation.rule == "river.reward"
    assert _reason(landed, type="room", seat=0, room="yogi") is None


def test_river_tile_portuguese_before_the_last_six_spaces_is_not_forgone() -> None:
    landed = _landed(_river({6: PORTUGUESE, 12: YOGI, 17: MASTER_BUILDER}), 6)  # 6 spaces on reach 12: it sails
    assert _reason(landed, type="room", seat=0, decline=True) == "rajas.refused.room_reward_usable"
    assert do(landed, type="room", seat=0, room="portuguese").player(0)["boat"] == 12


def test_printed_palace_reward_of_five_rooms_is_not_forgone() -> None:
    landed = _landed(_game([]), 3)  # river space 3 prints the palace reward (test data): rooms 2 to 6
    assert landed.data["pending"][0]["rooms"] == ["dancer", "yogi", "raja", "master_builder", "portuguese"]
    assert _reason(landed, type="room", seat=0, decline=True) == "rajas.refused.room_reward_usable"


def test_next_button_declines_a_river_room_that_cannot_act() -> None:
    landed = _landed(_river(RIVER), 17)
    assert next_move(landed.data) == {"type": "room", "seat": 0, "decline": True}
    pressed = GAME.button_move(landed, "next")
    assert pressed is not None
    after = GAME.apply(landed, GAME.parse_move(landed, pressed))
    assert after.data["pending"] == [] and after.data["turn_seat"] == 1


def test_next_button_on_a_river_room_that_can_act_is_refused_saying_why() -> None:
    landed = _landed(_river(RIVER), 12)
    pressed = GAME.button_move(landed, "next")
    assert pressed == {"type": "room", "seat": 0, "decline": True}
    assert _reason(landed, **pressed) == "rajas.refused.room_reward_usable"


def _fate_tile_owed() -> RajasState:
    """Seat 0 passes its turned-over money fate tile (space 24) with the outer terrace's 2 money: a free tile owed."""
    state = _game(["fate"])
    state = edit(state, 0, dice=dice(blue=[1]), money=23, money_bonus=1, fate={"fame": "ready", "money": "flipped"})
    return do(state, type="place", seat=0, space="outer_terrace")


def test_fate_free_tile_with_none_on_display_is_declined() -> None:
    owed = _fate_tile_owed()
    assert owed.data["pending"] == [{"kind": "fate_tile", "seat": 0, "track": "money"}]
    with pytest.raises(MalformedRequest, match="field tile"):
        move(owed, type="fate_build", seat=0)  # a tile, or decline: one of them is said
    after = do(owed, type="fate_build", seat=0, decline=True)
    assert after.data["pending"] == [] and after.data["turn_seat"] == 1
    me = after.player(0)
    assert me["tiles"] == owed.player(0)["tiles"] and me["money"] == 25 and me["fame"] == owed.player(0)["fame"]
    assert me["fate"] == {"fame": "ready", "money": "done"}  # out of the game: it pays no tile later


def test_next_button_declines_the_fate_free_tile() -> None:
    owed = _fate_tile_owed()
    assert next_move(owed.data) == {"type": "fate_build", "seat": 0, "decline": True}
    pressed = GAME.button_move(owed, "next")
    assert pressed is not None
    after = GAME.apply(owed, GAME.parse_move(owed, pressed))
    assert after.data["pending"] == [] and after.player(0)["fate"]["money"] == "done"
    words = move_words(pressed, ["Rajesh", "Leila"])
    assert translate("en", words.key, words.params) == "Rajesh built no Test of Fate tile"
    assert translate("fr", words.key, words.params) == "Rajesh n’a construit aucune tuile de l’Épreuve du destin"


def test_the_table_offers_forgoing_a_river_room_that_cannot_act_and_only_then() -> None:
    game: Any = GAME  # the Game protocol types its die colours looser than Rajas does
    stuck = _landed(_river(RIVER), 17)
    offered = answers(game, stuck, GAME.view(stuck))
    assert [a.fields for a in offered] == [
        {"seat": "0", "type": "room", "room": "portuguese"},
        {"seat": "0", "type": "room", "decline": "1"},
    ]
    assert not offered[0].is_open and offered[1].is_open
    assert offered[1].label.key == "page.rajas.answer.room_decline"
    usable = _landed(_river(RIVER), 12)
    assert [a.fields for a in answers(game, usable, GAME.view(usable))] == [
        {"seat": "0", "type": "room", "room": "yogi"}
    ]


def test_the_table_offers_building_no_fate_tile() -> None:
    game: Any = GAME
    owed = _fate_tile_owed()
    offered = answers(game, owed, GAME.view(owed))
    assert [a.fields for a in offered] == [{"seat": "0", "type": "fate_build", "decline": "1"}]
    assert offered[0].is_open and offered[0].label.key == "page.rajas.answer.fate_decline"


def stuck_master_builder(service: Companion) -> str:
    """A Ganga game made by the service whose first river tile (space 1) is the Master Builder; Asha sails onto it
    from the port before she has any tile: nothing to cover, the reward cannot act."""
    players_ = [{"name": "Asha"}, {"name": "Bruno"}]
    game_id = str(service.create_game("rajas", players_, {"facts": FACTS, "modules": ["ganga"]})["game_id"])
    played: list[dict[str, Any]] = [
        {"type": "roll", "seat": s, "dice": [{"color": c, "value": s + 1} for c in dice()]} for s in (0, 1)
    ]
    for value, space, reward in ((1, 1, MASTER_BUILDER), (6, 7, KARMA_DICE), (6, 13, KARMA_DICE)):
        played += [{"type": "roll", "seat": 0, "dice": [{"color": "blue", "value": value}]}]
        played += [{"type": "river_tile", "seat": 0, "space": space, "tile": reward}]
    played += [{"type": "roll", "seat": 0, "dice": [{"color": "blue", "value": 6}]}]  # 19: one more tile
    played += [{"type": "river_tile", "seat": 0, "space": 19, "tile": KARMA_DICE}]
    played += [{"type": "roll", "seat": 0, "dice": [{"color": "blue", "value": 6}]}]  # past the end
    played += [{"type": "place", "seat": 0, "space": "port", "pay": [{"color": "blue", "value": 1}], "steps": 1}]
    for step in played:
        service.append(game_id, "move", {"move": step})
    assert service.view(game_id)["pending"] == [{"kind": "room", "seat": 0, "rooms": ["master_builder"]}]
    return game_id


def test_the_table_page_forgoes_a_master_builder_with_nothing_to_cover(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = stuck_master_builder(companion)
    page = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    card = page[page.index('id="pending"') : page.index('class="rajas-players"')]
    assert '<input type="hidden" name="decline" value="1">' in card and "Forgo this palace action" in card
    posted = client.post(f"/games/{game_id}/rajas/play", data={"type": "room", "seat": "0", "decline": "1"})
    assert posted.status_code == 303, posted.get_data(as_text=True)[-800:]
    view = companion.view(game_id)
    assert view["pending"] == [] and view["current_seat"] == 1
    journal = html.unescape(client.get(f"/games/{game_id}?lang=en").get_data(as_text=True))
    assert "Asha forwent the river's palace action" in journal


def test_next_pressed_at_the_table_forgoes_a_master_builder_with_nothing_to_cover(tmp_path: Any) -> None:
    store = tmp_path / "events.db"
    with Companion(EventStore(store), data_dir=tmp_path) as service:
        game_id = stuck_master_builder(service)
        service.bus.publish(ButtonPressed("next", "gpio"))
        view = service.view(game_id)
        assert view["pending"] == [] and view["current_seat"] == 1
    # The decline is in the log: the game folds again to the same state.
    with Companion(EventStore(store), data_dir=tmp_path) as again:
        assert again.view(game_id) == view
