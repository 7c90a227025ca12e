"""Board facts that contradict each other: a river bridge told past the river's end is refused wherever a fact is
told now (the board page, a file imported), its question offers only the spaces before the river's end, and a file
with one wrong fact blames that fact alone, named in words; games and owner files told so before still load."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.boards import BoardFileRefused, OwnerBoards
from companion.events.store import EventStore
from companion.games.rajas.board import board_problems
from companion.games.rajas.facts import told_problems, value_range
from companion.i18n import translate
from companion.service import Companion
from companion.web import create_app
from companion.web.rajas.boards import number_range


def _problems(response: Any) -> list[str]:
    """The problems the board-facts page lists."""
    return [html.unescape(p) for p in re.findall(r'<li class="break">(.*?)</li>', response.get_data(as_text=True))]


def _entry(value: Any) -> dict[str, Any]:
    return {"value": value, "source": "my copy", "confidence": "table"}


def _upload(client: FlaskClient, board: dict[str, Any], lang: str) -> Any:
    data = {"file": (io.BytesIO(json.dumps(board).encode()), "board.json")}
    return client.post(f"/boards/rajas/import?lang={lang}", data=data, content_type="multipart/form-data")


def _said(problems: list[Any], lang: str = "en") -> list[str]:
    return [translate(lang, p.key, p.params) for p in problems]


@pytest.mark.parametrize(("length", "high"), [(20, 19), (6, 5), (40, 39)])
def test_the_bridge_question_offers_only_spaces_before_the_rivers_end(length: int, high: int) -> None:
    known = {"2p.river.length": length}
    assert value_range("2p.river.bridge", known) == (1, high)
    words = number_range("2p.river.bridge", known)
    assert words is not None and translate("fr", words["words"]["key"], words["words"]["params"]) == (
        f"Un nombre entier de 1 à {high}"
    )
    assert value_range("2p.river.bridge", {}) == (1, 39)  # the river not known yet: any space of the longest river


def test_the_river_length_question_offers_only_lengths_past_a_known_bridge() -> None:
    assert value_range("34p.river.length", {"34p.river.bridge": 30}) == (31, 40)
    assert value_range("34p.river.length", {"2p.river.bridge": 30}) == (6, 40)  # the other side's bridge


def test_saving_a_river_shorter_than_its_bridge_on_the_boards_page_names_the_pair(
    client: FlaskClient, companion: Companion
) -> None:
    form = {"fact.34p.river.length": "15", "fact.34p.river.bridge": "30"}
    refused = client.post("/boards/rajas?lang=en", data=form)
    assert refused.status_code == 400
    problems = _problems(refused)
    assert len(problems) == 2, problems
    for said in problems:
        assert "15" in said and "30" in said and "bridge" in said and "river spaces" in said, said
    assert companion.boards.known("rajas") == {}


def test_saving_a_bridge_past_the_known_rivers_end_on_the_boards_page_is_refused(
    client: FlaskClient, companion: Companion
) -> None:
    assert client.post("/boards/rajas", data={"fact.34p.river.length": "15"}).status_code == 303
    page = client.get("/boards/rajas?lang=fr").get_data(as_text=True)
    assert re.search(r'name="fact\.34p\.river\.bridge"\s+min="1" max="14"', page), "the field allows 1 to 14"
    refused = client.post("/boards/rajas?lang=fr", data={"fact.34p.river.bridge": "30"})
    assert refused.status_code == 400
    assert any("l'une des cases 1 à 14, pas 30" in p for p in _problems(refused)), _problems(refused)
    assert companion.boards.known("rajas") == {"34p.river.length": 15}
    assert client.post("/boards/rajas", data={"fact.34p.river.bridge": "14"}).status_code == 303


def test_importing_a_file_with_a_bridge_past_the_rivers_end_imports_nothing(
    client: FlaskClient, companion: Companion
) -> None:
    board = companion.boards.export("rajas")
    board["facts"].update({"34p.river.length": _entry(15), "34p.river.bridge": _entry(30), "3p.port.slots": _entry(3)})
    refused = _upload(client, board, "en")
    assert refused.status_code == 400
    problems = _problems(refused)
    assert len(problems) == 1 and "spaces 1 to 14, not 30" in problems[0], problems
    assert companion.boards.known("rajas") == {}
    with pytest.raises(BoardFileRefused):
        companion.boards.import_text("rajas", json.dumps(board))


def test_importing_a_file_with_one_wrong_fame_blames_that_fact_alone() -> None:
    boards = OwnerBoards(None)
    boards.remember("rajas", {"track.money.74.fame": 25, "track.money.75.fame": 24, "track.money.80.fame": 22})
    board = boards.export("rajas")
    board["facts"]["track.money.40.fame"] = _entry(20)  # beside money 40 the fame is at least 35 (money 52)
    with pytest.raises(BoardFileRefused) as refused:
        boards.import_text("rajas", json.dumps(board))
    problems = refused.value.details["problems"]
    assert len(problems) == 1, problems
    assert problems[0].startswith("For the fame number beside money 40, fame 20 beside money 40 contradicts")
    assert "(track.money.40.fame)" in problems[0]


def test_two_told_fames_that_disagree_are_named_once() -> None:
    board = OwnerBoards(None).export("rajas")
    board["facts"].update({"track.money.80.fame": _entry(22), "track.money.90.fame": _entry(23)})
    said = _said(board_problems(board))
    assert len(said) == 1, said
    assert "fame 22 beside money 80" in said[0] and "fame 23 beside money 90" in said[0]


def test_a_fact_that_contradicts_the_most_others_is_the_one_blamed() -> None:
    board = OwnerBoards(None).export("rajas")
    told = {"track.money.70.fame": 27, "track.money.72.fame": 40, "track.money.74.fame": 25, "track.money.76.fame": 24}
    board["facts"].update({key: _entry(value) for key, value in told.items()})
    said = _said(board_problems(board))
    assert len(said) == 1 and said[0].startswith("For the fame number beside money 72,"), said


def test_an_imported_file_names_a_wrong_fact_in_words_with_its_key(client: FlaskClient) -> None:
    board = {"game": "rajas", "format": 1, "facts": {"2p.quarry.1.cost": _entry(9)}}
    french = _problems(_upload(client, board, "fr"))
    assert french == [
        "Pour le prix de la case 1 de la carrière (2 joueurs), ce doit être de 1 à 4, pas 9 (2p.quarry.1.cost)"
    ]
    assert not any(p.startswith("fait 2p.quarry.1.cost") for p in french)


@pytest.mark.parametrize(
    ("form", "said"),
    [
        ({"fact.2p.quarry.slots": "3"}, "1 information enregistrée."),
        ({"fact.2p.quarry.slots": "3", "fact.3p.quarry.slots": "4"}, "2 informations enregistrées."),
    ],
)
def test_saving_facts_on_the_boards_page_counts_them_in_french(
    client: FlaskClient, form: dict[str, str], said: str
) -> None:
    saved = client.post("/boards/rajas?lang=fr", data=form, follow_redirects=True)
    assert saved.status_code == 200
    assert said in saved.get_data(as_text=True)


def test_a_game_already_told_a_bridge_past_the_rivers_end_still_loads(tmp_path: Path) -> None:
    players = [{"seat": 0, "name": "Asha", "color": None}, {"seat": 1, "name": "Bruno", "color": None}]
    options = {"modules": [], "experienced": [], "facts": {}}  # begun before rules versions were kept: version 1
    with EventStore(tmp_path / "e.db") as store:
        game_id = store.create_game(
            "rajas", {"kind": "rajas", "players": players, "options": options, "seed": 7}
        ).game_id
        for seq, (key, value) in enumerate((("2p.river.length", 20), ("2p.river.bridge", 25)), start=2):
            store.append(
                game_id, "move", {"move": {"type": "answer_fact", "seat": None, "key": key, "value": value}}, seq
            )
    with Companion(EventStore(tmp_path / "e.db")) as service:
        assert service.view(game_id)["facts_told"] == {"2p.river.length": 20, "2p.river.bridge": 25}


def test_an_owner_file_kept_with_a_bridge_past_the_rivers_end_still_loads(tmp_path: Path) -> None:
    board = OwnerBoards(None).export("rajas")
    board["facts"].update({"34p.river.length": _entry(15), "34p.river.bridge": _entry(30)})
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "rajas.json").write_text(json.dumps(board), encoding="utf-8")
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        assert service.boards.known("rajas") == {"34p.river.length": 15, "34p.river.bridge": 30}
        page = create_app({"TESTING": True}, service).test_client().get("/boards/rajas?lang=en")
        assert page.status_code == 200


def test_a_river_and_its_bridge_told_together_are_refused_whichever_comes_first() -> None:
    for told in ({"2p.river.length": 20, "2p.river.bridge": 25}, {"2p.river.bridge": 25, "2p.river.length": 20}):
        assert set(told_problems(told, {})) == {"2p.river.length", "2p.river.bridge"}
    assert told_problems({"2p.river.length": 20, "2p.river.bridge": 19}, {}) == {}
