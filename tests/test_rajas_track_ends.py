"""The money and fame tracks end on their highest number, a printed fact: once it is known, a marker goes no
farther (rule tracks.end: the rulebook is silent, this is the engine's stated reading); while unknown, nothing is
guessed. The rulebook's end-game example bounds both lengths from below (markers on money 65 and fame 37)."""

from __future__ import annotations

from test_rajas_support import FACTS, dice, do, edit, laid, move, ready_game, tile

from companion.games.rajas import GAME, rules_reference
from companion.games.rajas.citations import section_of
from companion.games.rajas.state import RajasState
from companion.i18n import translate

# Every money/fame pair of the invented test facts lies on a money track ending at 150 and a fame track at 63.
MONEY_END, FAME_END = 150, 63


def _markets(state: RajasState, money: int) -> RajasState:
    """Seat 0 has `money` (every money bonus taken) and a silk 3 and a tea 2 market: the mixed market pays 5."""
    tiles = [laid(1, tile("blue", 3, (("silk", 3),))), laid(2, tile("green", 3, (("tea", 2),)))]
    return edit(state, 0, money=money, money_bonus=4, tiles=tiles)


def _mixed_market(state: RajasState) -> RajasState:
    return do(state, type="place", seat=0, space="market_mixed")


def test_the_money_marker_stops_on_the_last_space_once_the_money_track_length_is_known() -> None:
    state = _markets(ready_game(facts={**FACTS, "track.money.length": MONEY_END}), money=MONEY_END - 2)
    after = _mixed_market(state)
    assert after.player(0)["money"] == MONEY_END  # 148 + 5 stops on 150: the 3 beyond are lost
    assert GAME.view(after)["track_ends"] == {"money": MONEY_END, "fame": None}


def test_the_fame_marker_stops_on_the_last_space_once_the_fame_track_length_is_known() -> None:
    state = ready_game(facts={**FACTS, "track.fame.length": FAME_END})
    state = edit(state, 0, fame=FAME_END - 2, fame_bonuses=[5, 24, 31], dice=dice(blue=[2]))
    # Two buildings at upgrade level 2: 4 fame, of which only 2 fit before the end of the track.
    after = do(
        state,
        type="place",
        seat=0,
        space="quarry",
        tile=tile("blue", 2, buildings=("temple", "fort")),
        pay=[{"color": "blue", "value": 2}],
    )
    assert after.player(0)["fame"] == FAME_END


def test_while_a_tracks_length_is_unknown_no_end_is_guessed() -> None:
    after = _mixed_market(_markets(ready_game(), money=MONEY_END - 2))
    assert after.player(0)["money"] == MONEY_END + 3
    assert GAME.view(after)["track_ends"] == {"money": None, "fame": None}


def test_a_marker_counted_beyond_the_end_comes_back_to_it_when_the_length_is_told() -> None:
    after = _mixed_market(_markets(ready_game(), money=MONEY_END - 2))
    told = do(after, type="answer_fact", key="track.money.length", value=MONEY_END)
    assert told.player(0)["money"] == MONEY_END and told.data["facts"]["track.money.length"] == MONEY_END
    assert told.player(1)["money"] == after.player(1)["money"]  # markers on the track stay where they are


def test_end_game_example_rajesh_on_money_65_and_leila_on_fame_37_bound_the_track_lengths() -> None:
    # Base rulebook, Fin de la partie: Rajesh's money marker stands on 65, Leila's fame marker on 37.
    state = ready_game(facts={})
    for key, value in (("track.money.length", 64), ("track.fame.length", 36)):
        verdict = GAME.legal(state, move(state, type="answer_fact", key=key, value=value))
        assert verdict.status == "refused" and verdict.reason is not None
        assert verdict.reason.params["problem"]["key"] == "rajas.fact.problem.track_example"
    for key, value in (("track.money.length", 65), ("track.fame.length", 37)):
        assert GAME.legal(state, move(state, type="answer_fact", key=key, value=value)).is_allowed


def test_no_fame_is_told_beside_a_money_space_past_the_end_nor_a_track_shorter_than_a_space_told() -> None:
    state = do(ready_game(facts={}), type="answer_fact", key="track.money.length", value=100)
    beyond = GAME.legal(state, move(state, type="answer_fact", key="track.money.101.fame", value=0))
    assert beyond.reason is not None and beyond.reason.params["problem"]["key"] == "rajas.fact.problem.beyond_track"
    state = do(ready_game(facts={}), type="answer_fact", key="track.money.90.fame", value=20)
    short = GAME.legal(state, move(state, type="answer_fact", key="track.money.length", value=80))
    assert short.reason is not None and short.reason.params["problem"]["key"] == "rajas.fact.problem.track_too_short"
    state = do(ready_game(facts={}), type="answer_fact", key="track.fame.length", value=50)
    fame = GAME.legal(state, move(state, type="answer_fact", key="track.money.10.fame", value=51))
    assert fame.reason is not None and fame.reason.params["problem"]["key"] == "rajas.fact.problem.beyond_track"


def test_the_reading_of_the_tracks_end_is_in_the_rules_reference_in_both_languages() -> None:
    # The section is named in the reader's language (a catalogue key), the French one as the rulebook titles it.
    assert translate("fr", section_of("tracks.end")) == "But du jeu"
    assert translate("en", section_of("tracks.end")) == "Goal of the game"
    for lang in ("en", "fr"):
        entry = next(e for e in rules_reference(lang) if e["id"] == "tracks.end")
        assert "65" in entry["text"] and "37" in entry["text"]
