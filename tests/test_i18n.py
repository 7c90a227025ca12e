"""Translation catalogues: every key exists in French and English, and language negotiation."""

from __future__ import annotations

import pytest

from companion.games.registry import game_kinds
from companion.i18n import SUPPORTED_LOCALES, catalogues, negotiate, translate


def test_every_catalogue_key_exists_in_every_language() -> None:
    game_kinds()  # games register their catalogues when imported
    keys = {lang: catalogues.keys(lang) for lang in SUPPORTED_LOCALES}
    assert keys["en"], "no English texts at all"
    for lang in SUPPORTED_LOCALES:
        assert keys[lang] == keys["en"], f"{lang} lacks {sorted(keys['en'] - keys[lang])[:10]}"


@pytest.mark.parametrize(
    ("header", "setting", "expected"),
    [("fr-CH,fr;q=0.9,en;q=0.8", None, "fr"), ("de-DE,de;q=0.9", None, "en"), (None, "fr", "fr"), ("fr", "en", "en")],
)
def test_language_negotiation(header: str | None, setting: str | None, expected: str) -> None:
    assert negotiate(header, setting) == expected


def test_parameters_are_filled_in_and_unknown_keys_fall_back_to_the_key() -> None:
    game_kinds()
    assert translate("fr", "free_dice.prompt.roll", {"seat": 1, "player": "Léa"}) == "Léa, lancez les dés."
    assert translate("en", "no.such.key") == "no.such.key"
