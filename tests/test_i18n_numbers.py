"""Numbers in the table's language: a decimal number written with the language's decimal mark (Babel), and a
single still picture said in the singular on the health page."""

from __future__ import annotations

import companion.web  # noqa: F401  (registers the dashboard's catalogues)
from companion.i18n.catalog import translate


def test_a_decimal_number_takes_a_comma_in_french_and_a_point_in_english() -> None:
    assert translate("fr", "page.health.seconds_ago", {"n": 0.5}) == "il y a 0,5 s"
    assert translate("en", "page.health.seconds_ago", {"n": 0.5}) == "0.5 s ago"


def test_one_still_picture_replayed_is_said_in_the_singular() -> None:
    one = {"n": 1, "rate": "2", "folder": "photos"}
    assert translate("fr", "health.source.replay_stills", one) == "1 image fixe rejouée, 2 par seconde, depuis photos"
    assert translate("en", "health.source.replay_stills", one) == "replay of 1 still, 2 a second, from photos"
    many = {**one, "n": 3}
    assert translate("fr", "health.source.replay_stills", many).startswith("3 images fixes rejouées")
