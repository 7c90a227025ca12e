"""The list of games to resume says which games have ended, from the store's summaries: no game is rebuilt from its
log to show the list (a long Rajas game takes a second or more to replay, many times that on a Pi)."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from test_rajas_support import FACTS
from test_web_fixtures import FAST, PLAYERS, app, client, service  # noqa: F401  (fixtures)

from companion import service as service_module
from companion.errors import StoreError
from companion.events.store import EventStore
from companion.games.rajas.sampler import random_move
from companion.service import Companion
from companion.web import create_app

FINISHED = {"en": "Finished", "fr": "Terminée"}
SEE_RESULT = {"en": "See the result", "fr": "Voir le résultat"}
ITEM = re.compile(r'<li class="game-list__item[^"]*">.*?</li>', re.S)


def items(client: FlaskClient, lang: str = "en") -> list[str]:
    """The items of the list of games, in order, as HTML."""
    return ITEM.findall(client.get(f"/?lang={lang}").get_data(as_text=True))


def finished_game(service: Companion) -> str:
    """A game of free dice that the table finished."""
    game_id = str(service.create_game("free_dice", PLAYERS)["game_id"])
    service.append(game_id, "move", {"move": {"type": "roll", "dice": [{"value": 4}]}})
    service.append(game_id, "move", {"move": {"type": "finish"}})
    return game_id


@pytest.mark.parametrize("lang", sorted(FINISHED))
def test_a_finished_game_is_marked_finished_and_offers_its_result(
    client: FlaskClient, service: Companion, lang: str
) -> None:
    ended = finished_game(service)
    going = str(service.create_game("free_dice", PLAYERS)["game_id"])
    listed = items(client, lang)
    assert len(listed) == 2
    (going_item,) = [item for item in listed if going in item]
    (ended_item,) = [item for item in listed if ended in item]
    assert FINISHED[lang] in ended_item and "is-over" in ended_item and SEE_RESULT[lang] in ended_item
    assert FINISHED[lang] not in going_item and "is-over" not in going_item and SEE_RESULT[lang] not in going_item


def test_a_game_ended_by_its_turn_limit_is_finished_and_undoing_the_end_takes_it_back(
    client: FlaskClient, service: Companion
) -> None:
    game_id = str(service.create_game("free_dice", [{"name": "Asha"}], {"max_turns": 1})["game_id"])
    service.append(game_id, "move", {"move": {"type": "roll", "dice": [{"value": 6}]}})
    assert FINISHED["en"] not in items(client)[0]
    service.append(game_id, "move", {"move": {"type": "end_turn"}})
    assert FINISHED["en"] in items(client)[0]
    service.append(game_id, "undo", {})
    assert FINISHED["en"] not in items(client)[0]
    service.append(game_id, "redo", {})
    assert FINISHED["en"] in items(client)[0]


def test_the_list_shows_finished_games_after_a_restart_without_rebuilding_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Companion(EventStore(tmp_path / "events.db")) as before:
        ended = finished_game(before)
        before.create_game("free_dice", PLAYERS)
    with Companion(EventStore(tmp_path / "events.db")) as after:

        def no_rebuilding(*args: object) -> None:
            raise AssertionError("the list of games rebuilt a game from its log")

        monkeypatch.setattr(service_module, "GameSession", no_rebuilding)
        listed = items(create_app(FAST, after).test_client())
    assert [FINISHED["en"] in item for item in listed] == [False, True]
    assert ended in listed[1]


def test_a_game_with_no_summary_of_its_last_event_is_not_said_finished_until_it_is_opened(
    tmp_path: Path,
) -> None:
    # A store written before summaries were kept, or a summary lost with a write that failed.
    with Companion(EventStore(tmp_path / "events.db")) as before:
        ended = finished_game(before)
        before.store._connection().execute("DELETE FROM summaries")
    with Companion(EventStore(tmp_path / "events.db")) as after:
        client = create_app(FAST, after).test_client()
        assert after.games()[0]["is_over"] is None
        assert FINISHED["en"] not in items(client)[0]
        assert client.get(f"/games/{ended}").status_code == 200
        assert after.games()[0]["is_over"] is True
        assert FINISHED["en"] in items(client)[0]


def test_a_summary_that_cannot_be_written_leaves_the_move_played_and_the_end_unsaid(
    client: FlaskClient, service: Companion, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = str(service.create_game("free_dice", PLAYERS)["game_id"])

    def full_disk(*args: object) -> None:
        raise StoreError("the event store could not be written (disk full)")

    monkeypatch.setattr(service.store, "set_summary", full_disk)
    service.append(game_id, "move", {"move": {"type": "finish"}})
    assert service.view(game_id)["is_over"] is True
    # The summary on record is of an earlier event: the store does not take it for the game's now.
    assert service.games()[0]["is_over"] is None
    assert FINISHED["en"] not in items(client)[0]


def test_a_rajas_game_played_to_its_end_is_marked_finished(client: FlaskClient, service: Companion) -> None:
    players = [{"name": "Rajesh"}, {"name": "Leila"}]
    game_id = str(service.create_game("rajas", players, {"facts": FACTS})["game_id"])
    session = service.session(game_id)
    rng = random.Random(5)
    for _ in range(20):
        service.append(game_id, "move", {"move": random_move(session.state, rng, FACTS)})
    assert FINISHED["en"] not in items(client)[0]
    while not session.state.is_over:
        service.append(game_id, "move", {"move": random_move(session.state, rng, FACTS)})
    assert FINISHED["en"] in items(client)[0]
    assert service.games()[0]["is_over"] is True
