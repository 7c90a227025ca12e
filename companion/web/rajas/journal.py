"""The Rajas table's recent moves: the last actions that stand, newest first, each with what it changed for whom.

What changed is read off the states the session keeps after every standing move, by comparing each player's public
counters just before and just after the action (money, fame, karma, workers, dice, boat, track bonuses reached, module
tiles laid, the Test of Fate's tiles). So a bonus the rules give by themselves (a money-track bonus moving the boat, a
fame bonus giving karma, the round's incomes) shows on the line of the move that set it off, without a word of this
module knowing that rule.

One rule is known here all the same: a Test of Fate takes its penalty in the middle of a move, so a marker that went up
then back showed as a small change, or none. When a move turned a fate tile, it is played once more with that tile out
of play: how far the marker would have gone is its whole move, the difference the penalty ("fame +5 then −5").

A correction is an action of its own: its line says what the corrected move now does differently from the move it
replaced, the two tried on the same state. Nothing is folded again for the moves themselves; a correction costs one
or two applies of its move, a move that turned a fate tile one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from companion.errors import CompanionError
from companion.events.fold import Action, Timeline
from companion.games.base import Message
from companion.games.rajas.definition import MONEY_BONUSES
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
    if action.is_correction:
        assert action.before is not None
        what = Message(f"{WORDS}.correction", {"what": _words(action.move, names).to_dict()})
        # What the correction changed: the move it replaced and the corrected one, both played where the move stands.
        after = after if action.move == standing else _tried(game, before, action.move)
        before = _tried(game, before, action.before)
        untested = None
    else:
        what = _words(standing, names)
        untested = _untested(game, before, standing, after)
    changes = [] if before is None or after is None else _changes(before, after, names, untested)
    if not changes:
        return what.to_dict()
    players = list_message(changes, words=f"{WORDS}.players")
    return Message(f"{WORDS}.line", {"what": what.to_dict(), "changes": players}).to_dict()


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


def _words(move: Mapping[str, Any], names: list[str]) -> Message:
    """A move in words."""
    # The table's words for moves live with the pages that say them (which draw this journal: imported here).
    from companion.web.rajas.pages import move_words

    return move_words(move, names)


def _changes(before: Any, after: Any, names: list[str], untested: Any = None) -> list[dict[str, Any]]:
    """One message per player whose public counters differ between the two states, in seat order; `untested`: the
    state the move would have reached without the Test of Fate's penalties (see `_untested`)."""
    said = []
    earned = _free_tiles(after) - _free_tiles(before)
    for seat, (old, new) in enumerate(zip(before.data["players"], after.data["players"], strict=True)):
        whole = untested.data["players"][seat] if untested is not None else new
        deltas = _deltas(old, new, whole, {track for s, track in earned if s == seat})
        if deltas:
            name = names[seat] if seat < len(names) else str(seat)
            params = {"name": name, "changes": list_message(deltas, words=WORDS)}
            said.append(Message(f"{WORDS}.player", params).to_dict())
    return said


def _free_tiles(state: Any) -> set[tuple[int, str]]:
    """The free tiles a Test of Fate passed has still to lay, as (seat, track)."""
    return {(p["seat"], p["track"]) for p in state.data["pending"] if p["kind"] == "fate_tile"}


def _deltas(old: dict[str, Any], new: dict[str, Any], whole: dict[str, Any], earned: set[str]) -> list[dict[str, Any]]:
    """What changed of one player, in the order the player's card shows it, a track's bonuses reached after it, then
    the module tiles laid and the fate tiles turned. `whole`: the player had no Test of Fate taken points back;
    `earned`: the tracks whose fate tile gave a free tile now."""
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
    if new["boat"] != old["boat"]:
        said.append(Message(f"{WORDS}.boat", {"number": new["boat"]}).to_dict())
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
