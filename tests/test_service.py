"""The service: settled rolls become chance moves, buttons become events, a failing subscriber breaks nothing."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest
from conftest import roll
from test_rajas_support import FACTS

from companion.errors import MalformedRequest
from companion.events.bus import ButtonPressed, EventBus, GameEventAppended, RollSettled
from companion.events.store import EventStore
from companion.games.base import RefusedMove
from companion.i18n.catalog import translate
from companion.service import Companion


def settled(*values: int | None) -> RollSettled:
    dice = [{"value": v, "color": "orange", "bbox": [0, 0, 10, 10]} for v in values]
    return RollSettled({"dice": dice, "width": 640, "height": 480}, time.time())


def test_a_settled_roll_becomes_the_current_players_move(service: Companion, free_game: dict) -> None:
    service.bus.publish(settled(4, 6))
    view = service.view(free_game["game_id"])
    assert view["players"][0]["score"] == 10
    last = service.events(free_game["game_id"])[-1]
    assert last.payload["origin"] == "camera"
    assert last.payload["move"]["dice"] == [{"value": 4, "color": "orange"}, {"value": 6, "color": "orange"}]


def test_a_second_settled_roll_in_the_same_turn_is_not_played(service: Companion, free_game: dict) -> None:
    service.bus.publish(settled(4))
    service.bus.publish(settled(2))
    assert service.view(free_game["game_id"])["players"][0]["score"] == 4
    assert len(service.events(free_game["game_id"])) == 2


def test_a_roll_settling_again_and_again_unplayed_is_logged_once_until_the_game_moves(
    service: Companion, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = str(service.create_game("rajas", [{"name": "A"}, {"name": "B"}], {"facts": FACTS})["game_id"])
    service.set_active(game_id)
    caplog.set_level(logging.DEBUG, logger="companion.service")

    def unplayed() -> list[int]:
        return [r.levelno for r in caplog.records if r.getMessage().startswith("settled roll not played")]

    for _ in range(5):  # one die seen settling again and again, where each player's start roll is four
        service.bus.publish(settled(3))
    assert unplayed() == [logging.INFO] + [logging.DEBUG] * 4  # it was an INFO line a second, all evening
    start = [{"color": c, "value": 2} for c in ("blue", "green", "orange", "violet")]
    service.append(game_id, "move", {"move": {"type": "roll", "seat": 0, "dice": start}})
    service.bus.publish(settled(3))  # the game moved on: said again
    assert unplayed()[5:] == [logging.INFO]


def test_buttons_next_and_undo_act_on_the_active_game(service: Companion, free_game: dict) -> None:
    gid = free_game["game_id"]
    service.append(gid, "move", roll(3))
    service.bus.publish(ButtonPressed("next", "gpio"))
    assert service.view(gid)["current_seat"] == 1
    service.bus.publish(ButtonPressed("undo", "microcontroller"))
    assert service.view(gid)["current_seat"] == 0
    assert [e.payload.get("origin") for e in service.events(gid)[1:]] == ["api", "gpio", "microcontroller"]


def test_a_failing_subscriber_never_breaks_the_others_or_the_request(service: Companion, free_game: dict) -> None:
    seen: list[int] = []

    def broken(event: Any) -> None:
        raise RuntimeError("a broken light")

    service.bus.subscribe(GameEventAppended, broken)
    service.bus.subscribe(GameEventAppended, lambda e: seen.append(e.seq))
    stored = service.append(free_game["game_id"], "move", roll(5))
    assert seen == [stored.seq]
    assert service.bus.failures == 1


def test_unsubscribe_stops_delivery() -> None:
    bus = EventBus()
    seen: list[object] = []
    unsubscribe = bus.subscribe(ButtonPressed, seen.append)
    bus.publish(ButtonPressed("next", "gpio"))
    unsubscribe()
    bus.publish(ButtonPressed("next", "gpio"))
    assert len(seen) == 1


@pytest.mark.parametrize(
    ("players", "field"),
    [
        ([], "players"),
        ([{"name": ""}], "players[0].name"),
        ([{"name": "Ann", "color": "pink"}], "players[0].color"),
        ("Ann", "players"),
    ],
)
def test_bad_players_are_refused_before_anything_is_written(service: Companion, players: Any, field: str) -> None:
    with pytest.raises(MalformedRequest, match=field.replace("[", r"\[").replace("]", r"\]")):
        service.create_game("free_dice", players)
    assert service.games() == []


def test_bad_options_are_refused(service: Companion) -> None:
    with pytest.raises(MalformedRequest, match="max_turns"):
        service.create_game("free_dice", [{"name": "A"}], {"max_turns": -1})
    assert service.games() == []


def test_turn_limit_ends_the_game_with_a_ranking(service: Companion) -> None:
    gid = service.create_game("free_dice", [{"name": "A"}, {"name": "B"}], {"max_turns": 1})["game_id"]
    for value in (2, 5):
        service.append(gid, "move", roll(value))
        service.append(gid, "move", {"move": {"type": "end_turn"}})
    view = service.view(gid)
    assert view["is_over"]
    assert view["ranking"] == [1, 0]
    assert view["current_seat"] is None


def test_health_lists_choices_and_survives_a_broken_device(service: Companion) -> None:
    class Broken:
        def status(self) -> dict[str, Any]:
            raise OSError("unplugged")

        def close(self) -> None:
            pass

    service.devices["gpio"] = Broken()
    health = service.health()
    assert "unplugged" in health["devices"]["gpio"]["error"]
    assert health["store"]["games"] == 0


def test_an_unread_die_waits_for_a_correction_before_the_turn_ends(service: Companion, free_game: dict) -> None:
    gid = free_game["game_id"]
    service.bus.publish(settled(5, None))
    view = service.view(gid)
    assert view["players"][0]["score"] == 5
    assert view["prompt"]["key"] == "free_dice.prompt.fix_dice"
    with pytest.raises(RefusedMove):
        service.append(gid, "move", {"move": {"type": "end_turn"}})
    target = service.events(gid)[-1].seq
    service.append(gid, "correction", {"target": target, **roll(5, 2, color="orange")})
    service.append(gid, "move", {"move": {"type": "end_turn"}})
    assert service.view(gid)["players"][0]["score"] == 7


def test_two_unread_dice_are_counted_in_the_prompt_and_one_left_after_a_correction(
    service: Companion, free_game: dict
) -> None:
    gid = free_game["game_id"]
    service.bus.publish(settled(5, None, None))
    prompt = service.view(gid)["prompt"]
    assert (prompt["key"], prompt["params"]["n"]) == ("free_dice.prompt.fix_dice_many", 2)
    assert translate("en", prompt["key"], prompt["params"]).startswith(
        "Ann: the camera could not read 2 dice. Tap each die marked ?"
    )
    # Ending the turn is refused as the prompt says: two dice, not "a die".
    with pytest.raises(RefusedMove) as refused:
        service.append(gid, "move", {"move": {"type": "end_turn"}})
    reason = refused.value.verdict.reason
    assert translate("fr", reason.key, reason.params).startswith("La caméra n'a pas pu lire 2 dés de ce lancer")
    target = service.events(gid)[-1].seq
    dice = [{"value": value, "color": "orange"} for value in (5, 3, None)]
    service.append(gid, "correction", {"target": target, "move": {"type": "roll", "dice": dice}})
    prompt = service.view(gid)["prompt"]
    assert (prompt["key"], prompt["params"]["n"]) == ("free_dice.prompt.fix_dice", 1)
    assert "Touchez le dé marqué ?" in translate("fr", prompt["key"], prompt["params"])


def test_a_value_the_camera_only_guessed_is_asked_for_not_counted(service: Companion, free_game: dict) -> None:
    reading = settled(4, 6).reading
    reading["dice"][0]["confidence"] = 0.93
    reading["dice"][1]["confidence"] = 0.45  # under SURE_VALUE: a guess, right about 7 times in 10
    service.bus.publish(RollSettled(reading, time.time()))
    last = service.events(free_game["game_id"])[-1]
    assert last.payload["move"]["dice"] == [{"value": 4, "color": "orange"}, {"value": None, "color": "orange"}]
    assert last.payload["reading"]["dice"][1]["value"] == 6  # the guess is kept with the reading, for the page
    assert service.view(free_game["game_id"])["players"][0]["score"] == 4  # the 6 waits for the table to confirm it


def test_the_camera_tells_colours_among_the_active_games_dice_and_remembers_it_after_a_restart(
    service: Companion, free_game: dict
) -> None:
    assert service.die_colours == ()  # free dice: any colour
    players = [{"name": "Asha", "color": "orange"}, {"name": "Bruno", "color": "violet"}]
    rajas = service.create_game("rajas", players)["game_id"]
    assert service.die_colours == ("blue", "green", "orange", "violet")
    with EventStore(service.store.path) as reopened:
        assert Companion(reopened).die_colours == ("blue", "green", "orange", "violet")
    service.set_active(free_game["game_id"])
    assert service.die_colours == ()
    service.set_active(rajas)
    assert service.die_colours == ("blue", "green", "orange", "violet")
