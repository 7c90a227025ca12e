"""Dice: paying them (with karma flips or the gemstone trader), gaining them, and the roll that follows."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.base import Message
from companion.games.rajas.core import player, push, require
from companion.games.rajas.definition import COLORS
from companion.games.rajas.state import dice_count
from companion.i18n import list_message


def pay_dice(data: dict[str, Any], seat: int, dice: list[dict[str, Any]], rule: str) -> list[tuple[str, int]]:
    """Return paid dice to the supply; the (colour, value used) of each. Karma flips cost one level each."""
    me = player(data, seat)
    used = []
    flips = 0
    for die, via in zip(dice, _turnings(data, seat, dice), strict=True):
        color, value, as_value = die["color"], die["value"], die["as"]
        _take_off_kali(me, color, value)
        data["supply"][color] += 1
        if via == "karma":
            _check_karma_face(data, seat, value, as_value)
            flips += 1
        elif via == "gemstone":
            require(
                data["turn"]["worker"] == "gemstone" and not data["turn"]["gemstone"],
                "gemstone.turn",
                "gemstone_unavailable",
            )
            data["turn"]["gemstone"] = True
        used.append((color, as_value))
    require(flips <= me["karma"], "karma.flip", "short_of_karma", needed=flips, karma=me["karma"])
    me["karma"] -= flips
    return used


def _turnings(data: dict[str, Any], seat: int, dice: list[dict[str, Any]]) -> list[str | None]:
    """How each paid die is turned: None (used as it shows), "karma" or "gemstone". A move may say so (the die's
    "via"); where it does not, on the Gemstone Trader's turn his one free turn (Goodie Box, The Gemstone Trader:
    any number, no karma) goes to the die karma could not turn, or else to one it could, sparing that karma; every
    other die used as another number is a karma flip."""
    ways = [die["via"] if die["as"] != die["value"] else None for die in dice]
    unsaid = [i for i, die in enumerate(dice) if die["as"] != die["value"] and die["via"] is None]
    trader = data["turn"]["worker"] == "gemstone" and not data["turn"]["gemstone"] and "gemstone" not in ways
    if trader and unsaid:
        beyond_karma = [i for i in unsaid if not _karma_reaches(data, seat, dice[i]["value"], dice[i]["as"])]
        ways[(beyond_karma or unsaid)[0]] = "gemstone"
    return [way or ("karma" if die["as"] != die["value"] else None) for way, die in zip(ways, dice, strict=True)]


def _check_karma_face(data: dict[str, Any], seat: int, value: int, target: int) -> None:
    """A die turned by karma shows its opposite face, or with the Ashoka Pillar one pip either side of it: refused
    otherwise, naming the faces it may show."""
    if _karma_reaches(data, seat, value, target):
        return
    faces = [face for face in range(1, 7) if _karma_reaches(data, seat, value, face)]
    if len(faces) == 1:
        require(False, "karma.flip", "karma_face", value=value, target=target)
    require(
        False,
        "karma.flip",
        "karma_face_ashoka",
        value=value,
        target=target,
        faces=list_message([str(f) for f in faces], "or", words="rajas.words"),
    )


def _karma_reaches(data: dict[str, Any], seat: int, value: int, target: int) -> bool:
    opposite = 7 - value
    if target == opposite:
        return True
    # Ashoka Pillar (Tiger expansion): the flipped face may be moved one pip either way.
    return has_tile(data, seat, "ashoka_pillar") and abs(target - opposite) == 1


def has_tile(data: dict[str, Any], seat: int, name: str) -> bool:
    """Whether a player's province shows a named (tiger) tile."""
    return any(t.get("name") == name and not t["covered"] for t in player(data, seat)["tiles"])


def gain_dice(
    data: dict[str, Any], seat: int, fixed: dict[str, int] | None = None, free: int = 0, reason: str = "gain"
) -> None:
    """Queue a roll of newly taken dice: `fixed` colours, plus `free` dice of the player's choice."""
    fixed = {c: n for c, n in (fixed or {}).items() if n > 0}
    if not fixed and free <= 0:
        return
    push(data, {"kind": "roll", "seat": seat, "fixed": fixed, "free": free, "reroll": None, "reason": reason})


def _take_off_kali(me: dict[str, Any], color: str, value: int) -> None:
    """Remove one die of the player's from their Kali statue; refused if they have no such die."""
    require(value in me["dice"][color], "dice.own", "die_not_owned", color={"key": f"rajas.color.{color}"}, value=value)
    me["dice"][color].remove(value)


def reroll(data: dict[str, Any], seat: int, dice: list[dict[str, Any]]) -> None:
    """Take dice off the Kali to roll them again (outer terrace); they come back through the roll."""
    me = player(data, seat)
    for die in dice:
        _take_off_kali(me, die["color"], die["value"])
    if dice:
        colors = sorted(d["color"] for d in dice)
        me["rerolling"] = colors
        push(data, {"kind": "roll", "seat": seat, "fixed": {}, "free": 0, "reroll": colors, "reason": "reroll"})


def resolve_roll(data: dict[str, Any], pending: dict[str, Any], move: dict[str, Any]) -> None:
    """Put rolled dice on the Kali: exactly what was offered, unless the Kali or the supply runs short."""
    me = player(data, pending["seat"])
    taken = Counter(d["color"] for d in move["dice"])
    if pending["reroll"] is not None:
        require(
            sorted(taken.elements()) == pending["reroll"] and not move["return"],
            "dice.roll",
            "reroll_mismatch",
            n=len(pending["reroll"]),  # `n`: the count the catalogue says in the singular when it is one
        )
        me["rerolling"] = []
    else:
        _return_dice(data, me, move["return"], len(move["dice"]))
        _check_offer(data, me, pending, taken)
        for color, count in taken.items():
            data["supply"][color] -= count
    for die in move["dice"]:
        me["dice"][die["color"]].append(die["value"])
    for color in COLORS:
        me["dice"][color].sort()
    require(dice_count(me) <= me["capacity"], "dice.kali_limit", "kali_full", capacity=me["capacity"])


def _return_dice(data: dict[str, Any], me: dict[str, Any], returned: list[dict[str, Any]], taking: int) -> None:
    # Dice go back only to make room for the new ones (rulebook: take fewer, or free hands first).
    room_needed = max(0, dice_count(me) + taking - me["capacity"])
    require(len(returned) <= room_needed, "dice.kali_limit", "return_not_needed", needed=room_needed)
    for die in returned:
        _take_off_kali(me, die["color"], die["value"])
        data["supply"][die["color"]] += 1


def _check_offer(data: dict[str, Any], me: dict[str, Any], pending: dict[str, Any], taken: Counter[str]) -> None:
    fixed: dict[str, int] = pending["fixed"]
    extra = sum(max(0, n - fixed.get(c, 0)) for c, n in taken.items())
    words = _roll_words(pending, taken)
    require(extra <= pending["free"], "dice.roll", "roll_offer", n=offer_size(pending), **words)
    for color, count in taken.items():
        require(count <= data["supply"][color], "dice.supply", "supply_empty", color={"key": f"rajas.color.{color}"})
    short = offer_size(pending) - sum(taken.values())
    if short <= 0 or dice_count(me) + sum(taken.values()) >= me["capacity"]:
        return
    left = {c: data["supply"][c] - taken[c] for c in COLORS}
    could_fixed = any(left[c] > 0 and taken[c] < n for c, n in fixed.items())
    could_free = extra < pending["free"] and sum(left.values()) > 0
    require(not could_fixed and not could_free, "dice.roll", "roll_offer", n=offer_size(pending), **words)


def _roll_words(pending: dict[str, Any], taken: Counter[str]) -> dict[str, Any]:
    """The refusal's words for a roll that does not show the dice offered (its count `n` chooses the singular
    text): the dice to roll ("2 blue dice") and what was entered, in the order entered ("you entered 1 orange die
    and 1 blue die")."""
    fixed: dict[str, int] = pending["fixed"]
    offered = [Message(f"rajas.reward.dice.{c}", {"n": fixed[c]}) for c in COLORS if fixed.get(c, 0) > 0]
    if pending["free"] > 0:
        offered.append(Message("rajas.reward.dice", {"n": int(pending["free"])}))
    entered = [Message(f"rajas.reward.dice.{c}", {"n": n}) for c, n in taken.items() if n > 0]
    said = Message("rajas.roll.entered", {"dice": _listed(entered)}) if entered else Message("rajas.roll.entered_none")
    return {"offered": _listed(offered), "entered": said.to_dict()}


def _listed(parts: list[Message]) -> Any:
    """Several things said in one list, the last after "and" ("1 blue die, 1 green die and 1 orange die")."""
    return list_message([part.to_dict() for part in parts], words="rajas.words")


def offer_size(pending: dict[str, Any]) -> int:
    """How many dice a pending roll offers."""
    if pending["reroll"] is not None:
        return len(pending["reroll"])
    return int(sum(pending["fixed"].values()) + pending["free"])
