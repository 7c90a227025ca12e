"""Palace rooms already taken, where the table is offered a room: a worker's placement offers a taken room shut (the
rules refuse a second worker there), while the river's palace reward offers every room 2 to 6, taken or not, as the
rules allow (rule river.palace_reward: "even if that room is taken")."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient
from test_rajas_dashboard import _play, _started
from test_rajas_support import dice, do, edit, laid, ready_game, tile

from companion.games.rajas import GAME
from companion.service import Companion
from companion.web.rajas.choices import answers

ROOMS = ("mogul", "dancer", "yogi", "raja", "master_builder", "portuguese")


def _room_inputs(page: str) -> dict[str, str]:
    """Each palace room of the placement form, with what its radio button says beside its value."""
    found = re.findall(r'<input type="radio" name="space" value="room\.([a-z_]+)" ([^>]*)>', page)
    return {room: rest.strip() for room, rest in found}


def test_a_room_taken_is_offered_shut_on_the_placement_form_and_refused_by_the_rules(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _started(client, companion, [])
    _play(client, game_id, type="place", seat="1", space="room.mogul", pay="0:blue-1")  # Bruno takes the Great Mogul
    shown = _room_inputs(client.get(f"/games/{game_id}?lang=en").get_data(as_text=True))
    assert set(shown) == set(ROOMS) and shown["mogul"] == "disabled"
    assert all("disabled" not in rest for room, rest in shown.items() if room != "mogul")
    before = companion.session(game_id).last_seq
    refused = client.post(
        f"/games/{game_id}/rajas/play?lang=en",
        data={"type": "place", "seat": "0", "space": "room.mogul", "pay": "3:violet-5"},
    )
    assert refused.status_code == 422 and "There is already a worker on" in refused.get_data(as_text=True)
    assert companion.session(game_id).last_seq == before


def test_the_rivers_palace_reward_offers_the_rooms_taken_too_and_the_rules_play_them() -> None:
    state = ready_game(2, ())
    state = edit(state, 0, dice=dice(orange=[3], green=[1]), tiles=[laid(1, tile("orange", 4, (("tea", 2),)))])
    state = edit(state, None, next_tile_id=2)
    state.data["spaces"].update({"room.yogi": [1], "room.raja": [1]})  # Bruno's workers on the Yogi and the Raja
    state = do(state, type="place", seat=0, space="port", pay=[{"color": "orange", "value": 3}], steps=3)
    game: Any = GAME  # the Game protocol types its die colours looser than Rajas does
    offered = {a.fields["room"]: a for a in answers(game, state, GAME.view(state))}
    assert list(offered) == ["dancer", "yogi", "raja", "master_builder", "portuguese"]
    assert offered["yogi"].is_open and offered["raja"].is_open
    karma = state.player(0)["karma"]
    after = do(state, type="room", seat=0, room="yogi")
    assert after.player(0)["karma"] == karma + 2 and after.data["spaces"]["room.yogi"] == [1]  # no worker placed
