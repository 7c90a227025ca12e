"""The companion service: games and their logs, the camera, the lights, all behind one object.

The web layer, the command line and the buttons all go through this object; it never touches hardware
directly: the parts are built by companion.wiring and passed in.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.boards import OwnerBoards
from companion.devices.notices import DeviceChoice
from companion.errors import SHOWN_CHARS, Conflict, GameNotFound, MalformedRequest, StoreError, shown
from companion.events.bus import EventBus, GameEventAppended, ReadingUpdated, RollSettled, VerdictGiven
from companion.events.store import EventStore, StoredEvent
from companion.games.base import Player, RefusedMove, RolledDie, Verdict, verdict_in_words
from companion.games.registry import game_kind, game_kinds
from companion.names import is_blank, kept_name, name_fault, same_name_key
from companion.session import GameSession
from companion.table_buttons import TableButtons
from vision.reading import DiceReading, sure_value

log = logging.getLogger(__name__)

PLAYER_COLORS = ("blue", "green", "orange", "violet", "red", "yellow", "white", "black")
APPENDABLE = ("move", "undo", "redo", "correction")
MAX_NAME = 40
"""The most characters in a player's name (the start form's name boxes take as many)."""
MAX_FACTS_TOLD = 8
"""Printed facts told to a game from the owner's copy for one move, at most (a move needs one or two)."""


class Companion:
    """Owns the store, the open game sessions and the event bus; devices plug in through the bus."""

    def __init__(self, store: EventStore, *, bus: EventBus | None = None, data_dir: Path | None = None) -> None:
        self.store = store
        self.data_dir = data_dir
        self.boards = OwnerBoards(data_dir)
        self.bus = bus or EventBus()
        # Said at start, not at the table's first move: a read-only file (or its -wal, -shm) or a full disk.
        self.store.check_writable()
        self.devices: dict[str, Any] = {}
        self.choices: list[DeviceChoice] = []
        self.started_at = time.time()
        self._sessions: dict[str, GameSession] = {}
        self._lock = threading.RLock()
        self._changed = threading.Condition()
        self._version = 0
        self.last_reading: dict[str, Any] | None = None
        self.last_settled: dict[str, Any] | None = None
        self._die_colours: tuple[str, ...] | None = None  # the active game's, found when first asked for
        self._unplayed: tuple[str, int, str] | None = None  # the last settled roll not played, as logged
        self._active_listeners: list[Callable[[str], None]] = []
        self.bus.subscribe(RollSettled, self._on_roll_settled)
        self.bus.subscribe(GameEventAppended, self._on_fact_told)
        self.buttons = TableButtons(self, self._changed_now)  # confirm, undo and next, from GPIO or the microcontroller

    # ---- games
    def kinds(self) -> list[dict[str, Any]]:
        """The games that can be started."""
        return [
            {
                "id": g.id,
                "title": g.title.to_dict(),
                "min_players": g.min_players,
                "max_players": g.max_players,
                "options": g.default_options(),
                "fields": [f.to_dict() for f in g.option_fields()],
                "limits": _limits(g.option_fields()),
            }
            for g in game_kinds().values()
        ]

    def games(self) -> list[dict[str, Any]]:
        """Every game in the store, the one played last first; `is_over` from the store's summaries (None: not
        known, for a game not played since summaries were kept), no game rebuilt."""
        return [{**row._asdict(), "is_active": row.game_id == self.active_id} for row in self.store.games()]

    def create_game(
        self, kind: str, players: Sequence[Mapping[str, Any]], options: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Start a game, make it the table's active game and return its view."""
        game = game_kind(kind)
        if isinstance(players, Sequence) and not isinstance(players, str) and len(players) > game.max_players:
            # Said before the seats are given colours: past the palette's last colour, a 500 (StopIteration).
            counts = {"low": game.min_players, "high": game.max_players, "n": len(players)}
            said = {"key": "error.said.player_count", "params": counts}
            raise MalformedRequest(
                f"{kind} takes {game.min_players} to {game.max_players} players, got {len(players)}", said=said
            )
        seated = _players(players)
        merged = {**game.default_options(), **dict(options or {})}
        if self.boards.has_facts(kind) and isinstance(merged.get("facts") or {}, Mapping):
            # The owner's copy is known from earlier games; facts given with the request win.
            merged["facts"] = {**self.boards.known(kind), **dict(merged.get("facts") or {})}
        seed = uuid.uuid4().int % 2**31
        game.setup(seated, merged, seed)  # refuses bad players/options before anything is written
        start = {"kind": kind, "players": [p.to_dict() for p in seated], "options": merged, "seed": seed}
        stored = self.store.create_game(kind, start)
        self.set_active(stored.game_id)
        view = self.session(stored.game_id).view()
        self._published(stored, view)
        return view

    def session(self, game_id: str) -> GameSession:
        """The open session of a game, rebuilt from its log the first time."""
        with self._lock:
            if game_id not in self._sessions:
                if not self.store.has_game(game_id):
                    said = {"key": "error.said.no_game", "params": {}}
                    raise GameNotFound(f"no game {game_id!r}", said=said)
                session = GameSession(self.store, game_id)
                self._sessions[game_id] = session
                # A game last played before summaries were kept (or when one could not be written) gets its own now.
                self._summarise(game_id, session.last_seq, session.view())
            return self._sessions[game_id]

    def view(self, game_id: str) -> dict[str, Any]:
        """What the table shows for a game."""
        return self.session(game_id).view()

    def check(self, game_id: str, move: Mapping[str, Any]) -> Verdict:
        """Judge a move without playing it ("Can I...?")."""
        verdict = self.session(game_id).check(move)
        self.bus.publish(VerdictGiven(game_id, verdict.to_dict()))
        return verdict

    def append(self, game_id: str, type_: str, payload: Mapping[str, Any], origin: str = "api") -> StoredEvent:
        """Check and write one event (a move, undo, redo or correction); refused events write nothing."""
        if type_ not in APPENDABLE:
            raise MalformedRequest(f"event type {shown(type_)} is not allowed; allowed: {', '.join(APPENDABLE)}")
        if not isinstance(payload, Mapping):
            raise MalformedRequest("event payload must be an object")
        session = self.session(game_id)
        for _ in range(MAX_FACTS_TOLD):
            try:
                stored = session.append(type_, {**payload, "origin": origin})
                break
            except RefusedMove as exc:
                if not self._tell_known_fact(game_id, exc.verdict):
                    self.bus.publish(VerdictGiven(game_id, exc.verdict.to_dict()))
                    raise
        else:
            raise Conflict(f"the move needed more than {MAX_FACTS_TOLD} printed facts in a row")
        self._published(stored, session.view())
        return stored

    def _tell_known_fact(self, game_id: str, verdict: Verdict) -> bool:
        """When a move waits for a printed fact that the owner's copy already knows (told at another table, or on
        the board page since this game started), tell it to this game as an event of its own, as the table would
        have; whether one was told."""
        session = self.session(game_id)
        kind = session.game.id
        if verdict.status != "undecided" or verdict.missing is None or not self.boards.has_facts(kind):
            return False
        known = self.boards.known(kind)
        if verdict.missing.key not in known:
            return False
        answer = {"type": "answer_fact", "key": verdict.missing.key, "value": known[verdict.missing.key]}
        try:
            stored = session.append("move", {"move": answer, "origin": "board"})
        except RefusedMove:
            return False  # the game holds another value for it: the table is asked, and sees why
        self._published(stored, session.view())
        return True

    def _published(self, stored: StoredEvent, view: dict[str, Any]) -> None:
        self._summarise(stored.game_id, stored.seq, view)
        self._changed_now()
        self.bus.publish(GameEventAppended(stored.game_id, stored.seq, stored.type, stored.payload, view))

    def _summarise(self, game_id: str, seq: int, view: Mapping[str, Any]) -> None:
        """Keep what the list of games shows of a game (whether it has ended), so that the list need not rebuild
        every game. The event is acknowledged already: a summary that cannot be written is logged, not raised,
        and the list then says nothing of that game's end (the store knows the summary is not of its last event)."""
        try:
            self.store.set_summary(game_id, seq, bool(view.get("is_over")))
        except StoreError as exc:
            log.warning("summary of game %s not kept: %s", game_id, exc)

    def _on_fact_told(self, event: GameEventAppended) -> None:
        """Remember a printed fact told at the table for the owner's copy of the game."""
        move = event.payload.get("move") if event.type == "move" else None
        kind = event.view.get("kind")
        if isinstance(move, Mapping) and move.get("type") == "answer_fact" and self.boards.has_facts(str(kind)):
            self.boards.remember(str(kind), {str(move["key"]): move.get("value")})

    def events(self, game_id: str, after: int = 0) -> list[StoredEvent]:
        """A game's log after a given seq."""
        self.session(game_id)
        return self.store.events(game_id, after)

    def _changed_now(self) -> None:
        """Wake whoever waits for a change (see wait_for_change)."""
        with self._changed:
            self._version += 1
            self._changed.notify_all()

    def wait_for_change(self, version: int, timeout: float) -> int:
        """Block until any game changed, or a roll settled, after `version` (or timeout); returns the current
        version."""
        with self._changed:
            self._changed.wait_for(lambda: self._version != version, timeout)
            return self._version

    @property
    def version(self) -> int:
        """Increases with every acknowledged event and every settled roll."""
        return self._version

    # ---- the table's active game
    @property
    def active_id(self) -> str | None:
        """The game the camera and the buttons play into."""
        return self.store.get_setting("active_game")

    def is_over(self, game_id: str) -> bool:
        """Whether a game has ended, as its view says (the game is rebuilt from its log if not open yet)."""
        return bool(self.view(game_id).get("is_over"))

    def set_active(self, game_id: str) -> None:
        """Make a game the table's active game (persisted). A finished game is refused (Conflict, nothing written):
        the camera and the buttons would play into a game that takes no more moves, not the one being played."""
        session = self.session(game_id)
        with session.lock:
            if session.view().get("is_over"):
                said = {"key": "error.said.game_over_not_active", "params": {}}
                raise Conflict(
                    f"game {game_id!r} is finished: it cannot be the table's active game, the camera and the buttons "
                    "would play into a game that takes no more moves; its table shows its final scores",
                    game_id=game_id,
                    is_over=True,
                    said=said,
                )
            self.store.set_setting("active_game", game_id)
            self._die_colours = session.game.die_colours
        for listener in list(self._active_listeners):
            try:
                listener(game_id)
            except Exception:  # a device must not undo a choice the table made
                log.exception("listener %r failed on the active game %s", listener, game_id)

    def when_active_changes(self, listener: Callable[[str], None]) -> None:
        """Call `listener(game_id)` whenever a game becomes the table's active game (started, or resumed)."""
        self._active_listeners.append(listener)

    def last_camera_roll(self, game_id: str | None) -> DiceReading | None:
        """The dice of the last roll the camera saw settle in a game, as its log recorded them; None if none.

        That is the last move carrying the camera's reading: played by the camera, or finished on a roll form
        from its reading. A roll undone since counts too: undoing it did not take the dice off the table (and
        the camera kept them in mind, running), so the same dice still there are no new roll; redo it, or roll
        again. A roll typed by hand carries no picture of where the dice lay, so it cannot be recognised on the
        table: the camera roll before it is the one remembered.
        """
        if game_id is None or not self.store.has_game(game_id):
            return None
        for event in reversed(self.store.events(game_id)):
            reading = event.payload.get("reading") if event.type == "move" else None
            if not isinstance(reading, Mapping) or not reading.get("dice"):
                continue
            try:
                return DiceReading.from_dict(dict(reading))
            except (KeyError, TypeError, ValueError) as exc:
                log.warning("the camera's reading of event %s-%s is unreadable: %s", game_id, event.seq, exc)
        return None

    @property
    def die_colours(self) -> tuple[str, ...]:
        """The colours the active game's dice come in (empty: any dice, or no game): the camera tells a die's colour
        among these alone."""
        if self._die_colours is None:
            self._die_colours = self._colours_of(self.active_id)
        return self._die_colours

    def _colours_of(self, game_id: str | None) -> tuple[str, ...]:
        kinds = {row.game_id: row.kind for row in self.store.games()} if game_id is not None else {}
        return game_kind(kinds[game_id]).die_colours if game_id in kinds else ()

    # ---- camera and buttons
    def reading_updated(self, reading: dict[str, Any], phase: str, *, is_waiting_for_clear_view: bool = False) -> None:
        """Called by the camera loop for every frame, with the settler's phase and whether it awaits a clear view."""
        self.last_reading = {
            **reading,
            "phase": phase,
            "is_waiting_for_clear_view": is_waiting_for_clear_view,
            "at": time.time(),
        }
        self.bus.publish(ReadingUpdated(reading, phase))

    def _on_roll_settled(self, event: RollSettled) -> None:
        try:
            self.play_settled(event.reading, event.settled_at)
        except (RefusedMove, Conflict, MalformedRequest, StoreError) as exc:
            # Said once for a game at one point of its log: a camera seeing dice settle again and again while the
            # game waits for another move wrote the same line every second, wearing a Pi's SD card down. A store
            # that cannot be written is said so too (the store logs why, and every page shows it), no traceback.
            game_id = self.active_id
            said = (game_id or "", self.session(game_id).last_seq if game_id else 0, str(exc))
            level = logging.INFO if not isinstance(exc, StoreError) else logging.WARNING
            log.log(logging.DEBUG if said == self._unplayed else level, "settled roll not played: %s", in_words(exc))
            self._unplayed = said

    def play_settled(self, reading: Mapping[str, Any], settled_at: float) -> bool:
        """Keep a settled reading as the last one and play it into the active game as the roll it stands for now;
        whether a move was played (False: no game active, or the game takes no roll from it now). A roll the rules
        refuse raises RefusedMove, its verdict published (see `append`)."""
        self.last_settled = {**reading, "at": settled_at}
        self._changed_now()  # the table page shows a roll the camera could not play, filled in with what it read
        game_id = self.active_id
        if game_id is None:
            return False
        session = self.session(game_id)
        # A value the camera only guessed is not counted: the game asks the table for that die.
        dice = [RolledDie(sure_value(d), d.get("color"), d.get("zone")) for d in reading.get("dice", [])]
        move = session.game.roll_move(session.state, dice)
        if move is None:
            return False
        self.append(game_id, "move", {"move": dict(move), "reading": dict(reading)}, origin="camera")
        return True

    # ---- health and shutdown
    def health(self) -> dict[str, Any]:
        """What is in use for the camera, GPIO, microcontroller and store, and whether each is a stand-in."""
        devices = {}
        for name, device in self.devices.items():
            try:
                devices[name] = device.status()
            except Exception as exc:  # a broken device must not break the health page
                devices[name] = {"error": f"{type(exc).__name__}: {exc}"}
        return {
            # ok: whether the games can be kept; troubles: the devices that are lost or faulty now (the table plays on
            # without them, and every page says so for the camera, the microcontroller and the store).
            "ok": self.store.write_failure is None,
            # The store is one of them when moves cannot be written (every page says so too).
            "troubles": sorted(
                [name for name, said in devices.items() if _is_trouble(said)]
                + (["store"] if self.store.write_failure is not None else [])
            ),
            "uptime_s": round(time.time() - self.started_at, 1),
            "choices": [c.to_dict() for c in self.choices],
            "devices": devices,
            "store": {
                "path": str(self.store.path),
                "last_write_at": self.store.last_write_at,
                "write_failure": self.store.write_failure,
                "games": len(self.store.games()),
            },
            "active_game": self.active_id,
            "bus_failures": self.bus.failures,
        }

    def close(self) -> None:
        """Stop devices and close the store; safe to call twice."""
        for device in list(self.devices.values()):
            try:
                device.close()
            except Exception:
                log.exception("closing %r failed", device)
        self.devices.clear()
        self._changed_now()
        self.store.close()

    def __enter__(self) -> Companion:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _is_trouble(status: Mapping[str, Any]) -> bool:
    """Whether a device's status says it is lost or faulty (or its status itself failed)."""
    return status.get("state") in ("lost", "fault") or set(status) == {"error"}


def in_words(error: Exception) -> str:
    """An error as the log says it: a move the rules refused (or cannot decide yet) in the English words of its
    reason, the reason's catalogue key in brackets after them; any other error as its message says it."""
    if not isinstance(error, RefusedMove) or error.verdict.reason is None:
        return str(error)
    return verdict_in_words(error.verdict)


def _limits(fields: Sequence[Any]) -> dict[str, dict[str, int]]:
    """The whole numbers each number option takes ({"low", "high"}), for the options whose field says (a game's
    field with `low` and `high`, such as free dice's rounds)."""
    return {
        field.key: {"low": field.low, "high": field.high}
        for field in fields
        if field.kind == "number" and isinstance(getattr(field, "low", None), int) and isinstance(field.high, int)
    }


def _players(players: Sequence[Mapping[str, Any]]) -> list[Player]:
    """The players in seat order; two with one name or one colour are refused (the table, the camera's zones and
    the LEDs tell players apart by both). A player given no colour takes the seat's own, or the first one free."""
    if not isinstance(players, Sequence) or isinstance(players, str) or not players:
        raise MalformedRequest("players must be a non-empty list of {name, color}")
    names: list[str] = []
    chosen: list[str | None] = []
    for seat, data in enumerate(players):
        if not isinstance(data, Mapping):
            raise MalformedRequest(f"players[{seat}] must be an object with a name")
        name = _name(seat, data.get("name"))
        if same_name_key(name) in (same_name_key(other) for other in names):
            said = {"key": "error.said.same_name", "params": {"name": name}}
            raise MalformedRequest(f"players[{seat}].name {shown(name)} is taken by another player", said=said)
        color = data.get("color") or None
        if color is not None and color not in PLAYER_COLORS:
            said = {
                "key": "error.said.colour_not_offered",
                "params": {"name": name, "value": _cut(str(color)), "allowed": {"key": "error.said.colours_offered"}},
            }
            raise MalformedRequest(
                f"players[{seat}].color {shown(color)} is not allowed; allowed: {', '.join(PLAYER_COLORS)}",
                said=said,
            )
        if color is not None and color in chosen:
            said = {"key": "error.said.same_colour", "params": {"color": {"key": f"color.{color}"}}}
            raise MalformedRequest(f"players[{seat}].color {color!r} is taken by another player", said=said)
        names.append(name)
        chosen.append(color)
    seated: list[Player] = []
    for seat, (name, color) in enumerate(zip(names, chosen, strict=True)):
        # No colour given: the seat's own, unless another player has it; then the first no one has.
        taken = {*(c for c in chosen if c), *(player.color for player in seated)}
        own = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        seated.append(Player(seat, name, color or (own if own not in taken else _first_free(taken))))
    return seated


_FAULTS = {
    "control": "a control character (such as a line break or a terminal escape)",
    "direction": "a bidirectional override or isolate (U+202A-U+202E, U+2066-U+2069)",
}
"""What each fault companion.names.name_fault finds is, in the English message."""


def _name(seat: int, name: Any) -> str:
    """A player's name as it is kept (see companion.names): refused when it holds a control or direction character,
    shows nothing, or has more than MAX_NAME characters."""
    message = f"players[{seat}].name must be a name of 1 to {MAX_NAME} characters, got {shown(name)}"
    if not isinstance(name, str):
        raise MalformedRequest(message)
    kept = kept_name(name)
    fault = name_fault(kept)
    if fault is not None:
        raise MalformedRequest(
            f"players[{seat}].name {shown(name)} holds {_FAULTS[fault]}, which a name may not hold",
            said={"key": f"error.said.name_{fault}", "params": {"seat": seat + 1}},
        )
    if is_blank(kept):
        raise MalformedRequest(message, said={"key": "error.said.name_missing", "params": {}})
    if len(kept) > MAX_NAME:
        params = {"name": _cut(kept, MAX_NAME), "high": MAX_NAME, "length": len(kept)}
        raise MalformedRequest(message, said={"key": "error.said.name_too_long", "params": params})
    return kept


def _cut(text: str, most: int = SHOWN_CHARS) -> str:
    """A text a player typed, as a message repeats it: its first `most` characters and "…" when longer."""
    return text if len(text) <= most else text[:most].rstrip() + "…"


def _first_free(taken: set[str]) -> str:
    return next(c for c in PLAYER_COLORS if c not in taken)
