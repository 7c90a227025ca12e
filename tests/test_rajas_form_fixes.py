"""Form and grammar fixes left by testers: the Dancer's yield tile lists each kind under the colours that show it
and the rules refuse a kind of the other colours, the owed tile's prompt says why, and a printed reward takes its
colours, room and parts only on the kinds printed with them."""

from __future__ import annotations

import html
import re
from typing import Any

from flask.testing import FlaskClient
from test_rajas_navaratnas import _navaratnas, _phase
from test_rajas_support import dice, do, edit, move, ready_game
from test_rajas_words import _navaratnas_night, _pending, play

from companion.games.rajas import GAME
from companion.games.rajas.definition import BROWN_YIELDS, YIELD_KINDS_CHECKED_FROM
from companion.games.rajas.modules.navaratnas import MANGO_BROWN
from companion.games.rajas.modules.yields import COLORED_KINDS
from companion.games.rajas.state import RajasState
from companion.games.rajas.view import prompt
from companion.i18n import translate
from companion.service import Companion

# ---- 1. The Dancer's yield tile: what each colour shows


def _at_the_dancer(version: int = YIELD_KINDS_CHECKED_FROM) -> RajasState:
    state = _phase(edit(_navaratnas(), None, version=version), placed=(0, 0), workers=(3, 3))
    state = edit(state, 0, dice=dice(blue=[2]))
    state = do(state, type="place", seat=0, space="room.dancer", pay=[{"color": "blue", "value": 2}])
    state = do(state, type="roll", seat=0, dice=[{"color": "green", "value": 3}, {"color": "green", "value": 4}])
    assert state.data["pending"][0] == {"kind": "yield_pick", "seat": 0}
    return state


def _said(verdict: Any, lang: str) -> str:
    return translate(lang, verdict.reason.key, verdict.reason.params)


def test_a_white_tile_showing_what_a_brown_tile_scores_is_refused_with_the_reason() -> None:
    state = _at_the_dancer()
    white = {"color": "white", "reward": {"kind": "fame_per_worker"}}  # income 2 is white (test data)
    verdict = GAME.legal(state, move(state, type="take_yield", seat=0, income=2, tile=white))
    assert verdict.status == "refused" and verdict.reason is not None
    assert verdict.reason.key == "rajas.refused.yield_kind_colored"
    assert verdict.citation is not None and verdict.citation.rule == "navaratnas.yield_tiles"
    assert "A white yield tile gives a plain gain (dice, money" in _said(verdict, "en")
    assert "fame per worker is scored by development, on a brown tile only" in _said(verdict, "en")
    assert "Une tuile revenu blanche donne un gain simple" in _said(verdict, "fr")
    plain = {"color": "white", "reward": {"kind": "money", "amount": 3}}
    assert GAME.legal(state, move(state, type="take_yield", seat=0, income=2, tile=plain)).is_allowed


def test_a_brown_tile_showing_a_plain_gain_is_refused_with_what_brown_tiles_score() -> None:
    state = edit(ready_game(2, ("navaratnas",)), None, version=YIELD_KINDS_CHECKED_FROM)
    brown = {"color": "brown", "reward": {"kind": "money", "amount": 3}}
    verdict = GAME.legal(state, move(state, type="take_yield", seat=0, income=1, tile=brown))
    assert verdict.status == "refused" and verdict.reason is not None
    assert verdict.reason.key == "rajas.refused.yield_kind_brown"
    english = _said(verdict, "en")
    assert "A brown yield tile scores by your development" in english and "it never shows money" in english
    assert "money per village" not in english  # the Mango village's tile is not in this game's box
    assert "jamais « argent »" in _said(verdict, "fr")


def _groups(form: str) -> dict[str, list[str]]:
    """The reward kinds the yield form lists, by the label of their group."""
    select = form[form.index('name="reward.kind"') : form.index("</select>", form.index('name="reward.kind"'))]
    groups = re.findall(r'<optgroup label="([^"]*)">(.*?)</optgroup>', select, re.S)
    return {html.unescape(label): re.findall(r'<option value="([^"]+)"', body) for label, body in groups}


def test_the_dancers_yield_form_lists_each_kind_under_the_colours_that_show_it(
    client: FlaskClient, companion: Companion
) -> None:
    game_id = _navaratnas_night(companion)
    for seat in (0, 1, 2):
        brown = {"color": "brown", "reward": {"kind": "fame_per_worker"}}
        play(companion, game_id, type="take_yield", seat=seat, income=1 if seat == 0 else 5, tile=brown)
    play(companion, game_id, type="place", seat=0, space="room.dancer", pay=[{"color": "blue", "value": 2}])
    rolled = [{"color": "green", "value": 5}, {"color": "violet", "value": 1}]
    view = play(companion, game_id, type="roll", seat=0, dice=rolled)
    assert view["pending"][0]["kind"] == "yield_pick"
    form = _pending(client.get(f"/games/{game_id}?lang=en").get_data(as_text=True))
    brown_kinds = [k for k in BROWN_YIELDS if k != MANGO_BROWN]
    assert _groups(form) == {
        "On a white, yellow or red tile": list(COLORED_KINDS),
        "On a brown tile (scores by development)": brown_kinds,
    }
    french = _pending(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True))
    assert list(_groups(french)) == [
        "Sur une tuile blanche, jaune ou rouge",
        "Sur une tuile marron (selon le développement)",
    ]
    # A kind of the other colours, sent anyway, is refused with the reason, in the table's language.
    mixed = {"type": "take_yield", "seat": "0", "if_seq": str(view["seq"]), "tile.color": "white", "income": "2"}
    response = client.post(f"/games/{game_id}/rajas/play?lang=fr", data={**mixed, "reward.kind": "money_per_building"})
    assert response.status_code == 422  # refused by the rules, not malformed
    assert "Une tuile revenu blanche donne un gain simple" in html.unescape(response.get_data(as_text=True))
    right = {**mixed, "reward.kind": "money", "reward.number": "3"}
    assert client.post(f"/games/{game_id}/rajas/play?lang=fr", data=right).status_code == 303
    assert companion.session(game_id).state.player(0)["yields"]["2"]["reward"] == {"kind": "money", "amount": 3}


# ---- 2. The tile owed for being short of workers


def test_the_owed_yield_tile_prompt_says_why_and_cites_the_variant() -> None:
    state = _navaratnas()
    state.data["pending"] = [{"kind": "yield_pick", "seat": 0, "why": "short_of_workers"}]
    said = prompt(state.data)
    assert said.key == "rajas.prompt.yield_pick.short_of_workers"
    english, french = translate("en", said.key, said.params), translate("fr", said.key, said.params)
    assert "more active workers than you" in english and "Navaratnas variant, b)" in english
    assert "plus d'ouvriers actifs que vous" in french and "variante des Navaratnas, b)" in french


def test_a_game_begun_before_yield_kinds_were_checked_still_takes_a_white_tile_of_a_brown_kind() -> None:
    state = _at_the_dancer(version=YIELD_KINDS_CHECKED_FROM - 1)  # its log folds as it was played
    white = {"color": "white", "reward": {"kind": "fame_per_worker"}}
    assert GAME.legal(state, move(state, type="take_yield", seat=0, income=2, tile=white)).is_allowed
