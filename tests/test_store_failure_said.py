# ruff: noqa: F811  (the game_id fixture imported from test_web_rajas is a parameter here)
"""A move that cannot be saved (the event store read-only, the disk full: StoreError) is told to the players at the
table, in their language, on the page they play from. A durability tester found a table button's press only in the
log ("subscriber ... failed on ButtonPressed" and a traceback: no red light, nothing on the table page), and a French
Rajas form answered by the generic 500 page in the store's English ("the event store at ... could not be written
(attempt to write a readonly database); nothing was kept"). The store's path and SQLite's words stay in the log.

The store is made to fail by patching its append (and create_game) to raise the StoreError the store raises when
SQLite refuses a write: as root, a read-only file is still written."""

from __future__ import annotations

import html
import logging
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_web_api import assert_error
from test_web_rajas import COLORS, game_id  # noqa: F401  (fixture)

from companion.devices.signals import SignalHub
from companion.errors import StoreError
from companion.events.bus import ButtonPressed, VerdictGiven
from companion.i18n import translate
from companion.service import Companion

SQLITE_SAYS = "attempt to write a readonly database"
GENERIC_PAGE = {"fr": "Le compagnon a rencontré un problème", "en": "The companion ran into a problem"}


def _read_only(companion: Companion, monkeypatch: pytest.MonkeyPatch) -> str:
    """Make every write to the companion's event store fail as a read-only database does; the store's words."""
    said = f"the event store at {companion.store.path} could not be written ({SQLITE_SAYS}); nothing was kept"

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise StoreError(said)

    monkeypatch.setattr(companion.store, "append", refused)
    monkeypatch.setattr(companion.store, "create_game", refused)
    return said


def _text(page: str) -> str:
    """A page's words, tags taken out."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _notice(page: str) -> str | None:
    """The text of the table's button notice, or None when the page shows none."""
    found = re.search(r'<div class="verdict-box[^"]*" role="alert" id="button-refusal"[^>]*>(.*?)</div>', page, re.S)
    return _text(found.group(1)) if found else None


def _live(client: FlaskClient, game_id: str, lang: str) -> str:
    return client.get(f"/games/{game_id}/live?lang={lang}").get_data(as_text=True)


def _free_dice_rolled(companion: Companion) -> str:
    """A free-dice game on the table, Ann's roll played: undo, next and confirm each have a move to write."""
    found = str(companion.create_game("free_dice", [{"name": "Ann"}, {"name": "Bob"}])["game_id"])
    companion.set_active(found)
    companion.append(found, "move", {"move": {"type": "roll", "dice": [{"value": 4, "color": "blue"}]}})
    return found


@pytest.mark.parametrize(("button", "french"), [("undo", "annuler"), ("next", "suivant"), ("confirm", "valider")])
def test_a_button_pressed_on_a_store_that_cannot_be_written_lights_red_and_the_table_says_the_game_was_not_saved(
    client: FlaskClient,
    companion: Companion,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    button: str,
    french: str,
) -> None:
    found = _free_dice_rolled(companion)
    if button == "confirm":  # the camera saw a roll settle: confirm plays it again, here for Bob after next
        companion.append(found, "move", {"move": {"type": "end_turn"}})
        companion.last_settled = {"dice": [{"value": 5, "color": "green", "confidence": 1.0}], "at": 0.0}
    hub = SignalHub(companion.bus)
    given: list[dict[str, Any]] = []
    companion.bus.subscribe(VerdictGiven, lambda event: given.append(event.verdict))
    before = companion.session(found).last_seq
    said = _read_only(companion, monkeypatch)
    with caplog.at_level(logging.INFO):
        companion.bus.publish(ButtonPressed(button, "gpio"))
    assert companion.session(found).last_seq == before and companion.bus.failures == 0  # no subscriber failed
    assert [v["status"] for v in given] == ["refused"] and hub.signal.verdict == "refused"  # the verdict lit red
    english, in_french = _notice(_live(client, found, "en")), _notice(_live(client, found, "fr"))
    name = {"key": f"button.name.{button}", "params": {}}
    assert english == f"Button “{button}” pressed · No, not allowed " + translate(
        "en", "button.not_saved", {"button": name}
    )
    assert in_french is not None and in_french.startswith(f"Bouton « {french} » pressé")
    assert in_french.endswith(translate("fr", "button.not_saved", {"button": name}))
    assert "La partie n’a pas pu être enregistrée" in in_french and SQLITE_SAYS not in in_french
    # Logged once, with the store's own words, and no traceback.
    told = [record for record in caplog.records if said in record.getMessage()]
    assert len(told) == 1 and told[0].exc_info is None and told[0].levelno == logging.ERROR
    assert not [record for record in caplog.records if record.exc_info is not None]


def test_a_rajas_undo_form_on_a_store_that_cannot_be_written_says_in_french_on_the_table_that_nothing_was_saved(
    client: FlaskClient,
    companion: Companion,
    game_id: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    seq = companion.session(game_id).last_seq
    said = _read_only(companion, monkeypatch)
    answer = client.post(f"/games/{game_id}/rajas/undo?lang=fr", data={"if_seq": str(seq)})
    page = _text(answer.get_data(as_text=True))
    assert answer.status_code == 503
    assert "La partie n'a pas pu être enregistrée" in page  # the heading, catalogue's error.store_error
    assert translate("fr", "error.said.store_error") in page
    assert "Bruno" in page and GENERIC_PAGE["fr"] not in page  # the table, not the generic error page
    assert SQLITE_SAYS not in page and str(companion.store.path) not in page and "event store" not in page
    assert companion.session(game_id).last_seq == seq
    assert any(said in record.getMessage() for record in caplog.records)  # the host finds the file and why


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_rajas_roll_form_on_a_store_that_cannot_be_written_is_drawn_again_and_said_in_the_pages_language(
    client: FlaskClient, companion: Companion, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    form = {"type": "roll", "seat": "0", "if_seq": str(companion.session(found).last_seq)}
    for index, (color, value) in enumerate(zip(COLORS, (3, 4, 2, 5), strict=True)):
        form.update({f"dice.{index}.color": color, f"dice.{index}.value": str(value)})
    _read_only(companion, monkeypatch)
    answer = client.post(f"/games/{found}/rajas/play?lang={lang}", data=form)
    page = _text(answer.get_data(as_text=True))
    assert answer.status_code == 503
    assert f"{translate(lang, 'error.store_error')} {translate(lang, 'error.said.store_error')}" in page
    assert SQLITE_SAYS not in page and GENERIC_PAGE[lang] not in page


def test_the_api_says_a_store_that_cannot_be_written_in_the_players_words_and_answers_503(
    client: FlaskClient, companion: Companion, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = _read_only(companion, monkeypatch)
    answer = client.post(f"/api/games/{game_id}/events?lang=fr", json={"type": "undo"})
    error = assert_error(answer, 503, "store_error")  # as the calibration page's colours that cannot be saved
    assert error["message"] == said  # the API's message stays the English one, for the log
    assert error["details"]["said"] == {"key": "error.said.store_error", "params": {}}
    assert error["details"]["said_text"] == translate("fr", "error.said.store_error")


def test_a_game_started_on_a_store_that_cannot_be_written_is_said_in_french_without_the_stores_words(
    client: FlaskClient, companion: Companion, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _read_only(companion, monkeypatch)
    form = {"kind": "free_dice", "name_0": "Ann", "name_1": "Bob"}
    answer = client.post("/games?lang=fr", data=form)
    page = _text(answer.get_data(as_text=True))
    assert answer.status_code == 503
    assert "La partie n'a pas pu être enregistrée" in page and translate("fr", "error.said.store_error") in page
    assert SQLITE_SAYS not in page and str(tmp_path) not in page
