"""A printed fact the table tells that cannot be right is refused with its reason wholly in the table's language:
the reason is a catalogue message with parameters, never an English sentence passed as a parameter."""

from __future__ import annotations

from typing import Any

import pytest
from test_rajas_support import move, players, ready_game

from companion.errors import MalformedRequest
from companion.games.base import Message
from companion.games.rajas import GAME
from companion.games.rajas.facts import value_problem
from companion.i18n import catalogues, translate

# (key, value told, facts already known besides the shipped board, reason expected): one row per reason.
IMPOSSIBLE: list[tuple[str, Any, dict[str, Any], str]] = [
    ("no.such.fact", 3, {}, "unknown_key"),
    ("navaratnas.income.3.color", "purple", {}, "yield_color"),
    ("2p.quarry.slots", "three", {}, "whole_number"),
    ("2p.port.2.cost", 3, {}, "range"),
    ("track.money.80.fame", 20, {"track.money.length": 70}, "beyond_track"),
    ("track.money.65.fame", 27, {}, "known_pair"),
    ("track.money.60.fame", 40, {}, "pair_order"),
    ("track.money.length", 64, {}, "track_example"),
    ("track.money.length", 70, {"track.money.75.fame": 25}, "track_too_short"),
    ("34p.river.3", {"kind": "treasure"}, {}, "reward_kind"),
    ("34p.river.3", {"kind": "money", "amount": 3, "colour": "blue"}, {}, "reward_fields"),
    ("34p.river.3", {"kind": "money", "amount": 30}, {}, "reward_number"),
    ("34p.river.3", {"kind": "dice", "count": 1, "colors": ["red"]}, {}, "reward_colors"),
    ("34p.river.3", {"kind": "dice", "count": 1, "colors": ["blue", "green"]}, {}, "reward_dice_colors"),
    ("34p.river.3", {"kind": "karma_dice", "color": "red"}, {}, "reward_color"),
    ("34p.river.3", {"kind": "room", "room": "kitchen"}, {}, "reward_room"),
    ("34p.river.3", {"kind": "all", "of": []}, {}, "reward_all"),
]


@pytest.mark.parametrize(("key", "value", "known", "reason"), IMPOSSIBLE)
def test_every_reason_a_fact_is_impossible_is_a_catalogue_message_in_both_languages(
    key: str, value: Any, known: dict[str, Any], reason: str
) -> None:
    problem = value_problem(key, value, {"track.money.65.fame": 28, "track.money.52.fame": 35, **known})
    assert isinstance(problem, Message) and problem.key == f"rajas.fact.problem.{reason}"
    for lang in ("en", "fr"):
        assert problem.key in catalogues.keys(lang)
        text = translate(lang, problem.key, problem.params)
        assert "{" not in text.replace('{"', ""), text  # every placeholder filled (a reward told is quoted as JSON)


def test_end_game_example_pairs_refuse_other_fames_wholly_in_french() -> None:
    # Base rulebook, Fin de la partie: Rajesh's money marker on 65 beside fame 28, Leila's on 52 beside fame 35.
    state = ready_game(facts={})
    verdict = GAME.legal(state, move(state, type="answer_fact", key="track.money.65.fame", value=27))
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.fact_contradicts"
    assert translate("fr", verdict.reason.key, verdict.reason.params) == (
        "C'est déjà connu pour le nombre de gloire à côté de la case argent 65 : 28."
    )
    verdict = GAME.legal(state, move(state, type="answer_fact", key="track.money.60.fame", value=40))
    assert verdict.reason is not None and verdict.reason.key == "rajas.refused.fact_impossible"
    assert verdict.citation is not None and verdict.citation.rule == "facts.answer"
    assert translate("fr", verdict.reason.key, verdict.reason.params) == (
        "Cela ne peut pas être imprimé pour le nombre de gloire à côté de la case argent 60 : la gloire 40 à côté de "
        "l'argent 60 contredit la gloire 35 à côté de l'argent 52 (la gloire à côté de la piste d'argent ne croît "
        "jamais quand l'argent croît)."
    )


@pytest.mark.parametrize(
    ("key", "value", "french"),
    [
        (
            "2p.port.2.cost",
            3,
            "Cela ne peut pas être imprimé pour le prix de la case 2 du port (2 joueurs) : ce doit être de 1 à 2, "
            "pas 3.",
        ),
        (
            "34p.river.3",
            {"kind": "money", "amount": 30},
            "Cela ne peut pas être imprimé pour la case fleuve 3 (3 et 4 joueurs) : le nombre imprimé avec cette "
            "récompense doit être de 1 à 20, pas 30.",
        ),
        (
            "navaratnas.income.3.color",
            "purple",
            "Cela ne peut pas être imprimé pour la couleur de la case de revenu 3 du plateau province Navaratnas : la "
            "couleur doit être blanc, jaune, rouge ou marron, pas purple.",
        ),
    ],
)
def test_an_impossible_printed_fact_is_refused_wholly_in_french(key: str, value: Any, french: str) -> None:
    state = ready_game(facts={})
    verdict = GAME.legal(state, move(state, type="answer_fact", key=key, value=value))
    assert verdict.status == "refused" and verdict.reason is not None
    assert verdict.reason.key == "rajas.refused.fact_impossible"
    assert translate("fr", verdict.reason.key, verdict.reason.params) == french
    english = translate("en", verdict.reason.key, verdict.reason.params)
    assert english.startswith("That cannot be printed for ") and "imprimé" not in english


def test_an_impossible_fact_given_at_the_start_is_said_in_the_tables_language() -> None:
    with pytest.raises(MalformedRequest) as caught:
        GAME.setup(players(2), {"facts": {"2p.port.2.cost": 3}}, 1)
    assert "option facts.2p.port.2.cost: it must be from 1 to 2, not 3" in str(caught.value)
    said = caught.value.details["said"]
    assert translate("fr", said["key"], said["params"]) == (
        "Le fait donné au départ pour le prix de la case 2 du port (2 joueurs) est impossible : ce doit être de 1 à "
        "2, pas 3."
    )
