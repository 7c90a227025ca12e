"""The money track's boat bonus on the Rajas table: its banner said "next free space" and its button "1 space". The
rules count free spaces only (a space another boat holds is skipped), so the button now says "1 free space" too."""

from __future__ import annotations

import pytest
from test_rajas_support import FACTS, dice, do, edit, ready_game

from companion.games.rajas import GAME
from companion.games.rajas.definition import BOAT_BONUS_ASKED_FROM
from companion.games.rajas.state import RajasState
from companion.i18n import translate
from companion.web.rajas.choices import answers


def _money_bonus_behind_a_boat() -> RajasState:
    """Seat 0 at money 10 sails from the port onto river space 1 (4 money, test data): money 14 passes 12, whose boat
    bonus is asked; seat 1's boat stands on space 2, just ahead."""
    state = edit(ready_game(2, facts={**FACTS, "2p.river.1": {"kind": "money", "amount": 4}}), None)
    state = edit(state, None, version=BOAT_BONUS_ASKED_FROM)
    state = edit(state, 1, boat=2)
    state = edit(state, 0, money=10, money_bonus=0, dice=dice(blue=[1]))
    return do(state, type="place", seat=0, space="port", pay=[{"color": "blue", "value": 1}])


def test_one_step_of_the_boat_bonus_goes_to_the_next_free_space() -> None:
    asked = _money_bonus_behind_a_boat()
    assert asked.data["pending"] == [{"kind": "boat", "seat": 0, "max": 1, "why": "money", "optional": True}]
    # The step the button offers skips seat 1's boat: the next free space, not the space just ahead.
    assert do(asked, type="boat", seat=0, steps=1).player(0)["boat"] == 3


@pytest.mark.parametrize(
    ("lang", "banner", "button"),
    [("en", "next free space", "1 free space"), ("fr", "prochaine case libre", "1 case libre")],
)
def test_the_banner_and_its_button_both_count_free_spaces(lang: str, banner: str, button: str) -> None:
    asked = _money_bonus_behind_a_boat()
    view = GAME.view(asked)
    prompt = translate(lang, view["prompt"]["key"], view["prompt"]["params"])
    assert banner in prompt, prompt
    step = next(a for a in answers(GAME, asked, view) if a.fields.get("steps") == "1")  # type: ignore[arg-type]
    assert translate(lang, step.label.key, step.label.params) == button


@pytest.mark.parametrize(("lang", "n", "text"), [("en", 2, "2 free spaces"), ("fr", 2, "2 cases libres")])
def test_akbars_bridge_second_step_is_counted_in_free_spaces_too(lang: str, n: int, text: str) -> None:
    assert translate(lang, "page.rajas.answer.free_steps", {"n": n}) == text
