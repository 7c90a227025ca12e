"""The Ashoka Pillar's lasting power from the Rajas table's forms (Goodie Box 1, the tiger tiles): a die turned by
karma may end one pip either side of its opposite face (karma on a 2 gives a 4, a 5 or a 6). The place forms offered
only the opposite face, so that a French tester could not pay the yogi's 3 with a 5."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_rajas_support import FACTS
from werkzeug.datastructures import MultiDict

from companion.errors import MalformedRequest
from companion.service import Companion
from companion.web.rajas.moves import move_from_form
from companion.web.rajas.table import kali, karma_faces


class Flips(HTMLParser):
    """The karma choices of a page: each select named "flip" with its options' values, and each flip checkbox."""

    def __init__(self) -> None:
        super().__init__()
        self.selects: list[list[str]] = []
        self.boxes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "select":
            self._in = found.get("name") == "flip"
            if self._in:
                self.selects.append([])
        elif tag == "option" and getattr(self, "_in", False) and found.get("value"):
            self.selects[-1].append(str(found["value"]))
        elif tag == "input" and found.get("name") == "flip":
            self.boxes.append(str(found.get("value")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._in = False


def flips_of(page: str) -> Flips:
    parser = Flips()
    parser.feed(page)
    return parser


def _die(color: str, value: int) -> dict[str, Any]:
    return {"color": color, "value": value}


def pillar_built(companion: Companion, has_pillar: bool = True) -> str:
    """A two-player game with the tiger tiles where Bruno builds the Ashoka Pillar (or, `has_pillar` false, a plain
    violet tile) with two violet dice, then is to place again holding blue 3, green 5 and orange 2, and his one
    karma; Chloé holds no pillar."""
    players = [{"name": "Chloé"}, {"name": "Bruno"}]
    game_id = str(companion.create_game("rajas", players, {"facts": FACTS, "modules": ["tiger"]})["game_id"])
    pillar: dict[str, Any] = {"kind": "tiger", "name": "ashoka_pillar", "color": "violet", "stack": "tiger"}
    if not has_pillar:
        pillar = {"color": "violet", "cost": 7, "stack": "cow"}
    pillar.update(markets=[], buildings=[], roads="junction")
    moves: list[dict[str, Any]] = [
        {"type": "roll", "seat": 0, "dice": [_die("blue", 1), _die("green", 5), _die("orange", 2), _die("violet", 6)]},
        {"type": "roll", "seat": 1, "dice": [_die("blue", 3), _die("green", 5), _die("orange", 2), _die("violet", 6)]},
        {"type": "place", "seat": 0, "space": "terrace.orange"},  # Chloé's lower total: she starts
        {"type": "roll", "seat": 0, "dice": [_die("orange", 4)]},
        {"type": "place", "seat": 1, "space": "terrace.violet"},
        {"type": "roll", "seat": 1, "dice": [_die("violet", 1)]},
        {"type": "place", "seat": 0, "space": "terrace.blue"},
        {"type": "roll", "seat": 0, "dice": [_die("blue", 6)]},
        {"type": "place", "seat": 1, "space": "quarry", "pay": [_die("violet", 1), _die("violet", 6)], "tile": pillar},
        {"type": "place", "seat": 0, "space": "terrace.green"},
        {"type": "roll", "seat": 0, "dice": [_die("green", 2)]},
    ]
    for move in moves:
        companion.append(game_id, "move", {"move": move})
    view = companion.view(game_id)
    assert view["current_seat"] == 1 and not view["pending"] and view["players"][1]["karma"] == 1
    return game_id


def _token(companion: Companion, game_id: str, seat: int, color: str) -> dict[str, Any]:
    return next(d for d in kali(companion.view(game_id)["players"][seat]) if d["color"] == color)


@pytest.mark.parametrize(
    ("lang", "hint"),
    [
        (
            "fr",
            "Utiliser ce 5 comme un autre nombre pour un karma : sa face opposée 2, ou un point de part ou d&#39;autre",
        ),
        ("en", "Use this 5 as another number for one karma: its opposite face 2, or one pip either side of it"),
    ],
)
def test_a_pillar_holder_chooses_the_opposite_face_or_one_pip_either_side_beside_each_die(
    client: FlaskClient, companion: Companion, lang: str, hint: str
) -> None:
    game_id = pillar_built(companion)
    page = client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True)
    found = flips_of(page)
    blue, green, orange = (_token(companion, game_id, 1, c) for c in ("blue", "green", "orange"))
    # A 3 turns to 4 or 5 (never back to 3), a 5 to 1, 2 or 3, a 2 to 4, 5 or 6: beside the dice of every form paying.
    expected = [
        [f"{blue['index']}-4", f"{blue['index']}-5"],
        [f"{green['index']}-1", f"{green['index']}-2", f"{green['index']}-3"],
        [f"{orange['index']}-4", f"{orange['index']}-5", f"{orange['index']}-6"],
    ]
    assert found.selects and found.selects == expected * (len(found.selects) // 3)
    assert found.boxes == []  # no plain flip box beside them: one choice of number per die
    assert hint in page


def test_a_player_without_the_pillar_keeps_the_plain_flip(client: FlaskClient, companion: Companion) -> None:
    game_id = pillar_built(companion)
    page = client.get(f"/games/{game_id}/rajas/check?lang=en").get_data(as_text=True)
    found = flips_of(page)
    chloe = kali(companion.view(game_id)["players"][0])
    assert found.boxes and set(found.boxes) == {str(d["index"]) for d in chloe}  # Chloé's: the opposite face only
    assert found.selects  # Bruno's, on the same page
    assert karma_faces(2, has_pillar=False) == [5] and karma_faces(1, has_pillar=True) == [5, 6]


def test_the_yogi_is_paid_with_a_5_turned_to_3_by_karma_from_the_form(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = pillar_built(companion)
    green = _token(companion, game_id, 1, "green")
    form = {"if_seq": str(companion.view(game_id)["seq"]), "seat": "1", "type": "place", "space": "room.yogi"}
    plain = client.post(f"/games/{game_id}/rajas/play?lang=fr", data={**form, "pay": green["token"], "flip": "1"})
    assert plain.status_code == 422  # a bare flip is the opposite face, as before
    assert "Cette chambre demande un dé montrant 3, pas 2" in plain.get_data(as_text=True)
    chosen = f"{green['index']}-3"
    response = client.post(f"/games/{game_id}/rajas/play", data={**form, "pay": green["token"], "flip": chosen})
    assert response.status_code == 303, response.get_data(as_text=True)
    bruno = companion.view(game_id)["players"][1]
    # One karma paid for the flip, then the yogi's two (rulebook, palace rooms: the yogi gives 2 karma and a die).
    assert 1 in companion.view(game_id)["spaces"]["room.yogi"] and bruno["karma"] == 1 - 1 + 2
    assert companion.events(game_id)[-1].payload["move"]["pay"] == [
        {"color": "green", "value": 5, "as": 3, "via": None}
    ]


def test_without_the_pillar_the_flip_stays_the_opposite_face_and_another_number_is_refused_by_the_rules(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = pillar_built(companion, has_pillar=False)
    found = flips_of(client.get(f"/games/{game_id}?lang=en").get_data(as_text=True))
    bruno = kali(companion.view(game_id)["players"][1])
    assert found.selects == [] and set(found.boxes) == {str(d["index"]) for d in bruno}
    green = _token(companion, game_id, 1, "green")
    before = len(companion.events(game_id))
    form = {"if_seq": str(companion.view(game_id)["seq"]), "seat": "1", "type": "place", "space": "room.yogi"}
    response = client.post(
        f"/games/{game_id}/rajas/play?lang=en", data={**form, "pay": green["token"], "flip": f"{green['index']}-3"}
    )
    assert response.status_code == 422
    assert "Karma turns a 5 to its opposite face, not to 3." in response.get_data(as_text=True)
    assert len(companion.events(game_id)) == before


def _form(**fields: str | list[str]) -> MultiDict[str, str]:
    return MultiDict(
        [(k, v) for k, values in fields.items() for v in ([values] if isinstance(values, str) else values)]
    )


def test_the_form_reader_turns_a_die_to_the_number_chosen_with_karma() -> None:
    base = {"type": "place", "seat": "1", "space": "room.yogi"}
    move = move_from_form(_form(**base, pay=["0:blue-3", "1:green-5"], flip=["1-3", ""]))
    assert move["pay"] == [{"color": "blue", "value": 3}, {"color": "green", "value": 5, "as": 3}]
    assert move_from_form(_form(**base, pay="1:green-5", flip="1"))["pay"] == [{"color": "green", "value": 5, "as": 2}]


@pytest.mark.parametrize(
    ("flips", "reason"),
    [("green", "flip"), ("1-7", "flip"), ("1:3", "flip"), (["1-3", "1-2"], "flip_twice"), (["1", "1-3"], "flip_twice")],
)
def test_a_karma_choice_the_form_reader_cannot_read_is_refused_naming_the_field(
    flips: str | list[str], reason: str
) -> None:
    with pytest.raises(MalformedRequest) as refused:
        move_from_form(_form(type="place", seat="1", space="room.yogi", pay="1:green-5", flip=flips))
    assert refused.value.details["field"] == "flip"
    assert refused.value.details["said"]["key"] == f"rajas.said.form.{reason}"


def test_a_pillar_holder_turning_a_die_to_a_face_it_cannot_reach_is_told_the_faces_it_can() -> None:
    from test_rajas_support import dice, edit, laid, move, ready_game, tile

    from companion.games.rajas import GAME
    from companion.i18n import translate

    pillar = laid(1, {**tile("orange", 0, kind="tiger"), "name": "ashoka_pillar"})
    state = edit(ready_game(2, ("tiger",)), 0, tiles=[pillar], dice=dice(blue=[5]), karma=1)
    turned = [{"color": "blue", "value": 5, "as": 4, "via": "karma"}]
    verdict = GAME.legal(state, move(state, type="place", seat=0, space="room.raja", pay=turned))
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.karma_face_ashoka"
    said = translate("en", verdict.reason.key, verdict.reason.params)
    assert said == "With the Ashoka Pillar, karma turns a 5 to 1, 2 or 3, not to 4."
    assert translate("fr", verdict.reason.key, verdict.reason.params).endswith("en 1, 2 ou 3, pas en 4.")


def test_a_port_die_with_akbars_bridge_is_told_how_far_the_bridge_lets_the_boat_go() -> None:
    from test_rajas_support import dice, edit, laid, move, ready_game, tile

    from companion.games.rajas import GAME
    from companion.i18n import translate

    bridge = laid(1, {**tile("orange", 0, kind="tiger"), "name": "akbar_bridge"})
    state = edit(ready_game(2, ("tiger",)), 0, tiles=[bridge], dice=dice(blue=[2]))
    paid = [{"color": "blue", "value": 2}]
    verdict = GAME.legal(state, move(state, type="place", seat=0, space="port", pay=paid, steps=4))
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.port_steps_bridge"
    assert "moves 3 free spaces at most" in translate("en", verdict.reason.key, verdict.reason.params)
