"""What a player's name may hold, and when two names are the same name to the players at the table.

A name is shown on the table page, in the prompt and in `companion replay`'s lines on the host's terminal; a
control character there moves the cursor or starts a new line, and a bidirectional override turns the text
around it backwards. A name must also show something: one made of invisible characters is an empty chip.
"""

from __future__ import annotations

import unicodedata

DIRECTION_CONTROLS = frozenset(chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
"""The embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they change the direction of the text
after them, past the name's end on a page that shows it in a sentence."""
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters that draw nothing (the Hangul fillers, the blank Braille pattern), though Unicode calls them letters."""
_INVISIBLE_CATEGORIES = frozenset({"Cf", "Mn", "Me"})
"""Format characters (zero-width spaces and joiners, the soft hyphen) and combining marks, which show nothing
without a letter to sit on."""


def kept_name(name: str) -> str:
    """The name as it is stored: composed (NFC, so that "é" typed either way is one character) and stripped."""
    return unicodedata.normalize("NFC", name).strip()


def name_fault(name: str) -> str | None:
    """What keeps a name from being shown safely: "control" (a control character, Unicode category Cc, such as a
    line break or a terminal's escape), "direction" (a bidirectional override or isolate), or None."""
    if any(unicodedata.category(char) == "Cc" for char in name):
        return "control"
    if any(char in DIRECTION_CONTROLS for char in name):
        return "direction"
    return None


def is_blank(name: str) -> bool:
    """Whether the name shows nothing: no character left once spaces, format characters, combining marks and the
    blank-looking letters are taken away."""
    return all(
        char.isspace() or char in BLANK_LOOKING or unicodedata.category(char) in _INVISIBLE_CATEGORIES for char in name
    )


def same_name_key(name: str) -> str:
    """What two names are compared by: compatibility-normalised (a full-width "Ａ" is "A"), without format characters
    (a zero-width space changes nothing on the page), and case-folded."""
    compatible = unicodedata.normalize("NFKC", name)
    visible = "".join(char for char in compatible if unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFKC", visible.casefold())
