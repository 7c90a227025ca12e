"""What the table shows: players, whose turn, the question or roll awaited, the ranking."""

from __future__ import annotations

from typing import Any

from companion.games.base import Message
from companion.games.rajas.core import known_facts
from companion.games.rajas.facts import beside_bounds, track_ends
from companion.games.rajas.incomes import income_spaces, knows_every_space
from companion.games.rajas.rewards import reward_words
from companion.games.rajas.state import RajasState, dice_count
from companion.i18n import list_message


def _distance(data: dict[str, Any], me: dict[str, Any]) -> int | None:
    low, high = beside_bounds(me["money"], known_facts(data))
    return int(me["fame"] - low) if low == high else None


def _player(data: dict[str, Any], me: dict[str, Any]) -> dict[str, Any]:
    return {
        "seat": me["seat"],
        "name": me["name"],
        "color": me["color"],
        "score": me["fame"],
        "distance": _distance(data, me),
        "money": me["money"],
        "fame": me["fame"],
        "karma": me["karma"],
        "dice": {c: list(v) for c, v in me["dice"].items()},
        "dice_count": dice_count(me),
        "kali_capacity": me["capacity"],
        "board": me["board"],
        "workers": me["workers"],
        "workers_left": _workers_left(data, me),
        # Navaratnas: workers taken back by a Shalimar garden, among those left, are placed after all the others.
        "workers_recalled": me["recalled"],
        "places_recalled": bool(me["recalled"]) and me["placed"] >= me["workers"] - me["recalled"],
        "boat": me["boat"],
        "upgrades": dict(me["upgrades"]),
        "tiles": [t for t in me["tiles"] if not t["covered"]],
        "incomes": list(me["incomes"]),
        # Navaratnas: the yield tiles laid on the province's income spaces, each paying once a road joins it.
        "yields": _yields(me),
        "income_spaces": income_spaces(data, me["seat"]),
        "knows_every_income_space": knows_every_space(data, me["seat"]),
        "has_crossed": me["crossed_at"] is not None,
        "gemstone": me["gemstone"],  # the Gemstone Trader: None (not reached), "ready" to place, "used"
    }


def _workers_left(data: dict[str, Any], me: dict[str, Any]) -> int:
    """Workers a player may still place this phase. Once the end is triggered, the players still to play in the
    last phase place one last worker each, whatever they have left, and the others place none."""
    left = int(me["workers"] - me["placed"])
    end = data["end"]
    if end is None or data["phase"] != "play":
        return left
    is_placing = me["seat"] == data["turn_seat"] and not data["turn"]["placed"]
    return min(left, 1) if is_placing or me["seat"] in end["final"] else 0


def _yields(me: dict[str, Any]) -> list[dict[str, Any]]:
    """A player's yield tiles, by income space: colour, printed reward, and whether a road joins it yet."""
    return [
        {
            "income": int(n),
            "color": y["color"],
            "reward": dict(y["reward"]),
            "words": reward_words(y["reward"]).to_dict(),
            "is_joined": bool(y["connected"]),
        }
        for n, y in sorted(me["yields"].items(), key=lambda item: int(item[0]))
    ]


def prompt(data: dict[str, Any]) -> Message:
    """The one thing the table should do next."""
    if data["phase"] == "over":
        return Message("rajas.prompt.over")
    if data["pending"]:
        pending = data["pending"][0]
        seat = pending.get("seat")
        name = data["players"][seat]["name"] if seat is not None else ""
        params = {k: v for k, v in pending.items() if k in ("space", "max", "count")}
        if isinstance(params.get("max", params.get("count")), int):  # the count said in the singular when it is one
            params["n"] = params.get("max", params.get("count"))
        # A decision that something else gave says what gave it ("the fame track's bonus: choose a building").
        why = f".{pending['why']}" if pending.get("why") else ""
        if pending["kind"] == "river_tile" and pending["space"] is None:
            why = ".chosen"  # Ganga module 2 alone: the table chooses the space each tile covers
        return Message(f"rajas.prompt.{pending['kind']}{why}", {"name": name, **params})
    me = data["players"][data["turn_seat"]]
    if data["end"] is not None:
        return Message("rajas.prompt.place_last", {"name": me["name"]})
    return Message("rajas.prompt.place", {"name": me["name"]})


def current_seat(data: dict[str, Any]) -> int | None:
    """Who acts now: the seat a pending decision belongs to, else the player placing."""
    if data["phase"] == "over":
        return None
    if data["pending"] and data["pending"][0].get("seat") is not None:
        return int(data["pending"][0]["seat"])
    return data["turn_seat"]


def view(state: RajasState) -> dict[str, Any]:
    """The table's JSON."""
    data = state.data
    return {
        "players": [_player(data, p) for p in data["players"]],
        "current_seat": current_seat(data),
        "is_over": data["phase"] == "over",
        "prompt": prompt(data).to_dict(),
        "ranking": list(data["ranking"]) if data["ranking"] is not None else None,
        "phase": data["phase"],
        "round": data["round"],
        "first_seat": data["first_seat"] if data["phase"] != "setup" else None,
        "pending": [dict(p) for p in data["pending"]],
        "supply": dict(data["supply"]),
        "spaces": _workers_on(data["spaces"]),
        "river_tiles": dict(data["river_tiles"]),
        "end": dict(data["end"]) if data["end"] else None,
        "modules": list(data["modules"]),
        "facts_told": dict(data["facts"]),
        "track_ends": track_ends(known_facts(data)),  # the last space of each track, once told (rule tracks.end)
        "notes": [Message("rajas.note.placement_unchecked").to_dict()],
        "standings": standings(data),
    }


def standings(data: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The final ranking with what decided it (rule end.ranking): the fame points between each player's money and
    fame markers (met, crossed by so many, or so many short), then, between players that far apart, who met or
    crossed first. Players the rulebook does not tell apart share their place. None before the end."""
    if data["ranking"] is None:
        return None
    never = data["moves"] + 1
    order = {
        me["seat"]: (-(_distance(data, me) or 0), never if me["crossed_at"] is None else me["crossed_at"])
        for me in data["players"]
    }
    rows = []
    for seat in data["ranking"]:
        me = data["players"][seat]
        distance = _distance(data, me)
        rows.append(
            {
                "seat": seat,
                "place": 1 + sum(other < order[seat] for other in order.values()),
                "distance": distance,
                "apart": _apart(distance).to_dict() if distance is not None else None,
                "tie": _tie(data, seat, order),
            }
        )
    return rows


def _apart(distance: int) -> Message:
    if distance == 0:
        return Message("rajas.standing.met")
    key = "rajas.standing.crossed" if distance > 0 else "rajas.standing.short"
    return Message(key, {"n": abs(distance)})


def _tie(data: dict[str, Any], seat: int, order: dict[int, tuple[int, int]]) -> dict[str, Any] | None:
    """How a tie on distance was settled for one player: ahead of those who met or crossed later (or never), behind
    those who did it earlier, or a place shared; None without a tie."""
    distance, crossed = order[seat]
    tied = [s for s in data["ranking"] if s != seat and order[s][0] == distance]
    if not tied:
        return None
    earlier = [s for s in tied if order[s][1] < crossed]
    later = [s for s in tied if order[s][1] > crossed]
    key, others = ("behind", earlier) if earlier else ("ahead", later) if later else ("shared", tied)
    names = [data["players"][s]["name"] for s in others]
    return Message(
        f"rajas.standing.tie_{key}", {"names": list_message(names, words="rajas.words"), "n": len(names)}
    ).to_dict()


def _workers_on(spaces: dict[str, list[int | None]]) -> dict[str, list[int]]:
    """The seats of the workers on each space that holds one (a slot freed by a Shalimar garden is no worker)."""
    shown = {space: [seat for seat in seats if seat is not None] for space, seats in spaces.items()}
    return {space: seats for space, seats in shown.items() if seats}
