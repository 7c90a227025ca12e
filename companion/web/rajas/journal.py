"""The Rajas table's recent moves: the last actions that stand, newest first, each with what it changed for whom.

What changed is read off the states the session keeps after every standing move, by comparing each player's public
counters just before and just after the action (money, fame, karma, workers, dice, boat, track bonuses reached, module
tiles laid, the Test of Fate's tiles). So a bonus the rules give by themselves (a money-track bonus moving the boat, a
fame bonus giving karma, the round's incomes) shows on the line of the move that set it off, without a word of this
module knowing that rule.

One rule is known here all the same: a Test of Fate takes its penalty in the middle of a move, so a marker that went up
then back showed as a small change, or none. When a move turned a fate tile, it is played once more with that tile out
of play: how far the marker would have gone is its whole move, the difference the penalty ("fame +5 then −5").

What moved a boat is the other thing the counters cannot say: it is read off the move (the port, the Portuguese, the
track bonus a boat move answers) and the river as the state before it shows it (a river tile sending the boat on),
counted as the river counts spaces; when these do not add up to where the boat stands, no cause is said.

A correction is an action of its own: its line says what the corrected move now does differently from the move it
replaced, the two tried on the same state, and each die it changed (a die's number fixed changes no counter). Nothing
is folded again for the moves themselves; a correction costs one or two applies of its move, a move that turned a
fate tile one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from companion.errors import CompanionError
from companion.events.fold import Action, Timeline
from companion.games.base import Message
from companion.games.rajas.core import known_fact
from companion.games.rajas.definition import BOAT_BONUS_ASKED_FROM, FAME_BONUSES, MONEY_BONUSES, PORTUGUESE_STEPS
from companion.games.rajas.moves.river import is_free
from companion.games.rajas.rewards import reward_words
from companion.games.rajas.state import RajasState, dice_count
from companion.i18n import list_message
from companion.service import Companion

RECENT = 6
"""How many actions the table lists."""

_COUNTERS = ("money", "fame", "karma", "workers")
"""A player's counters said as a signed change ("money +3")."""

FATE_TRACKS = ("fame", "money")
"""The tracks that hold a fate tile (Test of Fate), in the order the card shows them."""

WORDS = "page.rajas.journal"
"""Prefix of the journal's catalogue keys (their list words: `.list`, `.and`; between players: `.players.*`)."""


class Rules(Protocol):
    """What the journal needs of a game (companion.games.base.Game): to play a move on a state."""

    def apply(self, state: Any, move: Mapping[str, Any]) -> Any: ...


def table_journal(companion: Companion, game_id: str, limit: int = RECENT) -> list[dict[str, Any]]:
    """The recent moves of a game in play, from the states its session keeps (see `recent_moves`)."""
    session = companion.session(game_id)
    with session.lock:
        names = [p.name for p in session.players]
        return recent_moves(session.game, session.timeline, session.states, names, limit)


def recent_moves(
    game: Rules, timeline: Timeline, states: Sequence[Any], names: list[str], limit: int = RECENT
) -> list[dict[str, Any]]:
    """The last `limit` actions that stand (moves and corrections), newest first, each as one message: who did what,
    then what it changed for each player whose counters changed. `states[i]` is the state before the standing move
    `timeline.standing[i]`, `states[i + 1]` the one after it (as GameSession.states)."""
    where = {seq: index for index, (seq, _) in enumerate(timeline.standing)}
    lines: list[dict[str, Any]] = []
    for action in reversed(timeline.done):
        index = where.get(action.seq)
        if len(lines) >= limit:
            break
        # A printed fact told is no move of the game (the board page keeps them): it takes no line of the six.
        if index is not None and timeline.standing[index][1].get("type") != "answer_fact":
            lines.append(_line(game, action, timeline.standing[index][1], states[index : index + 2], names))
    return lines


def _line(
    game: Rules, action: Action, standing: Mapping[str, Any], around: Sequence[Any], names: list[str]
) -> dict[str, Any]:
    before, after = around
    # What moved a boat is read off the move and the state before it: a correction's two states both follow the move.
    move = None if action.is_correction else standing
    if action.is_correction:
        assert action.before is not None
        # What the correction changed: the move it replaced and the corrected one, both played where the move stands.
        corrected = after if action.move == standing else _tried(game, before, action.move)
        replaced = _tried(game, before, action.before)
        what = _correction_words(action.move, action.before, names, before, corrected)
        before, after, untested = replaced, corrected, None
    else:
        what = _words(standing, names, before, after)
        untested = _untested(game, before, standing, after)
    changes = [] if before is None or after is None else _changes(before, after, names, untested, move)
    if not changes:
        return what.to_dict()
    players = list_message(changes, words=f"{WORDS}.players")
    return Message(f"{WORDS}.line", {"what": what.to_dict(), "changes": players}).to_dict()


def _correction_words(
    move: Mapping[str, Any], replaced: Mapping[str, Any], names: list[str], before: Any, after: Any
) -> Message:
    """A correction in words: the move as it now stands, then each die it changed, as it was and as it is now (a die
    read wrongly and fixed to the same colour and count changes no counter: without them the line said nothing)."""
    what = _words(move, names, before, after).to_dict()
    fixed = _dice_fixed(replaced.get("dice") or [], move.get("dice") or [])
    if not fixed:
        return Message(f"{WORDS}.correction", {"what": what})
    return Message(f"{WORDS}.correction_dice", {"what": what, "dice": list_message(fixed, words=WORDS)})


def _dice_fixed(was: Sequence[Mapping[str, Any]], now: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The dice a correction changed, die for die in the roll's order: "blue 3 → 5", "blue 3 → green 3"."""
    said = []
    for number in range(max(len(was), len(now))):
        old = was[number] if number < len(was) else None
        new = now[number] if number < len(now) else None
        if old is not None and new is not None and (old["color"], old["value"]) == (new["color"], new["value"]):
            continue
        if old is not None and new is not None and old["color"] == new["color"]:
            params = {"color": _color(old), "was": old["value"], "now": new["value"]}
            said.append(Message(f"{WORDS}.die_fixed_value", params).to_dict())
        else:
            said.append(Message(f"{WORDS}.die_fixed", {"was": _die(old), "now": _die(new)}).to_dict())
    return said


def _die(die: Mapping[str, Any] | None) -> dict[str, Any]:
    if die is None:
        return Message(f"{WORDS}.die_none").to_dict()
    return Message(f"{WORDS}.die", {"color": _color(die), "value": die["value"]}).to_dict()


def _color(die: Mapping[str, Any]) -> dict[str, Any]:
    return Message(f"rajas.color.{die['color']}").to_dict()


def _tried(game: Rules, state: Any, move: Mapping[str, Any]) -> Any:
    """The state after `move`, or None when the rules no longer allow it there (an earlier move was corrected)."""
    try:
        return game.apply(state, move)
    except CompanionError:
        return None


def _untested(game: Rules, before: Any, move: Mapping[str, Any], after: Any) -> Any:
    """The state after `move` played with the fate tiles it turned out of play, or None when it turned none: the
    tracks as they would stand without the Test of Fate's penalty (its bonuses are the same, taken before it)."""
    if before is None or after is None:
        return None
    tested = [
        (seat, track)
        for seat, (old, new) in enumerate(zip(before.data["players"], after.data["players"], strict=True))
        for track in FATE_TRACKS
        if old["fate"][track] == "ready" != new["fate"][track]  # only a tile still ready takes points back
    ]
    if not tested:
        return None
    data = before.to_dict()
    for seat, track in tested:
        data["players"][seat]["fate"][track] = "done"  # a used tile asks nothing more of a marker passing it
    return _tried(game, RajasState(data), move)


def _words(move: Mapping[str, Any], names: list[str], before: Any = None, after: Any = None) -> Message:
    """A move in words, with what the table's words for it leave out: the yield tile taken or drawn, and a roll of
    the Ganga die said as what it is, a roll for the river that is no player's (its move carries a seat all the
    same, the first player's when the camera read it: the rules ask a seat of every roll)."""
    # The table's words for moves live with the pages that say them (which draw this journal: imported here).
    from companion.web.rajas.pages import move_words

    if is_ganga_roll(move, before):
        return ganga_words(move, after)
    said = move_words(move, names)
    tile = move.get("tile")
    if move.get("type") == "take_yield" and isinstance(tile, Mapping) and not move.get("decline"):
        params = {"what": said.to_dict(), "income": move.get("income"), **yield_tile_words(tile)}
        return Message(f"{WORDS}.yield_taken", params)
    if move.get("type") == "draw_yield" and isinstance(tile, str):
        return Message(f"{WORDS}.yield_drawn", {"what": said.to_dict(), "tile": {"key": f"page.rajas.yield.{tile}"}})
    return said


def yield_tile_words(tile: Mapping[str, Any]) -> dict[str, Any]:
    """A yield tile's name, as the province board shows it: its colour and what it gives."""
    return {"color": {"key": f"rajas.yield_color.{tile['color']}"}, "reward": reward_words(tile["reward"]).to_dict()}


def is_ganga_roll(move: Mapping[str, Any], before: Any) -> bool:
    """Whether a roll answered the Ganga module's roll: the state before it says so, the move alone does not."""
    pending = before.data["pending"] if before is not None else []
    return move.get("type") == "roll" and bool(pending) and pending[0]["kind"] == "ganga_roll"


def ganga_words(move: Mapping[str, Any], after: Any) -> Message:
    """The Ganga die's roll, and the river space it gives the next river tile (none: the count passed the river's
    end space, and the tiles left stay in the box)."""
    dice = move.get("dice") or [{}]
    value = dice[0].get("value")
    if after is None:  # a corrected roll the rules no longer allow here: where it leads is not known
        return Message(f"{WORDS}.ganga_roll", {"value": value})
    ahead = after.data["pending"][:1]
    if ahead and ahead[0]["kind"] == "river_tile" and ahead[0]["space"] is not None:
        return Message(f"{WORDS}.ganga_roll_tile", {"value": value, "number": ahead[0]["space"]})
    return Message(f"{WORDS}.ganga_roll_end", {"value": value})


def _changes(
    before: Any, after: Any, names: list[str], untested: Any = None, move: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """One message per player whose public counters differ between the two states, in seat order; `untested`: the
    state the move would have reached without the Test of Fate's penalties (see `_untested`); `move`: the move played
    between them, which tells what moved a boat (see `boat_causes`)."""
    said = []
    earned = _free_tiles(after) - _free_tiles(before)
    for seat, (old, new) in enumerate(zip(before.data["players"], after.data["players"], strict=True)):
        whole = untested.data["players"][seat] if untested is not None else new
        boat = _boat(new["boat"], boat_causes(before, after, move or {}, seat)) if new["boat"] != old["boat"] else None
        deltas = _deltas(old, new, whole, {track for s, track in earned if s == seat}, boat)
        if deltas:
            name = names[seat] if seat < len(names) else str(seat)
            params = {"name": name, "changes": list_message(deltas, words=WORDS)}
            said.append(Message(f"{WORDS}.player", params).to_dict())
    return said


def _boat(space: int, causes: list[dict[str, Any]]) -> dict[str, Any]:
    """The boat's new space, with what moved it there when the move and the states tell it."""
    if not causes:
        return Message(f"{WORDS}.boat", {"number": space}).to_dict()
    why = list_message(causes, words=f"{WORDS}.then")
    return Message(f"{WORDS}.boat_why", {"number": space, "why": why}).to_dict()


def _free_tiles(state: Any) -> set[tuple[int, str]]:
    """The free tiles a Test of Fate passed has still to lay, as (seat, track)."""
    return {(p["seat"], p["track"]) for p in state.data["pending"] if p["kind"] == "fate_tile"}


def _deltas(
    old: dict[str, Any], new: dict[str, Any], whole: dict[str, Any], earned: set[str], boat: dict[str, Any] | None
) -> list[dict[str, Any]]:
    """What changed of one player, in the order the player's card shows it, a track's bonuses reached after it, then
    the module tiles laid and the fate tiles turned. `whole`: the player had no Test of Fate taken points back;
    `earned`: the tracks whose fate tile gave a free tile now; `boat`: the boat's move in words, None when it stayed."""
    said = []
    for counter in _COUNTERS:
        penalty = whole[counter] - new[counter] if counter in FATE_TRACKS else 0
        if penalty > 0:
            steps = {"rise": _signed(whole[counter] - old[counter]), "drop": _signed(-penalty)}
            said.append(Message(f"{WORDS}.{counter}_fate", steps).to_dict())
        elif new[counter] != old[counter]:
            said.append(Message(f"{WORDS}.{counter}", {"delta": _signed(new[counter] - old[counter])}).to_dict())
        said.extend(_bonuses(counter, old, new))
    dice = dice_count(new) - dice_count(old)
    if dice:
        said.append(Message(f"{WORDS}.dice", {"delta": _signed(dice)}).to_dict())
    if boat is not None:
        said.append(boat)
    return said + _tiles_laid(old, new) + _fates(old, new, earned)


def _tiles_laid(old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """The module tiles a player laid, each by its name: a tiger tile's lasting power is told by which one it is."""
    had = {tile["id"] for tile in old["tiles"]}
    return [
        Message(f"{WORDS}.tile", {"tile": tile_name(tile)}).to_dict()
        for tile in new["tiles"]
        if tile["id"] not in had and tile["kind"] != "normal"
    ]


def tile_name(tile: Mapping[str, Any]) -> dict[str, Any]:
    """A module tile's name: a tiger tile's own ("Ashoka's Pillar"), else its kind's ("Mango village")."""
    if tile["kind"] == "tiger" and tile.get("name"):
        return Message(f"page.rajas.tiger.{tile['name']}").to_dict()
    return Message(f"page.rajas.tile_kind.{tile['kind']}").to_dict()


def _fates(old: dict[str, Any], new: dict[str, Any], earned: set[str]) -> list[dict[str, Any]]:
    """The fate tiles that changed: turned over (the marker fell behind it), passed for good (with a free tile to lay
    when the marker came back onto it or passed it turned over, else out of the game), or ready again (a correction)."""
    said = []
    for track in FATE_TRACKS:
        state = new["fate"][track]
        if state != old["fate"][track]:
            state = "earned" if state == "done" and track in earned else state
            params = {"track": Message(f"{WORDS}.fate_track.{track}").to_dict()}
            said.append(Message(f"{WORDS}.fate.{state}", params).to_dict())
    return said


def _bonuses(track: str, old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """The bonus spaces of the money or fame track a player reached (each is taken once, see moves/tracks.py)."""
    if track == "money":
        spaces = [MONEY_BONUSES[n][0] for n in range(old["money_bonus"], min(new["money_bonus"], len(MONEY_BONUSES)))]
    elif track == "fame":
        spaces = [space for space in new["fame_bonuses"] if space not in old["fame_bonuses"]]
    else:
        spaces = []
    return [Message(f"{WORDS}.{track}_bonus", {"number": space}).to_dict() for space in spaces]


def _signed(number: int) -> str:
    """A change with its sign, the minus a true one: "+3", "−2"."""
    return f"+{number}" if number > 0 else f"\u2212{-number}"


def boat_causes(before: Any, after: Any, move: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """What moved a player's boat in one move, in the order it sailed: the move's own river step (the port, the
    Portuguese) or the track bonus a boat move answered, a track's boat bonus taken at once (rules version 1), then
    each river space whose reward (the river tile on it, else what is printed) sent the boat on to the next free space.
    Only what the move and the two states show is said: a boat moved by anything else (a village's or a yield tile's
    reward), or a journey these causes do not add up to, gets no cause rather than a guess."""
    old, new = before.data["players"][seat]["boat"], after.data["players"][seat]["boat"]
    causes, position = _own_step(before.data, move, seat)
    bonuses = _boat_bonuses(before.data, after.data, seat)
    position = old if position is None else position
    rewarded: set[int] = set()
    while position is not None and position < new:
        if position > old and position not in rewarded and _moves_on(_river_reward(before.data, position)):
            rewarded.add(position)
            kind = "river_tile" if str(position) in before.data["river_tiles"] else "river_space"
            causes.append(Message(f"{WORDS}.boat_by.{kind}", {"number": position}).to_dict())
        elif bonuses:
            causes.append(bonuses.pop(0))
        else:
            return []
        position = _sailed(before.data, seat, position, 1)
    return causes if position == new else []


def _own_step(data: dict[str, Any], move: Mapping[str, Any], seat: int) -> tuple[list[dict[str, Any]], int | None]:
    """The river step of the move itself, when it is this seat's: what took it (none said for a boat move a reward
    asked for earlier, which the states no longer show) and the space it reached; None when the move sails none."""
    if move.get("seat") != seat or move.get("decline"):
        return [], None
    kind, space, start = move.get("type"), move.get("space"), data["players"][seat]["boat"]
    if kind == "boat":
        why = data["pending"][0].get("why") if data["pending"] else None
        causes = [Message(f"{WORDS}.boat_by.{why}").to_dict()] if why in ("money", "fame") else []
        return causes, _sailed(data, seat, start, int(move["steps"]))
    if kind in ("place", "reuse") and space == "port" and move.get("pay"):
        # As the port counts it (moves/port.py): the steps told, else as many as the die shows.
        steps = move.get("steps") or move["pay"][0]["as"]
        return [Message("rajas.space.port").to_dict()], _sailed(data, seat, start, int(steps))
    room = move.get("room") if kind == "room" else str(space).removeprefix("room.")
    if room == "portuguese":
        steps = move.get("steps") or PORTUGUESE_STEPS
        return [Message("rajas.space.room.portuguese").to_dict()], _sailed(data, seat, start, int(steps))
    return [], None


def _boat_bonuses(before: dict[str, Any], after: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The tracks' boat bonuses a player reached in a move of a game whose rules move the boat at once (version 1;
    later versions ask first, and the boat move that answers says its track)."""
    if before["version"] >= BOAT_BONUS_ASKED_FROM:
        return []
    old, new = before["players"][seat], after["players"][seat]
    money = [bonus for bonus in MONEY_BONUSES[old["money_bonus"] : new["money_bonus"]] if bonus[1] == "boat"]
    fame = [s for s in new["fame_bonuses"] if s not in old["fame_bonuses"] and FAME_BONUSES.get(s) == "boat"]
    return [Message(f"{WORDS}.boat_by.money").to_dict() for _ in money] + [
        Message(f"{WORDS}.boat_by.fame").to_dict() for _ in fame
    ]


def _river_reward(data: dict[str, Any], space: int) -> Any:
    """What a river space gives a boat landing on it: the river tile lying there, else what is printed (None while
    the table has not told it)."""
    return data["river_tiles"].get(str(space)) or known_fact(data, f"{data['river_side']}.river.{space}")


def _moves_on(reward: Any) -> bool:
    """Whether a reward sends the boat on to the next free space, alone or among others."""
    if not isinstance(reward, Mapping):
        return False
    if reward.get("kind") == "all":
        return any(_moves_on(part) for part in reward.get("of", []))
    return reward.get("kind") == "next_free"


def _sailed(data: dict[str, Any], seat: int, start: int, steps: int) -> int | None:
    """The space a boat on `start` reaches moving `steps` free spaces, as the river counts them (river.target_space:
    a space with another boat is skipped, the end space stops it); None while the river's length is not known."""
    length = known_fact(data, f"{data['river_side']}.river.length")
    if length is None:
        return None
    space = start
    while steps > 0 and space < int(length):
        space += 1
        if is_free(data, seat, space, int(length)):
            steps -= 1
    return space
