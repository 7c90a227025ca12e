"""What the Rajas table page shows beyond the engine's view: dice in order, the river, rows to roll, spaces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import Game
from companion.games.rajas.board import shipped_board
from companion.games.rajas.definition import BROWN_YIELDS, TIGER_TILES, YIELD_COLORS
from companion.games.rajas.definition import ROOMS as ROOM_NUMBERS
from companion.games.rajas.incomes import alike, space_words
from companion.games.rajas.modules.fate import SPACES as FATE_SPACES
from companion.games.rajas.modules.navaratnas import MANGO_BROWN
from companion.games.rajas.modules.yields import WHITE_REWARDS
from companion.games.rajas.moves.place import SPACES
from companion.games.rajas.rewards import REWARD_KINDS as REWARD_GRAMMAR
from companion.games.rajas.river_tiles import kinds_left
from companion.service import Companion
from companion.web.pictures import die_picture
from companion.web.rajas import choices
from companion.web.rajas.moves import REWARD_NUMBER
from companion.web.rajas.prefill import Die, Posted, Prefill, as_posted, fresh_roll, prefilled, reading_mark

COLORS = ("blue", "green", "orange", "violet")
BUILDINGS = choices.BUILDINGS
TERRACES = ("green", "orange", "blue", "violet")
BALCONIES = ("orange", "green", "violet", "blue")
ROOMS = ("mogul", "dancer", "yogi", "raja", "master_builder", "portuguese")
ROOM_VALUES = {room: value for value, room in enumerate(ROOMS, start=1)}
GOODS = ("silk", "tea", "spice")
STACKS = ("snake", "tiger", "cow")
ROADS = ("straight", "curve", "junction", "crossing", "dead_end")
MODULE_TILES = (("village", "mango"), ("shalimar", "shalimar"), ("tiger", "tiger"))  # (tile kind, its module)
REWARD_KINDS = (
    "dice",
    "karma",
    "money",
    "fame",
    "upgrade",
    "palace",
    "room",
    "karma_dice",
    "money_per_market",
    "market_mixed",
    "market_identical",
    "market_best",
    "fame_per_upgrade",
    "money_per_upgrade",
    "fame_per_karma",
    "boat",
    "next_free",
    "dolphin",
    "yield_white",
)
REWARD_ROOMS = tuple(ROOM_NUMBERS.values())
"""The characters a "room" reward may show: the Ganga river tile giving the palace action of the character pictured
refers to the palace's rooms as a whole and leaves none out (rulebook, "Changing the river spaces (river tiles)",
and "III. Palace actions", the rooms), so any of the six, as the engine's reward grammar takes. The river space
giving a room of one's choice, 2 to 6, is another kind ("palace"), chosen when it is taken."""
REWARD_DICE = REWARD_GRAMMAR["dice"]["count"][1]
"""The most dice a printed reward gives (a river tile gives 3, one of each colour shown): a colour asked for each."""
COLORED_YIELDS = (*dict.fromkeys(r["kind"] for r in WHITE_REWARDS.values()), "next_free")
"""What the white, yellow and red yield tiles give, each kind once: the white tiles' kinds (dice, money, an upgrade,
karma) and the boat's move to the next free river space (rulebook, Navaratnas variant, the yield tiles' list)."""


def kali(player: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A player's dice in colour order, each with its index (the token posted when it is paid) and the numbers one
    karma may turn it to (`karma_faces`)."""
    pillar = any(tile.get("name") == "ashoka_pillar" for tile in player.get("tiles", []))  # the view: uncovered ones
    found: list[dict[str, Any]] = []
    for color in COLORS:
        for value in sorted(player["dice"].get(color, [])):
            index = len(found)
            token = f"{index}:{color}-{value}"
            faces = karma_faces(value, pillar)
            found.append({"index": index, "color": color, "value": value, "token": token, "karma_faces": faces})
    return found


def karma_faces(value: int, has_pillar: bool) -> list[int]:
    """The numbers one karma turns a die showing `value` to: its opposite face; with the Ashoka Pillar also one pip
    either side of that face (Goodie Box 1, Ashoka Pillar: karma on a 2 gives a 4, a 5 or a 6), within 1 to 6 and
    never the number the die already shows."""
    opposite = 7 - value
    if not has_pillar:
        return [opposite]
    return [face for face in (opposite - 1, opposite, opposite + 1) if 1 <= face <= 6 and face != value]


def flag_spaces(view: Mapping[str, Any], pending: Mapping[str, Any] | None) -> list[str]:
    """The Imperial Flag's question: the action spaces where a worker of the player asked stands, in board order,
    each to use again with its own form; none for any other question."""
    if pending is None or pending["kind"] != "flag":
        return []
    spaces = view.get("spaces", {})
    return [space for space in SPACES if pending["seat"] in spaces.get(space, [])]


def known_facts(view: Mapping[str, Any]) -> dict[str, Any]:
    """Every printed fact this game knows: the shipped board file, then what the table told."""
    shipped = {k: e["value"] for k, e in shipped_board()["facts"].items() if e.get("value") is not None}
    return {**shipped, **view.get("facts_told", {})}


def river(view: Mapping[str, Any]) -> dict[str, Any]:
    """The river of this game's board side: its length and bridge when known."""
    side = "2p" if len(view["players"]) == 2 else "34p"
    facts = known_facts(view)
    return {"side": side, "length": facts.get(f"{side}.river.length"), "bridge": facts.get(f"{side}.river.bridge")}


def roll_rows(pending: Mapping[str, Any], view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per die to roll: its colour when fixed (None = the player picks), in the engine's order."""
    if pending["kind"] == "ganga_roll":
        return [{"color": None}]
    if pending.get("reroll") is not None:
        return [{"color": c} for c in pending["reroll"]]
    supply = dict(view["supply"])
    rows = []
    for color, count in pending.get("fixed", {}).items():
        take = min(count, supply.get(color, 0))
        rows += [{"color": color}] * take
        supply[color] = supply.get(color, 0) - take
    rows += [{"color": None}] * int(pending.get("free", 0))
    return rows


def _picture_unread(rows: list[dict[str, Any]], service: Companion, frame_id: str | None) -> None:
    """Each row held for a die the camera could not read (see prefill.prefilled) gets that die's picture, cut from
    the roll's frame; a row whose die cannot be shown (the frame no longer kept) is held for no die: the table would
    not know which die its value is."""
    settled_frame = getattr(service.devices.get("camera"), "settled_frame", None)
    image = settled_frame(frame_id) if frame_id and settled_frame is not None else None
    for row in rows:
        row["picture"] = die_picture(image, row["seen"]) if image is not None and row["seen"] else None
        if row["picture"] is None:
            row["seen"] = None


def yield_form(pending: Mapping[str, Any], me: Mapping[str, Any], modules: Sequence[str] = ()) -> dict[str, Any]:
    """What the yield tile form asks, in the table's words. The setup's tile is brown (the prompt says so): its colour
    is not asked. The income space is chosen by what the table sees on it (its colour and printed income), among the
    free ones that fit, spaces alike shown once; with one space possible it is not asked; a number is asked only for
    a space nothing is known of yet. The Mango village's brown tile is offered only with that module (`modules`)."""
    color = "brown" if pending["kind"] == "yield_place" else None
    brown = tuple(kind for kind in BROWN_YIELDS if kind != MANGO_BROWN or "mango" in modules)
    free = [s for s in me["income_spaces"] if s["yield"] is None and not s["is_joined"]]
    fitting = [s for s in free if color is None or s["color"] in (color, None)]
    options = [
        {"value": s["income"], "label": space_words(s).to_dict(), "color": s["color"]}
        for s in alike(fitting, me["board"] == "navaratnas")
    ]
    is_complete = bool(me["knows_every_income_space"])
    return {
        "color": color,
        "options": options,
        "only": options[0] if is_complete and len(options) == 1 else None,
        "asks_number": not is_complete,
        "reward_kinds": brown if color == "brown" else (*COLORED_YIELDS, *brown),
    }


def connect_options(me: Mapping[str, Any]) -> dict[str, Any]:
    """The income spaces a new tile may join to the residence, as the table sees them (a yield tile on one, else its
    colour and printed income); a number is asked as well while some spaces are not known at all."""
    options = [
        {"value": s["income"], "label": space_words(s).to_dict()} for s in me["income_spaces"] if not s["is_joined"]
    ]
    return {"options": options, "asks_number": not me["knows_every_income_space"]}


def fate_tiles(data: Mapping[str, Any]) -> dict[int, list[dict[str, Any]]]:
    """Seat -> the player's two fate tiles (Test of Fate), fame then money, each with its space and state: "ready"
    (points are given back when the marker reaches it), "flipped" (the marker fell behind it: reaching it again lays
    a free tile) or "done" (out of the game); none when the module is not in play."""
    if "fate" not in data["modules"]:
        return {}
    return {
        me["seat"]: [{"track": track, "space": FATE_SPACES[track], "state": me["fate"][track]} for track in FATE_SPACES]
        for me in data["players"]
    }


def occupied(view: Mapping[str, Any]) -> dict[str, list[int]]:
    """Action space -> seats of the workers on it."""
    return {space: list(seats) for space, seats in view.get("spaces", {}).items()}


def _is_yield(pending: Mapping[str, Any] | None, seat: int | None) -> bool:
    return pending is not None and seat is not None and pending["kind"] in ("yield_pick", "yield_place")


def table_context(service: Companion, game_id: str, posted: Posted | None = None) -> dict[str, Any]:
    """Everything the Rajas templates need for one game; `posted`: a refused form, drawn again as it was posted."""
    session = service.session(game_id)
    with session.lock:
        view = service.view(game_id)
        state = session.state
        game: Game = session.game
        pending = view["pending"][0] if view["pending"] else None
        quick = choices.answers(game, state, view)
        # Passing is for a player who can place no worker: the button says why it is shut otherwise (a French tester
        # tapped it turn after turn to be told no).
        passing = session.check({"type": "pass", "seat": view["current_seat"]}) if _may_place(view) else None
        settled = fresh_roll(service.last_settled, session.last_at)
        frame = (service.last_settled or {}).get("frame_id") if settled is not None else None
        button_refused = service.buttons.refusal(game_id, session.last_seq)
    seat = view["current_seat"]
    posted = posted if posted is not None and posted.is_for(view["seq"]) else None
    return {
        "view": view,
        "pending": pending,
        "answers": quick,
        "needs_form": pending is not None and pending["kind"] in choices.FORM_KINDS,
        "flag_spaces": flag_spaces(view, pending),
        "yield_form": yield_form(pending, view["players"][seat], view["modules"])
        if pending is not None and _is_yield(pending, seat)
        else None,
        "river_kinds": kinds_left(state.data) if pending is not None and pending["kind"] == "river_tile" else [],
        **_roll_form(service, pending, view, (settled, frame), posted),
        # A refused form's fields, put back in the pending forms (a river space, a yield tile's income...).
        "posted": posted.form if posted is not None else {},
        "posted_field": posted.field if posted is not None else None,
        "river": river(view),
        "kalis": {p["seat"]: kali(p) for p in view["players"]},
        "fates": fate_tiles(state.data),
        "me": view["players"][seat] if seat is not None else None,
        "occupied": occupied(view),
        "names": _names(view),
        "button_refused": button_refused,
        "pass_refused": passing.reason.to_dict()
        if passing and passing.status == "refused" and passing.reason
        else None,
    }


def _may_place(view: Mapping[str, Any]) -> bool:
    """Whether the table shows the place form, and its pass button (see rajas/_live.html)."""
    return not view["pending"] and view["phase"] == "play" and view["current_seat"] is not None


def _roll_form(
    service: Companion,
    pending: Mapping[str, Any] | None,
    view: Mapping[str, Any],
    reading: tuple[list[Die] | None, str | None],
    posted: Posted | None,
) -> dict[str, Any]:
    """The roll form's rows, filled in from the camera's `reading` (its rolled dice, its frame), or as the player
    posted them when the form was refused (the camera's values never put back over what they tapped), and what the
    camera's reading puts in the form, in short (prefill.reading_mark)."""
    settled, frame = reading
    asked: list[dict[str, Any]] = []
    roll = Prefill([])
    if pending is not None and pending["kind"] in ("roll", "ganga_roll"):
        asked = roll_rows(pending, view)
        roll = prefilled(asked, settled)
        _picture_unread(roll.rows, service, frame)
    rows, returned = roll.rows, []
    if posted is not None and posted.form.get("type") == "roll" and asked:
        frame = posted.form.get("frame") or None  # the picture the posted rows' dice were cut from
        rows = as_posted(asked, posted)
        _picture_unread(rows, service, frame)
        returned = posted.form.getlist("return")
    return {
        "roll_rows": rows,
        "roll_unread": roll.unread,
        "roll_unseen": roll.unseen,
        "roll_extra": roll.extra,
        "roll_frame": frame,  # the picture the roll was filled in from: finished, it is kept as a labelled example
        "roll_reading": reading_mark(roll),
        "roll_returned": returned,  # the dice of the Kali ticked to give back, on a refused form
    }


def _names(view: Mapping[str, Any]) -> dict[str, Any]:
    """The names the forms choose among: colours, buildings, palace spaces, goods, rewards, tiles."""
    return {
        "colors": COLORS,
        "buildings": BUILDINGS,
        "terraces": TERRACES,
        "balconies": BALCONIES,
        "rooms": ROOMS,
        "room_values": ROOM_VALUES,
        "goods": GOODS,
        "stacks": STACKS,
        "roads": ROADS,
        "reward_kinds": REWARD_KINDS,
        "reward_number": REWARD_NUMBER,
        "reward_rooms": REWARD_ROOMS,
        "reward_dice": REWARD_DICE,
        # The module tiles a quarry build may lay in this game (their module in play), and the tiger tiles.
        "tile_kinds": [kind for kind, module in MODULE_TILES if module in view["modules"]],
        "tigers": TIGER_TILES,
        "yield_colors": YIELD_COLORS,
    }
