"""Player names at a game night, as a tester typed them: control characters ("\\x1b[2J" cleared the host's terminal in
`companion replay`, a line break made a fake ranking line, the start form showed "Asha%0ABruno" as "Asha Bruno") and
direction overrides are refused naming the player's place; a name that shows nothing is no name; names that look
the same are one name; the length limit counts the name that is kept; and `companion replay` escapes what old games
stored before names were checked."""

from __future__ import annotations

import html
import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.cli import main
from companion.errors import MalformedRequest
from companion.i18n import translate
from companion.service import MAX_NAME, Companion

CONTROLS = ["\u001b[2J\u001b[31mHACKED", "Bob\b\b\bEve", "Alice\nINFO fake log line", "A\x00B", "Tab\tby", "Del\x7f"]
DIRECTIONS = ["Asha\u202egnirts", "\u202aAsha", "Bruno\u2066x\u2069", "\u2067Chloé", "\u2068Dev\u2069"]
BLANKS = [
    "\u200b",
    "\u2060",
    "\ufeff",
    "\u3164",
    "\u2800",
    "\u00ad",
    "\u0301\u0302",
    "\u115f\u1160",
    "\uffa0",
    "\ufe0f",
]
KEPT = [
    "👨\u200d👩\u200d👧\u200d👦",
    "❤\ufe0f",
    "👍🏽",
    "Zoë",
    "Ngô Bảo Châu",
    "محمد",
    "שרה",
    "李小龍",
    "Jean-Loup d'Arc",
]


def refusal(service: Companion, second: Any) -> dict[str, Any]:
    """What the service says when Ann and `second` start a game; nothing is stored."""
    games = service.games()
    with pytest.raises(MalformedRequest) as refused:
        service.create_game("free_dice", [{"name": "Ann"}, {"name": second}])
    assert service.games() == games
    said: dict[str, Any] = refused.value.details["said"]
    return said


@pytest.mark.parametrize("name", CONTROLS)
def test_a_name_with_a_control_character_is_refused_naming_the_players_place(service: Companion, name: str) -> None:
    said = refusal(service, name)
    assert said == {"key": "error.said.name_control", "params": {"seat": 2}}


@pytest.mark.parametrize("name", DIRECTIONS)
def test_a_name_with_a_direction_override_or_isolate_is_refused(service: Companion, name: str) -> None:
    assert refusal(service, name) == {"key": "error.said.name_direction", "params": {"seat": 2}}


def test_the_refusals_are_said_in_french_and_english(client: FlaskClient) -> None:
    assert translate("en", "error.said.name_control", {"seat": 2}) == (
        "The name of player 2 holds an invisible control character (a line break, a tab or a terminal code): "
        "type the name again without it."
    )
    assert translate("fr", "error.said.name_control", {"seat": 2}) == (
        "Le nom du joueur 2 contient un caractère de contrôle invisible (un retour à la ligne, une tabulation ou un "
        "code de terminal) : tapez le nom à nouveau sans ce caractère."
    )
    assert translate("en", "error.said.name_direction", {"seat": 1}) == (
        "The name of player 1 holds an invisible character that turns the text around it backwards: "
        "type the name again without it."
    )
    assert translate("fr", "error.said.name_direction", {"seat": 1}) == (
        "Le nom du joueur 1 contient un caractère invisible qui inverse le sens du texte autour de lui : "
        "tapez le nom à nouveau sans ce caractère."
    )


def test_the_api_refuses_an_escape_code_in_a_name_with_a_400(client: FlaskClient, companion: Companion) -> None:
    body = {"kind": "free_dice", "players": [{"name": "Ann"}, {"name": "\u001b[2J\u001b[31mHACKED"}]}
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["message"].startswith("players[1].name '\\x1b[2J\\x1b[31mHACKED' holds a control character")
    assert error["details"]["said"] == {"key": "error.said.name_control", "params": {"seat": 2}}
    assert companion.games() == []


def test_the_start_form_refuses_a_line_break_inside_a_name(client: FlaskClient, companion: Companion) -> None:
    response = client.post("/games?lang=fr", data={"kind": "free_dice", "name_0": "Asha\nBruno"})
    assert response.status_code == 400
    found = re.search(r'<p class="notice__detail">(.*?)</p>', response.get_data(as_text=True), re.S)
    assert found and html.unescape(found[1]).strip() == translate("fr", "error.said.name_control", {"seat": 1})
    assert companion.games() == []


@pytest.mark.parametrize("name", BLANKS)
def test_a_name_that_shows_nothing_is_no_name(service: Companion, name: str) -> None:
    assert refusal(service, f" {name} ") == {"key": "error.said.name_missing", "params": {}}


@pytest.mark.parametrize("name", KEPT)
def test_emoji_sequences_accents_and_other_scripts_are_kept_as_typed(service: Companion, name: str) -> None:
    view = service.create_game("free_dice", [{"name": "Ann"}, {"name": f"  {name} "}])
    assert view["players"][1]["name"] == unicodedata.normalize("NFC", name)


def test_a_name_is_kept_composed_and_stripped(service: Companion) -> None:
    view = service.create_game("free_dice", [{"name": " e\u0301lodie\t"}])
    assert view["players"][0]["name"] == "\u00e9lodie"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("\u00e9lodie", "e\u0301lodie"),
        ("Asha", "Asha\u200b"),
        ("Asha", "\uff21sha"),
        ("Asha", "ASHA"),
        ("Straße", "STRASSE"),
        ("Bruno", "\u2060Bruno\ufeff"),
    ],
)
def test_names_that_look_the_same_are_one_name(service: Companion, first: str, second: str) -> None:
    with pytest.raises(MalformedRequest) as refused:
        service.create_game("free_dice", [{"name": first}, {"name": second}])
    assert refused.value.details["said"]["key"] == "error.said.same_name"


def test_the_length_limit_counts_the_name_that_is_kept(service: Companion) -> None:
    view = service.create_game("free_dice", [{"name": "     " + "A" * MAX_NAME}])
    assert view["players"][0]["name"] == "A" * MAX_NAME
    said = refusal(service, "  " + "B" * (MAX_NAME + 1) + "  ")
    assert said["key"] == "error.said.name_too_long"
    assert said["params"]["length"] == MAX_NAME + 1


# ---- `companion replay` of a game stored before names were checked

OLD_NAMES = ["\u001b[2J\u001b[31mHACKED", "Alice\nranking: Alice", "Bob\u202eevE"]


def old_log(tmp_path: Path) -> Path:
    """An exported log whose players were named before names were checked."""
    players = [{"seat": seat, "name": name, "color": "blue"} for seat, name in enumerate(OLD_NAMES)]
    players = [{**player, "color": color} for player, color in zip(players, ("blue", "red", "green"), strict=True)]
    start = {"kind": "free_dice", "players": players, "options": {"max_turns": 1}, "seed": 1}
    moves = [{"type": "move", "payload": {"move": {"type": "roll", "dice": [{"value": 3, "color": "blue"}]}}}]
    lines = [{"type": "game_started", "payload": start}, *moves]
    log = tmp_path / "old.jsonl"
    log.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return log


def test_replay_escapes_the_control_characters_of_old_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(old_log(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert "\\x1b[2J\\x1b[31mHACKED" in out and "Bob\\u202eevE" in out and "Alice\\nranking: Alice" in out
    lines = out.splitlines()
    assert len(lines) == 1 + len(OLD_NAMES)  # the heading and one line a player: no line made by a name
    assert not any(line.startswith("ranking:") for line in lines)


def test_replay_json_keeps_the_names_as_stored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--json", str(old_log(tmp_path))]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [player["name"] for player in report["view"]["players"]] == OLD_NAMES
