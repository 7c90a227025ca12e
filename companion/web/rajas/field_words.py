"""The fields of the table's forms named as the page shows them, for the refusals the page draws.

A refusal names its field by its exact path ("tile.reward.kind", "dice.2.value", "pay[0].color"), in the form's or
in the move's shape: the log and the JSON API keep that path, which their readers need to find the field. A player
at the table never sees those names, so the page says the field in words instead ("the tile's reward kind", "le
type de récompense de la tuile"), from the table below: a path's pattern, and the catalogue key of its words
(page.rajas.field.<name>). A path the table does not know (a form made by hand) keeps its raw name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.errors import CompanionError

_DIE = r"(?:dice|fix|pay|reroll|return)(?:\.\d+\.|\[\d+\]\.)"
"""A die of a form or a move: a roll's row ("dice.2."), the correction panel's ("fix.2."), a die paid ("pay[0].")."""

FIELD_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), name)
    for pattern, name in (
        (rf"^{_DIE}value$", "die_value"),
        (rf"^{_DIE}as$", "die_as"),
        (rf"^{_DIE}color$", "die_color"),
        (rf"^{_DIE}via$", "die_via"),
        (r"^(?:dice|fix)\.\d+\.seen$", "die_seen"),
        (r"^pay(?:\[\d+\])?$", "pay"),
        (r"^reroll(?:\[\d+\]|\.\d+)?$", "reroll"),
        (r"^return(?:\[\d+\]|\.\d+)?$", "return"),
        (r"^dice(?:\[\d+\]|\.\d+)?$", "dice"),
        (r"^tile\.color$", "tile_color"),
        (r"^tile\.cost$", "tile_cost"),
        (r"^tile\.kind$", "tile_kind"),
        (r"^tile\.stack$", "tile_stack"),
        (r"^tile\.roads$", "tile_roads"),
        (r"^tile\.name$", "tile_name"),
        (r"^(?:tile\.markets?(?:\[\d+\]|\d)|markets\[\d+\])\.good$", "market_good"),
        (r"^(?:tile\.markets?(?:\[\d+\]|\d)|markets\[\d+\])\.value$", "market_value"),
        (r"^tile\.markets(?:\[\d+\])?$", "tile_markets"),
        (r"^tile\.buildings(?:\[\d+\])?$", "tile_buildings"),
        (r"^tile\.reward2?\.kind$", "tile_reward_kind"),
        (r"^tile\.reward2?(?:\.[a-z]+)?$", "tile_reward"),
        (r"^tile(?:\.[a-z]+)?$", "tile"),
        (r"^reward\.kind$", "reward_kind"),
        (r"^reward(?:\.[a-z]+)?$", "reward"),
        (r"^markets(?:\[\d+\])?$", "markets"),
        (r"^income(?:\.other)?$", "income"),
        (r"^(?:type|seat|space|worker|count|steps|first|cover|good|goods|room|building|recall)$", "{0}"),
        (r"^(?:connects|villages|gemstone_as|flip|black_market|decline|value)$", "{0}"),
    )
)
"""Patterns of field paths, first match wins, and the name of their words in the catalogue (page.rajas.field.<name>;
"{0}" stands for the path itself, a field of one word that the page names as it is)."""


def field_words(path: str) -> dict[str, Any] | None:
    """The words a page names a field by, as a catalogue message ({"key", "params"}); None for a path not in the
    table."""
    for pattern, name in FIELD_WORDS:
        if pattern.match(path):
            return {"key": f"page.rajas.field.{name.format(path)}", "params": {}}
    return None


def in_form_words(said: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's message (its `said`) with its field named in the page's words; one whose field is not in the table,
    or already in words, is left as it is."""
    params = dict(said.get("params") or {})
    field = params.get("field")
    words = field_words(field) if isinstance(field, str) else None
    if words is None:
        return dict(said)
    return {**said, "params": {**params, "field": words}}


def name_fields_for_the_page(error: CompanionError | None) -> None:
    """Word the field of an error the table page is about to draw (its `said`), in place. Only the page's refusal is
    changed: the error's `field` keeps the path (the form marks that field as wrong), and the API never sees it."""
    if error is not None and isinstance(error.details.get("said"), Mapping):
        error.details["said"] = in_form_words(error.details["said"])
