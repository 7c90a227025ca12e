"""Navaratnas variant, yield tiles taken at the Dancer: which income space may take one, and why a refusal says
which of its two cases applies (a tile already lies there, or a road already joins the space)."""

from __future__ import annotations

from test_rajas_support import dice, do, edit, move, ready_game

from companion.games.rajas import GAME, rules_reference
from companion.games.rajas.citations import section_of
from companion.games.rajas.state import RajasState
from companion.i18n import translate

RED = {"color": "red", "reward": {"kind": "karma", "amount": 2}}
"""A red yield tile; income space 4 is red in the test data."""


def _at_the_dancer(incomes: list[int], yields: dict[str, object] | None = None) -> RajasState:
    """Seat 0 of a 2-player Navaratnas game has gone to the Dancer and now picks a yield tile."""
    state = ready_game(2, ("navaratnas",))
    for seat in (0, 1):
        state = do(
            state,
            type="take_yield",
            seat=seat,
            income=1,
            tile={"color": "brown", "reward": {"kind": "fame_per_worker"}},
        )
    changes: dict[str, object] = {"dice": dice(blue=[2, 6]), "money": 5, "incomes": incomes}
    if yields is not None:
        changes["yields"] = yields
    state = edit(state, 0, **changes)
    state = do(state, type="place", seat=0, space="room.dancer", pay=[{"color": "blue", "value": 2}])
    state = do(state, type="roll", seat=0, dice=[{"color": "blue", "value": 1}, {"color": "green", "value": 1}])
    assert state.data["pending"][0] == {"kind": "yield_pick", "seat": 0}
    return state


def _said(state: RajasState, lang: str) -> tuple[str, str | None]:
    """The refusal of a red tile on income space 4, in words, and the rule it cites."""
    verdict = GAME.legal(state, move(state, type="take_yield", seat=0, income=4, tile=RED))
    assert verdict.status == "refused" and verdict.reason is not None
    rule = verdict.citation.rule if verdict.citation is not None else None
    return translate(lang, verdict.reason.key, verdict.reason.params), rule


def test_at_the_dancer_a_red_tile_is_refused_on_the_red_space_a_road_already_joins_and_the_refusal_says_the_road() -> (
    None
):
    state = _at_the_dancer(incomes=[4])
    english, rule = _said(state, "en")
    french, _ = _said(state, "fr")
    assert rule == "navaratnas.joined_space"
    assert "road already joins" in english and "holds a yield tile" not in english
    assert "route relie déjà" in french and "porte déjà une tuile" not in french
    # The same tile goes on that red space while no road joins it yet, and pays nothing until one does.
    free = _at_the_dancer(incomes=[])
    after = do(free, type="take_yield", seat=0, income=4, tile=RED)
    assert after.player(0)["yields"]["4"] == {**RED, "connected": False}
    assert after.player(0)["karma"] == free.player(0)["karma"]


def test_at_the_dancer_a_tile_is_refused_on_a_space_holding_one_and_the_refusal_says_the_tile_not_a_road() -> None:
    laid = {"4": {"color": "red", "reward": {"kind": "money", "amount": 3}, "connected": False}}
    state = _at_the_dancer(incomes=[], yields={**_brown_start(), **laid})
    english, rule = _said(state, "en")
    french, _ = _said(state, "fr")
    assert rule == "navaratnas.yield_tiles"
    assert "already holds a yield tile" in english and "road" not in english
    assert "porte déjà une tuile revenu" in french and "route" not in french


def test_the_reading_of_a_space_a_road_already_joins_is_in_the_rules_reference_in_both_languages() -> None:
    assert translate("en", section_of("navaratnas.joined_space")) == translate(
        "en", section_of("navaratnas.yield_tiles")
    )
    english = next(e for e in rules_reference("en") if e["id"] == "navaratnas.joined_space")
    french = next(e for e in rules_reference("fr") if e["id"] == "navaratnas.joined_space")
    assert "our reading, not a printed rule" in english["text"] and "road" in english["title"]
    assert "notre lecture, pas une règle imprimée" in french["text"] and "route" in french["title"]


def _brown_start() -> dict[str, object]:
    """The brown start tile seat 0 laid on income space 1."""
    return {"1": {"color": "brown", "reward": {"kind": "fame_per_worker"}, "connected": False}}
