"""Translation catalogues: every key exists in French and English, and language negotiation."""

from __future__ import annotations

import pytest

import companion.web  # noqa: F401  (registers the pages' catalogue)
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


@pytest.mark.parametrize(
    ("locale", "n", "text"),
    [
        ("en", 1, "1 space"),
        ("en", 0, "0 spaces"),  # English counts none in the plural
        ("en", 3, "3 spaces"),
        ("fr", 1, "1 case"),
        ("fr", 0, "0 case"),  # French counts none in the singular
        ("fr", 2, "2 cases"),
    ],
)
def test_a_count_is_said_in_the_singular_or_the_plural_as_each_language_says_it(locale: str, n: int, text: str) -> None:
    assert translate(locale, "page.rajas.answer.steps", {"n": n}) == text


def test_no_catalogue_text_hedges_its_plural_with_parentheses() -> None:
    game_kinds()
    for lang in SUPPORTED_LOCALES:
        hedged = [key for key, text in catalogues.texts(lang).items() if "(s)" in text]
        assert not hedged, f"{lang}: {hedged}"
