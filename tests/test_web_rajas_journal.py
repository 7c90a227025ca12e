"""The Rajas table's recent moves: the last actions that stand, newest first, each with what it changed for whom,
the effects the rules take by themselves included (a track bonus moving the boat, a fame bonus giving karma); a
correction said as one; in the reader's language; on the table and on its live part."""

# ruff: noqa: F811
from __future__ import annotations

import html
import random
import re
from typing import Any

from flask.testing import FlaskClient
from test_rajas_support import FACTS, dice, edit, laid, ready_game, tile
from test_web_rajas import game_id  # noqa: F401
from test_web_rajas_fix_roll import fix_form, rolled_by_hand

from companion.events.fold import Timeline
from companion.games.rajas import GAME
from companion.games.rajas.sampler import random_move
from companion.games.rajas.state import RajasState
from companion.i18n import translate
from companion.service import Companion
from companion.web.rajas.journal import recent_moves
from companion.web.rajas.pages import move_words

NAMES = ["Asha", "Bruno"]


def played(start: RajasState, moves: list[dict[str, Any]]) -> tuple[Timeline, list[RajasState]]:
    """The timeline and states of a game that played `moves` from `start` (as a session keeps them)."""
    timeline, states = Timeline(), [start]
    for seq, fields in enumerate(moves, start=2):
        parsed = dict(GAME.parse_move(states[-1], fields))
        timeline.add(seq, "move", {"move": parsed})
        states.append(GAME.apply(states[-1], parsed))
    return timeline, states


def said(lines: list[dict[str, Any]], locale: str = "en") -> list[str]:
    return [translate(locale, line["key"], line["params"]) for line in lines]


def journal_lines(page: str) -> list[str]:
    """The recent moves a page shows, newest first."""
    found = re.search(r'<section class="card card--journal".*?</section>', page, re.S)
    assert found is not None, "the page shows no recent moves"
    return [html.unescape(line) for line in re.findall(r'<li class="journal__line">(.*?)</li>', found.group(0))]


def test_a_money_track_bonus_moving_the_boat_shows_on_the_line_of_the_move_that_earned_it() -> None:
    # Asha has 10 money: the Raja's 3 bring her to 13, past the bonus space 12, whose bonus moves her boat one free
    # space (its river reward, karma 2 in the test data, taken too). The move said nothing of any of that.
    # Rules version 1, whose boat bonus moves the boat at once (later versions ask first: the move then comes later).
    start = edit(edit(ready_game(2), None, version=1), 0, money=10, dice=dice(blue=[4]))
    raja = {"type": "place", "seat": 0, "space": "room.raja", "pay": [{"color": "blue", "value": 4}]}
    timeline, states = played(start, [raja])
    assert states[-1].player(0)["boat"] == 1  # the rules did move it: the journal must say so
    (line,) = said(recent_moves(GAME, timeline, states, NAMES))
    assert line.startswith("Asha placed a worker on the Raja — Asha: ")
    assert "money +3, money bonus 12 reached" in line and "boat to river space 1" in line
    assert "karma +2" in line and "Bruno" not in line.split("—")[1]  # only who changed is named


def test_a_fame_bonus_giving_karma_shows_on_the_line_of_the_move_that_earned_it() -> None:
    # Asha at fame 22 with no karma takes the Great Mogul's 2 fame: space 24's bonus gives her 2 karma.
    start = edit(ready_game(2), 0, fame=22, karma=0, fame_bonuses=[5], dice=dice(blue=[1]))
    mogul = {"type": "place", "seat": 0, "space": "room.mogul", "pay": [{"color": "blue", "value": 1}]}
    timeline, states = played(start, [mogul])
    (line,) = said(recent_moves(GAME, timeline, states, NAMES))
    assert "fame +2, fame bonus 24 reached" in line and "karma +2" in line and "dice −1" in line


def _random_moves(count: int) -> tuple[Any, Any, list[dict[str, Any]]]:
    """A 2-player game's start, its state after `count` random legal moves (seed 3), and those moves."""
    start = ready_game(2)
    rng, state, moves = random.Random(3), start, list[dict[str, Any]]()
    while len(moves) < count:
        fields = dict(GAME.parse_move(state, random_move(state, rng, FACTS)))
        state = GAME.apply(state, fields)
        moves.append(fields)
    return start, state, moves


def test_the_newest_move_comes_first_and_six_at_most() -> None:
    start, state, moves = _random_moves(9)
    timeline, states = played(start, moves)
    lines = recent_moves(GAME, timeline, states, NAMES)
    # The 9th move's words first, then the 8th's, down to the 4th's.
    newest = [move_words(shown, NAMES).to_dict() for _, shown in reversed(timeline.standing[-6:])]
    assert [line["params"]["what"] if line["key"] == "page.rajas.journal.line" else line for line in lines] == newest
    assert recent_moves(GAME, timeline, states, NAMES, limit=2) == lines[:2]


def test_a_corrected_roll_is_said_as_a_correction_above_the_roll(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    # Bruno's start roll was four 1s; tapped again as four 6s, it is corrected (one correction event): Asha's total
    # is now the lower, she starts, and the start money (1 more for each seat after the first) changes hands.
    form = fix_form(companion, game_id, [("blue", 6), ("green", 6), ("orange", 6), ("violet", 6)])
    assert client.post(f"/games/{game_id}/rajas/fix", data=form).status_code == 303
    lines = journal_lines(client.get(f"/games/{game_id}?lang=en").get_data(as_text=True))
    dice = "blue 1 → 6, green 1 → 6, orange 1 → 6, violet 1 → 6"  # each die as it was, then as it is now
    assert lines[0] == f"Correction of “Bruno rolled the dice”: {dice} — Asha: money −1; Bruno: money +1"
    # The roll itself is said as it stands now, corrected: what it gives, incomes of the first round included.
    assert lines[1] == "Bruno rolled the dice — Asha: money +3; Bruno: money +4, dice +4"
    assert lines[2] == "Asha rolled the dice — Asha: dice +4" and len(lines) == 3


def test_the_french_table_says_its_recent_moves_in_french(
    client: FlaskClient, companion: Companion, game_id: str
) -> None:
    assert client.post(f"/games/{game_id}/rajas/play", data={"type": "place", "seat": "1", "space": "room.mogul",
                                                             "pay": "0:blue-1"}).status_code == 303  # fmt: skip
    page = client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True)
    assert "Derniers coups joués" in page and "page.rajas.journal" not in page
    newest = journal_lines(page)[0]
    assert newest.startswith("Bruno a placé un ouvrier sur le Grand Moghol — Bruno : gloire +2")
    assert "dés −1" in newest


def test_the_live_part_of_the_table_shows_the_recent_moves(client: FlaskClient, game_id: str) -> None:
    live = client.get(f"/games/{game_id}/live?lang=en").get_data(as_text=True)
    # The last start roll set off the first round: its start money is said on that roll's line.
    assert journal_lines(live) == [
        "Bruno rolled the dice — Asha: money +4; Bruno: money +3, dice +4",
        "Asha rolled the dice — Asha: dice +4",
    ]


def test_a_move_taken_back_leaves_the_recent_moves(client: FlaskClient, companion: Companion) -> None:
    found = str(companion.create_game("rajas", [{"name": "Asha"}, {"name": "Bruno"}])["game_id"])
    rolled_by_hand(client, found, 0, (3, 4, 2, 5))
    rolled_by_hand(client, found, 1, (1, 1, 1, 1))
    assert client.post(f"/games/{found}/rajas/undo", data={}).status_code == 303
    lines = journal_lines(client.get(f"/games/{found}?lang=en").get_data(as_text=True))
    assert lines == ["Asha rolled the dice — Asha: dice +4"]


FOUR_BUILDINGS = {"temple": 4, "palace": 4, "fort": 4, "mill": 4}


def _quarry(color: str, values: list[int], printed: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 builds `printed` at the quarry, paying dice of one colour."""
    return {"type": "place", "seat": 0, "space": "quarry", "pay": [{"color": color, "value": v} for v in values],
            "tile": printed}  # fmt: skip


def test_amelies_test_of_fate_says_the_whole_rise_the_points_given_back_and_her_tile_turned_over() -> None:
    # The tester's game: Amélie at fame 16 builds a temple and a palace (upgrades 3 and 2): +5, to 21, past her fate
    # tile on 18. Back 1 for Bruno behind her and 4 for her tiles with a building (three and this one): 16, behind
    # the tile, which is turned over. The line said "money −1, dice −1" and nothing of fame (net 0) nor of fate.
    built = [laid(n, tile("green", 3, buildings=("fort",))) for n in (1, 2, 3)]
    upgrades = {"temple": 3, "palace": 2, "fort": 2, "mill": 2}
    start = edit(ready_game(2, ("fate",)), 0, fame=16, fame_bonuses=[5], upgrades=upgrades, tiles=built,
                 dice=dice(blue=[5, 2]))  # fmt: skip
    start.data["next_tile_id"] = 4
    timeline, states = played(start, [_quarry("blue", [5], tile("blue", 5, buildings=("temple", "palace")))])
    assert states[-1].player(0)["fame"] == 16 and states[-1].player(0)["fate"]["fame"] == "flipped"
    lines = recent_moves(GAME, timeline, states, ["Amélie", "Bruno"])
    (french,) = said(lines, "fr")
    assert "gloire +5 puis −5 (Épreuve du destin)" in french
    assert french.endswith("Épreuve du destin (gloire) : tuile retournée") and "Bruno" not in french
    (english,) = said(lines)
    assert "fame +5 then −5 (Test of Fate)" in english and "Test of Fate (fame): tile turned over" in english


def test_a_fate_tile_passed_for_good_is_said_out_of_the_game_with_the_points_given_back() -> None:
    # Goodie Box order (rule fate.order): 16 + 8 = 24 takes the karma bonus on 24, then back 1 (Bruno behind) and 1
    # (one tile with a building): 22, still past 18, so the tile leaves the game and gives nothing.
    start = edit(ready_game(2, ("fate",)), 0, fame=16, karma=0, fame_bonuses=[5], upgrades=FOUR_BUILDINGS,
                 dice=dice(blue=[5]))  # fmt: skip
    timeline, states = played(start, [_quarry("blue", [5], tile("blue", 5, buildings=("temple", "fort")))])
    (line,) = said(recent_moves(GAME, timeline, states, NAMES))
    assert "fame +8 then −2 (Test of Fate), fame bonus 24 reached" in line and "karma +2" in line
    assert line.endswith("Test of Fate (fame): tile out of the game")


def test_a_marker_brought_back_onto_its_fate_tile_is_said_to_have_a_free_tile_to_lay() -> None:
    # 16 + 4 (a temple at level 4) = 20, back 1 (Bruno) and 1 (this tile): exactly on 18, a free tile to lay now.
    start = edit(ready_game(2, ("fate",)), 0, fame=16, fame_bonuses=[5], upgrades=FOUR_BUILDINGS, dice=dice(blue=[5]))
    timeline, states = played(start, [_quarry("blue", [5], tile("blue", 5, buildings=("temple",)))])
    assert states[-1].data["pending"][0]["kind"] == "fate_tile"
    (line,) = said(recent_moves(GAME, timeline, states, NAMES), "fr")
    assert "gloire +4 puis −2 (Épreuve du destin)" in line
    assert line.endswith("Épreuve du destin (gloire) : tuile gratuite à poser")


def test_a_fate_tile_turned_over_and_reached_again_gives_its_tile_and_takes_nothing_back() -> None:
    start = edit(ready_game(2, ("fate",)), 0, fame=16, fame_bonuses=[5], upgrades=FOUR_BUILDINGS, dice=dice(blue=[5]),
                 fate={"fame": "flipped", "money": "ready"})  # fmt: skip
    timeline, states = played(start, [_quarry("blue", [5], tile("blue", 5, buildings=("temple",)))])
    (line,) = said(recent_moves(GAME, timeline, states, NAMES))
    assert "fame +4" in line and "then" not in line and line.endswith("Test of Fate (fame): free tile to lay")


def test_a_tiger_tile_built_is_named_on_the_line_of_its_move() -> None:
    # Ashoka's Pillar, paid with two orange dice: 1 money for each tile in the province, itself included.
    start = edit(ready_game(2, ("tiger",)), 0, dice=dice(orange=[3, 5]), money=5)
    pillar = {**tile("orange", 0, kind="tiger"), "name": "ashoka_pillar"}
    timeline, states = played(start, [_quarry("orange", [3, 5], pillar)])
    lines = recent_moves(GAME, timeline, states, NAMES)
    assert said(lines)[0].endswith("tile laid: Ashoka Pillar")
    (french,) = said(lines, "fr")
    assert french.endswith("tuile posée : Pilier d'Ashoka")


def test_a_plain_tile_built_adds_no_tile_name_to_the_line() -> None:
    start = edit(ready_game(2), 0, dice=dice(blue=[5]))
    timeline, states = played(start, [_quarry("blue", [5], tile("blue", 5, (("tea", 2),)))])
    (line,) = said(recent_moves(GAME, timeline, states, NAMES))
    assert "tile laid" not in line and "money +" in line


def test_facts_told_take_no_line_of_the_six() -> None:
    start, state, moves = _random_moves(7)
    told = {"type": "answer_fact", "seat": None, "key": "2p.river.bridge", "value": FACTS["2p.river.bridge"]}
    moves.insert(5, dict(GAME.parse_move(state, told)))
    timeline, states = played(start, moves)
    lines = recent_moves(GAME, timeline, states, NAMES)
    plays = [shown for _, shown in timeline.standing if shown["type"] != "answer_fact"]
    newest = [move_words(shown, NAMES).to_dict() for shown in reversed(plays[-6:])]
    assert [line["params"]["what"] if line["key"] == "page.rajas.journal.line" else line for line in lines] == newest
