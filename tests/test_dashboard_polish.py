"""What a tester found on the dashboard, through the Flask client: a corrected roll still said "read by the camera",
"The latest 1 of 1 corrected rolls" and a die's wrong colour left out on the reading check, no menu tab marked on
the pages under a tab, and the board-facts page naming facts by their keys, blaming facts nobody typed and telling
one wrong field of several."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures and test_web_reader_check are parameters here)

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from test_web_fixtures import PLAYERS, app, client, service  # noqa: F401  (fixtures)
from test_web_reader_check import _scene, table  # noqa: F401  (fixture)

from companion.devices.examples import ExampleCollector
from companion.games.rajas.facts import told_problems
from companion.i18n import translate
from companion.service import Companion

CAMERA_ROLL = [{"value": 5, "color": "violet"}, {"value": 2, "color": "orange"}]


def caption(page: str) -> str:
    """Who rolled the last roll and how it was read, as the table shows it."""
    found = re.search(r'<span class="card__subtitle">(.*?)</span>', page, re.S)
    assert found, page[-1500:]
    return html.unescape(found.group(1)).strip()


def listed(page: str) -> list[str]:
    """The problems the board-facts page lists."""
    return [html.unescape(p) for p in re.findall(r'<li class="break">(.*?)</li>', page)]


# ---- a corrected roll says so


def test_a_roll_corrected_at_the_table_says_it_was_corrected(client: FlaskClient, service: Companion) -> None:
    game_id = str(service.create_game("free_dice", PLAYERS)["game_id"])
    move = {"type": "roll", "seat": 0, "dice": CAMERA_ROLL}
    rolled = service.append(game_id, "move", {"move": move}, origin="camera")
    assert caption(client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True)) == "Asha · lu par la caméra"
    fixed = {**move, "dice": [{"value": 3, "color": "violet"}, CAMERA_ROLL[1]]}
    service.append(game_id, "correction", {"target": rolled.seq, "move": fixed})
    for path in (f"/games/{game_id}", f"/games/{game_id}/live"):
        # The total became 5, yet the caption vouched for the camera's 7.
        assert caption(client.get(f"{path}?lang=fr").get_data(as_text=True)) == "Asha · lu par la caméra, corrigé"
        assert caption(client.get(f"{path}?lang=en").get_data(as_text=True)) == "Asha · read by the camera, corrected"


def test_a_roll_entered_by_hand_and_corrected_says_both(client: FlaskClient, service: Companion) -> None:
    game_id = str(service.create_game("free_dice", PLAYERS)["game_id"])
    move = {"type": "roll", "seat": 0, "dice": CAMERA_ROLL}
    rolled = service.append(game_id, "move", {"move": move})
    service.append(game_id, "correction", {"target": rolled.seq, "move": {**move, "dice": CAMERA_ROLL[:1]}})
    page = client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True)
    assert caption(page) == "Asha · saisi à la main, corrigé"


# ---- the reading check in the singular and with the colour read


def test_one_corrected_roll_is_said_in_the_singular(table: tuple[FlaskClient, Companion, Path]) -> None:
    client, service, data = table
    ExampleCollector(service, {}.get, data / "examples").save(*_scene(4), "roll-0")
    french = html.unescape(client.get("/reader-check?lang=fr").get_data(as_text=True))
    assert "Le seul lancer corrigé" in french and "Les 1 derniers des 1" not in french
    english = client.get("/reader-check?lang=en").get_data(as_text=True)
    assert "The one corrected roll" in english and "The latest 1 of 1" not in english


def test_the_latest_of_more_corrected_rolls_than_are_checked(
    table: tuple[FlaskClient, Companion, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, service, data = table
    collector = ExampleCollector(service, {}.get, data / "examples")
    for n in range(3):
        collector.save(*_scene(4), f"roll-{n}")
    monkeypatch.setattr("companion.web.reader_check.CHECKED", 2)
    assert "Les 2 derniers des 3 lancers corrigés" in client.get("/reader-check?lang=fr").get_data(as_text=True)
    monkeypatch.setattr("companion.web.reader_check.CHECKED", 1)
    assert "Le dernier des 3 lancers corrigés" in client.get("/reader-check?lang=fr").get_data(as_text=True)
    assert "The latest one of 3 corrected rolls" in client.get("/reader-check?lang=en").get_data(as_text=True)


def test_a_die_read_wrong_in_value_and_colour_says_the_colour_read(table: tuple[FlaskClient, Companion, Path]) -> None:
    client, service, data = table
    image, dice = _scene(3)
    read = dice[1]["value"]
    dice[1] = {**dice[1], "value": 6 if read != 6 else 1, "color": "blue"}  # a white die told as a blue one
    ExampleCollector(service, {}.get, data / "examples").save(image, dice, "roll-0")
    french = client.get("/reader-check?lang=fr").get_data(as_text=True)
    assert f"un {dice[1]['value']} (bleu) lu comme un {read} (blanc)" in french
    english = client.get("/reader-check?lang=en").get_data(as_text=True)
    assert f"a {dice[1]['value']} (blue) read as {read} (white)" in english
    # A colour read right is not said twice.
    assert re.search(r"\(blanc\) lu comme un \d</li>", french) is None


# ---- the menu tab of every page


@pytest.mark.parametrize(
    ("path", "tab"),
    [
        ("/", "Parties"),
        ("/games/{free}", "Table"),
        ("/games/{free}/check", "Table"),
        ("/games/{rajas}", "Table"),
        ("/games/{rajas}/check", "Table"),
        ("/rules/rajas", "Table"),
        ("/boards/rajas", "Parties"),
        ("/camera", "Caméra"),
        ("/calibrate", "Caméra"),
        ("/reader-check", "Caméra"),
        ("/health", "État"),
    ],
)
def test_the_tab_of_every_page_is_marked_current(client: FlaskClient, service: Companion, path: str, tab: str) -> None:
    free = service.create_game("free_dice", PLAYERS)["game_id"]
    rajas = service.create_game("rajas", PLAYERS)["game_id"]
    page = client.get(path.format(free=free, rajas=rajas) + "?lang=fr").get_data(as_text=True)
    nav = re.search(r'<nav class="tabs".*?</nav>', page, re.S)
    assert nav, page[:1500]
    current = re.findall(r'<a class="tab is-current" href="[^"]*" aria-current="page">([^<]*)</a>', nav.group(0))
    assert current == [tab], nav.group(0)
    assert nav.group(0).count("is-current") == nav.group(0).count('aria-current="page"') == 1


def test_an_error_page_marks_no_tab(client: FlaskClient) -> None:
    page = client.get("/no-such-page?lang=fr").get_data(as_text=True)
    nav = re.search(r'<nav class="tabs".*?</nav>', page, re.S)
    assert nav and "is-current" not in nav.group(0) and 'aria-current="page"' not in page


# ---- board facts in words


def test_a_fact_out_of_range_is_named_in_words_with_the_range_the_page_offers(client: FlaskClient) -> None:
    page = client.get("/boards/rajas?lang=fr").get_data(as_text=True)
    assert "Un nombre entier de 65 à 150" in page
    refused = client.post("/boards/rajas?lang=fr", data={"fact.track.money.length": "500"})
    assert refused.status_code == 400
    # It said "fait track.money.length : ce doit être de 0 à 150, pas 500" beside a field offering 65 to 150.
    assert listed(refused.get_data(as_text=True)) == [
        "Pour le plus grand nombre de la piste d'argent, ce doit être de 65 à 150, pas 500."
    ]


def test_a_fact_that_conflicts_with_a_known_one_names_that_fact(client: FlaskClient, service: Companion) -> None:
    refused = client.post("/boards/rajas?lang=fr", data={"fact.track.money.length": "50"})
    assert refused.status_code == 400
    problems = listed(refused.get_data(as_text=True))
    # Not "fait track.money.65.fame : ..." nor "... .52.fame": nobody typed those; the fact typed is blamed, naming
    # the fact it contradicts.
    assert problems == [
        "Pour le plus grand nombre de la piste d'argent, 50 contredit le nombre de gloire à côté de la case argent "
        "65, qui vaut 28 : la piste d'argent s'arrête à 50 et n'a pas de case 65."
    ]
    english = client.post("/boards/rajas?lang=en", data={"fact.track.money.length": "50"})
    assert listed(english.get_data(as_text=True)) == [
        "For the highest number of the money track, 50 contradicts the fame number beside money 65, which is 28: "
        "the money track ends at 50 and has no space 65."
    ]
    assert service.boards.known("rajas") == {}


def test_every_wrong_field_is_reported_at_once(client: FlaskClient, service: Companion) -> None:
    data = {"fact.track.money.length": "abc", "fact.track.fame.length": "500", "fact.2p.quarry.slots": "4"}
    refused = client.post("/boards/rajas?lang=fr", data=data)
    assert refused.status_code == 400
    assert listed(refused.get_data(as_text=True)) == [
        "Pour le plus grand nombre de la piste d'argent, il faut le nombre entier imprimé, pas 'abc'.",
        "Pour le plus grand nombre de la piste de gloire, ce doit être de 37 à 150, pas 500.",
    ]
    assert service.boards.known("rajas") == {}  # the good one is not kept either: refused whole


def test_two_facts_typed_together_that_contradict_each_other_name_each_other(
    client: FlaskClient, service: Companion
) -> None:
    service.boards.remember("rajas", {"track.money.length": 70})
    data = {"fact.track.fame.length": "38", "fact.track.money.10.fame": "40"}
    refused = client.post("/boards/rajas?lang=en", data=data)
    assert refused.status_code == 400
    assert listed(refused.get_data(as_text=True)) == [
        "For the highest number of the fame track, 38 contradicts the fame number beside money 10, which is 40: "
        "the fame track ends at 38 and has no space 40.",
        "For the fame number beside money 10, 40 contradicts the highest number of the fame track, which is 38: "
        "the fame track ends at 38 and has no space 40.",
    ]


def test_facts_that_agree_are_saved(client: FlaskClient, service: Companion) -> None:
    saved = client.post("/boards/rajas", data={"fact.track.money.length": "100", "fact.track.fame.length": "60"})
    assert saved.status_code == 303
    assert service.boards.known("rajas") == {"track.money.length": 100, "track.fame.length": 60}


def test_a_refusal_the_board_file_finds_is_named_in_words_too(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Should the board file refuse what the facts' own checks let through, its problems are said in words as well.
    monkeypatch.setattr("companion.web.rajas.boards.told_problems", lambda told, known: {})
    refused = client.post("/boards/rajas?lang=fr", data={"fact.track.money.length": "500"})
    assert refused.status_code == 400
    assert listed(refused.get_data(as_text=True)) == [
        "Pour le plus grand nombre de la piste d'argent, ce doit être de 0 à 150, pas 500."
    ]


def test_the_problems_of_facts_told_together_are_said_in_both_languages() -> None:
    problems = told_problems({"track.money.length": 50, "2p.quarry.slots": 4}, {"track.money.65.fame": 28})
    assert list(problems) == ["track.money.length"]
    said = problems["track.money.length"]
    french = translate("fr", said.key, said.params)
    assert french.startswith("Pour le plus grand nombre de la piste d'argent, 50 contredit le nombre de gloire")
    assert "track." not in french and "track." not in translate("en", said.key, said.params)
