"""The table's physical buttons in every game: "next" means what the active game says it means (ending the turn in
free dice, passing in Rajas), and a press that cannot be played lights the verdict red and is said on the table
page, in French and English, until something else happens in that game. A host's tester pressed "next" in Rajas:
nothing lit, nothing was said, and the log said "field type: got 'end_turn'"."""

# ruff: noqa: F811
from __future__ import annotations

import html
import re

from flask.testing import FlaskClient
from test_rajas_passing import _stuck
from test_rajas_support import edit, ready_game
from test_web_rajas import game_id  # noqa: F401

from companion.devices.signals import SignalHub
from companion.events.bus import ButtonPressed, VerdictGiven
from companion.games.free_dice.game import FreeDice
from companion.games.rajas import GAME
from companion.i18n import translate
from companion.service import Companion
from companion.web.streams import Timing, game_events


def _live(client: FlaskClient, game_id: str, lang: str = "en") -> str:
    return html.unescape(client.get(f"/games/{game_id}/live?lang={lang}").get_data(as_text=True))


def _notice(page: str) -> str | None:
    """The text of the table's button notice, or None when the page shows none."""
    found = re.search(r'<div class="verdict-box[^"]*" role="alert" id="button-refusal"[^>]*>(.*?)</div>', page, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split()) if found else None


def _verdicts(companion: Companion) -> list[dict[str, object]]:
    given: list[dict[str, object]] = []
    companion.bus.subscribe(VerdictGiven, lambda event: given.append(event.verdict))
    return given


def test_next_in_rajas_passes_and_the_rule_that_refuses_it_is_lit_and_said(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    companion.set_active(game_id)
    hub = SignalHub(companion.bus)
    given = _verdicts(companion)
    before = companion.session(game_id).last_seq
    companion.bus.publish(ButtonPressed("next", "gpio"))  # Bruno's turn, and the terraces are free
    assert companion.session(game_id).last_seq == before  # nothing written
    assert [v["status"] for v in given] == ["refused"] and hub.signal.verdict == "refused"
    reason = companion.session(game_id).check({"type": "pass", "seat": 1}).reason
    assert reason is not None and given[0]["reason"] == reason.to_dict()  # the pass rule's own reason
    english = _notice(_live(client, game_id))
    assert english is not None and english.startswith("Button “next” pressed · No, not allowed")
    assert "You can still place a worker" in english and english.endswith("Rulebook: Playing a round")
    french = _notice(_live(client, game_id, "fr"))
    assert french is not None and french.startswith("Bouton « suivant » pressé")


def test_next_in_rajas_stands_for_a_pass_of_the_player_whose_turn_it_is() -> None:
    state = _stuck(ready_game())  # seat 0 can place nowhere: a pass is the move left
    move = GAME.button_move(state, "next")
    assert move == {"type": "pass", "seat": 0}
    assert GAME.apply(state, GAME.parse_move(state, move)).data["turn_seat"] == 1
    assert GAME.button_move(state, "confirm") is None


def test_next_before_the_rounds_of_rajas_means_nothing_and_says_so(client: FlaskClient, companion: Companion) -> None:
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    companion.set_active(found)
    given = _verdicts(companion)
    companion.bus.publish(ButtonPressed("next", "microcontroller"))  # the start rolls: no turn to hand on
    assert [v["status"] for v in given] == ["refused"]
    assert _notice(_live(client, found)) == (
        "Button “next” pressed · No, not allowed The next button does nothing in this game at this point: "
        "Asha, roll the dice you take and put them on your Kali."  # what the game awaits instead, its prompt
    )


def test_next_in_free_dice_ends_the_turn_once_rolled(service: Companion, free_game: dict[str, object]) -> None:
    game_id = str(free_game["game_id"])
    service.set_active(game_id)
    service.append(game_id, "move", {"move": {"type": "roll", "dice": [{"value": 4, "color": "blue"}]}})
    service.bus.publish(ButtonPressed("next", "gpio"))
    assert service.view(game_id)["current_seat"] == 1
    assert FreeDice().button_move(service.session(game_id).state, "next") == {"type": "end_turn"}


def test_the_notice_goes_once_the_game_moves_on(client: FlaskClient, companion: Companion) -> None:
    found = str(companion.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"])
    companion.set_active(found)
    companion.bus.publish(ButtonPressed("next", "gpio"))  # Ann has not rolled
    assert "Roll the dice before" in (_notice(_live(client, found)) or "")
    companion.append(found, "move", {"move": {"type": "roll", "dice": [{"value": 2, "color": "red"}]}})
    assert _notice(_live(client, found)) is None


def test_confirm_with_no_roll_seen_and_undo_with_nothing_to_undo_are_said(
    client: FlaskClient, companion: Companion
) -> None:
    found = str(companion.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"])
    companion.set_active(found)
    companion.bus.publish(ButtonPressed("confirm", "gpio"))
    assert "has seen none yet" in (_notice(_live(client, found)) or "")
    companion.bus.publish(ButtonPressed("undo", "gpio"))
    assert _notice(_live(client, found)) == "Button “undo” pressed · No, not allowed There is no move to undo."
    french = f"Bouton « annuler » pressé · {translate('fr', 'verdict.status.refused')} "
    assert _notice(_live(client, found, "fr")) == french + translate("fr", "error.said.nothing_to_undo")


def test_the_table_stream_tells_the_page_of_a_refused_press(companion: Companion) -> None:
    found = str(companion.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"])
    companion.set_active(found)
    last = companion.session(found).last_seq
    stream = game_events(companion, found, last, Timing(heartbeat=0.05, lifetime=0.5))
    assert next(stream).startswith("retry:")
    assert next(stream).startswith(":")  # idle: the stream has looked once, and waits
    companion.bus.publish(ButtonPressed("next", "gpio"))
    sent = "".join(stream)
    assert sent.count("event: button") == 1  # once, not at every turn of the loop


def test_confirm_plays_the_last_settled_roll_when_the_game_awaits_one(service: Companion) -> None:
    found = str(service.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"])
    dice = [{"value": 5, "color": "blue", "confidence": 0.95, "bbox": [0, 0, 10, 10]}]
    service.last_settled = {"dice": dice, "width": 640, "height": 480, "at": 1.0}  # seen before the game was active
    service.set_active(found)
    service.bus.publish(ButtonPressed("confirm", "gpio"))
    assert service.view(found)["last_roll"]["dice"][0]["value"] == 5
    assert service.buttons.refusal(found, service.session(found).last_seq) is None


def test_confirm_when_the_game_takes_no_roll_is_said_not_silent(client: FlaskClient, companion: Companion) -> None:
    found = str(companion.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"])
    companion.set_active(found)
    companion.append(found, "move", {"move": {"type": "roll", "dice": [{"value": 2, "color": "red"}]}})
    dice = [{"value": 2, "color": "red", "confidence": 0.95, "bbox": [0, 0, 10, 10]}]
    given = _verdicts(companion)
    companion.last_settled = {"dice": dice, "width": 640, "height": 480, "at": 1.0}
    companion.bus.publish(ButtonPressed("confirm", "gpio"))  # Ann has rolled: her turn waits for "next", no roll
    assert [v["status"] for v in given] == ["refused"]
    said = _notice(_live(client, found)) or ""
    assert "the game takes no roll from it now" in said, said


def test_confirm_of_a_roll_the_rules_refuse_is_lit_and_said(client: FlaskClient, companion: Companion) -> None:
    # A phone tester pressed confirm while a roll was awaited and the camera's dice were not that roll: nothing said.
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    companion.set_active(found)
    dice = [{"value": 3, "color": "orange", "confidence": 0.95, "bbox": [0, 0, 10, 10]}]  # the start roll is four
    companion.last_settled = {"dice": dice, "width": 640, "height": 480, "at": 1.0}
    given = _verdicts(companion)
    companion.bus.publish(ButtonPressed("confirm", "microcontroller"))
    assert [v["status"] for v in given] == ["refused"]
    assert given[0]["reason"]["key"] == "rajas.refused.roll_offer"  # type: ignore[index]
    said = _notice(_live(client, found)) or ""
    assert said.startswith("Button “confirm” pressed · No, not allowed Roll "), said


def test_a_press_with_no_game_on_the_table_lights_red(service: Companion) -> None:
    hub = SignalHub(service.bus)
    service.bus.publish(ButtonPressed("next", "gpio"))  # no game made active yet
    assert hub.signal.verdict == "refused"


def test_next_while_a_boat_bonus_is_offered_declines_it() -> None:
    from test_rajas_boat_bonus_choice import _reach_fame_31

    from companion.games.rajas.definition import BOAT_BONUS_ASKED_FROM

    asked = _reach_fame_31(version=BOAT_BONUS_ASKED_FROM)  # fame 31's bonus: the player may move the boat
    move = GAME.button_move(asked, "next")
    assert move == {"type": "boat", "seat": 0, "decline": True}
    declined = GAME.apply(asked, GAME.parse_move(asked, move))
    assert declined.player(0)["boat"] == 0 and declined.data["pending"] == [] and declined.data["turn_seat"] == 1


def test_next_while_a_roll_is_awaited_in_the_rounds_means_nothing() -> None:
    state = ready_game()
    rolling = edit(state, None, pending=[{"kind": "roll", "seat": 0, "colors": ["blue"], "count": 1}])
    assert GAME.button_move(rolling, "next") is None  # the refusal then says what is awaited: the game's prompt
