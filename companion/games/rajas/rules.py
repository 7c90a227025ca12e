"""legal and apply: one private run of the rules on a copy, so that both always agree."""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import Any

from companion.games.base import Citation, Message, Verdict
from companion.games.rajas.citations import section_of
from companion.games.rajas.core import Refused, Undecided, require
from companion.games.rajas.definition import FACTS_CLOSED_AT_END_FROM
from companion.games.rajas.moves import choices, endgame, setup, turn
from companion.games.rajas.moves.passing import pass_turn
from companion.games.rajas.moves.place import place


def run(before: Mapping[str, Any], move: Mapping[str, Any]) -> dict[str, Any]:
    """The data after `move`, computed on a deep copy (`before` is never touched). Raises Refused/Undecided."""
    # pickle copies plain JSON data several times faster than copy.deepcopy, and legal() copies on every call.
    data: dict[str, Any] = pickle.loads(pickle.dumps(dict(before), pickle.HIGHEST_PROTOCOL))
    kind = move["type"]
    if kind == "answer_fact":
        over = data["phase"] == "over" and data["version"] >= FACTS_CLOSED_AT_END_FROM
        require(not over, "end.ranking", "game_over")
        # A told fact changes nothing on the table (but a marker counted beyond the end of a track just told comes
        # back to it); the move that needed it is then played again.
        choices.answer_fact(data, dict(move))
        data["moves"] += 1
        return data
    else:
        require(data["phase"] != "over", "end.ranking", "game_over")
        if data["pending"] or kind not in ("place", "pass"):
            choices.resolve(data, dict(move))
        elif kind == "place":
            place(data, move["seat"], dict(move))
        else:
            pass_turn(data, move["seat"])
    data["moves"] += 1
    settle(data)
    return data


def settle(data: dict[str, Any]) -> None:
    """What follows by itself: the start of play, the end trigger, the next turn, round or ranking."""
    if data["phase"] == "setup":
        setup.after_start_rolls(data)
        setup.begin_play(data)
    if data["phase"] == "play":
        endgame.check_crossings(data)
        turn.advance(data)


def citation(rule: str) -> Citation:
    """The citation of a rules-reference entry."""
    return Citation("rajas", section_of(rule), rule)


def judge(before: Mapping[str, Any], move: Mapping[str, Any]) -> tuple[Verdict, dict[str, Any] | None]:
    """The verdict on a move and, when allowed, the data after it."""
    try:
        after = run(before, move)
    except Refused as refusal:
        return Verdict.refuse(refusal.reason, citation(refusal.rule)), None
    except Undecided as need:
        return Verdict.undecided(need.missing, citation(need.rule)), None
    if _fate_tested(before, after):
        return Verdict.allow(Message("rajas.note.fate_order"), citation("fate.order")), after
    if _laid_tile(move):
        note = Message("rajas.note.placement_unchecked")
        return Verdict.allow(note, citation("province.place")), after
    return Verdict.allow(), after


def _fate_tested(before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
    # A Test of Fate penalty was applied: the verdict says in which order (the rulebook does not).
    return any(a["fate"] != b["fate"] for a, b in zip(after["players"], before["players"], strict=True))


def _laid_tile(move: Mapping[str, Any]) -> bool:
    # The province board's grid is unknown, so where a tile goes and its roads are the table's call.
    return move["type"] in ("place", "room", "fate_build") and move.get("tile") is not None
