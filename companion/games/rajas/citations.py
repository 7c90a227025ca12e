"""The rules reference: one entry per rule, in our own words (catalogue texts), linked from the checks."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from companion.i18n import translate

# Rulebook sections, as catalogue keys (rajas.section.*): a citation names the section in the reader's language
# ("III. Actions au palais" in French, "III. Palace actions" in English), never both at once.
GOAL = "rajas.section.goal"
SETUP = "rajas.section.setup"
PLAY = "rajas.section.play"
QUARRY = "rajas.section.quarry"
PROVINCE = "rajas.section.province"
UPGRADES = "rajas.section.upgrades"
MARKET = "rajas.section.market"
PALACE = "rajas.section.palace"
RIVER = "rajas.section.river"
KARMA = "rajas.section.karma"
WORKERS = "rajas.section.workers"
TRACKS = "rajas.section.tracks"
ROUND_END = "rajas.section.round_end"
GAME_END = "rajas.section.game_end"
NAVARATNAS = "rajas.section.navaratnas"
GOODIE = "rajas.section.goodie."

# rule id -> rulebook section it paraphrases (title and text live in the catalogues under rajas.rule.<id>.*)
RULES: dict[str, str] = {
    "setup.start": SETUP,
    "setup.start_player": SETUP,
    "round.order": PLAY,
    "round.pass": PLAY,
    "placement.one_per_space": PLAY,
    "dice.own": PLAY,
    "dice.roll": PLAY,
    "dice.kali_limit": PLAY,
    "dice.supply": PLAY,
    "quarry.slot_cost": QUARRY,
    "quarry.pay_color": QUARRY,
    "quarry.pay_pips": QUARRY,
    "quarry.tiles_left": QUARRY,
    "quarry.gains": QUARRY,
    "province.place": PROVINCE,
    "province.incomes": QUARRY,
    "upgrade.level": UPGRADES,
    "market.mixed": MARKET,
    "market.identical": MARKET,
    "market.mixed_once": MARKET,
    "palace.outer_terrace": PALACE,
    "palace.terrace": PALACE,
    "palace.balcony": PALACE,
    "palace.room_value": PALACE,
    "palace.rooms": PALACE,
    "palace.master_builder": PALACE,
    "palace.portuguese": PALACE,
    "river.port_cost": RIVER,
    "river.die": RIVER,
    "river.steps": RIVER,
    "river.move": RIVER,
    "river.reward": RIVER,
    "river.palace_reward": RIVER,
    "river.end": RIVER,
    "karma.flip": KARMA,
    "karma.max": KARMA,
    "workers.extra": WORKERS,
    "tracks.fame_bonus": TRACKS,
    "tracks.money_bonus": TRACKS,
    "tracks.boat_bonus": TRACKS,
    "tracks.money_floor": PLAY,
    "tracks.end": GOAL,
    "round.first_player": ROUND_END,
    "end.trigger": GAME_END,
    "end.ranking": GAME_END,
    "facts.answer": "rajas.section.facts",
    "modules.option": GOODIE + "modules",
    "navaratnas.setup": NAVARATNAS,
    "navaratnas.yield_tiles": NAVARATNAS,
    "navaratnas.joined_space": NAVARATNAS,
    "navaratnas.short_of_workers": NAVARATNAS,
    "mixed_groups.handicap": "rajas.section.mixed_groups",
    "ganga.setup": "rajas.section.ganga",
    "ganga2.dolphin": GOODIE + "ganga2",
    "mango.double": GOODIE + "mango",
    "mango.village": GOODIE + "mango",
    "mango.overbuild": GOODIE + "mango",
    "shalimar.cost": GOODIE + "shalimar",
    "shalimar.recall": GOODIE + "shalimar",
    "shalimar.navaratnas": GOODIE + "shalimar",
    "tiger.cost": GOODIE + "tiger",
    "tiger.overbuild": GOODIE + "tiger",
    "tiger.benefits": GOODIE + "tiger",
    "fate.penalty": GOODIE + "fate",
    "fate.free_tile": GOODIE + "fate",
    "fate.order": GOODIE + "fate",
    "gemstone.turn": GOODIE + "gemstone",
    "gemstone.arrival": GOODIE + "gemstone",
}


def section_of(rule: str) -> str:
    """The rulebook section of a rules-reference entry, as a catalogue key (rajas.section.*)."""
    return RULES[rule]


def rules_reference(locale: str) -> list[dict[str, Any]]:
    """Every rule in one language: {id, title, text, section} (the section named in that language)."""
    return [
        {
            "id": rule,
            "title": translate(locale, f"rajas.rule.{rule}.title"),
            "text": translate(locale, f"rajas.rule.{rule}.text"),
            "section": translate(locale, section),
        }
        for rule, section in RULES.items()
    ]


def _fold(text: str) -> str:
    # Accents and case do not matter when searching ("Carriere" finds "Carrière").
    plain = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


def search_rules(query: str, locale: str) -> list[dict[str, Any]]:
    """Entries in which every word of the query begins a word of their id, title, text or section. Case and
    accents do not matter ("carriere" finds "Carrière"), unless the query writes one: "dé" asks for a die and
    "dés", not for every "de" of the French rules (it found 62 of 65)."""
    asked = [(word, _fold(word) == word) for word in _WORD.findall(query.casefold())]
    found = []
    for entry in rules_reference(locale):
        text = " ".join(str(v) for v in entry.values()).casefold()
        plain, written = set(_WORD.findall(_fold(text))), set(_WORD.findall(text))
        if asked and all(any(w.startswith(word) for w in (plain if is_plain else written)) for word, is_plain in asked):
            found.append(entry)
    return found


_WORD = re.compile(r"\w+")
