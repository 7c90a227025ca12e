"""`companion export` and `companion replay`: a game's log out as JSON lines, and back into a state."""

from __future__ import annotations

import argparse
import json
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.config import Config
from companion.errors import CompanionError, MalformedRequest
from companion.events.store import EventStore
from companion.games.base import Player, RefusedMove
from companion.games.registry import game_kind
from companion.i18n import translate
from companion.names import DIRECTION_CONTROLS
from companion.session import GameSession


def export_command(args: argparse.Namespace, config: Config) -> int:
    """Print every event of a game, one JSON object per line; a data directory without a store is named, not made
    (a mistyped --data-dir would otherwise leave an empty store behind)."""
    path = config.data_dir() / "events.db"
    if not path.is_file():
        raise CompanionError(f"no event store at {path}: is the data directory right (--data-dir)?")
    with EventStore(path) as store:
        if not store.has_game(args.game):
            raise CompanionError(f"no game {args.game!r} in {store.path}")
        for event in store.events(args.game):
            print(json.dumps(event.to_dict(), ensure_ascii=False))
    return 0


def read_log(path: Path) -> list[dict[str, Any]]:
    """The events of an exported log; MalformedRequest names the line at fault."""
    return [event for _, event in _numbered_events(path)]


def _numbered_events(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """(line number, event) of each event of a log, its start checked; MalformedRequest names the line at fault."""
    events = []
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, 1):
            event = _parsed_line(raw, f"{path}:{number}")
            if event is not None:
                events.append((number, event))
    if not events or events[0][1]["type"] != "game_started":
        raise MalformedRequest(f"{path}: the first event must be game_started")
    number, start = events[0]
    problem = start_problem(start)
    if problem:
        raise MalformedRequest(f"{path}:{number}: game_started: {problem}")
    return events


def _parsed_line(raw: bytes, where: str) -> dict[str, Any] | None:
    """One line's event, None for a blank line."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedRequest(f"{where}: not UTF-8 text") from None
    if not line.strip():
        return None
    try:
        event = json.loads(line)
    except json.JSONDecodeError as exc:
        raise MalformedRequest(f"{where}: not JSON ({exc.msg})") from None
    except RecursionError:
        raise MalformedRequest(f"{where}: not JSON (nested too deeply)") from None
    if (
        not isinstance(event, dict)
        or not isinstance(event.get("payload"), dict)
        or not isinstance(event.get("type"), str)
    ):
        raise MalformedRequest(f"{where}: each line needs a text 'type' and an object 'payload'")
    return event


PLAYER_FIELDS = {"seat": int, "name": str, "color": str}
"""What each player of a game_started event holds (as the service writes it)."""
_KIND_NAMES = {int: "a whole number", str: "a text"}


def start_problem(event: dict[str, Any]) -> str | None:
    """What keeps a game_started event from starting a game, in words; None when it starts one."""
    start = event["payload"]
    game_id = event.get("game_id")
    if game_id is not None and (not isinstance(game_id, str) or not game_id):
        return f"'game_id' must be a text, got {game_id!r}"
    if not isinstance(start.get("kind"), str):
        return f"the payload needs 'kind', the game's id (a text), got {start.get('kind')!r}"
    players = start.get("players")
    if not isinstance(players, list) or not players:
        return f"the payload needs 'players', a non-empty list of {{seat, name, color}}, got {players!r}"
    for seat, player in enumerate(players):
        problem = _player_problem(seat, player)
        if problem:
            return problem
    if not isinstance(start.get("options"), dict):
        return f"the payload needs 'options', an object ({{}} for none), got {start.get('options')!r}"
    seed = start.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        return f"'seed' must be a whole number, got {seed!r}"
    try:
        game_kind(start["kind"]).setup([Player(**p) for p in players], start["options"], seed)
    except CompanionError as exc:
        return exc.message
    return None


def _player_problem(seat: int, player: Any) -> str | None:
    if not isinstance(player, dict):
        return f"players[{seat}] must be an object {{seat, name, color}}, got {player!r}"
    for name, kind in PLAYER_FIELDS.items():
        value = player.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            return f"players[{seat}] needs '{name}' ({_KIND_NAMES[kind]}), got {value!r}"
    if player["seat"] != seat:
        return f"players[{seat}].seat must be {seat} (players are listed in seat order), got {player['seat']!r}"
    unknown = sorted(set(player) - set(PLAYER_FIELDS))
    if unknown:
        return f"players[{seat}] has unknown fields {', '.join(unknown)}; allowed: seat, name, color"
    return None


def replay(events: list[dict[str, Any]], lines: Sequence[int] | None = None) -> dict[str, Any]:
    """Rebuild a game in memory, checking every event; refused ones are reported and skipped.

    events: as read_log gives them (its first, game_started, checked); lines: the line of each in its file
    (default: one event a line)."""
    numbers = list(lines) if lines is not None else list(range(1, len(events) + 1))
    with EventStore(":memory:") as store:
        start = events[0]
        stored = store.create_game(start["payload"]["kind"], start["payload"], start.get("game_id"))
        session = GameSession(store, stored.game_id)
        verdicts = []
        for number, event in zip(numbers[1:], events[1:], strict=True):
            payload = {k: v for k, v in event["payload"].items()}
            try:
                session.append(event["type"], payload)
                verdicts.append({"line": number, "type": event["type"], "status": "allowed"})
            except RefusedMove as exc:
                verdicts.append({"line": number, "type": event["type"], **exc.verdict.to_dict()})
            except CompanionError as exc:
                verdicts.append(
                    {"line": number, "type": event["type"], "status": "error", "code": exc.code, "message": exc.message}
                )
        view = session.view()
        return {
            "game_id": stored.game_id,
            "kind": session.game.id,
            "events": len(events),
            "verdicts": verdicts,
            "view": view,
            "ranking": view.get("ranking"),
            "state": session.game.state_to_dict(session.state),
        }


def replay_command(args: argparse.Namespace, config: Config) -> int:
    """Rebuild a game from an exported log and print its state and scores; exit 1 when a line was not applied."""
    numbered = _numbered_events(args.log)
    report = replay([event for _, event in numbered], [number for number, _ in numbered])
    is_clean = all(v["status"] == "allowed" for v in report["verdicts"])
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return 0 if is_clean else 1
    view = report["view"]
    _say(f"game {report['game_id']} ({report['kind']}), {report['events']} events{_where_in_game(view)}")
    for player in view.get("players", []):
        marker = "*" if player["seat"] == view.get("current_seat") else " "
        counters = "".join(f", {name} {player[name]}" for name in COUNTERS if name in player)
        _say(f" {marker} {player['name']:<20} {player.get('score')}{counters}")
    for verdict in report["verdicts"]:
        if verdict["status"] != "allowed":
            _say(f"line {verdict['line']}: {verdict['status']}: {_verdict_text(verdict)}")
    if report["ranking"] is not None:
        names = [view["players"][seat]["name"] for seat in report["ranking"]]
        _say("ranking: " + ", ".join(names))
    return 0 if is_clean else 1


COUNTERS = ("money", "fame", "karma", "boat", "workers_left")
"""A player's counters printed after the score when the game's view has them (a Rajas game's money, fame, karma,
river space of the boat, workers not yet placed this round), so that a replay tells where each player stands."""


def _where_in_game(view: dict[str, Any]) -> str:
    """`, round 3, phase play` (or `, over`) for a game whose view tells it, else nothing."""
    if view.get("is_over"):
        return ", over"
    said = [f"{name} {view[name]}" for name in ("round", "phase") if view.get(name) is not None]
    return "".join(f", {part}" for part in said)


def _verdict_text(verdict: dict[str, Any]) -> str:
    """Why a line was not applied, in English: the game's reason (and the fact it waits for), or the error."""
    if verdict["status"] == "error":
        return str(verdict["message"])
    said = [verdict.get("reason"), (verdict.get("missing") or {}).get("question")]
    return " ".join(translate("en", str(m["key"]), m.get("params") or {}) for m in said if m)


def _say(line: str) -> None:
    """Print one line of the replay's text, its control characters escaped (see printable)."""
    print(printable(line))


def printable(text: str) -> str:
    """A text with its control characters (Unicode category Cc, line and paragraph separators) and direction
    overrides written as escapes (`\\x1b`, `\\n`, `\\u202e`): a name stored before names were checked cannot clear or
    retitle the host's terminal, or start a line that looks like the replay's own."""
    return "".join(_escaped(char) for char in text)


def _escaped(char: str) -> str:
    if unicodedata.category(char) in ("Cc", "Zl", "Zp") or char in DIRECTION_CONTROLS:
        return char.encode("unicode_escape").decode("ascii")
    return char
