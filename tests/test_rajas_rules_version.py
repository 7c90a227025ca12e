"""A Rajas game keeps the version of the rules it is played by in its start options, so that a game begun under
earlier rules (the boat bonus moved at once) folds from its log as it was played."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_rajas_support import FACTS, NAMES

from companion.errors import MalformedRequest
from companion.events.store import EventStore
from companion.games.base import Player
from companion.games.rajas import GAME
from companion.games.rajas.definition import BOAT_BONUS_ASKED_FROM, RULES_VERSION
from companion.service import Companion


def test_a_new_game_keeps_the_current_rules_version_in_its_start(tmp_path: Path) -> None:
    with Companion(EventStore(tmp_path / "e.db")) as service:
        game_id = str(service.create_game("rajas", [{"name": n} for n in NAMES[:2]], {"facts": FACTS})["game_id"])
        start = service.events(game_id)[0]
        assert start.payload["options"]["rules"] == RULES_VERSION >= BOAT_BONUS_ASKED_FROM
        assert service.session(game_id).state.data["version"] == RULES_VERSION


def test_a_game_begun_before_rules_versions_were_kept_is_played_by_version_1(tmp_path: Path) -> None:
    players = [{"seat": i, "name": n, "color": None} for i, n in enumerate(NAMES[:2])]
    options = {"modules": [], "experienced": [], "facts": FACTS}  # as games were started before "rules"
    with EventStore(tmp_path / "e.db") as store:
        stored = store.create_game("rajas", {"kind": "rajas", "players": players, "options": options, "seed": 7})
    with Companion(EventStore(tmp_path / "e.db")) as service:
        assert service.session(stored.game_id).state.data["version"] == 1


@pytest.mark.parametrize("rules", [0, RULES_VERSION + 1, "2", True, None])
def test_a_rules_version_the_engine_does_not_have_is_refused_naming_the_option(rules: object) -> None:
    with pytest.raises(MalformedRequest) as refused:
        GAME.setup([Player(0, "Asha", "blue"), Player(1, "Bruno", "green")], {"rules": rules}, 1)
    assert refused.value.details["field"] == "rules" and "option rules must be a rules version" in str(refused.value)
