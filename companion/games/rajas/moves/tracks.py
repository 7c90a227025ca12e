"""Fame and money tracks with their bonuses, karma, building upgrades and extra workers."""

from __future__ import annotations

from typing import Any

from companion.games.rajas.core import has_module, known_fact, player, push, require
from companion.games.rajas.definition import (
    FAME_BONUSES,
    FAME_WORKER_SPACE,
    GEMSTONE_SPACE,
    MAX_KARMA,
    MONEY_BONUSES,
    MONEY_WORKER_SPACE,
    UPGRADE_LEVELS,
)
from companion.games.rajas.moves.dice import gain_dice


def add_money(data: dict[str, Any], seat: int, amount: int) -> None:
    """Move the money marker forward and take what it reaches (worker at 20, bonus marker spaces)."""
    if amount <= 0:
        return
    me = player(data, seat)
    before = me["money"]
    me["money"] = _held(data, "money", me["money"] + amount)
    if me["money"] >= MONEY_WORKER_SPACE:
        gain_worker(data, seat, "money")
    while me["money_bonus"] < len(MONEY_BONUSES) and me["money"] >= MONEY_BONUSES[me["money_bonus"]][0]:
        # The bonus marker moves on to the next bonus space: each bonus is taken once.
        bonus = MONEY_BONUSES[me["money_bonus"]][1]
        me["money_bonus"] += 1
        _take_bonus(data, seat, bonus, "money")
    _test_fate(data, seat, "money", before)


def track_end(data: dict[str, Any], track: str) -> int | None:
    """The last space of the money or fame track: its highest number, once known (a printed fact), else None."""
    end = known_fact(data, f"track.{track}.length")
    return int(end) if end is not None else None


def _held(data: dict[str, Any], track: str, position: int) -> int:
    # A marker goes no farther than the last space of its track; what it would have moved beyond is lost (rule
    # tracks.end: the rulebook is silent, this is our reading). While the length is unknown, nothing is held: the
    # limit is never guessed, and applies from the moment the table tells it (see hold_to_ends).
    end = track_end(data, track)
    return position if end is None else min(position, end)


def hold_to_ends(data: dict[str, Any]) -> None:
    """Bring back to the last space any marker counted beyond it while the track's length was not known."""
    for me in data["players"]:
        for track in ("money", "fame"):
            me[track] = _held(data, track, me[track])


def pay_money(data: dict[str, Any], seat: int, amount: int, rule: str) -> None:
    """Move the money marker back; money never goes below 0, so a player short of it cannot pay."""
    me = player(data, seat)
    require(me["money"] >= amount, rule, "short_of_money", cost=amount, money=me["money"])
    me["money"] -= amount


def lose(data: dict[str, Any], seat: int, track: str, amount: int) -> None:
    """Move a marker back without paying for anything (Test of Fate), never below 0."""
    me = player(data, seat)
    me[track] = max(0, me[track] - amount)


def add_fame(data: dict[str, Any], seat: int, amount: int) -> None:
    """Move the fame marker forward and take the bonuses and the worker it reaches or passes."""
    if amount <= 0:
        return
    me = player(data, seat)
    before = me["fame"]
    me["fame"] = _held(data, "fame", me["fame"] + amount)
    if me["fame"] >= FAME_WORKER_SPACE:
        gain_worker(data, seat, "fame")
    if has_module(data, "gemstone") and me["fame"] >= GEMSTONE_SPACE and me["gemstone"] is None:
        # The trader replaces a worker not yet placed this round; with none left (the round's last turn) he
        # replaces one already placed, so he stands on the board and works from the next round on.
        me["gemstone"] = "ready" if me["placed"] < me["workers"] else "used"
    for space, bonus in sorted(FAME_BONUSES.items()):
        if me["fame"] >= space and space not in me["fame_bonuses"]:
            me["fame_bonuses"].append(space)
            _take_bonus(data, seat, bonus, "fame")
    _test_fate(data, seat, "fame", before)


def _test_fate(data: dict[str, Any], seat: int, track: str, before: int) -> None:
    # Test of Fate: the marker first makes its whole move (Goodie Box example: 23 + 5 = 28, then back to 23),
    # so workers and bonuses it reached are taken then, and kept; the penalty follows (rule fate.order).
    if has_module(data, "fate"):
        from companion.games.rajas.modules.fate import pass_fate

        pass_fate(data, seat, track, before)


def _take_bonus(data: dict[str, Any], seat: int, bonus: str, track: str) -> None:
    if bonus == "upgrade":
        ask_upgrade(data, seat, 1, why="fame_bonus")
    elif bonus == "karma2":
        add_karma(data, seat, 2)
    elif bonus == "dice2":
        gain_dice(data, seat, free=2, reason="track_bonus")
    elif bonus == "boat":
        from companion.games.rajas.moves.river import offer_boat_bonus

        offer_boat_bonus(data, seat, track)


def add_karma(data: dict[str, Any], seat: int, amount: int) -> None:
    """Raise karma, never above 3."""
    me = player(data, seat)
    me["karma"] = min(MAX_KARMA, me["karma"] + amount)


def ask_upgrade(data: dict[str, Any], seat: int, count: int, why: str | None = None) -> None:
    """Queue the choice of which building to upgrade (lost when every building is at the top level); `why` names
    what gives it when the prompt should say so ("fame_bonus": the fame track's space 5, "raja": the room)."""
    if any(level < UPGRADE_LEVELS[-1] for level in player(data, seat)["upgrades"].values()):
        pending: dict[str, Any] = {"kind": "upgrade", "seat": seat, "count": count}
        if why is not None:
            pending["why"] = why
        push(data, pending)


def upgrade(data: dict[str, Any], seat: int, building: str) -> None:
    """Move one building's cube one column right (counts only for buildings placed afterwards)."""
    me = player(data, seat)
    require(
        me["upgrades"][building] < UPGRADE_LEVELS[-1],
        "upgrade.level",
        "upgrade_at_top",
        building={"key": f"rajas.building.{building}"},
    )
    me["upgrades"][building] += 1
    me["upgrades_done"] += 1


def gain_worker(data: dict[str, Any], seat: int, source: str) -> None:
    """Activate the extra worker waiting at `source` (fame, money, bridge); never lost afterwards."""
    me = player(data, seat)
    if source in me["extra_workers"] or me["extra_removed"]:
        return
    me["extra_workers"].append(source)
    me["workers"] += 1
    # Base game: taking the second extra worker removes the third from the game (Navaratnas keeps all).
    if len(me["extra_workers"]) == 2 and not has_module(data, "navaratnas"):
        me["extra_removed"] = True
