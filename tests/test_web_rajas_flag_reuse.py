"""The Imperial Flag answered from the Rajas table (Goodie Box 1, the tiger tiles): once the tile is built, the
player uses again the action of a space holding one of their workers, paying again, or forgoes it. The page offers
one tap to forgo it and, for each such space, that space's own form; a French tester found no form at all."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_rajas_support import FACTS

from companion.service import Companion
from companion.web.rajas.table import kali


class Forms(HTMLParser):
    """The forms of a page, each with its inputs (type, name, value, checked) and its buttons' text."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._button = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "form":
            self.forms.append({"inputs": [], "buttons": [], "selects": []})
        elif self.forms and tag == "input":
            self.forms[-1]["inputs"].append(
                {k: found.get(k) for k in ("type", "name", "value")} | {"checked": "checked" in found}
            )
        elif self.forms and tag == "select":
            self.forms[-1]["selects"].append(found.get("name"))
        elif self.forms and tag == "button":
            self._button = True
            self.forms[-1]["buttons"].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "button":
            self._button = False

    def handle_data(self, data: str) -> None:
        if self._button:
            self.forms[-1]["buttons"][-1] += data.strip()


def forms_of(page: str, move_type: str) -> list[dict[str, Any]]:
    """The forms of `page` posting a move of `move_type`."""
    parser = Forms()
    parser.feed(page)
    return [f for f in parser.forms if {"type": "hidden", "name": "type", "value": move_type} in _plain(f)]


def _plain(form: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in field.items() if k != "checked"} for field in form["inputs"]]


def fields(form: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """The inputs of `form` named `name`."""
    return [field for field in form["inputs"] if field["name"] == name]


def _die(color: str, value: int) -> dict[str, Any]:
    return {"color": color, "value": value}


def flag_built(client: FlaskClient, companion: Companion) -> str:
    """A two-player game with the tiger tiles where Chloé, holding blue 1 and blue 4 and a worker on the blue terrace,
    builds the Imperial Flag at the quarry from the table's page (the tester's steps): the flag's question is asked."""
    players = [{"name": "Chloé"}, {"name": "Bruno"}]
    game_id = str(companion.create_game("rajas", players, {"facts": FACTS, "modules": ["tiger"]})["game_id"])
    moves: list[dict[str, Any]] = [
        {"type": "roll", "seat": 0, "dice": [_die("blue", 1), _die("green", 5), _die("orange", 2), _die("violet", 6)]},
        {"type": "roll", "seat": 1, "dice": [_die("blue", 3), _die("green", 5), _die("orange", 2), _die("violet", 6)]},
        {"type": "place", "seat": 0, "space": "terrace.blue"},  # Chloé's lower total: she starts
        {"type": "roll", "seat": 0, "dice": [_die("blue", 4)]},
        {"type": "place", "seat": 1, "space": "terrace.green"},
        {"type": "roll", "seat": 1, "dice": [_die("green", 3)]},
    ]
    for move in moves:
        companion.append(game_id, "move", {"move": move})
    tiger = {"tile.kind": "tiger", "tile.name": "imperial_flag", "tile.color": "blue", "tile.stack": "tiger"}
    form = {"seat": "0", "type": "place", "space": "quarry", "pay": ["0:blue-1", "1:blue-4"], **tiger}
    response = client.post(f"/games/{game_id}/rajas/play", data={**form, "tile.roads": "junction"})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert companion.view(game_id)["pending"] == [{"kind": "flag", "seat": 0}]
    return game_id


def _page(client: FlaskClient, game_id: str, lang: str) -> str:
    return client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True)


def _spaces(form: dict[str, Any]) -> list[str]:
    """The spaces a form may post: its hidden space, or each of its space radios."""
    return [str(field["value"]) for field in fields(form, "space")]


@pytest.mark.parametrize(
    ("lang", "decline", "submit"),
    [
        ("fr", "Ne rejouer aucune action", "Rejouer cette action"),
        ("en", "Use no action again", "Use this action again"),
    ],
)
def test_the_flag_asks_to_decline_in_one_tap_or_to_use_again_a_space_holding_ones_worker(
    client: FlaskClient, companion: Companion, lang: str, decline: str, submit: str
) -> None:
    game_id = flag_built(client, companion)
    page = _page(client, game_id, lang)
    reuses = forms_of(page, "reuse")
    declines = [f for f in reuses if fields(f, "decline")]
    assert [f["buttons"] for f in declines] == [[decline]]
    assert fields(declines[0], "seat")[0]["value"] == "0"
    # Chloé's workers stand on the quarry and the blue terrace; Bruno's green terrace is not hers to use again.
    spaces = [_spaces(f) for f in reuses if not fields(f, "decline")]
    assert spaces == [["quarry"], ["terrace.blue"]]
    for form in reuses:
        assert not fields(form, "worker")  # no worker is placed: the Gemstone trader is not asked for
    assert all(f["buttons"] == [submit] for f in reuses if not fields(f, "decline"))
    quarry = next(f for f in reuses if _spaces(f) == ["quarry"])
    # The quarry's own form: the dice to pay again, from Chloé's Kali, and the tile built.
    assert [field["value"] for field in fields(quarry, "pay")] == [
        d["token"] for d in kali(companion.view(game_id)["players"][0])
    ]
    assert "tile.cost" in [field["name"] for field in quarry["inputs"]] and "tile.color" in quarry["selects"]
    palace = next(f for f in reuses if _spaces(f) == ["terrace.blue"])
    assert fields(palace, "space")[0]["type"] == "radio" and fields(palace, "space")[0]["checked"]
    assert not forms_of(page, "place")  # the placement waits for the flag's answer


def test_declining_the_flag_from_its_button_passes_the_turn(client: FlaskClient, companion: Companion) -> None:
    game_id = flag_built(client, companion)
    (decline,) = [f for f in forms_of(_page(client, game_id, "en"), "reuse") if fields(f, "decline")]
    data = {field["name"]: field["value"] for field in decline["inputs"]}
    response = client.post(f"/games/{game_id}/rajas/play", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    view = companion.view(game_id)
    assert view["pending"] == [] and view["current_seat"] == 1
    played = companion.events(game_id)[-1].payload["move"]
    assert (played["type"], played["seat"], played["decline"], played.get("space")) == ("reuse", 0, True, None)


def test_the_blue_terrace_used_again_from_its_form_gives_its_die_again(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = flag_built(client, companion)
    palace = next(f for f in forms_of(_page(client, game_id, "fr"), "reuse") if _spaces(f) == ["terrace.blue"])
    data = {
        field["name"]: field["value"] for field in palace["inputs"] if field["type"] == "hidden" or field["checked"]
    }
    response = client.post(f"/games/{game_id}/rajas/play", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    view = companion.view(game_id)
    assert view["pending"][0]["kind"] == "roll" and view["pending"][0]["fixed"] == {"blue": 1}
    assert view["spaces"]["terrace.blue"] == [0] and view["players"][0]["workers_left"] == 1  # no worker placed


def test_the_quarry_used_again_pays_its_space_again_and_builds_the_tile_told(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = flag_built(client, companion)
    before = companion.view(game_id)["players"][0]
    green = next(d for d in kali(before) if d["color"] == "green")
    form = {"if_seq": str(companion.view(game_id)["seq"]), "seat": "0", "type": "reuse", "space": "quarry"}
    tile = {"tile.cost": "5", "tile.market1.good": "tea", "tile.market1.value": "2"}
    response = client.post(f"/games/{game_id}/rajas/play", data={**form, "pay": green["token"], **tile})
    assert response.status_code == 303, response.get_data(as_text=True)
    after = companion.view(game_id)["players"][0]
    # Her worker stands on the quarry's first space (a price of 1, test data): paid again, then the tea market's 2.
    assert after["money"] == before["money"] - 1 + 2
    assert [t["color"] for t in after["tiles"]] == ["blue", "green"]
    assert after["dice"]["green"] == [] and companion.view(game_id)["pending"] == []


def test_a_refused_reuse_keeps_the_question_and_its_forms(client: FlaskClient, companion: Companion) -> None:
    game_id = flag_built(client, companion)
    before = len(companion.events(game_id))
    form = {"if_seq": str(companion.view(game_id)["seq"]), "seat": "0", "type": "reuse", "space": "terrace.green"}
    response = client.post(f"/games/{game_id}/rajas/play?lang=en", data=form)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert len(companion.events(game_id)) == before
    assert len(forms_of(page, "reuse")) == 3  # the decline, the quarry and the blue terrace, drawn again
