"""The pages: each renders, in French or English as asked, and the start form starts or refuses a game."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from flask.testing import FlaskClient
from test_web_fixtures import PLAYERS, FakeCamera, app, client, game_id, roll, service  # noqa: F401  (fixtures)

from companion.devices.notices import DeviceChoice
from companion.service import Companion


@pytest.mark.parametrize("path", ["/", "/camera", "/health"])
def test_every_page_renders(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert '<meta name="viewport"' in response.get_data(as_text=True)


@pytest.mark.parametrize("suffix", ["", "/live", "/check"])
def test_game_pages_render(client: FlaskClient, game_id: str, suffix: str) -> None:
    page = client.get(f"/games/{game_id}{suffix}").get_data(as_text=True)
    assert "Asha" in page and "Bruno" in page


def test_language_from_browser(client: FlaskClient) -> None:
    french = client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}).get_data(as_text=True)
    english = client.get("/", headers={"Accept-Language": "en-GB"}).get_data(as_text=True)
    assert "Lancer une partie" in french and "Start a game" not in french
    assert "Start a game" in english and "Lancer une partie" not in english
    assert '<html lang="fr">' in french


def test_language_chosen_with_lang_is_kept_in_a_cookie(client: FlaskClient) -> None:
    first = client.get("/?lang=fr", headers={"Accept-Language": "en"})
    assert "lang=fr" in first.headers["Set-Cookie"]
    later = client.get("/health", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Ce qui est utilisé" in later


def test_language_from_server_setting(service: Companion) -> None:
    from companion.web import create_app

    page = create_app({"LANGUAGE": "fr"}, service).test_client().get("/", headers={"Accept-Language": "en"})
    assert "Lancer une partie" in page.get_data(as_text=True)


def test_table_shows_roll_dice_prompt_and_controls(client: FlaskClient, service: Companion, game_id: str) -> None:
    service.append(game_id, "move", {"move": roll(0, 5, 2)["move"]})
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert page.count('data-action="select-die"') == 2  # one correction button per die
    assert 'aria-label="5 · blue"' in page
    assert "Asha has rolled" in page  # the game's prompt, translated, with the player's name
    assert 'data-action="undo"' in page and 'data-action="end_turn"' in page
    assert page.count('data-action="add-die"') == 6
    assert f'data-stream-url="/stream/games/{game_id}"' in page


def test_table_total_of_a_roll_with_an_unread_die_stays_open(
    client: FlaskClient, service: Companion, game_id: str
) -> None:
    service.append(game_id, "move", {"move": roll(0, 5, 2)["move"]})
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert ">= 7</span>" in page  # every die read: the total is whole
    move = {"type": "roll", "seat": 1, "dice": [{"value": 5, "color": "blue"}, {"value": None, "color": "blue"}]}
    service.append(game_id, "move", {"move": {"type": "end_turn", "seat": 0}})
    service.append(game_id, "move", {"move": move})
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert ">= 5 + ?</span>" in page  # never "= 5" beside a die marked ?, as if the roll were whole
    assert "the dice marked ? are still to be told" in page
    page = client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True)
    assert "les dés marqués ? restent à indiquer" in page


class KeptFrame(FakeCamera):
    """A camera that still keeps the frame of one settled roll."""

    def __init__(self, frame_id: str, image: np.ndarray) -> None:
        super().__init__()
        self.kept = {frame_id: image}

    def settled_frame(self, frame_id: str) -> np.ndarray | None:
        return self.kept.get(frame_id)


def test_table_pictures_the_die_the_camera_could_not_read_as_it_lies(
    client: FlaskClient, service: Companion, game_id: str
) -> None:
    # The roll's second die was not read: its button shows the die cut from the roll's frame, marked ?, so the
    # table sees which die on the table it is asked to tell. The die read shows its face as ever.
    image = np.full((120, 160, 3), 90, np.uint8)
    service.devices["camera"] = KeptFrame("f7", image)
    move = {"type": "roll", "seat": 0, "dice": [{"value": 5, "color": "blue"}, {"value": None, "color": "blue"}]}
    seen = [{"value": 5, "bbox": [10, 10, 40, 40]}, {"value": None, "bbox": [80, 60, 110, 90]}]
    service.append(game_id, "move", {"move": move, "reading": {"dice": seen, "frame_id": "f7"}}, origin="camera")
    page = client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    assert page.count('class="die-button__picture" src="data:image/jpeg;base64,/9j/') == 1
    assert 'alt="The die the camera could not read"' in page and 'aria-label="5 · blue"' in page
    assert page.index('data-index="1"') < page.index("die-button__picture")  # the second die's button
    # With the frame no longer kept, the die is drawn marked ? as before; told its value, it shows its face.
    service.devices["camera"] = KeptFrame("f8", image)
    assert "die-button__picture" not in client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)
    service.devices["camera"] = KeptFrame("f7", image)
    told = {**move, "dice": [move["dice"][0], {"value": 3, "color": "blue"}]}
    service.append(game_id, "correction", {"target": 2, "move": told})
    assert "die-button__picture" not in client.get(f"/games/{game_id}?lang=en").get_data(as_text=True)


def test_table_in_french(client: FlaskClient, game_id: str) -> None:
    page = client.get(f"/games/{game_id}?lang=fr").get_data(as_text=True)
    assert "Saisir un lancer à la main" in page and "Annuler" in page
    assert "Asha, lancez les dés." in page


def test_start_form_starts_a_game_and_opens_its_table(client: FlaskClient, service: Companion) -> None:
    form = {
        "kind": "free_dice",
        "name_0": "Asha",
        "color_0": "red",
        "name_1": " ",
        "name_2": "Chen",
        "free_dice.max_turns": "3",
    }
    response = client.post("/games", data=form)
    assert response.status_code == 303
    game = service.games()[0]
    assert response.headers["Location"].endswith(f"/games/{game['game_id']}")
    view = service.view(game["game_id"])
    assert [(p["name"], p["color"]) for p in view["players"]] == [("Asha", "red"), ("Chen", "green")]
    assert view["options"] == {"max_turns": 3}


def test_start_form_starts_rajas_with_its_modules_and_the_experienced_players_of_a_mixed_group(
    client: FlaskClient, service: Companion
) -> None:
    # Row 2 left empty: Chandra, ticked as experienced in row 3, sits in the second seat.
    form = {
        "kind": "rajas",
        "name_0": "Asha",
        "color_0": "orange",
        "name_1": "",
        "name_2": "Chandra",
        "color_2": "violet",
        "rajas.modules": ["mixed_groups", "ganga", "tiger"],
        "rajas.experienced": "2",
    }
    assert client.post("/games", data=form).status_code == 303
    view = service.view(service.games()[0]["game_id"])
    assert view["options"]["modules"] == ["mixed_groups", "ganga", "tiger"]
    assert view["options"]["experienced"] == [1]
    assert [(p["name"], p["board"]) for p in view["players"]] == [("Asha", "normal"), ("Chandra", "navaratnas")]


def test_start_form_leaves_experienced_players_out_without_mixed_groups(
    client: FlaskClient, service: Companion
) -> None:
    # Ticked, then the module unticked: the seats stay ticked in the page but apply to nothing.
    form = {"kind": "rajas", "name_0": "Asha", "name_1": "Bruno", "rajas.experienced": "0"}
    assert client.post("/games", data=form).status_code == 303
    view = service.view(service.games()[0]["game_id"])
    assert view["options"]["experienced"] == [] and view["options"]["modules"] == []


def test_start_form_names_rajas_modules_in_the_tables_language(client: FlaskClient) -> None:
    page = client.get("/?lang=fr&kind=rajas").get_data(as_text=True)
    assert "Variante des Navaratnas" in page and "Marchand de pierres précieuses" in page
    assert 'name="rajas.facts"' not in page  # board facts are learnt on the board page, not typed as JSON
    assert '<option value="rajas" data-max-players="4" selected>' in page


@pytest.mark.parametrize(
    ("form", "text"),
    [
        ({"kind": "free_dice"}, "Give at least one player a name."),
        (
            {"kind": "rajas", "name_0": "A", "name_1": "B", "rajas.modules": "chess"},
            "Variants and modules: &#39;chess&#39; is not",
        ),
        (
            {"kind": "rajas", "name_0": "A", "name_1": "B", "rajas.modules": "mixed_groups", "rajas.experienced": "4"},
            "Experienced players (mixed groups): row 5 has no player&#39;s name",
        ),
        ({"kind": "rajas", "name_0": "A"}, "This game is played by 2 to 4 players, not 1."),
        ({"kind": "rajas", "name_0": "Asha", "name_1": " asha "}, "Two players are called asha"),
        (
            {"kind": "rajas", "name_0": "A", "color_0": "blue", "name_1": "B", "color_1": "blue"},
            "Two players have blue: give each player a colour of their own.",
        ),
        ({"kind": "free_dice", "name_0": "A", "free_dice.max_turns": "many"}, "free_dice.max_turns"),
        ({"kind": "go", "name_0": "A"}, "kind"),
    ],
)
def test_start_form_refuses_whole(client: FlaskClient, service: Companion, form: dict[str, str], text: str) -> None:
    response = client.post("/games", data=form, headers={"Accept-Language": "en"})
    assert response.status_code == 400
    assert text in response.get_data(as_text=True)
    assert service.games() == []


def test_the_games_to_resume_name_their_players_and_when_they_were_last_played(
    client: FlaskClient, service: Companion
) -> None:
    service.create_game("free_dice", [{"name": "Léa"}, {"name": "Tom"}])
    page = client.get("/?lang=fr").get_data(as_text=True)
    assert "Léa et Tom" in page and "jouée il y a" in page and "1 événement" in page
    assert [row["players"] for row in service.games()] == [("Léa", "Tom")]


def test_the_game_played_last_comes_first_in_the_games_to_resume(service: Companion) -> None:
    first = service.create_game("free_dice", [{"name": "Léa"}, {"name": "Tom"}])["game_id"]
    second = service.create_game("free_dice", [{"name": "Ana"}, {"name": "Bo"}])["game_id"]
    assert [row["game_id"] for row in service.games()] == [second, first]
    service.append(first, "move", {"move": {"type": "roll", "dice": [{"value": 4}]}})
    assert [row["game_id"] for row in service.games()] == [first, second]


def test_resume_makes_a_game_active(client: FlaskClient, service: Companion, game_id: str) -> None:
    other = service.create_game("free_dice", PLAYERS)["game_id"]
    response = client.post(f"/games/{game_id}/resume")
    assert response.status_code == 303 and service.active_id == game_id
    assert other != game_id
    assert client.get("/table").headers["Location"].endswith(f"/games/{game_id}")


def test_table_redirects_home_without_an_active_game(client: FlaskClient) -> None:
    assert client.get("/table").headers["Location"] == "/"


def test_unknown_game_page_is_a_translated_404(client: FlaskClient) -> None:
    response = client.get("/games/nope?lang=fr")
    assert response.status_code == 404
    assert "Retour aux parties" in response.get_data(as_text=True)
    assert "Cette partie n’existe pas ici" in response.get_data(as_text=True)  # not the log's "no game 'nope'"


def test_camera_page_without_and_with_camera(client: FlaskClient, service: Companion) -> None:
    assert "No camera" in client.get("/camera?lang=en").get_data(as_text=True)
    service.devices["camera"] = FakeCamera()
    service.reading_updated({"dice": [{"value": 3, "color": "violet", "confidence": 0.9}]}, "settled")
    page = client.get("/camera?lang=en").get_data(as_text=True)
    assert 'src="/stream/camera.mjpg"' in page
    assert "3 · violet" in page and "90 % sure" in page
    assert "reading__guess" not in page.split('id="texts"')[0]
    # The reading first, the tools (colours, reader check) after it, not a gap-leaving row above the title.
    assert page.index('id="reading-title"') < page.index('id="reading"') < page.index('href="/calibrate"')


def test_camera_page_marks_a_value_read_under_sure_value_as_to_confirm(client: FlaskClient, service: Companion) -> None:
    service.devices["camera"] = FakeCamera()
    reading = {"dice": [{"value": 3, "color": "violet", "confidence": 0.45}, {"value": None, "confidence": 0.1}]}
    service.reading_updated(reading, "settled")
    page = client.get("/camera?lang=fr").get_data(as_text=True)
    assert page.count('<span class="small reading__guess">à confirmer</span>') == 1  # the guessed 3 only


def test_camera_page_says_dice_in_motion_are_read_once_they_stop(client: FlaskClient, service: Companion) -> None:
    service.devices["camera"] = FakeCamera()
    service.reading_updated({"dice": []}, "rolling")
    page = client.get("/camera?lang=en").get_data(as_text=True).split('id="texts"')[0]
    assert "The dice are read once they stop." in page and "No dice seen." not in page
    assert "Les dés sont lus dès qu&#39;ils s&#39;arrêtent." in client.get("/camera?lang=fr").get_data(as_text=True)
    service.reading_updated({"dice": []}, "empty")
    page = client.get("/camera?lang=en").get_data(as_text=True).split('id="texts"')[0]
    assert "No dice seen." in page and "The dice are read once they stop." not in page


def test_health_flags_stand_ins(client: FlaskClient, service: Companion) -> None:
    service.choices = [
        DeviceChoice("camera", "replay camera", "no camera found", True),
        DeviceChoice("gpio", "lgpio", "Raspberry Pi 5", False),
    ]
    service.devices["camera"] = FakeCamera()
    page = client.get("/health?lang=en").get_data(as_text=True)
    assert "1 built-in stand-in in use" in page
    assert page.count("Built-in stand-in") == 1 and "Hardware" in page
    assert "replay camera" in page and "Reading errors" in page


def test_health_shows_a_status_mapping_as_its_entries_not_as_python(client: FlaskClient, service: Companion) -> None:
    class Panel:
        def status(self) -> dict[str, Any]:
            return {"turn": {"seat": 0, "waiting": True}, "pins": {"status": 17, "seats[0]": 5}, "presses": {}}

        def close(self) -> None:
            pass

    service.devices["gpio"] = Panel()
    page = client.get("/health?lang=en").get_data(as_text=True)
    # The turn is said in words, its seat counted from 1 as players count (no game: no name to give).
    assert "seat 1, waiting for their move" in page and "status light 17, seat 1: 5" in page
    assert "{&#39;" not in page and "{'" not in page
    assert "place 1, en attente de son coup" in client.get("/health?lang=fr").get_data(as_text=True)
