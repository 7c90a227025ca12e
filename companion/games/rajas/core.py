"""What every rule module shares: how a rule refuses, how it asks for a fact, and fact lookup."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import Message
from companion.games.rajas.board import known_values, shipped_board
from companion.games.rajas.facts import missing


class Refused(Exception):  # noqa: N818 - control flow inside the rules, never leaves the package
    """A rule forbids the move: reason key, its parameters and the rules-reference entry."""

    def __init__(self, rule: str, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = Message(f"rajas.refused.{reason}", params)


class Undecided(Exception):  # noqa: N818 - control flow inside the rules, never leaves the package
    """The move needs a printed fact that nobody has told yet."""

    def __init__(self, key: str, rule: str) -> None:
        super().__init__(key)
        self.missing = missing(key)
        self.rule = rule


def fact(data: Mapping[str, Any], key: str, rule: str) -> Any:
    """A printed fact: told at the table for this copy, else from the shipped board file; else Undecided."""
    if key in data["facts"]:
        return data["facts"][key]
    value = known_values(shipped_board()["facts"]).get(key)
    if value is None:
        raise Undecided(key, rule)
    return value


def known_fact(data: Mapping[str, Any], key: str) -> Any:
    """A printed fact when it is known (told at the table or shipped), else None: for a rule that applies only
    once the fact is known, and never asks for it."""
    if key in data["facts"]:
        return data["facts"][key]
    return known_values(shipped_board()["facts"]).get(key)


def known_facts(data: Mapping[str, Any]) -> dict[str, Any]:
    """Every fact known for this game: the shipped file overlaid with the table's answers."""
    return {**known_values(shipped_board()["facts"]), **data["facts"]}


def require(condition: bool, rule: str, reason: str, **params: Any) -> None:
    """Refuse unless `condition` holds."""
    if not condition:
        raise Refused(rule, reason, **params)


def has_module(data: Mapping[str, Any], name: str) -> bool:
    """Whether a module or variant is in play."""
    return name in data["modules"]


def player(data: dict[str, Any], seat: int) -> dict[str, Any]:
    """The mutable data of one player (inside the rules' private copy)."""
    return data["players"][seat]


def name_of(data: dict[str, Any], seat: int | None) -> str:
    """The name a player was given at the start, for what the table is told (a seat is a number only here)."""
    players = data["players"]
    return str(players[seat]["name"]) if seat is not None and 0 <= seat < len(players) else f"#{seat}"


def push(data: dict[str, Any], pending: dict[str, Any], front: bool = False) -> None:
    """Queue a decision or a roll the table must make before play goes on."""
    if front:
        data["pending"].insert(0, pending)
    else:
        data["pending"].append(pending)
