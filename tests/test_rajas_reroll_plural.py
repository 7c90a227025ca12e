"""The outer terrace's re-roll refused with one die picked up says "the die", not "the 1 dice" / "les 1 dés" (a
French tester): the count is `n`, which the catalogue says in the singular."""

from __future__ import annotations

from companion.games.rajas.core import Refused
from companion.i18n import translate


def test_one_die_picked_up_is_said_in_the_singular_and_more_in_the_plural() -> None:
    assert (
        translate("fr", "rajas.refused.reroll_mismatch", {"n": 1}) == "Relancez exactement le dé que vous avez repris."
    )
    assert translate("en", "rajas.refused.reroll_mismatch", {"n": 1}) == "Roll again exactly the die you picked up."
    assert translate("fr", "rajas.refused.reroll_mismatch", {"n": 2}) == (
        "Relancez exactement les 2 dés que vous avez repris."
    )


def test_the_engine_gives_the_count_as_n() -> None:
    from companion.games.rajas.moves.dice import resolve_roll

    data = {"players": [{"seat": 0, "rerolling": ["blue"]}], "pending": []}
    pending = {"seat": 0, "reroll": ["blue"], "kind": "roll"}
    try:
        resolve_roll(data, pending, {"dice": [{"color": "green", "value": 3}], "return": []})
    except Refused as refused:
        assert refused.reason.key == "rajas.refused.reroll_mismatch" and dict(refused.reason.params) == {"n": 1}
    else:
        raise AssertionError("a re-roll of another colour was taken")


def test_prompts_counting_spaces_or_upgrades_agree_in_number() -> None:
    one = {"name": "Asha", "max": 1, "n": 1}
    assert translate("fr", "rajas.prompt.boat", one) == "Asha, avancez votre bateau d’une case libre."
    assert translate("en", "rajas.prompt.boat", {**one, "max": 2, "n": 2}) == "Asha, move your boat 1 to 2 free spaces."
    assert translate("fr", "rajas.prompt.upgrade", {"name": "Asha", "count": 2, "n": 2}).endswith("(2 restants).")
    assert translate("fr", "rajas.prompt.upgrade", {"name": "Asha", "count": 1, "n": 1}).endswith("(1 restant).")
