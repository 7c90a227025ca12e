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
