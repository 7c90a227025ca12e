"""Every refusal, prompt, question and rule has its text in English and French; rules reference and search."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion.games.rajas as rajas
from companion.games.rajas import rules_reference, search_rules
from companion.games.rajas.citations import RULES
from companion.games.rajas.facts import _PATTERNS
from companion.games.rajas.moves.choices import _MOVE_FOR
from companion.i18n import catalogues

PACKAGE = Path(rajas.__file__).parent


def _refusals() -> set[tuple[str, str]]:
    """(rule id, reason) of every require()/Refused() in the package's source."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("require", "Refused"):
                args = node.args[1:3] if node.func.id == "require" else node.args[0:2]  # type: ignore[attr-defined]
                texts = [a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                if len(texts) == 2:
                    found.add((texts[0], texts[1]))
    return found


def test_the_source_has_refusals_to_check() -> None:
    assert len(_refusals()) > 50


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_refusal_has_a_rule_entry_and_a_text(lang: str) -> None:
    keys = catalogues.keys(lang)
    for rule, reason in _refusals():
        assert rule in RULES, rule
        assert f"rajas.refused.{reason}" in keys, reason


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_prompt_question_and_rule_has_a_text(lang: str) -> None:
    keys = catalogues.keys(lang)
    wanted = {f"rajas.prompt.{kind}" for kind in _MOVE_FOR} | {f"rajas.fact.q.{kind}" for kind in _PATTERNS}
    wanted |= {f"rajas.rule.{rule}.{part}" for rule in RULES for part in ("title", "text")}
    assert wanted - keys == set()


def test_both_languages_define_the_same_rajas_keys() -> None:
    english = {k for k in catalogues.keys("en") if k.startswith("rajas.")}
    french = {k for k in catalogues.keys("fr") if k.startswith("rajas.")}
    assert english == french and len(english) > 200


def test_rules_reference_has_one_entry_per_rule_in_each_language() -> None:
    english, french = rules_reference("en"), rules_reference("fr")
    assert [e["id"] for e in english] == [e["id"] for e in french] == list(RULES)
    quarry = next(e for e in french if e["id"] == "quarry.pay_pips")
    assert quarry["section"].startswith("I. Action de construction") and "au moins" in quarry["text"]
    assert all(e["title"] != f"rajas.rule.{e['id']}.title" for e in english)


def test_search_ignores_case_and_accents() -> None:
    found = {e["id"] for e in search_rules("carriere", "fr")}
    assert {"quarry.slot_cost", "quarry.pay_pips"} <= found
    assert {e["id"] for e in search_rules("Master Builder", "en")} >= {"palace.master_builder"}
    assert search_rules("", "en") == []


@pytest.mark.parametrize(
    ("lang", "key", "params", "text"),
    [
        ("en", "port_steps", {"steps": 2, "value": 1, "n": 1}, "With 1 the boat moves exactly 1 free space, not 2."),
        ("en", "port_steps", {"steps": 4, "value": 3, "n": 3}, "With 3 the boat moves 3 free spaces at most"),
        ("fr", "too_many_markets", {"count": 2, "value": 1, "n": 1}, "Un dé de 1 valorise au plus 1 marché, pas 2."),
        ("fr", "roll_mismatch", {"offered": 1, "n": 1}, "Le lancer doit montrer le dé proposé"),
        ("fr", "roll_mismatch", {"offered": 3, "n": 3}, "Le lancer doit montrer les 3 dés proposés"),
    ],
)
def test_refusals_counting_one_say_it_in_the_singular(lang: str, key: str, params: dict, text: str) -> None:
    assert catalogues.translate(lang, f"rajas.refused.{key}", params).startswith(text)


def test_every_refusal_counting_in_the_singular_is_given_its_count() -> None:
    # A refusal with a singular text must be raised with `n`, or its singular is never chosen.
    counting = {key.removesuffix("_one").removeprefix("rajas.refused.") for key in catalogues.keys("en")}
    counting = {key for key in counting if f"rajas.refused.{key}_one" in catalogues.keys("en")}
    calls = 0
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "require" and len(node.args) >= 3:
                reason = node.args[2]
                if isinstance(reason, ast.Constant) and reason.value in counting:
                    calls += 1
                    assert "n" in {keyword.arg for keyword in node.keywords}, (path.name, reason.value)
    assert calls >= 5


def test_a_french_search_for_de_with_its_accent_finds_the_rules_on_dice_not_every_de() -> None:
    dice = {e["id"] for e in search_rules("dé", "fr")}
    plain = {e["id"] for e in search_rules("de", "fr")}
    assert "karma.flip" in dice and 0 < len(dice) < len(plain)
    assert {e["id"] for e in search_rules("Carriere", "fr")} == {e["id"] for e in search_rules("carrière", "fr")}
    assert search_rules("master build", "en")  # a word may be begun only
