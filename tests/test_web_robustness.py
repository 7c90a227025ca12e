"""No request a browser or a script can send makes the dashboard fail: random forms and JSON bodies at every route,
the Rajas table rendered at every state of seeded random games (a refused one-tap answer once made it answer 500
sixteen moves into a game), and every form of that page sent as a browser fills it by itself (the Navaratnas yield
form sent with nothing chosen answered 500). Seeded, bounded, deterministic."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_rajas_support import FACTS

from companion.events.store import EventStore
from companion.games.rajas.sampler import random_move
from companion.service import Companion
from companion.web import create_app

VALUES = ("", "0", "-1", "1", "3", "7", "9" * 20, "abc", "{}", "[]", "null", "1.5", "é", "<b>", "blue", "roll")
TYPES = ("roll", "place", "pass", "fact", "room", "build", "undo", "redo", "correction", "move", "x")
KEYS = ("type", "seat", "dice", "value", "color", "move", "key", "space", "tile", "pay", "target", "kind", "players")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[FlaskClient, Companion]]:
    with Companion(EventStore(tmp_path / "events.db"), data_dir=tmp_path) as service:
        yield create_app({"TESTING": True}, service).test_client(), service


def _playing(service: Companion, moves: int, seed: int, modules: list[str]) -> str:
    players = [{"name": "Asha", "color": "orange"}, {"name": "Bruno", "color": "violet"}, {"name": "Chandra"}]
    game_id = str(service.create_game("rajas", players, {"facts": FACTS, "modules": modules})["game_id"])
    rng = random.Random(seed)
    for _ in range(moves):
        service.append(game_id, "move", {"move": random_move(service.session(game_id).state, rng, FACTS)})
    return game_id


def _junk(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any shape, nested a little."""
    roll = rng.random()
    if depth > 2 or roll < 0.5:
        return rng.choice([rng.choice(VALUES), rng.randint(-3, 12), None, True, 1.5])
    if roll < 0.75:
        return [_junk(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(KEYS): _junk(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def test_random_forms_and_json_bodies_never_make_the_dashboard_fail(served: tuple[FlaskClient, Companion]) -> None:
    client, service = served
    free = str(service.create_game("free_dice", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    rajas = _playing(service, 60, 1, ["tiger", "mango"])
    pages = [f"/games/{free}", f"/games/{rajas}", f"/games/{rajas}/check", "/boards/rajas", "/calibrate", "/"]
    fields = sorted({name for page in pages for name in re.findall(r'name="([^"]+)"', client.get(page).text)})
    forms = ["/games", f"/games/{free}/resume", "/calibrate", "/boards/rajas", "/boards/rajas/forget", "/boards/go"]
    forms += [f"/games/{rajas}/rajas/{action}" for action in ("play", "fact", "undo", "redo")]
    bodies = ["/api/games", "/api/boards/rajas", f"/api/games/{free}/activate"]
    bodies += [f"/api/games/{game}/{action}" for game in (free, rajas) for action in ("events", "check")]
    bodies.append(f"/api/games/{rajas}/rajas/move")
    rng = random.Random(7)
    failures = []
    for _ in range(500):
        if rng.random() < 0.5:
            url = rng.choice(forms)
            form = {name: rng.choice(VALUES) for name in rng.sample(fields, rng.randint(0, min(12, len(fields))))}
            form.update({"type": rng.choice(TYPES)} if rng.random() < 0.5 else {})
            response = client.post(url, data=form)
            sent: Any = form
        else:
            url = rng.choice(bodies)
            sent = _junk(rng) if rng.random() < 0.3 else {"type": rng.choice(TYPES), "move": _junk(rng, 1)}
            response = client.post(url, json=sent)
        if response.status_code >= 500:
            failures.append((url, sent, response.status_code))
    assert failures == []


@pytest.mark.parametrize(("seed", "modules"), [(0, ["fate", "ganga2", "navaratnas"]), (5, ["gemstone", "shalimar"])])
def test_the_rajas_table_renders_at_every_state_of_a_random_game(
    served: tuple[FlaskClient, Companion], seed: int, modules: list[str]
) -> None:
    client, service = served
    game_id = _playing(service, 0, seed, modules)
    rng = random.Random(seed)
    for played in range(600):
        session = service.session(game_id)
        for language in ("en", "fr") if played % 5 == 0 else ("en",):
            response = client.get(f"/games/{game_id}?lang={language}")
            assert response.status_code == 200, (played, session.view()["pending"][:1])
        if session.view()["is_over"]:
            break
        service.append(game_id, "move", {"move": random_move(session.state, rng, FACTS)})
    assert service.view(game_id)["is_over"]


class _Forms(HTMLParser):
    """The POST forms of a page, each as its action, the fields a browser sends untouched (hidden inputs and text as
    they stand, checked boxes and radios, each select's selected or first option; disabled ones left out) and its
    enabled submit buttons' (name, value)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str], list[tuple[str | None, str | None]]]] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            if (a.get("method") or "").lower() == "post":
                self.forms.append((a.get("action") or "", {}, []))
            return
        if not self.forms or "disabled" in a:
            return
        fields, buttons = self.forms[-1][1], self.forms[-1][2]
        name = a.get("name")
        if tag == "input" and name and a.get("type") in ("radio", "checkbox"):
            if "checked" in a:
                fields[name] = a.get("value") or "on"
        elif tag == "input" and name:
            fields[name] = a.get("value") or ""
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select and (self._select not in fields or "selected" in a):
            fields[self._select] = a.get("value") or ""
        elif tag == "button" and (a.get("type") or "submit") == "submit":
            buttons.append((name, a.get("value")))

    def handle_endtag(self, tag: str) -> None:
        self._select = None if tag == "select" else self._select


def test_every_form_of_the_rajas_table_sent_as_it_stands_is_answered_without_failing(
    served: tuple[FlaskClient, Companion],
) -> None:
    client, service = served
    game_id = _playing(service, 0, 2, ["navaratnas", "fate", "ganga"])
    rng = random.Random(2)
    answered: set[int] = set()
    for played in range(400):
        session = service.session(game_id)
        if session.view()["is_over"]:
            break
        if played % 2 == 0:
            forms = _Forms()
            forms.feed(client.get(f"/games/{game_id}?lang=en").text)
            for action, fields, buttons in forms.forms:
                if action.endswith(("/undo", "/redo")):
                    continue
                for name, value in buttons or [(None, None)]:
                    before = len(service.events(game_id))
                    response = client.post(action, data={**fields, **({name: value or ""} if name else {})})
                    assert response.status_code < 500, (played, action, fields, name)
                    answered.add(response.status_code)
                    if len(service.events(game_id)) > before:
                        service.append(game_id, "undo", {})  # played: taken back, the random game goes on its way
        service.append(game_id, "move", {"move": random_move(session.state, rng, FACTS)})
    assert {303, 400, 409} <= answered  # played, malformed (nothing chosen yet), refused by the rules
