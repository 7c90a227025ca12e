"""The rules reference: one entry per rule, in our own words (catalogue texts), linked from the checks."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from companion.i18n import translate

GOAL = "But du jeu – Goal of the game"
SETUP = "Mise en place – Setup"
PLAY = "Déroulement de la partie – Playing a round"
QUARRY = "I. Action de construction (carrière) – Quarry"
PROVINCE = "Les plateaux province – Province boards"
MARKET = "II. Action marché – Market"
PALACE = "III. Actions au palais – Palace"
RIVER = "IV. Action fleuve (port) – River"
KARMA = "Le karma – Karma"
WORKERS = "Obtenir de nouveaux ouvriers – Extra workers"
TRACKS = "Bonus des pistes de score – Track bonuses"
ROUND_END = "Fin d'un tour – End of a round"
GAME_END = "Fin de la partie – End of the game"
NAVARATNAS = "Variante des Navaratnas – Navaratnas variant"
GOODIE = "Goodie Box 1 – "

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
    "upgrade.level": PROVINCE,
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
    "tracks.money_floor": PLAY,
    "tracks.end": GOAL,
    "round.first_player": ROUND_END,
    "end.trigger": GAME_END,
    "end.ranking": GAME_END,
    "facts.answer": "BOARD-FACTS – Printed facts",
    "modules.option": GOODIE + "Modules",
    "navaratnas.setup": NAVARATNAS,
    "navaratnas.yield_tiles": NAVARATNAS,
    "navaratnas.short_of_workers": NAVARATNAS,
    "mixed_groups.handicap": "Groupes de joueurs hétérogènes – Mixed groups",
    "ganga.setup": "Modifier les cases du fleuve (tuiles fleuve) – Ganga module",
    "ganga2.dolphin": GOODIE + "Ganga Module 2",
    "mango.double": GOODIE + "Mango Village",
    "mango.village": GOODIE + "Mango Village",
    "mango.overbuild": GOODIE + "Mango Village",
    "shalimar.cost": GOODIE + "Shalimar (Snake Expansion)",
    "shalimar.recall": GOODIE + "Shalimar (Snake Expansion)",
    "shalimar.navaratnas": GOODIE + "Shalimar (Snake Expansion)",
    "tiger.cost": GOODIE + "Tiger Expansion",
    "tiger.overbuild": GOODIE + "Tiger Expansion",
    "tiger.benefits": GOODIE + "Tiger Expansion",
    "fate.penalty": GOODIE + "The Test of Fate",
    "fate.free_tile": GOODIE + "The Test of Fate",
    "fate.order": GOODIE + "The Test of Fate",
    "gemstone.turn": GOODIE + "The Gemstone Trader",
    "gemstone.arrival": GOODIE + "The Gemstone Trader",
}


def section_of(rule: str) -> str:
    """The rulebook section of a rules-reference entry."""
    return RULES[rule]


def rules_reference(locale: str) -> list[dict[str, Any]]:
    """Every rule in one language: {id, title, text, section}."""
    return [
        {
            "id": rule,
            "title": translate(locale, f"rajas.rule.{rule}.title"),
            "text": translate(locale, f"rajas.rule.{rule}.text"),
            "section": section,
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
