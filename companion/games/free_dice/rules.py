"""Rules of free dice: each player in turn rolls once, the pips are added to their tally; highest tally wins.

A minimal game that exercises the whole path (camera, log, undo, corrections, verdicts, lights)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.errors import MalformedRequest, shown
from companion.games.base import Citation, Message, Verdict
from companion.games.free_dice.state import FreeDiceState, Roll
from vision.calibration import COLOUR_NAMES

MOVE_TYPES = ("roll", "end_turn", "finish")
MAX_DICE = 60
CITATION = Citation(game="free_dice", section="free_dice.rules", rule="free_dice.turns")


def parse(data: Mapping[str, Any]) -> dict[str, Any]:
    """Normalise a move; MalformedRequest names the field at fault."""
    kind = data.get("type")
    if kind not in MOVE_TYPES:
        raise MalformedRequest(
            f"move.type {shown(kind)} is not allowed; allowed: {', '.join(MOVE_TYPES)}",
            field="move.type",
            said=_said("type", value=shown(kind)),
        )
    move: dict[str, Any] = {"type": kind}
    if "seat" in data:
        seat = data["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise MalformedRequest(
                f"move.seat must be a seat number (0, 1, ...), got {shown(seat)}",
                field="move.seat",
                said=_said("seat", value=shown(seat)),
            )
        move["seat"] = seat
    if kind == "roll":
        move["dice"] = _dice(data.get("dice"))
    return move


def _dice(dice: Any) -> list[dict[str, Any]]:
    if not isinstance(dice, list) or not 1 <= len(dice) <= MAX_DICE:
        # A list is said by its length: 60,000 dice quoted whole made a message larger than the request.
        got = f"a list of {len(dice)}" if isinstance(dice, list) else shown(dice)
        raise MalformedRequest(
            f"move.dice must be a list of 1 to {MAX_DICE} dice, got {got}",
            field="move.dice",
            said=_said("dice", most=MAX_DICE),
        )
    parsed = []
    for index, die in enumerate(dice):
        if not isinstance(die, Mapping) or "value" not in die:
            raise MalformedRequest(
                f"move.dice[{index}] must be an object with a value (1 to 6, or null if unread)",
                field=f"move.dice[{index}]",
                said=_said("die", n=index + 1),
            )
        extra = sorted(str(key) for key in die if key not in ("value", "color"))
        if extra:  # refused as a move's unknown fields are, not dropped without a word
            raise MalformedRequest(
                f"move.dice[{index}] has unknown field {extra[0]!r}; allowed: value, color",
                field=f"move.dice[{index}].{extra[0]}",
                said=_said("die_field", n=index + 1, field=extra[0]),
            )
        value = die["value"]
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6):
            raise MalformedRequest(
                f"move.dice[{index}].value must be a whole number from 1 to 6 or null, got {shown(value)}",
                field=f"move.dice[{index}].value",
                said=_said("value", n=index + 1, value=shown(value)),
            )
        color = die.get("color")
        if color is not None and color not in COLOUR_NAMES:
            # Any string was written to the log ("pink", 5,000 characters, markup) and drawn on the table as a die.
            # Only moves being played are parsed: a stored game folds from its log as it was written.
            raise MalformedRequest(
                f"move.dice[{index}].color must be a colour the camera names ({', '.join(COLOUR_NAMES)}) or null, "
                f"got {shown(color)}",
                field=f"move.dice[{index}].color",
                said=_said("colour", value=shown(color), n=index + 1),
            )
        parsed.append({"value": value, "color": color})
    return parsed


def _said(reason: str, **params: Any) -> dict[str, Any]:
    """A malformed move in the table's words: the catalogue's free_dice.said.<reason> and its parameters."""
    return {"key": f"free_dice.said.{reason}", "params": params}


def legal(state: FreeDiceState, move: Mapping[str, Any]) -> Verdict:
    """Judge a normalised move."""
    if state.is_over:
        return Verdict.refuse(Message("free_dice.refused.game_over"), CITATION)
    seat = move.get("seat", state.current)
    if seat >= state.seats:
        return Verdict.refuse(Message("free_dice.refused.no_such_seat", {"seat": seat + 1}), CITATION)
    if seat != state.current and move["type"] != "finish":
        said = {"player": player_name(state, seat), "current": player_name(state, state.current)}
        return Verdict.refuse(Message("free_dice.refused.not_your_turn", said), CITATION)
    if move["type"] == "roll" and state.has_rolled:
        return Verdict.refuse(Message("free_dice.refused.already_rolled"), CITATION)
    if move["type"] == "end_turn" and not state.has_rolled:
        return Verdict.refuse(Message("free_dice.refused.roll_first"), CITATION)
    if move["type"] == "end_turn" and (unread := unread_dice(state)):
        key = "free_dice.refused.unread_die" if unread == 1 else "free_dice.refused.unread_dice"
        return Verdict.refuse(Message(key, {"n": unread}), CITATION)
    return Verdict.allow()


def apply(state: FreeDiceState, move: Mapping[str, Any]) -> FreeDiceState:
    """The next state after a legal move."""
    if move["type"] == "roll":
        roll: Roll = tuple((d["value"], d["color"]) for d in move["dice"])
        tallies = list(state.tallies)
        tallies[state.current] += sum(value for value, _ in roll if value is not None)
        return replace(state, tallies=tuple(tallies), rolls=(*state.rolls, (state.current, roll)), has_rolled=True)
    if move["type"] == "end_turn":
        following = (state.current + 1) % state.seats
        turn = state.turn + (1 if following == 0 else 0)
        is_over = state.max_turns > 0 and turn > state.max_turns
        return replace(state, current=following, has_rolled=False, turn=turn, is_over=is_over)
    return replace(state, is_over=True)


def player_name(state: FreeDiceState, seat: int) -> str | dict[str, Any]:
    """A seat's player as the table names them; a state kept without names says the seat, counted from 1."""
    if seat < len(state.names):
        return state.names[seat]
    return {"key": "free_dice.seat", "params": {"n": seat + 1}}


def unread_dice(state: FreeDiceState) -> int:
    """How many dice of the current player's roll the camera could not read (none once the roll is corrected)."""
    return sum(value is None for value, _ in state.rolls[-1][1]) if state.has_rolled else 0


def ranking(state: FreeDiceState) -> list[int]:
    """Seats from highest tally to lowest (ties keep seat order)."""
    return sorted(range(state.seats), key=lambda seat: -state.tallies[seat])
