"""Setting up: start rolls, the first player by the lowest total, starting money 3/4/5/6, modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import MalformedRequest, shown
from companion.games.base import Player
from companion.games.rajas.core import has_module, player, push
from companion.games.rajas.definition import COLORS, MODULES, RULES_VERSION, START_MONEY, layout_for, river_side
from companion.games.rajas.facts import fact_name, in_english, value_problem
from companion.games.rajas.state import new_data, new_player


def build_setup(players: Sequence[Player], options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The state before the start rolls; every player rolls one die of each colour first."""
    if not 2 <= len(players) <= 4:
        raise MalformedRequest(
            f"Rajas of the Ganges takes 2 to 4 players, got {len(players)}",
            field="players",
            said={"key": "error.said.player_count", "params": {"low": 2, "high": 4, "n": len(players)}},
        )
    settings = _checked_options(options, len(players))
    experienced = set(settings["experienced"])
    seats = []
    for index, who in enumerate(players):
        navaratnas = "navaratnas" in settings["modules"] or index in experienced
        seats.append(new_player(index, who.name, who.color, "navaratnas" if navaratnas else "normal"))
    data = new_data(seats, settings, seed)
    for seat in range(len(players)):
        push(
            data,
            {
                "kind": "roll",
                "seat": seat,
                "fixed": {c: 1 for c in COLORS},
                "free": 0,
                "reroll": None,
                "reason": "start",
            },
        )
    return data


def _checked_options(options: Mapping[str, Any], count: int) -> dict[str, Any]:
    """The options checked whole: each refusal names the option in English (the log, the API's message) and says
    it in the table's words (`said`, catalogue keys rajas.said.option_*)."""
    _check_shapes(options)
    modules = _checked_modules(list(options.get("modules", [])))
    experienced = _checked_experienced(list(options.get("experienced", [])), modules, count)
    facts = dict(options.get("facts", {}))
    for key, value in facts.items():
        problem = value_problem(key, value, facts)
        if problem:
            said = {"fact": fact_name(key).to_dict(), "problem": problem.to_dict()}
            raise MalformedRequest(
                f"option facts.{key}: {in_english(problem)}",
                field=f"facts.{key}",
                said={"key": "rajas.said.fact_option", "params": said},
            )
    return {
        "modules": sorted(modules),
        "experienced": sorted(experienced),
        "facts": facts,
        "layout": layout_for(count),
        "river_side": river_side(count),
        "rules": options.get("rules", 1),  # none kept: a game begun before versions were (see RULES_VERSION)
    }


def _refused(message: str, field: str, reason: str, **params: Any) -> MalformedRequest:
    return MalformedRequest(message, field=field, said={"key": f"rajas.said.{reason}", "params": params})


def _check_shapes(options: Mapping[str, Any]) -> None:
    unknown = sorted(set(options) - {"modules", "experienced", "facts", "rules"}, key=str)
    if unknown:
        names = ", ".join(shown(name) for name in unknown)
        message = f"unknown option(s) {names}; allowed: modules, experienced, facts"
        raise _refused(message, "options", "option_unknown", names=names)
    rules = options.get("rules", 1)
    if not (isinstance(rules, int) and not isinstance(rules, bool) and 1 <= rules <= RULES_VERSION):
        message = f"option rules must be a rules version from 1 to {RULES_VERSION}, got {shown(rules)}"
        raise _refused(message, "rules", "option_rules", high=RULES_VERSION, value=shown(rules))
    for key, shape in (("modules", list), ("experienced", list), ("facts", dict)):
        if not isinstance(options.get(key, shape()), shape):
            kind = "a list" if shape is list else "an object"
            reason = "option_list" if shape is list else "option_object"
            option = {"key": f"rajas.option.{key}"}
            message = f"option {key} must be {kind}, got {shown(options[key])}"
            raise _refused(message, key, reason, option=option, value=shown(options[key]))


def _checked_modules(modules: list[Any]) -> list[str]:
    bad = [m for m in modules if m not in MODULES]
    twice = [m for m in modules if modules.count(m) > 1]
    if bad or twice:
        allowed = ", ".join(MODULES)
        message = f"option modules: {shown(bad or modules)} not allowed; allowed: {list(MODULES)}"
        if bad:
            raise _refused(message, "modules", "module_unknown", value=shown(bad[0]), allowed=allowed)
        raise _refused(message, "modules", "module_twice", module={"key": f"rajas.option.modules.{twice[0]}"})
    return [str(m) for m in modules]


def _checked_experienced(experienced: list[Any], modules: list[str], count: int) -> list[int]:
    option = {"key": "rajas.option.experienced"}
    wrong = [s for s in experienced if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < count]
    if wrong:
        message = f"option experienced must list seats 0..{count - 1}, got {shown(experienced)}"
        raise _refused(
            message, "experienced", "experienced_seats", option=option, high=count - 1, value=shown(wrong[0])
        )
    if experienced and "mixed_groups" not in modules:
        module = {"key": "rajas.option.modules.mixed_groups"}
        message = "option experienced needs the module mixed_groups"
        raise _refused(message, "experienced", "experienced_needs", option=option, module=module)
    _check_mixed_groups(experienced, modules)
    return [int(s) for s in experienced]


def _check_mixed_groups(experienced: list[Any], modules: list[str]) -> None:
    """Mixed groups (rulebook, Navaratnas variant, mixed groups of players) put the experienced players alone on the
    Navaratnas side, the others on the normal side with only white yield tiles: it is no handicap without an
    experienced player, and it contradicts the Navaratnas variant played by all (which gave everyone that side)."""
    if "mixed_groups" not in modules:
        return
    module = {"key": "rajas.option.modules.mixed_groups"}
    if "navaratnas" in modules:
        message = "modules mixed_groups and navaratnas exclude each other: mixed groups put only the experienced"
        message += " players on the Navaratnas side"
        raise _refused(message, "modules", "mixed_with_navaratnas", module=module)
    if not experienced:
        message = "module mixed_groups needs the experienced players named (option experienced)"
        raise _refused(message, "experienced", "mixed_needs_experienced", module=module)


def start_totals(data: dict[str, Any]) -> dict[int, int]:
    """Each player's total of the start roll."""
    return {p["seat"]: sum(sum(v) for v in p["dice"].values()) for p in data["players"]}


def after_start_rolls(data: dict[str, Any]) -> None:
    """Once everyone has rolled: the lowest total starts (ties: the table says who ate Indian food last)."""
    if data["phase"] != "setup" or data["pending"] or data["turn_seat"] is not None:
        return
    totals = start_totals(data)
    lowest = min(totals.values())
    tied = [s for s, t in totals.items() if t == lowest]
    if len(tied) > 1:
        push(data, {"kind": "start_player", "seat": None, "seats": tied})
    else:
        choose_start(data, tied[0])


def choose_start(data: dict[str, Any], first: int) -> None:
    """The first player takes the elephant; money 3, 4, 5, 6 in turn order from them."""
    seats = len(data["players"])
    for offset in range(seats):
        player(data, (first + offset) % seats)["money"] = START_MONEY[offset]
    data["first_seat"] = first
    data["turn_seat"] = first
    if has_module(data, "ganga") or has_module(data, "ganga2"):
        from companion.games.rajas.modules.ganga import start_ganga

        start_ganga(data)
    if has_module(data, "navaratnas"):
        # Each player draws a brown yield tile and lays it on one of two income spaces.
        for offset in range(seats):
            push(data, {"kind": "yield_place", "seat": (first + offset) % seats})
    begin_play(data)


def begin_play(data: dict[str, Any]) -> None:
    """Round 1 begins once the setup decisions are all made."""
    if data["pending"] or data["phase"] != "setup":
        return
    data["phase"] = "play"
    data["round"] = 1
