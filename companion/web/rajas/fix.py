"""Correcting the last roll from the Rajas table: each die tapped again (its number, its colour), sent as one
correction event (companion/session.py) that replaces the roll move and changes only its dice.

The dice stay in their order, die for die: a camera roll's correction pairs them with the dice in its picture
(devices/examples.py). Everything else of the roll (its seat, the dice given back, any other field) is the roll as
it was played, and its event keeps the camera's reading (the log is never rewritten). A correction that the roll
itself or a move played since would not allow is refused in the table's words, and nothing is written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.errors import Conflict, MalformedRequest, shown
from companion.games.base import Citation, Message, RefusedMove, Verdict
from companion.games.rajas.camera import is_rolled
from companion.games.rajas.definition import COLORS
from companion.service import Companion
from companion.web.rajas.journal import is_ganga_roll
from companion.web.rajas.moves import whole
from companion.web.rajas.prefill import sure_die

FIX_TYPE = "correction"
"""The `type` field of the panel's form: a refused correction is drawn again as tapped, no other form is."""


def last_roll(companion: Companion, game_id: str) -> dict[str, Any] | None:
    """The last standing roll, to correct: {"seq", "move", "origin", "told", "is_corrected", "is_just_corrected",
    "is_river"} (origin: "camera", "web"...; told: see `told_by`; is_corrected: a correction replaced its dice since;
    is_just_corrected: that correction is the game's last event; is_river: the Ganga module's roll, no player's).
    None when no roll stands, or the last one took no die (there is nothing to correct)."""
    session = companion.session(game_id)
    with session.lock:
        standing = session.timeline.standing
        rolls = [(i, seq, move) for i, (seq, move) in enumerate(standing) if move.get("type") == "roll"]
        if not rolls or not rolls[-1][2].get("dice"):
            return None
        index, seq, move = rolls[-1]
        # The Ganga module's roll is the river's die, no player's roll: the state before it says so.
        is_river = is_ganga_roll(move, session.states[index] if index < len(session.states) else None)
        written = companion.events(game_id, seq - 1)  # the roll's event, then every event since
        # Corrections that stand: one taken back by an undo no longer says the roll was corrected.
        is_corrected = any(action.seq == seq and action.is_correction for action in session.timeline.done)
    last = written[-1] if written else None
    return {
        "seq": seq,
        "move": move,
        "origin": written[0].payload.get("origin") if written else None,
        "told": told_by(written[0].payload) if written else "manual",
        "is_corrected": is_corrected,
        "is_river": is_river,
        "is_just_corrected": last is not None and last.type == FIX_TYPE and last.payload.get("target") == seq,
    }


def told_by(payload: Mapping[str, Any]) -> str:
    """How a roll's event (its payload) came by its dice: "camera" when the camera played it, "camera_finished"
    when the table finished a roll form the camera had filled in (some of the dice played are dice it read surely),
    else "manual" (every die tapped at the table)."""
    if payload.get("origin") == "camera":
        return "camera"
    reading, move = payload.get("reading"), payload.get("move")
    seen = reading.get("dice") if isinstance(reading, Mapping) else None
    played = move.get("dice") if isinstance(move, Mapping) else None
    if not isinstance(seen, list) or not isinstance(played, list):
        return "manual"
    # The form was filled in with the rolled dice read surely (prefill.prefilled): a reading with none, or whose
    # sure dice the table all tapped over with other numbers, left every die played to the table.
    sure: Counter[tuple[Any, Any]] = Counter(d for die in seen if isinstance(die, Mapping) and (d := _sure_rolled(die)))
    tapped: Counter[tuple[Any, Any]] = Counter(
        (d.get("color"), d.get("value")) for d in played if isinstance(d, Mapping)
    )
    return "camera_finished" if sure & tapped else "manual"


def _sure_rolled(die: Mapping[str, Any]) -> tuple[str, int] | None:
    """(colour, value) of a die of the roll read surely, else None (a die kept on a Kali is not rolled)."""
    return sure_die(die) if is_rolled(die.get("zone")) else None


def fix_panel(roll: Mapping[str, Any] | None, posted: Mapping[str, Any], wrong_field: str | None) -> dict[str, Any]:
    """What the correction panel shows: the roll, and one row per die with the number and colour ticked (as the
    player tapped them on a refused correction of this roll, which opens the panel, else as the roll was played);
    `wrong_field`: the field a malformed correction was refused for ("fix.1.value"), its row marked."""
    if roll is None:
        return {"roll": None, "rows": [], "is_open": False}
    is_posted = posted.get("type") == FIX_TYPE and posted.get("target") == str(roll["seq"])
    rows = []
    for number, die in enumerate(roll["move"]["dice"]):
        value, color = die.get("value"), die.get("color")
        if is_posted:
            value = whole((posted.get(f"fix.{number}.value") or "").strip())
            color = posted.get(f"fix.{number}.color")
        color = color if color in COLORS else None
        wrong = is_posted and (wrong_field or "").startswith(f"fix.{number}.")
        rows.append({"value": value, "color": color, "drawn": color or die.get("color"), "wrong": wrong})
    return {"roll": roll, "rows": rows, "is_open": is_posted}


def corrected_roll(move: Mapping[str, Any], form: Mapping[str, Any]) -> dict[str, Any]:
    """The roll move with the dice tapped on the panel (`fix.<n>.value`, `fix.<n>.color`, one pair for each die of
    the roll, in its order); every other field as it was. MalformedRequest names a die's field left out or wrong."""
    dice = [_tapped(form, number, die) for number, die in enumerate(move["dice"])]
    return {**move, "dice": dice}


def _tapped(form: Mapping[str, Any], number: int, die: Mapping[str, Any]) -> dict[str, Any]:
    named = {"key": "rajas.said.form.die.dice", "params": {"n": number + 1}}
    raw = (form.get(f"fix.{number}.value") or "").strip()
    value = whole(raw)
    if value is None or not 1 <= value <= 6:
        raise _bad(f"fix.{number}.value", raw, "the number showing, 1 to 6", "die_value", named)
    color = (form.get(f"fix.{number}.color") or "").strip()
    if color not in COLORS:
        raise _bad(f"fix.{number}.color", color, ", ".join(COLORS), "die_color", named)
    # A rolled die is used as it shows: the number it is used as goes with the number corrected (the rules say it).
    kept = {key: part for key, part in die.items() if key not in ("as", "via")}
    return {**kept, "color": color, "value": value}


def _bad(field: str, value: str, allowed: str, reason: str, die: dict[str, Any]) -> MalformedRequest:
    """A die's field refused as the roll form refuses it (catalogue rajas.said.form.<reason>)."""
    said = {"key": f"rajas.said.form.{reason}", "params": {"field": field, "value": shown(value), "die": die}}
    return MalformedRequest(f"field {field}: got {shown(value)}; allowed: {allowed}", field=field, said=said)


def is_unchanged(roll: Mapping[str, Any], form: Mapping[str, Any]) -> bool:
    """Whether the panel's dice are those the roll stands with, number and colour, die for die (the panel sent as
    it was opened, or sent twice). MalformedRequest as `corrected_roll`."""
    tapped = corrected_roll(roll["move"], form)["dice"]
    return [(d["color"], d["value"]) for d in tapped] == [
        (d.get("color"), d.get("value")) for d in roll["move"]["dice"]
    ]


def correct_roll(companion: Companion, game_id: str, roll: Mapping[str, Any], form: Mapping[str, Any]) -> None:
    """Write the correction of `roll` with the dice of `form`; nothing when they are the dice it stands with (a
    correction that changes nothing would be one more step for undo to take back). The rules refusing the corrected
    roll, or a move played since that it would make illegal, is a RefusedMove said as a correction not made
    (nothing written)."""
    if is_unchanged(roll, form):
        return
    payload = {"target": roll["seq"], "move": corrected_roll(roll["move"], form)}
    try:
        companion.append(game_id, FIX_TYPE, payload, origin="web")
    except RefusedMove as refused:
        if refused.verdict.status != "refused" or refused.verdict.reason is None:
            raise
        raise RefusedMove(_not_corrected("page.rajas.fix.refused", refused.verdict.to_dict())) from refused
    except Conflict as conflict:
        later = conflict.details.get("verdict")  # the verdict on the move played since (session._refold)
        if not isinstance(later, Mapping):
            raise
        raise RefusedMove(_not_corrected("page.rajas.fix.later_refused", later)) from conflict


def _not_corrected(key: str, verdict: Mapping[str, Any]) -> Verdict:
    """A refusal of the correction, saying the rules' reason (`verdict`, JSON form) within `key`, with its citation."""
    cited = verdict.get("citation")
    citation = Citation(**cited) if isinstance(cited, Mapping) else None
    return Verdict.refuse(Message(key, {"reason": verdict.get("reason") or ""}), citation)
