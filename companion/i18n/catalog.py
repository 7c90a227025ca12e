"""Loading the .po catalogues with Babel and translating keyed messages."""

from __future__ import annotations

import logging
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


def negotiate(accept_language: str | None, preferred: str | None = None) -> str:
    """Choose a supported language: a setting wins, then the browser's Accept-Language, then English."""
    if preferred in SUPPORTED_LOCALES:
        return str(preferred)
    if accept_language:
        wanted = [part.split(";")[0].strip().replace("-", "_") for part in accept_language.split(",")]
        found = Locale.negotiate([w for w in wanted if w and w != "*"], list(SUPPORTED_LOCALES))
        if found is not None:
            return str(found.language)
    return DEFAULT_LOCALE


catalogues = Catalogues()


def register_locale_dir(path: Path) -> None:
    """Register a package's own `locale/` folder with the shared catalogues."""
    catalogues.add_dir(path)


def translate(locale: str, key: str, params: Mapping[str, Any] | None = None) -> str:
    """Translate with the shared catalogues."""
    return catalogues.translate(locale, key, params)
