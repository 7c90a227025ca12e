"""Drawing dice: pip positions and colours for the SVG dice of the pages."""

from __future__ import annotations

from vision.calibration import COLOUR_NAMES
from vision.reading import SURE_VALUE

DIE_COLORS = COLOUR_NAMES
"""Colours offered for manual entry and corrections (Rajas uses the first four): the colours the camera names."""

_LOW, _MID, _HIGH = 27, 50, 73
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((_MID, _MID),),
    2: ((_LOW, _LOW), (_HIGH, _HIGH)),
    3: ((_LOW, _LOW), (_MID, _MID), (_HIGH, _HIGH)),
    4: ((_LOW, _LOW), (_HIGH, _LOW), (_LOW, _HIGH), (_HIGH, _HIGH)),
    5: ((_LOW, _LOW), (_HIGH, _LOW), (_MID, _MID), (_LOW, _HIGH), (_HIGH, _HIGH)),
    6: ((_LOW, _LOW), (_HIGH, _LOW), (_LOW, _MID), (_HIGH, _MID), (_LOW, _HIGH), (_HIGH, _HIGH)),
}

# (face, pips, edge): pips are dark on light faces so that they stay readable.
_STYLES: dict[str, tuple[str, str, str]] = {
    "blue": ("#2f6fd6", "#ffffff", "#1d4f9e"),
    "green": ("#2e9d57", "#ffffff", "#1f6e3c"),
    "orange": ("#f39a3b", "#2b1a08", "#b8681c"),
    "violet": ("#8a4fd0", "#ffffff", "#5f3196"),
    "purple": ("#8a4fd0", "#ffffff", "#5f3196"),
    "red": ("#d63a3a", "#ffffff", "#9c2525"),
    "yellow": ("#f4d03f", "#2b2508", "#b89b1c"),
    "white": ("#fbfbf7", "#1d1d1d", "#9a9a94"),
    "black": ("#26282b", "#ffffff", "#000000"),
}
_UNKNOWN = ("#c7ccd3", "#3b4148", "#8a939d")


def pips(value: int | None) -> tuple[tuple[int, int], ...]:
    """Centres of the pips of a face in a 100x100 box (none for an unread value)."""
    if value is None:
        return ()
    return _PIPS.get(value, ())


def style(color: str | None) -> dict[str, str]:
    """Face, pip and edge colours of a die (grey for an unknown colour)."""
    face, pip, edge = _STYLES.get(color or "", _UNKNOWN)
    return {"face": face, "pip": pip, "edge": edge}


def dice_data() -> dict[str, object]:
    """Pip positions and colours for the pages' scripts, so that they draw dice exactly like the server."""
    face, pip, edge = _UNKNOWN
    return {
        "sure_value": SURE_VALUE,
        "pips": {str(value): [list(p) for p in centres] for value, centres in _PIPS.items()},
        "styles": {name: {"face": f, "pip": p, "edge": e} for name, (f, p, e) in _STYLES.items()},
        "unknown": {"face": face, "pip": pip, "edge": edge},
    }
