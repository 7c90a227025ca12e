"""`companion export` and `companion replay`: a game's log out as JSON lines, and back into a state."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from companion.config import Config
from companion.errors import CompanionError, MalformedRequest
from companion.events.store import EventStore
from companion.games.base import RefusedMove
from companion.session import GameSession


def export_command(args: argparse.Namespace, config: Config) -> int:
    """Print every event of a game, one JSON object per line."""
    with EventStore(config.data_dir() / "events.db") as store:
        if not store.has_game(args.game):
            raise CompanionError(f"no game {args.game!r} in {store.path}")
        for event in store.events(args.game):
            print(json.dumps(event.to_dict(), ensure_ascii=False))
    return 0


def read_log(path: Path) -> list[dict[str, Any]]:
    """The events of an exported log; MalformedRequest names the line at fault."""
    events = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                event = json.loads(line)
            except json.JSONDecodeError as exc:
                raise MalformedRequest(f"{path}:{number}: not JSON ({exc.msg})") from None
            if not isinstance(event, dict) or not isinstance(event.get("payload"), dict) or "type" not in event:
                raise MalformedRequest(f"{path}:{number}: each line needs 'type' and an object 'payload'")
            events.append(event)
    if not events or events[0]["type"] != "game_started":
        raise MalformedRequest(f"{path}: the first event must be game_started")
    return events


def replay(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Rebuild a game in memory, checking every event; refused ones are reported and skipped."""
    with EventStore(":memory:") as store:
        start = events[0]
        stored = store.create_game(start["payload"]["kind"], start["payload"], start.get("game_id"))
        session = GameSession(store, stored.game_id)
        verdicts = []
        for number, event in enumerate(events[1:], 2):
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
    """Rebuild a game from an exported log and print its state and scores."""
    report = replay(read_log(args.log))
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return 0
    view = report["view"]
    print(f"game {report['game_id']} ({report['kind']}), {report['events']} events")
    for player in view.get("players", []):
        marker = "*" if player["seat"] == view.get("current_seat") else " "
        print(f" {marker} {player['name']:<20} {player.get('score')}")
    refused = [v for v in report["verdicts"] if v["status"] != "allowed"]
    for verdict in refused:
        print(f"line {verdict['line']}: {verdict['status']}: {verdict.get('reason') or verdict.get('message')}")
    if report["ranking"] is not None:
        names = [view["players"][seat]["name"] for seat in report["ranking"]]
        print("ranking: " + ", ".join(names))
    return 0
