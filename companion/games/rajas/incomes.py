"""A province's special income spaces as the table sees them: what is printed on each, and what lies on it.

The province board's grid is not known (BOARD-FACTS.md), so the engine tells the spaces apart by a number only; the
table tells them apart by what it sees on them: the colour of the space (Navaratnas side), the income printed on
it, the yield tile laid on it. Two spaces showing the same are the same to the rules, so the table may name either.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from companion.games.base import Message
from companion.games.rajas.core import known_facts
from companion.games.rajas.rewards import reward_words


def income_spaces(data: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """Every income space of a player's province that is known: its number (the engine's only), its colour and
    printed income when told, the yield tile lying on it, and whether a road already joins it to the residence."""
    me = data["players"][seat]
    board, known = me["board"], known_facts(data)
    spaces = []
    for number in _numbers(me, known):
        tile = me["yields"].get(str(number))
        color = known.get(f"navaratnas.income.{number}.color") if board == "navaratnas" else None
        spaces.append(
            {
                "income": number,
                "color": color,
                "printed": known.get(f"{board}.income.{number}"),
                "yield": {"color": tile["color"], "reward": dict(tile["reward"])} if tile else None,
                "is_joined": number in me["incomes"],
            }
        )
    return spaces


def knows_every_space(data: Mapping[str, Any], seat: int) -> bool:
    """Whether income_spaces lists every space of the player's board (their number is told), not only those
    something is known of."""
    count = known_facts(data).get(f"{data['players'][seat]['board']}.incomes")
    return isinstance(count, int) and not isinstance(count, bool)


def _numbers(me: Mapping[str, Any], known: Mapping[str, Any]) -> list[int]:
    count = known.get(f"{me['board']}.incomes")
    if isinstance(count, int) and not isinstance(count, bool):
        return list(range(1, count + 1))
    pattern = re.compile(rf"^(?:{me['board']}\.income\.(\d+)|navaratnas\.income\.(\d+)\.color)$")
    told = set()
    for key in known:
        found = pattern.match(key)
        if found and (found.group(1) or me["board"] == "navaratnas"):
            told.add(int(found.group(1) or found.group(2)))
    return sorted(told | {int(n) for n in me["yields"]} | set(me["incomes"]))


def space_words(space: Mapping[str, Any]) -> Message:
    """An income space as the table sees it on the board: the yield tile on it, else its colour and printed
    income, else (nothing told of it yet) its number."""
    tile = space.get("yield")
    if tile:
        return Message(
            "rajas.income_space.yield",
            {"color": {"key": f"rajas.yield_color.{tile['color']}"}, "reward": reward_words(tile["reward"]).to_dict()},
        )
    color = {"key": f"rajas.yield_color.{space['color']}"} if space.get("color") else None
    printed = reward_words(space["printed"]).to_dict() if space.get("printed") else None
    if color and printed:
        return Message("rajas.income_space.colored", {"color": color, "printed": printed})
    if color:
        return Message("rajas.income_space.color", {"color": color, "n": space["income"]})
    if printed:
        return Message("rajas.income_space.printed", {"printed": printed})
    return Message("rajas.income_space.number", {"n": space["income"]})


def alike(spaces: list[dict[str, Any]], is_colored: bool) -> list[dict[str, Any]]:
    """The spaces with one of each look: a space showing what an earlier one shows (the same printed income, of the
    same colour on a board whose spaces are coloured, all of it told) is left out, since the rules cannot tell them
    apart; a space not fully told always stays, with its number."""
    seen: set[str] = set()
    found = []
    for space in spaces:
        is_told = space.get("printed") is not None and (space.get("color") is not None or not is_colored)
        look = json.dumps([space.get("color"), space.get("printed"), space.get("yield")], sort_keys=True)
        if is_told and look in seen:
            continue
        seen.add(look)
        found.append(space)
    return found
