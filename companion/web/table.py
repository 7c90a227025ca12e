"""What the table page needs beyond the game's view: the last roll that can be corrected, and its origin."""

from __future__ import annotations

from typing import Any

from companion.service import Companion
from companion.web.pictures import die_picture


def last_roll(service: Companion, game_id: str) -> dict[str, Any] | None:
    """The last standing move with dice: {"seq", "move", "origin", "is_corrected", "pictures"} (origin "camera",
    "api"...; is_corrected when a correction event replaced its dice since; pictures: see `_unread_pictures`), or
    None."""
    session = service.session(game_id)
    with session.lock:
        standing = list(session.timeline.standing)
        corrected = {action.seq for action in session.timeline.done if action.is_correction}
    for seq, move in reversed(standing):
        if isinstance(move.get("dice"), list) and move["dice"]:
            written = service.events(game_id, seq - 1)
            origin = written[0].payload.get("origin") if written else None
            reading = written[0].payload.get("reading") if written else None
            # A correction that stands (not taken back by an undo) replaced the dice of the roll's first event.
            is_corrected = seq in corrected
            pictures = _unread_pictures(service, move, reading)
            return {"seq": seq, "move": move, "origin": origin, "is_corrected": is_corrected, "pictures": pictures}
    return None


def _unread_pictures(service: Companion, move: dict[str, Any], reading: Any) -> dict[int, str]:
    """The dice of a camera roll still without a value, each cut from the roll's frame, by their place in the roll:
    the table sees which die on the table it is asked about. None when the frame is no longer kept, or when the roll
    is not the reading die for die (a game that keeps dice in zones rolls only some of those seen)."""
    seen = reading.get("dice") if isinstance(reading, dict) else None
    if not isinstance(seen, list) or len(seen) != len(move["dice"]):
        return {}
    settled_frame = getattr(service.devices.get("camera"), "settled_frame", None)
    frame_id = reading.get("frame_id") if isinstance(reading, dict) else None
    image = settled_frame(frame_id) if settled_frame is not None and isinstance(frame_id, str) else None
    if image is None:
        return {}
    unread = [
        (index, one["bbox"])
        for index, (die, one) in enumerate(zip(move["dice"], seen, strict=True))
        if isinstance(die, dict) and die.get("value") is None and isinstance(one, dict) and _is_box(one.get("bbox"))
    ]
    return {index: picture for index, box in unread if (picture := die_picture(image, box))}


def _is_box(box: Any) -> bool:
    return isinstance(box, list) and len(box) == 4 and all(isinstance(v, int | float) for v in box)


def kind_titles(service: Companion) -> dict[str, dict[str, Any]]:
    """The title Message of each game kind, by id."""
    return {kind["id"]: kind["title"] for kind in service.kinds()}
