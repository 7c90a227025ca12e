"""Player-facing text: gettext catalogues (.po) keyed by stable message ids, French and English at least.

Each package that speaks to players keeps its own `locale/<lang>.po` files (msgid = a stable key such as
`rajas.quarry.short_of_pips`, msgstr = the text with `{name}` placeholders). They are read with Babel at
start-up, so no compile step is needed on the Pi.
"""

from companion.i18n.catalog import (
    DEFAULT_LOCALE,
    SUPPORTED_LOCALES,
    Catalogues,
    catalogues,
    negotiate,
    register_locale_dir,
    translate,
)
from companion.i18n.lists import join_list, list_message

__all__ = [
    "DEFAULT_LOCALE",
    "SUPPORTED_LOCALES",
    "Catalogues",
    "catalogues",
    "join_list",
    "list_message",
    "negotiate",
    "register_locale_dir",
    "translate",
]
