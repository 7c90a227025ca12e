"""The service log says a refused move in words, the catalogue key in brackets after them: it wrote the key alone
("move refused: rajas.refused.roll_offer"), which tells whoever reads the log on the Pi nothing."""

from __future__ import annotations

import logging
import time

import pytest
from test_rajas_support import FACTS

from companion.errors import MalformedRequest
from companion.events.bus import ButtonPressed, RollSettled
from companion.games.base import Message, RefusedMove, RolledDie, Verdict
from companion.i18n import translate
from companion.service import Companion, in_words


def _lines(caplog: pytest.LogCaptureFixture, start: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith(start)]


def test_a_settled_roll_the_rules_refuse_is_logged_in_english_words(
    service: Companion, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = str(service.create_game("rajas", [{"name": "A"}, {"name": "B"}], {"facts": FACTS})["game_id"])
    service.set_active(game_id)
    caplog.set_level(logging.INFO, logger="companion.service")
    # One die seen settling, where each player's start roll is four.
    dice = [{"value": 3, "color": "orange", "bbox": [0, 0, 10, 10]}]
    service.bus.publish(RollSettled({"dice": dice, "width": 640, "height": 480}, time.time()))
    [line] = _lines(caplog, "settled roll not played")
    session = service.session(game_id)
    move = session.game.roll_move(session.state, [RolledDie(3, "orange")])
    assert move is not None
    reason = session.check(dict(move)).reason
    assert reason is not None and reason.key == "rajas.refused.roll_offer"
    words = translate("en", reason.key, reason.params)
    assert words.startswith("Roll ") and "{" not in words  # the catalogue's text, its parameters filled in
    assert line == f"settled roll not played: move refused: {words} [rajas.refused.roll_offer]"


def test_a_button_the_rules_refuse_is_logged_in_english_words(
    service: Companion, free_game: dict[str, object], caplog: pytest.LogCaptureFixture
) -> None:
    service.set_active(str(free_game["game_id"]))
    caplog.set_level(logging.INFO, logger="companion.table_buttons")
    service.bus.publish(ButtonPressed("next", "gpio"))  # Ann has not rolled: her turn cannot end yet
    [line] = _lines(caplog, "button next refused")
    words = translate("en", "free_dice.refused.roll_first")
    assert words != "free_dice.refused.roll_first"  # words, not the key again
    assert line == f"button next refused: move refused: {words} [free_dice.refused.roll_first]"


def test_in_words_names_the_parameters_and_leaves_other_errors_as_they_are() -> None:
    refused = RefusedMove(Verdict.refuse(Message("rajas.refused.kali_full", {"capacity": 3})))
    assert in_words(refused) == f"move refused: {translate('en', 'rajas.refused.kali_full', {'capacity': 3})} " + (
        "[rajas.refused.kali_full]"
    )
    assert "3" in in_words(refused)
    malformed = MalformedRequest("field seat: got 'x'; allowed: 0, 1")
    assert in_words(malformed) == "field seat: got 'x'; allowed: 0, 1"
