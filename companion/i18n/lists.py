"""Lists said as a language says them: "blue, green and violet", "bleu, vert et violet".

The words between the items come from the catalogues: `<words>.list` puts one item before the rest ("{first},
{rest}"), `<words>.and` and `<words>.or` the last two together ("{first} and {rest}", "{first} et {rest}"). The pages'
catalogue (companion/web/locale) holds them as `words.*`, a game's as its own (`rajas.words.*`), so that the game's
messages are said wherever its catalogue alone is read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from companion.i18n.catalog import translate

Conjunction = Literal["and", "or"]
WORDS = "words"
"""Prefix of the pages' list words (`words.list`, `words.and`, `words.or`)."""


def list_message(items: Sequence[Any], conjunction: Conjunction = "and", words: str = WORDS) -> Any:
    """Items (texts, or catalogue messages as {"key", "params"}) as one message that says them in a list, the last
    after `conjunction`, in whatever language it is translated into; an item alone is itself, none is ""."""
    if len(items) <= 1:
        return items[0] if items else ""
    key = f"{words}.{conjunction}" if len(items) == 2 else f"{words}.list"
    return {"key": key, "params": {"first": items[0], "rest": list_message(items[1:], conjunction, words)}}


def join_list(locale: str, items: Sequence[Any], conjunction: Conjunction = "and", words: str = WORDS) -> str:
    """Items said as one list in `locale`: "blue, green and violet" in English, "bleu, vert et violet" in French (see
    `list_message`)."""
    said = list_message(items, conjunction, words)
    if isinstance(said, Mapping) and "key" in said:
        return translate(locale, str(said["key"]), said.get("params"))
    return str(said)
