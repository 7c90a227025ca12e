"""The gaps a tester found in the Rajas table's recent moves: what moved a boat (a track's boat bonus, the port or the
Portuguese, a river tile sending it on), the yield tile taken or drawn named, a dice correction saying each die as it
was and as it is now, and the Ganga die's roll said as no player's move."""

from __future__ import annotations

from typing import Any

from test_rajas_support import dice, edit, new_game, ready_game, roll_start
from test_web_rajas_journal import NAMES, played, said

from companion.games.rajas import GAME
from companion.games.rajas.state import RajasState
from companion.web.rajas.journal import recent_moves

RAJA = {"type": "place", "seat": 0, "space": "room.raja", "pay": [{"color": "blue", "value": 4}]}
"""Asha's Raja: an upgrade to choose and 3 money."""


def lines(start: RajasState, moves: list[dict[str, Any]], locale: str = "en") -> list[str]:
    """The recent moves of a game that played `moves` from `start`, newest first, in `locale`."""
    timeline, states = played(start, moves)
    return said(recent_moves(GAME, timeline, states, NAMES), locale)


def test_a_boat_move_answering_the_money_tracks_boat_bonus_says_so() -> None:
    # Rules version 2: Asha's Raja takes her from 10 to 13 money, past bonus space 12, whose boat move she is asked
    # for; she takes it (after the Raja's upgrade). The boat move's line said only "boat to river space 1".
    start = edit(edit(ready_game(2), None, version=2), 0, money=10, dice=dice(blue=[4]))
    upgrade = {"type": "upgrade", "seat": 0, "building": "temple"}
    newest = lines(start, [RAJA, upgrade, {"type": "boat", "seat": 0, "steps": 1}])[0]
    assert newest.startswith("Asha moved the boat — Asha: ")
    assert "boat to river space 1 (money track bonus)" in newest
    french = lines(start, [RAJA, upgrade, {"type": "boat", "seat": 0, "steps": 1}], "fr")[0]
    assert "bateau sur la case 1 du fleuve (bonus de la piste d'argent)" in french


def test_a_boat_bonus_taken_at_once_is_said_on_the_boat_of_the_move_that_reached_it() -> None:
    # Rules version 1 moved the boat within the Raja's move: the bonus is its cause.
    start = edit(edit(ready_game(2), None, version=1), 0, money=10, dice=dice(blue=[4]))
    (line,) = lines(start, [RAJA])
    assert "money bonus 12 reached" in line and "boat to river space 1 (money track bonus)" in line


def test_the_port_and_a_river_tile_sending_the_boat_on_are_said_in_the_order_it_sailed() -> None:
    # The port's 3 takes Asha's boat to space 3, where a river tile moves it to the next free space: Bruno's boat
    # lies on 4, so it stops on 5.
    start = edit(ready_game(2), None, river_tiles={"3": {"kind": "next_free"}})  # as the Ganga module lays them
    start = edit(edit(start, 1, boat=4), 0, dice=dice(blue=[3]))
    port = {"type": "place", "seat": 0, "space": "port", "pay": [{"color": "blue", "value": 3}]}
    (line,) = lines(start, [port])
    assert "boat to river space 5 (the port, then river tile on space 3)" in line
    (french,) = lines(start, [port], "fr")
    assert "bateau sur la case 5 du fleuve (le port, puis tuile fleuve de la case 3)" in french


def test_the_portuguese_is_said_as_what_moved_the_boat() -> None:
    start = edit(ready_game(2), 0, dice=dice(orange=[6]))
    portuguese = {"type": "place", "seat": 0, "space": "room.portuguese", "pay": [{"color": "orange", "value": 6}]}
    (line,) = lines(start, [portuguese])
    assert "boat to river space 6 (the Portuguese)" in line


def test_a_boat_moved_by_what_the_states_do_not_show_gets_no_cause() -> None:
    # The port's die says 2 spaces, yet the boat stands 4 further on (a scenario edited by hand, as a reward the
    # journal cannot see would leave it): no cause is guessed.
    start = edit(ready_game(2), 0, dice=dice(blue=[2]))
    port = {"type": "place", "seat": 0, "space": "port", "pay": [{"color": "blue", "value": 2}]}
    timeline, states = played(start, [port])
    states[-1] = edit(states[-1], 0, boat=4)
    (line,) = said(recent_moves(GAME, timeline, states, NAMES))
    assert "boat to river space 4" in line and "(" not in line


def test_a_yield_tile_taken_is_named_with_its_colour_what_it_gives_and_its_space() -> None:
    start = ready_game(2, ("navaratnas",))
    tile = {"color": "brown", "reward": {"kind": "fame_per_worker"}}
    brown = {"type": "take_yield", "seat": 0, "income": 1, "tile": tile}
    (line,) = lines(start, [brown])
    assert line.startswith("Asha took a yield tile (brown: 1 fame per worker) onto income space 1")
    (french,) = lines(start, [brown], "fr")
    assert french.startswith("Asha a pris une tuile revenu (marron : ") and "sur la case de revenu 1" in french


def test_a_white_yield_tile_drawn_at_the_dancer_is_named() -> None:
    # The Dancer: two dice of Asha's choice, then a white yield tile, here the upgrade (which changes no counter yet).
    start = edit(ready_game(2), 0, dice=dice(green=[2]))
    dancer = {"type": "place", "seat": 0, "space": "room.dancer", "pay": [{"color": "green", "value": 2}]}
    roll = {"type": "roll", "seat": 0, "dice": [{"color": "blue", "value": 1}, {"color": "blue", "value": 2}]}
    newest = lines(start, [dancer, roll, {"type": "draw_yield", "seat": 0, "tile": "upgrade"}])[0]
    assert newest == "Asha drew a yield tile: an upgrade"


def corrected(start: RajasState, moves: list[dict[str, Any]], fixed: dict[str, Any]) -> list[str]:
    """The recent moves after the last of `moves` (a roll) was corrected to `fixed`, as a session folds them."""
    timeline, _ = played(start, moves)
    timeline.add(len(moves) + 2, "correction", {"target": len(moves) + 1, "move": fixed})
    states = [start]
    for _, move in timeline.standing:
        states.append(GAME.apply(states[-1], move))
    return said(recent_moves(GAME, timeline, states, NAMES))


def test_a_die_corrected_to_another_number_says_what_it_was_and_what_it_is() -> None:
    # The Yogi's die read as a green 3 was a green 5: no counter changes, and the correction's line said nothing more.
    start = edit(ready_game(2), 0, dice=dice(blue=[3]))
    yogi = {"type": "place", "seat": 0, "space": "room.yogi", "pay": [{"color": "blue", "value": 3}]}
    roll = {"type": "roll", "seat": 0, "dice": [{"color": "green", "value": 3}]}
    fixed = dict(GAME.parse_move(start, {**roll, "dice": [{"color": "green", "value": 5}]}))
    assert corrected(start, [yogi, roll], fixed)[0] == "Correction of “Asha rolled the dice”: green 3 → 5"
    recoloured = dict(GAME.parse_move(start, {**roll, "dice": [{"color": "violet", "value": 3}]}))
    assert corrected(start, [yogi, roll], recoloured)[0] == "Correction of “Asha rolled the dice”: green 3 → violet 3"


def test_the_ganga_roll_is_said_as_the_rivers_die_not_as_a_players_move() -> None:
    # The Ganga module's rolls place the river tiles before play: the camera plays them with the first player's seat
    # (the rules ask a seat of every roll), and the line said "Asha rolled the dice".
    start = roll_start(new_game(2, ("ganga",)))
    assert start.data["pending"][0]["kind"] == "ganga_roll"
    roll = {"type": "roll", "seat": 0, "dice": [{"color": "blue", "value": 2}]}
    (line,) = lines(start, [roll])
    assert line == "the Ganga die rolled 2: the next river tile goes on river space 2"
    (french,) = lines(start, [roll], "fr")
    assert french == "le dé du Gange a donné 2 : la tuile fleuve suivante va sur la case fleuve 2"


def test_a_ganga_roll_past_the_rivers_end_says_the_tiles_left_stay_in_the_box() -> None:
    start = roll_start(new_game(2, ("ganga",)))
    start = edit(start, None, ganga={"left": 3, "at": 17})  # the river of the test data has 20 spaces
    (line,) = lines(start, [{"type": "roll", "seat": 0, "dice": [{"color": "blue", "value": 5}]}])
    assert line == "the Ganga die rolled 5: past the river's end, the river tiles left stay in the box"


def test_a_corrected_ganga_roll_is_said_as_the_rivers_die_too() -> None:
    start = roll_start(new_game(2, ("ganga",)))
    roll = {"type": "roll", "seat": 0, "dice": [{"color": "blue", "value": 2}]}
    fixed = dict(GAME.parse_move(start, {**roll, "dice": [{"color": "blue", "value": 4}]}))
    newest = corrected(start, [roll], fixed)[0]
    assert newest == "Correction of “the Ganga die rolled 4: the next river tile goes on river space 4”: blue 2 → 4"
