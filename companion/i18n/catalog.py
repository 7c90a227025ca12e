"""Loading the .po catalogues with Babel and translating keyed messages."""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

log = logging.getLogger(__name__)

SUPPORTED_LOCALES = ("en", "fr")
DEFAULT_LOCALE = "en"
_BUILTIN_DIR = Path(__file__).parent / "locale"


class Catalogues:
    """Every registered catalogue, merged per language; lookups fall back to English, then to the key."""

    def __init__(self, dirs: Iterable[Path] = ()) -> None:
        self._dirs: list[Path] = [_BUILTIN_DIR, *dirs]
        self._texts: dict[str, dict[str, str]] | None = None
        self._lock = threading.Lock()

    def add_dir(self, path: Path) -> None:
        """Register one more `locale/` folder (a game's own catalogue)."""
        with self._lock:
            if path not in self._dirs:
                self._dirs.append(path)
                self._texts = None

    def texts(self, locale: str) -> Mapping[str, str]:
        """All texts of one language, keyed by message id."""
        return self._load().get(locale, {})

    def keys(self, locale: str) -> set[str]:
        """Message ids that a language defines (used by the catalogue completeness test)."""
        return set(self.texts(locale))

    def translate(self, locale: str, key: str, params: Mapping[str, Any] | None = None) -> str:
        """The text for `key` in `locale` with its parameters filled in. A count `n` that the language says in
        the singular (CLDR's plural rule "one": 1 in English, 0 and 1 in French) takes the text `key` + "_one"
        when the language has one: "1 space", "0 case", never "1 space(s)"."""
        texts = self._load()
        text = _singular(texts.get(locale, {}), locale, key, params)
        text = text or texts.get(locale, {}).get(key) or texts.get(DEFAULT_LOCALE, {}).get(key)
        if text is None:
            log.warning("no translation for %r", key)
            return key
        if not params:
            return text
        try:
            return text.format(**{k: self._param(locale, v) for k, v in params.items()})
        except (KeyError, IndexError, ValueError):
            log.warning("translation of %r does not fit its parameters %r", key, dict(params))
            return text

    def _param(self, locale: str, value: Any) -> Any:
        # A parameter may itself be a message ({"key": ..., "params": ...}), e.g. a colour name.
        if isinstance(value, Mapping) and "key" in value:
            return self.translate(locale, str(value["key"]), value.get("params"))
        if isinstance(value, float):  # a decimal number as the language writes it ("0,5 s" in French), by Babel
            return format_decimal(value, locale=locale)
        return value

    def _load(self) -> dict[str, dict[str, str]]:
        with self._lock:
            if self._texts is None:
                self._texts = {lang: {} for lang in SUPPORTED_LOCALES}
                for folder in self._dirs:
                    for lang in SUPPORTED_LOCALES:
                        self._texts[lang].update(_read(folder / f"{lang}.po", lang))
            return self._texts


def _singular(texts: Mapping[str, str], locale: str, key: str, params: Mapping[str, Any] | None) -> str | None:
    """The singular text of a message counting `n` (see Catalogues.translate), None when it counts none or more."""
    count = params.get("n") if params else None
    if not isinstance(count, int) or isinstance(count, bool) or key + SINGULAR not in texts:
        return None
    return texts[key + SINGULAR] if Locale.parse(locale).plural_form(abs(count)) == "one" else None


SINGULAR = "_one"
"""Suffix of the key of a counting message's singular text (see Catalogues.translate)."""


def _read(path: Path, lang: str) -> dict[str, str]:
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    return {str(m.id): str(m.string) for m in catalog if m.id and m.string and not m.fuzzy}


LanguageRanges = Iterable[tuple[str, float]]
"""An Accept-Language header parsed: (language range, weight) pairs, as Werkzeug's `request.accept_languages` gives."""

_Q_VALUE = re.compile(r"\d+(\.\d+)?", re.ASCII)


def negotiate(accepted: str | LanguageRanges | None, preferred: str | None = None) -> str:
    """Choose a supported language: a setting wins, then the browser's Accept-Language, then English.

    `accepted` is the Accept-Language header, as its text or already parsed (see LanguageRanges); `preferred` is a
    language tag ("fr", "FR", "fr-FR") or anything else ("auto") for none."""
    setting = supported_locale(preferred)
    if setting is not None:
        return setting
    ranges = parse_accept_language(accepted) if isinstance(accepted, str) else list(accepted or ())
    return best_locale(ranges) or DEFAULT_LOCALE


def supported_locale(tag: str | None) -> str | None:
    """The supported language a language tag names, whatever its case or region ("FR", "fr-FR", "fr_BE" -> "fr");
    None for any other tag."""
    primary = _tag(tag or "").split("-")[0]
    # Every supported locale is a bare language code, so the primary subtag decides.
    return primary if primary in SUPPORTED_LOCALES else None


def parse_accept_language(header: str) -> list[tuple[str, float]]:
    """The (language range, weight) pairs of an Accept-Language header, in its order. An item with a malformed
    weight is left out, as Werkzeug's parser does (the web layer uses Werkzeug's own, request.accept_languages)."""
    ranges = []
    for item in header.split(","):
        language, *params = (part.strip(" \t") for part in item.split(";"))
        weight = _weight(params)
        if language and weight is not None:
            ranges.append((language, weight))
    return ranges


def _weight(params: list[str]) -> float | None:
    """The weight an item's parameters give ("q=0.5"): 1 without one, None when it is malformed or out of 0..1."""
    for param in params:
        name, _, value = param.partition("=")
        if name.lower() == "q":
            value = value.strip(" \t")
            weight = float(value) if _Q_VALUE.fullmatch(value) else -1.0
            return weight if 0 <= weight <= 1 else None
    return 1.0


def best_locale(ranges: LanguageRanges) -> str | None:
    """The supported language the reader weighs highest (RFC 9110 section 12.5.4), None when none is acceptable.

    A language takes its weight from the most specific ranges that name it: its own tag ("fr"), else a regional
    one ("fr-BE": French is the closest we have), else "*" (any other). Weight 0 means "not this one". On equal
    weights a language named beats one only "*" accepts, then the one named first wins, then SUPPORTED_LOCALES'
    order."""
    listed = list(ranges)
    scored = [(score, locale) for locale in SUPPORTED_LOCALES if (score := _score(locale, listed))]
    return max(scored, key=lambda pair: pair[0])[1] if scored else None


def _score(locale: str, ranges: list[tuple[str, float]]) -> tuple[float, bool, int] | None:
    """How much the reader wants `locale` (weight, named?, -position of the range), None when not at all."""
    best: tuple[int, float, int] | None = None  # (specificity, weight, -position): max() of these picks the range
    for position, (language, weight) in enumerate(ranges):
        specificity = _specificity(locale, _tag(language))
        if specificity is not None and (best is None or (specificity, weight, -position) > best):
            best = (specificity, weight, -position)
    if best is None or best[1] <= 0:
        return None
    return best[1], best[0] > 0, best[2]


def _specificity(locale: str, language: str) -> int | None:
    """How closely a language range names `locale`: 2 its own tag, 1 the same language, 0 "*", None not at all."""
    if language == "*":
        return 0
    if language == _tag(locale):
        return 2
    return 1 if language.split("-")[0] == _tag(locale).split("-")[0] else None


def _tag(language: str) -> str:
    """A language tag as compared: lower case, subtags joined by "-" (tags are case-insensitive, RFC 5646)."""
    return language.strip().lower().replace("_", "-")


catalogues = Catalogues()


def register_locale_dir(path: Path) -> None:
    """Register a package's own `locale/` folder with the shared catalogues."""
    catalogues.add_dir(path)


def translate(locale: str, key: str, params: Mapping[str, Any] | None = None) -> str:
    """Translate with the shared catalogues."""
    return catalogues.translate(locale, key, params)
