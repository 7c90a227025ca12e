"""Printed facts by key: what each key means, which values it allows, and the question that asks for it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion.games.base import Message, MissingFact
from companion.games.rajas.definition import YIELD_COLORS
from companion.games.rajas.rewards import problem, reward_problem, reward_words, shown
from companion.i18n import translate

# Keys, e.g. "track.money.52.fame", "4p.quarry.3.cost", "34p.river.7", "normal.income.2".
_PATTERNS: dict[str, re.Pattern[str]] = {
    "money_fame": re.compile(r"^track\.money\.(\d{1,3})\.fame$"),
    "track_length": re.compile(r"^track\.(money|fame)\.length$"),
    "slots": re.compile(r"^(2p|3p|4p)\.(quarry|port|market_mixed|market_identical|outer_terrace|village)\.slots$"),
    "quarry_cost": re.compile(r"^(2p|3p|4p)\.quarry\.(\d{1,2})\.cost$"),
    "port_cost": re.compile(r"^(2p|3p|4p)\.port\.(\d{1,2})\.cost$"),
    "river_length": re.compile(r"^(2p|34p)\.river\.length$"),
    "river_bridge": re.compile(r"^(2p|34p)\.river\.bridge$"),
    "river_space": re.compile(r"^(2p|34p)\.river\.(\d{1,2})$"),
    "income": re.compile(r"^(normal|navaratnas)\.income\.(\d{1,2})$"),
    "income_color": re.compile(r"^navaratnas\.income\.(\d{1,2})\.color$"),
    "incomes": re.compile(r"^(normal|navaratnas)\.incomes$"),
}
# The only two pairs of the money/fame table that the rulebook gives (end-game example).
KNOWN_PAIRS: dict[int, int] = {65: 28, 52: 35}


@lru_cache(maxsize=4096)
def fact_kind(key: str) -> tuple[str, tuple[str, ...]] | None:
    """The kind of a fact key and its parts, or None for a key this game does not know."""
    for kind, pattern in _PATTERNS.items():
        found = pattern.match(key)
        if found:
            return kind, found.groups()
    return None


def question(key: str) -> Message:
    """The question the table is asked for this fact."""
    return _about(key, "rajas.fact.q")


def fact_name(key: str) -> Message:
    """What a fact is, named in the table's words ("the fame number beside money 52"), for what is said of it."""
    return _about(key, "rajas.fact.name")


def _about(key: str, prefix: str) -> Message:
    # The question and the name of a fact take the same parameters: the parts of its key, named in words.
    found = fact_kind(key)
    if found is None:
        return Message(f"{prefix}.unknown", {"key": key})
    kind, parts = found
    params: dict[str, Any] = {"key": key}
    params.update(dict(zip(_PARTS[kind], parts, strict=True)))
    for name, catalogue in _NAMED.items():
        if name in params:
            params[name] = {"key": f"{catalogue}.{params[name]}"}
    return Message(f"{prefix}.{kind}", params)


_PARTS: dict[str, tuple[str, ...]] = {
    "money_fame": ("money",),
    "track_length": ("track",),
    "slots": ("layout", "area"),
    "quarry_cost": ("layout", "slot"),
    "port_cost": ("layout", "slot"),
    "river_length": ("side",),
    "river_bridge": ("side",),
    "river_space": ("side", "space"),
    "income": ("board", "income"),
    "income_color": ("income",),
    "incomes": ("board",),
}
"""The names of the parts of each kind of key, as the question and the name of a fact use them."""

_NAMED = {
    "area": "rajas.area",
    "track": "rajas.track",
    "layout": "rajas.layout",
    "side": "rajas.layout",
    "board": "rajas.province_board",
}
"""Parts of a fact's key that the question names in the table's language (catalogue prefix): "money", "3p" and
"navaratnas" are key words, not words to show (a French table read "la piste (money)", "plateau utilisé (2p)")."""


def missing(key: str) -> MissingFact:
    """The missing-fact record for a key."""
    return MissingFact(key, question(key))


def with_why(found: MissingFact, why: str) -> MissingFact:
    """The same missing fact, its question saying which part of the move needs it (a rajas.fact.why.* message in
    its params, shown under the question): "for the boat bonus of the money track". The nearest reason said first
    is kept, except the river space's own, which a track's boat bonus that sent the boat there says better."""
    said = found.question.params.get("why")
    if said is not None and said.get("key") not in _YIELDING_WHYS:
        return found
    if why == "river_space":
        # A boat's move asks the river's facts: the space it reaches, its length, or where its bridge stands.
        kind = fact_kind(found.key)
        river_why = _RIVER_WHYS.get(kind[0]) if kind is not None else None
        if river_why is None:
            return found  # no reason said rather than a wrong one
        why = river_why
    params = {**found.question.params, "why": {"key": f"rajas.fact.why.{why}"}}
    return MissingFact(found.key, Message(found.question.key, params))


_RIVER_WHYS = {"river_space": "river_space", "river_bridge": "bridge", "river_length": "river_end"}
"""Why a boat's move needs each river fact: the reward of the space it reaches, whether it passes the bridge (and
takes the worker there), where the river ends."""
_YIELDING_WHYS = {"rajas.fact.why.river_space"}
"""Reasons that a farther one replaces: the boat reaching a river space is the why of every boat move, the bonus
that moved the boat tells the table what it did not do itself."""


def in_english(message: Message) -> str:
    """A problem said in English: for the log, the API's message and board files, which are read in English."""
    return translate("en", message.key, message.params)


def value_problem(key: str, value: Any, known: Mapping[str, Any]) -> Message | None:
    """Why `value` cannot be what is printed for `key`, given the other known facts; None when it can."""
    found = fact_kind(key)
    if found is None:
        return problem("unknown_key", key=key)
    kind, parts = found
    if kind in ("river_space", "income"):
        return reward_problem(value)
    if kind == "income_color":
        return None if value in YIELD_COLORS else problem("yield_color", value=shown(value))
    if not isinstance(value, int) or isinstance(value, bool):
        return problem("whole_number", value=shown(value))
    low, high = _limits(kind, parts)
    if not low <= value <= high:
        return problem("range", low=low, high=high, value=value)
    if kind == "money_fame":
        return _pair_problem(int(parts[0]), value, known)
    if kind == "track_length":
        return _length_problem(parts[0], value, known)
    return None


def _limits(kind: str, parts: tuple[str, ...]) -> tuple[int, int]:
    # The first port space is free (0); every later one costs 1 or 2.
    if kind == "port_cost":
        return (0, 0) if parts[-1] == "1" else (1, 2)
    return _LIMITS[kind]


def value_range(key: str, known: Mapping[str, Any]) -> tuple[int, int] | None:
    """The lowest and highest whole number that can be printed for `key`, given the other known facts (what the
    number field asking for it allows); None for a fact that is not a number (a reward, a colour) or an unknown
    key. Every number in the range may still be refused by value_problem (a money space beside fame that breaks
    the order of the known pairs); none outside it is allowed."""
    found = fact_kind(key)
    if found is None or found[0] in ("river_space", "income", "income_color"):
        return None
    kind, parts = found
    low, high = _limits(kind, parts)
    if kind == "money_fame":
        beside_low, beside_high = beside_bounds(int(parts[0]), {k: v for k, v in known.items() if k != key})
        end = track_ends(known)["fame"]
        low, high = max(low, beside_low), min([high, *(v for v in (beside_high, end) if v is not None)])
    elif kind == "track_length":
        pairs = {**KNOWN_PAIRS, **beside_pairs(known)}
        spaces = pairs.keys() if parts[0] == "money" else pairs.values()
        low = max([low, TRACK_AT_LEAST[parts[0]], *spaces])
    elif kind == "river_bridge":
        length = _whole(known.get(f"{parts[0]}.river.length"))
        high = high if length is None else min(high, length - 1)
    elif kind == "river_length":
        bridge = _whole(known.get(f"{parts[0]}.river.bridge"))
        low = low if bridge is None else max(low, bridge + 1)
    return low, max(low, high)


def value_words(key: str, value: Any) -> Message:
    """What is printed for a fact, said in the table's words: a reward ("2 argent"), a colour, or the number."""
    found = fact_kind(key)
    kind = found[0] if found else None
    if kind in ("river_space", "income"):
        return reward_words(value)
    if kind == "income_color" and value in YIELD_COLORS:
        return Message(f"rajas.yield_color.{value}")
    return Message("rajas.fact.value", {"value": shown(value)})


_LIMITS: dict[str, tuple[int, int]] = {
    "money_fame": (0, 150),
    "track_length": (0, 150),  # and at least as far as the rulebook's example goes: TRACK_AT_LEAST
    "slots": (1, 12),
    "quarry_cost": (1, 4),
    "river_length": (6, 40),
    "river_bridge": (1, 39),
    "incomes": (1, 20),
}
"""The values each kind of number fact may have at all (the first port space is free: 0; later ones 1 or 2)."""

TRACK_AT_LEAST: dict[str, int] = {"money": 65, "fame": 37}
"""The tracks reach at least these spaces: the base rulebook's end-game example (Fin de la partie) stops Rajesh's
money marker on 65 and Leila's fame marker on 37."""


def _pair_problem(money: int, fame: int, known: Mapping[str, Any]) -> Message | None:
    # Money runs against fame, so the fame beside a money space never grows as money grows.
    ends = track_ends(known)
    if ends["money"] is not None and money > ends["money"]:
        return problem("beyond_track", track={"key": "rajas.track.money"}, space=money, end=ends["money"])
    if ends["fame"] is not None and fame > ends["fame"]:
        return problem("beyond_track", track={"key": "rajas.track.fame"}, space=fame, end=ends["fame"])
    pairs = dict(KNOWN_PAIRS)
    pairs.update(beside_pairs(known))
    if money in KNOWN_PAIRS and KNOWN_PAIRS[money] != fame:
        return problem("known_pair", money=money, fame=KNOWN_PAIRS[money], value=fame)
    for other, other_fame in pairs.items():
        if (other < money and other_fame < fame) or (other > money and other_fame > fame):
            return problem("pair_order", money=money, fame=fame, other_money=other, other_fame=other_fame)
    return None


def _length_problem(track: str, end: int, known: Mapping[str, Any]) -> Message | None:
    # A track ends on its highest number: the spaces of the rulebook's example, and every space already told
    # beside the other track, lie on it.
    name = {"key": f"rajas.track.{track}"}
    if end < TRACK_AT_LEAST[track]:
        return problem("track_example", track=name, space=TRACK_AT_LEAST[track], value=end)
    pairs = dict(KNOWN_PAIRS)
    pairs.update(beside_pairs(known))
    spaces = pairs.keys() if track == "money" else pairs.values()
    farthest = max(spaces, default=0)
    if farthest > end:
        return problem("track_too_short", track=name, space=farthest, value=end)
    return None


def fact_problem(key: str, value: Any, known: Mapping[str, Any]) -> Message | None:
    """Why `value` cannot be printed for `key` when it is told now (the board page, a board file taken in, a new
    answer at the table): value_problem's reasons, and a river bridge past the river's last space. A game's log and
    a board file kept already are read with value_problem alone, so that what was told before the bridge was checked
    still folds and loads."""
    found = value_problem(key, value, known)
    span = value_range(key, known) if found is not None and found.key == "rajas.fact.problem.range" else None
    if span is not None:
        return problem("range", low=span[0], high=span[1], value=value)  # the range the question offers
    return found or _river_problem(key, value, known)


def _river_problem(key: str, value: Any, known: Mapping[str, Any]) -> Message | None:
    # The bridge stands after river space `bridge`, and the boat passes it by going on to a later space: the river
    # has at least one space after its bridge, or nobody ever passes it (and its extra worker never comes).
    found = fact_kind(key)
    if found is None or found[0] not in ("river_length", "river_bridge") or _whole(value) is None:
        return None
    kind, (side,) = found
    if kind == "river_bridge":
        length = _whole(known.get(f"{side}.river.length"))
        if length is not None and value >= length:
            return problem("bridge_beyond_river", length=length, last=length - 1, value=value)
        return None
    bridge = _whole(known.get(f"{side}.river.bridge"))
    if bridge is not None and value <= bridge:
        return problem("river_before_bridge", bridge=bridge, least=bridge + 1, value=value)
    return None


def _whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def track_ends(known: Mapping[str, Any]) -> dict[str, int | None]:
    """The last space of the money and of the fame track among the known facts (None while unknown)."""
    ends: dict[str, int | None] = {}
    for track in ("money", "fame"):
        end = known.get(f"track.{track}.length")
        ends[track] = end if isinstance(end, int) and not isinstance(end, bool) else None
    return ends


def beside_pairs(known: Mapping[str, Any]) -> dict[int, int]:
    """Every known (money -> fame beside it) pair among the facts."""
    pairs: dict[int, int] = {}
    for key, value in known.items():
        if not key.startswith("track.money."):
            continue
        found = fact_kind(key)
        if found and found[0] == "money_fame" and isinstance(value, int):
            pairs[int(found[1][0])] = value
    return pairs


def beside_bounds(money: int, known: Mapping[str, Any]) -> tuple[int, int | None]:
    """Lowest and highest fame that can be beside `money` (exact when both agree); None = no upper bound."""
    pairs = dict(KNOWN_PAIRS)
    pairs.update(beside_pairs(known))
    if money in pairs:
        return pairs[money], pairs[money]
    lower = max((f for m, f in pairs.items() if m > money), default=0)
    upper = min((f for m, f in pairs.items() if m < money), default=None)
    return lower, upper


def told_problems(told: Mapping[str, Any], known: Mapping[str, Any]) -> dict[str, Message]:
    """Why each of several facts told at once cannot be what is printed, by key, in the table's words (see
    `told_problem`); the facts not in it are good, with each other and with the `known` ones."""
    problems = {}
    for key, value in told.items():
        found = told_problem(key, value, {k: v for k, v in told.items() if k != key}, known)
        if found is not None:
            problems[key] = found
    return problems


def told_problem(key: str, value: Any, with_it: Mapping[str, Any], known: Mapping[str, Any]) -> Message | None:
    """Why `value` cannot be printed for `key`, told with the facts `with_it`, the `known` facts known already:
    "for <the fact>, <the problem>", a number out of the range the board page offers for it (value_range, given
    the known facts) said with that range; a problem that another fact brings names that fact and its value
    ("... contradicts the fame beside money space 65, which is 28: ..."). None when it can be."""
    others = {**{k: v for k, v in known.items() if k != key}, **with_it}
    own = fact_problem(key, value, others)
    if own is None:
        return None
    fact = fact_name(key).to_dict()
    if own.key == "rajas.fact.problem.range":
        low, high = value_range(key, known) or (own.params["low"], own.params["high"])
        exact = problem("range_exact", low=low, value=shown(value))
        own = exact if low == high else problem("range", low=low, high=high, value=shown(value))
    conflict = _conflicting(key, value, with_it, known) if own.key in _RELATED else None
    if conflict is None:
        return Message("rajas.said.form.fact_problem", {"fact": fact, "problem": own.to_dict()})
    other, why = conflict
    params = {"fact": fact, "value": shown(value), "other": fact_name(other).to_dict()}
    params["other_value"] = value_words(other, {**known, **with_it}[other]).to_dict()
    # What the told value makes of the other fact ("the money track ends at 50 and has no space 65"); of two told
    # together, rather the end of a track than "space 40 of the fame track is already known".
    # A bridge is said against the river's length, which the table reads plainer than the length it would need.
    is_plainer = (other not in with_it and own.key not in _RIVER) or why.key == "rajas.fact.problem.beyond_track"
    params["problem"] = (why if is_plainer else own).to_dict()
    return Message("rajas.said.form.fact_conflict", params)


_RIVER = {f"rajas.fact.problem.{why}" for why in ("bridge_beyond_river", "river_before_bridge")}
_RELATED = {
    *(f"rajas.fact.problem.{why}" for why in ("beyond_track", "pair_order", "track_too_short", "track_example")),
    *_RIVER,
}
"""The problems of a number that another fact brings (the tracks' ends, the fame beside money, the river's bridge
and length)."""
RELATED_KINDS = ("money_fame", "track_length", "river_length", "river_bridge")
"""The kinds of facts whose values another fact can contradict (a told value is checked against them)."""


def _conflicting(
    key: str, value: Any, with_it: Mapping[str, Any], known: Mapping[str, Any]
) -> tuple[str, Message] | None:
    """The first fact on the tracks or the river (known already, then told with `key`) that was good without
    `key`'s value and is not with it, and its problem then."""
    for source in (known, with_it):
        for other, other_value in source.items():
            if other == key or not is_related(other) or (source is known and other in with_it):
                continue
            without = {k: v for k, v in known.items() if k not in (key, other)}
            why = fact_problem(other, other_value, {**without, key: value})
            if why is not None and fact_problem(other, other_value, without) is None:
                return other, why
    return None


def is_related(key: str) -> bool:
    """Whether another fact can contradict this fact's value (RELATED_KINDS)."""
    found = fact_kind(key)
    return found is not None and found[0] in RELATED_KINDS
