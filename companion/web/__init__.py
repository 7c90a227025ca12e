"""The web dashboard and JSON API of the companion service (Flask): pages, /api and /stream."""

from pathlib import Path

from companion.i18n import register_locale_dir

register_locale_dir(Path(__file__).parent / "locale")

from companion.web.app import create_app  # noqa: E402  (the catalogue is registered before the app exists)

__all__ = ["create_app"]
