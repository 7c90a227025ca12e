"""The question the table must answer now, as ready-made one-tap answers judged by the engine.

Each answer is the fields of a small form (what move_from_form reads back); answers the rules refuse are
kept but marked, so that the page can show them greyed with the reason instead of hiding a choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from companion.errors import MalformedRequest
from companion.games.base import Game, Message, Verdict
from companion.games.rajas.rewards import reward_words
from companion.web.rajas.moves import move_from_form

BUILDINGS = ("temple", "palace", "fort", "mill")
WHITE_YIELDS = ("die", "money3", "upgrade", "karma")
TOP_LEVEL = 4

# Pending kinds answered by a fuller form on the page rather than by one tap.
# The Imperial Flag and the Test of Fate ask both: declining is one tap, using a space again is that space's form
# (rajas/_place.html), the free tile is told with the pending form (rajas/_pending_form.html).
FORM_KINDS = ("roll", "ganga_roll", "dolphin", "yield_pick", "yield_place", "fate_tile", "river_tile", "flag")


@dataclass(frozen=True)
class Answer:
    """One tap: the form fields, the label to show, and the engine's verdict on it."""

    fields: dict[str, str]
    label: Message
    verdict: Verdict | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_open(self) -> bool:
        """Whether the rules allow it (or need a printed fact to decide)."""
        return self.verdict is None or self.verdict.status != "refused"


def answers(game: Game, state: Any, view: dict[str, Any]) -> list[Answer]:
    """The one-tap answers to the first pending question (empty when it needs a fuller form)."""
    if not view["pending"]:
        return []
    pending = view["pending"][0]
    seat = pending.get("seat")
    if seat is None:
        seat = view.get("current_seat") if view.get("current_seat") is not None else 0
    base = {"seat": str(seat)}
    found = _BUILDERS.get(pending["kind"], lambda *_: [])(pending, view, base)
    judged = [_judged(game, state, a) for a in found]
    # A decline the rules allow only at times (a river palace reward whose room cannot act) is no choice otherwise:
    # it is left out rather than shown shut beside every room.
    return [a for a in judged if a.is_open or not a.extra.get("only_when_open")]


def _judged(game: Game, state: Any, answer: Answer) -> Answer:
    try:
        move = game.parse_move(state, move_from_form(MultiDict(answer.fields)))
    except MalformedRequest:
        return answer
    return Answer(answer.fields, answer.label, game.legal(state, move), answer.extra)


def _upgrade(pending: dict[str, Any], view: dict[str, Any], base: dict[str, str]) -> list[Answer]:
    levels = view["players"][int(base["seat"])]["upgrades"]
    return [
        Answer(
            {**base, "type": "upgrade", "building": b},
            Message("page.rajas.answer.upgrade", {"building": {"key": f"rajas.building.{b}"}, "level": levels[b] + 1}),
        )
        for b in BUILDINGS
        if levels[b] < TOP_LEVEL
    ]


def _room(pending: dict[str, Any], view: dict[str, Any], base: dict[str, str]) -> list[Answer]:
    rooms = [
        Answer({**base, "type": "room", "room": room}, Message(f"rajas.space_label.room.{room}"))
        for room in pending.get("rooms", [])
    ]
    # The river's palace reward is lost when its room cannot act (the Portuguese from the last 6 river spaces, the
    # Master Builder with nothing to build): the last answer lets it go, when the rules allow it.
    forgo = Answer(
        {**base, "type": "room", "decline": "1"},
        Message("page.rajas.answer.room_decline"),
        extra={"only_when_open": True},
    )
    return [*rooms, forgo]


def _boat(pending: dict[str, Any], view: dict[str, Any], base: dict[str, str]) -> list[Answer]:
    # A boat counts free spaces only (river.target_space skips a space another boat holds): "1 free space" is the
    # next free one, as the prompt says, where "1 space" read as the space just ahead.
    moves = [
        Answer({**base, "type": "boat", "steps": str(n)}, Message("page.rajas.answer.free_steps", {"n": n}))
        for n in range(1, int(pending.get("max") or 1) + 1)
    ]
    if not pending.get("optional"):
        return moves
    # A track's boat bonus may be forgone: the last answer declines it (the boat stays where it is).
    return [*moves, Answer({**base, "type": "boat", "decline": "1"}, Message("page.rajas.answer.boat_bonus_decline"))]


def _start_player(pending: dict[str, Any], view: dict[str, Any], base: dict[str, str]) -> list[Answer]:
    return [
        Answer(
            {**base, "type": "start_player", "first": str(s)},
            Message("page.rajas.answer.first", {"name": view["players"][s]["name"]}),
        )
        for s in pending.get("seats", [])
    ]


def _draw(pending: dict[str, Any], view: dict[str, Any], base: dict[str, str]) -> list[Answer]:
    return [
        Answer({**base, "type": "draw_yield", "tile": tile}, Message(f"page.rajas.yield.{tile}"))
        for tile in WHITE_YIELDS
    ]


def _use(pending: dict[str, Any], view: dict[str, Any], base: dict[str, str]) -> list[Answer]:
    # The white yield tiles of the province, named by what they show (the income space's number is the engine's).
    tiles = [y for y in view["players"][int(base["seat"])].get("yields", []) if y["color"] == "white"]
    found = [
        Answer(
            {**base, "type": "use_yield", "income": str(y["income"])},
            Message("rajas.form.yield_use", {"reward": reward_words(y["reward"]).to_dict()}),
        )
        for y in tiles
    ]
    return [*found, Answer({**base, "type": "use_yield"}, Message("page.rajas.answer.two_money"))]


def _flag(pending: dict[str, Any], view: dict[str, Any], base: dict[str, str]) -> list[Answer]:
    # Using an action again is a benefit the player may forgo (Goodie Box 1, Imperial Flag); the spaces to use again
    # need their own forms, as a placement does.
    return [Answer({**base, "type": "reuse", "decline": "1"}, Message("page.rajas.answer.flag_decline"))]


def _fate(pending: dict[str, Any], view: dict[str, Any], base: dict[str, str]) -> list[Answer]:
    # The Test of Fate's free tile is built if possible, and may be left (Goodie Box 1): declining is one tap, the
    # tile built is told with the form under it (rajas/_pending_form.html).
    return [Answer({**base, "type": "fate_build", "decline": "1"}, Message("page.rajas.answer.fate_decline"))]


_BUILDERS = {
    "upgrade": _upgrade,
    "room": _room,
    "boat": _boat,
    "start_player": _start_player,
    "yield_draw": _draw,
    "yield_use": _use,
    "flag": _flag,
    "fate_tile": _fate,
}
