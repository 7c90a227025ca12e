"""A whole Rajas game played through the dashboard's forms, from the start form to the final ranking.

Moves are chosen by the engine's seeded random player; each is posted as the fields the table's forms send
(one-tap answers are taken from the page itself), and printed facts are told through the table's fact form.
"""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import random
from html.parser import HTMLParser
from typing import Any

from flask.testing import FlaskClient
from test_rajas_support import FACTS

from companion.games.rajas import GAME
from companion.games.rajas.sampler import random_move
from companion.service import Companion

MOVE_LIMIT = 1500
ONE_TAP = ("upgrade", "boat", "start_player", "draw_yield")
_SCALARS = (
    "space",
    "worker",
    "good",
    "building",
    "room",
    "recall",
    "cell",
    "count",
    "steps",
    "first",
    "cover",
    "income",
)


class Forms(HTMLParser):
    """The forms of a page: action and the hidden fields of each."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "form":
            self.forms.append({"action": found.get("action"), "hidden": {}})
        elif tag == "input" and found.get("type") == "hidden" and self.forms:
            self.forms[-1]["hidden"][found.get("name")] = found.get("value")


def forms_of(html: str) -> list[dict[str, Any]]:
    parser = Forms()
    parser.feed(html)
    return parser.forms


def token(die: dict[str, Any]) -> str:
    """A die as the Kali picker posts it."""
    used = die.get("as", die["value"])
    return f"{die['color']}-{die['value']}" + (f"-{used}" if used != die["value"] else "")


def reward_fields(prefix: str, reward: dict[str, Any]) -> dict[str, Any]:
    """A printed reward as the reward fields post it (kind, the number printed with it, a colour)."""
    fields: dict[str, Any] = {f"{prefix}.kind": reward["kind"]}
    for name in ("amount", "count", "max"):
        if name in reward:
            fields[f"{prefix}.number"] = str(reward[name])
    if reward.get("color"):
        fields[f"{prefix}.color"] = reward["color"]
    return fields


def tile_fields(tile: dict[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = {"tile.cost": str(tile["cost"]), "tile.color": tile["color"]}
    for name in ("stack", "kind", "roads", "name"):
        if tile.get(name):
            fields[f"tile.{name}"] = tile[name]
    for number, market in enumerate(tile.get("markets", []), start=1):
        fields[f"tile.market{number}.good"] = market["good"]
        fields[f"tile.market{number}.value"] = str(market["value"])
    fields["tile.buildings"] = list(tile.get("buildings", []))
    return fields


def form_of(move: dict[str, Any]) -> dict[str, Any]:
    """The fields the table's forms post for a move."""
    fields: dict[str, Any] = {"type": move["type"]}
    if move.get("seat") is not None:
        fields["seat"] = str(move["seat"])
    fields.update({name: str(move[name]) for name in _SCALARS if move.get(name) is not None})
    fields.update({name: "1" for name in ("black_market", "decline") if move.get(name)})
    if move.get("goods"):
        fields["goods"] = list(move["goods"])
    for name in ("connects", "villages"):
        if move.get(name):
            fields[name] = ", ".join(str(n) for n in move[name])
    for name in ("pay", "reroll", "return"):
        if move.get(name):
            fields[name] = [token(d) for d in move[name]]
    for index, die in enumerate(move.get("dice", [])):
        fields[f"dice.{index}.color"], fields[f"dice.{index}.value"] = die["color"], str(die["value"])
    tile = move.get("tile")
    if isinstance(tile, str):
        fields["tile"] = tile
    elif isinstance(tile, dict):
        fields.update(tile_fields(tile))
    return fields


def fact_form(move: dict[str, Any]) -> dict[str, Any]:
    """The fields of the table's fact form for an answer_fact move."""
    fields = {"type": "answer_fact", "key": move["key"]}
    value = move["value"]
    return {**fields, **(reward_fields("reward", value) if isinstance(value, dict) else {"value": str(value)})}


def start(client: FlaskClient) -> str:
    """Start the game with the start form, as the games page does."""
    form = {"kind": "rajas", "name_0": "Asha", "color_0": "orange", "name_1": "Bruno", "color_1": "violet"}
    response = client.post("/games?lang=en", data=form)
    assert response.status_code == 303
    return str(response.headers["Location"]).rsplit("/", 1)[-1]


def one_tap_form(client: FlaskClient, game_id: str, fields: dict[str, Any]) -> dict[str, Any]:
    """The one-tap answer the live table offers for these fields (fails when the page does not offer it)."""
    page = client.get(f"/games/{game_id}/live?lang=en").get_data(as_text=True)
    wanted = {k: v for k, v in fields.items()}
    for form in forms_of(page):
        hidden = {k: v for k, v in form["hidden"].items() if k != "if_seq"}
        if hidden == wanted:
            return dict(form["hidden"])
    raise AssertionError(f"the table offers no one-tap form for {wanted}")


def play_one(client: FlaskClient, companion: Companion, game_id: str, move: dict[str, Any]) -> None:
    session = companion.session(game_id)
    if move["type"] == "answer_fact":
        response = client.post(f"/games/{game_id}/rajas/fact", data=fact_form(move))
        assert response.status_code == 303, response.get_data(as_text=True)[-1500:]
        assert companion.boards.known("rajas")[move["key"]] == move["value"]
        return
    expected = GAME.parse_move(session.state, move)
    fields = form_of(move)
    if move["type"] in ONE_TAP:
        fields = one_tap_form(client, game_id, fields)
    fields["if_seq"] = str(session.last_seq)
    response = client.post(f"/games/{game_id}/rajas/play", data=fields)
    assert response.status_code == 303, response.get_data(as_text=True)[-1500:]
    stored = companion.events(game_id, session.last_seq - 1)[0].payload["move"]
    assert without_empty_lists(stored) == without_empty_lists(expected)


def without_empty_lists(move: dict[str, Any]) -> dict[str, Any]:
    """A move without its empty lists: a form posts nothing for "none", the engine may keep []."""
    return {k: v for k, v in move.items() if v != []}


def test_a_whole_game_through_the_dashboard(client: FlaskClient, companion: Companion) -> None:
    game_id = start(client)
    rng = random.Random(2024)
    played = 0
    while not companion.session(game_id).state.is_over and played < MOVE_LIMIT:
        move = random_move(companion.session(game_id).state, rng, FACTS)
        play_one(client, companion, game_id, move)
        played += 1
        if played % 10 == 0:
            assert client.get(f"/games/{game_id}/live?lang=en").status_code == 200
    view = companion.view(game_id)
    assert view["is_over"], f"no end after {played} moves"
    assert played > 100 and view["round"] > 3  # a real game, not an early stop
    print(f"whole game: {played} moves, {view['round']} rounds, {len(view['facts_told'])} facts told")
    page = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    assert "Final ranking" in page
    ranked = [view["players"][seat]["name"] for seat in view["ranking"]]
    assert page.index(f'ranking__name">{ranked[0]}') < page.index(f'ranking__name">{ranked[1]}')
    # Every fact told at the table was kept for the owner's copy, and a new game starts with them.
    told = view["facts_told"]
    assert told and companion.boards.known("rajas") == told
    again = companion.create_game("rajas", [{"name": "Cy"}, {"name": "Dee"}])
    assert again["options"]["facts"] == told
