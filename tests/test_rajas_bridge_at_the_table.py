"""At the table, a river bridge told past the river's end is refused in a new game (rules version 2 on)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.events.store import EventStore
from companion.games.base import RefusedMove
from companion.service import Companion


def test_telling_a_bridge_past_the_rivers_end_at_the_table_is_refused(tmp_path: Path) -> None:
    with Companion(EventStore(tmp_path / "e.db")) as service:
        game_id = str(service.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}], {})["game_id"])
        tell = {"type": "answer_fact", "key": "2p.river.length", "value": 20}
        service.append(game_id, "move", {"move": tell})
        with pytest.raises(RefusedMove) as refused:
            service.append(game_id, "move", {"move": {"type": "answer_fact", "key": "2p.river.bridge", "value": 25}})
        assert refused.value.verdict.reason.params["problem"]["key"] == "rajas.fact.problem.bridge_beyond_river"
        service.append(game_id, "move", {"move": {"type": "answer_fact", "key": "2p.river.bridge", "value": 19}})
        assert service.view(game_id)["facts_told"] == {"2p.river.length": 20, "2p.river.bridge": 19}


def test_a_bridge_out_of_range_is_refused_with_the_range_the_question_offers(tmp_path: Path) -> None:
    with Companion(EventStore(tmp_path / "e.db")) as service:
        game_id = str(service.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}], {})["game_id"])
        service.append(game_id, "move", {"move": {"type": "answer_fact", "key": "2p.river.length", "value": 14}})
        with pytest.raises(RefusedMove) as refused:
            service.append(game_id, "move", {"move": {"type": "answer_fact", "key": "2p.river.bridge", "value": 0}})
        said = refused.value.verdict.reason.params["problem"]
        assert said == {"key": "rajas.fact.problem.range", "params": {"low": 1, "high": 13, "value": 0}}
