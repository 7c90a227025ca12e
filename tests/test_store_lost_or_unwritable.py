"""The event store never acknowledges a move it will lose, and says plainly when it cannot write.

A durability tester found: the data folder deleted under a running service (`rm -rf DATA`) and moves still answered
201, the health page ok, nothing logged, every game gone at the next start, and a second service let in on the
folder made again; a read-only data folder ended `serve` with exit 1 (systemd restarted it every 3 s) and the doctor
said "1 game stored"; a store that could not be written was said by no page, `troubles` empty, the doctor content; a
camera roll on it logged a whole traceback at every settle, and the last roll that could not be kept a warning at
every roll.

Read-only files do not bind root: the cases that need one run in a child process without CAP_DAC_OVERRIDE (setpriv,
as the tester did), or as they are when the tests run as another user. The store refusing writes in this process is
SQLite's query_only (read-only) or its page limit (a full disk)."""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.cli import main
from companion.devices.last_roll import LastRoll
from companion.errors import StoreError
from companion.events.bus import RollSettled
from companion.events.owner import DataDirInUse, owning
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app, health_view
from vision.reading import DiceReading, Die

ROOT = Path(__file__).resolve().parents[1]
NO_DAC = ["setpriv", "--inh-caps=-dac_override,-dac_read_search", "--bounding-set=-dac_override,-dac_read_search"]
MOVE = {"type": "move", "move": {"type": "roll", "dice": [{"value": 4, "color": "blue"}]}}
UNDO = {"type": "undo"}
PLAYERS = [{"name": "Ann"}, {"name": "Bob"}]


def _unprivileged(command: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Run `command` as this user without the right to write files whose modes forbid it (root's DAC override
    dropped), with no COMPANION_ setting of this environment, no config file, the camera and serial port off."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("COMPANION_")}
    env.update(
        XDG_CONFIG_HOME=str(tmp_path / "no-config"),
        COMPANION_CAMERA__SOURCE="off",
        COMPANION_SERIAL__PORT="off",
        PYTHONDONTWRITEBYTECODE="1",
    )
    prefix = NO_DAC if os.geteuid() == 0 else []
    # The timeout only keeps a hung child from hanging the suite; nothing is asserted about time.
    return subprocess.run(prefix + command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def _stored_game(folder: Path) -> None:
    """A store in `folder` holding one game."""
    with EventStore(folder / "events.db") as store:
        store.create_game("free_dice", {"kind": "free_dice", "players": PLAYERS})


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def served(data_dir: Path) -> Iterator[Companion]:
    """A service on a store in its own data folder, as `serve` keeps it."""
    with Companion(EventStore(data_dir / "events.db"), data_dir=data_dir) as companion:
        yield companion


def _dashboard(companion: Companion) -> tuple[Flask, FlaskClient]:
    """The dashboard of `companion`. The banner is the base template's `store_trouble`, registered by
    create_app's template helpers; registered here too until companion/web/app.py registers it."""
    app = create_app({"TESTING": True}, companion)
    if hasattr(health_view, "store_trouble"):
        app.jinja_env.globals.setdefault("store_trouble", health_view.store_trouble)
    return app, app.test_client()


def _game(client: FlaskClient) -> str:
    made = client.post("/api/games", json={"kind": "free_dice", "players": PLAYERS})
    assert made.status_code == 201
    return str(made.get_json()["game_id"])


def _banner(page: str) -> str | None:
    found = re.search(r'<p class="notice notice--bad" role="alert" id="store-trouble">(.*?)</p>', page, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split()) if found else None


def test_a_data_folder_deleted_under_the_service_refuses_every_move_and_says_why_on_health_and_once_in_the_log(
    served: Companion, data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _, client = _dashboard(served)
    game_id = _game(client)
    assert client.post(f"/api/games/{game_id}/events", json=MOVE).status_code == 201
    before = len(served.store.events(game_id))
    shutil.rmtree(data_dir)
    caplog.set_level(logging.INFO, logger="companion.events.store")
    for _ in range(3):  # nothing acknowledged: it would be lost at the next start
        assert client.post(f"/api/games/{game_id}/events", json=UNDO).status_code == 503
    assert len(served.store.events(game_id)) == before
    health = client.get("/api/health").get_json()
    assert health["ok"] is False and "store" in health["troubles"]
    said = health["store"]["write_failure"]
    assert str(data_dir / "events.db") in said and "deleted" in said
    lost = [r for r in caplog.records if r.name == "companion.events.store" and "no longer the file" in r.message]
    assert len(lost) == 1 and lost[0].levelno == logging.ERROR
    with pytest.raises(StoreError, match=r"events\.db is no longer the file at its path: it was deleted"):
        served.store.set_setting("active_game", game_id)


def test_an_event_store_replaced_under_the_service_refuses_the_move_naming_the_file(
    served: Companion, data_dir: Path
) -> None:
    game = served.create_game("free_dice", PLAYERS)
    other = data_dir / "other.db"
    sqlite3.connect(other).close()
    os.replace(other, data_dir / "events.db")
    with pytest.raises(StoreError, match=rf"{re.escape(str(data_dir / 'events.db'))} .*another file took its place"):
        served.append(game["game_id"], "move", {"move": {"type": "roll", "dice": [{"value": 2}]}})
    assert served.health()["ok"] is False


def test_a_second_service_on_a_data_folder_deleted_and_made_again_is_refused(data_dir: Path) -> None:
    data_dir.mkdir()
    with owning(data_dir):
        shutil.rmtree(data_dir)  # its serve.lock goes with it
        data_dir.mkdir()
        refused = rf"already serves the games in {re.escape(str(data_dir))}"
        with pytest.raises(DataDirInUse, match=refused), owning(data_dir):
            pass
    with owning(data_dir):  # free again once the first one stopped
        pass


def test_serve_on_a_read_only_data_folder_exits_2_saying_the_folder_is_not_writable_and_where_it_was_set(
    data_dir: Path, tmp_path: Path
) -> None:
    _stored_game(data_dir)
    data_dir.chmod(0o555)
    ran = _unprivileged(
        [sys.executable, "-m", "companion", "--data-dir", str(data_dir), "serve", "--port", "18899"], tmp_path
    )
    assert ran.returncode == 2, ran.stderr  # a configuration error: systemd does not restart it (deploy/)
    [line] = [line for line in ran.stderr.splitlines() if line.startswith("companion:")]
    assert f"data.dir = {data_dir} (from flag:--data-dir)" in line
    assert "the data folder is not writable by this user" in line


def test_doctor_on_a_read_only_data_folder_says_it_and_exits_1(data_dir: Path, tmp_path: Path) -> None:
    _stored_game(data_dir)
    with EventStore(data_dir / "events.db"):  # open, as the tester's was: its -wal and -shm files are there
        data_dir.chmod(0o555)
        ran = _unprivileged([sys.executable, "-m", "companion", "--data-dir", str(data_dir), "doctor"], tmp_path)
        data_dir.chmod(0o755)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    why = _store_why(ran.stdout)
    assert why.startswith("UNUSABLE") and str(data_dir) in why and "not writable by this user" in why


def test_doctor_on_an_event_store_that_cannot_be_written_in_a_writable_folder_names_it_and_exits_1(
    data_dir: Path, tmp_path: Path
) -> None:
    _stored_game(data_dir)
    (data_dir / "events.db").chmod(0o444)
    ran = _unprivileged([sys.executable, "-m", "companion", "--data-dir", str(data_dir), "doctor"], tmp_path)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    why = _store_why(ran.stdout)
    assert why.startswith("UNUSABLE") and f"{data_dir / 'events.db'} cannot be written by this user" in why


def test_doctor_on_a_full_disk_names_it_and_exits_1(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [name for name in os.environ if name.startswith("COMPANION_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(data_dir / "no-config"))
    _stored_game(data_dir)
    real = os.statvfs(data_dir)
    full = os.statvfs_result((real.f_bsize, real.f_frsize, real.f_blocks, 3, 0, *tuple(real)[5:]))
    monkeypatch.setattr(os, "statvfs", lambda path: full)
    assert main(["--data-dir", str(data_dir), "doctor"]) == 1
    assert "is full" in _store_why(capsys.readouterr().out)


def _store_why(report: str) -> str:
    """The doctor's reason for the store."""
    lines = report.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("store "))
    return lines[at + 1].split("why:", 1)[1].strip()


START = """
import json, logging, sys
from companion.events.store import EventStore
from companion.service import Companion
logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
with Companion(EventStore(sys.argv[1])) as companion:
    print(json.dumps(companion.health()))
"""


def test_a_service_started_on_an_event_store_that_cannot_be_written_logs_it_and_lists_the_store_in_troubles(
    data_dir: Path, tmp_path: Path
) -> None:
    _stored_game(data_dir)
    (data_dir / "events.db").chmod(0o444)
    ran = _unprivileged([sys.executable, "-c", textwrap.dedent(START), str(data_dir / "events.db")], tmp_path)
    assert ran.returncode == 0, ran.stderr
    health: dict[str, Any] = json.loads(ran.stdout)
    assert health["ok"] is False and health["troubles"] == ["store"]
    assert "readonly" in health["store"]["write_failure"]
    [line] = [line for line in ran.stderr.splitlines() if line.startswith("ERROR companion.events.store")]
    assert f"{data_dir / 'events.db'}: cannot be written: every move is refused" in line


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Moves cannot be saved now: its storage cannot be written (read-only)."),
        ("fr", "Les coups ne peuvent pas être enregistrés pour l’instant : son stockage ne peut pas être écrit"),
    ],
)
def test_every_page_says_in_the_readers_language_that_moves_cannot_be_saved_while_the_store_is_read_only(
    served: Companion, lang: str, said: str
) -> None:
    _, client = _dashboard(served)
    game_id = _game(client)
    assert _banner(client.get(f"/?lang={lang}").get_data(as_text=True)) is None
    served.store._connection().execute("PRAGMA query_only = ON")  # SQLite refuses writes as on a read-only file
    assert client.post(f"/api/games/{game_id}/events", json=MOVE).status_code == 503
    for page in ("/", f"/games/{game_id}", "/health"):
        banner = _banner(client.get(f"{page}?lang={lang}").get_data(as_text=True))
        assert banner is not None and said in banner, page
    served.store._connection().execute("PRAGMA query_only = OFF")
    assert client.post(f"/api/games/{game_id}/events", json=MOVE).status_code == 201
    assert _banner(client.get(f"/?lang={lang}").get_data(as_text=True)) is None  # said only while it is so


def test_every_page_says_the_disk_is_full_while_the_store_cannot_grow(served: Companion) -> None:
    _, client = _dashboard(served)
    game_id = _game(client)
    db = served.store._connection()
    (pages,) = db.execute("PRAGMA page_count").fetchone()
    db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's page limit stands in for a full SD card
    big = {"move": MOVE["move"], "note": "x" * 20000}
    with pytest.raises(StoreError, match="full"):
        served.store.append(game_id, "move", big, len(served.store.events(game_id)) + 1)
    banner = _banner(client.get("/?lang=en").get_data(as_text=True))
    assert banner is not None and "the disk is full" in banner
    assert "store" in client.get("/api/health").get_json()["troubles"]


def test_a_settled_roll_on_a_store_that_cannot_be_written_is_logged_once_without_a_traceback(
    served: Companion, caplog: pytest.LogCaptureFixture
) -> None:
    game = served.create_game("free_dice", PLAYERS)
    served.set_active(game["game_id"])
    served.store._connection().execute("PRAGMA query_only = ON")
    caplog.set_level(logging.DEBUG)
    dice = [{"value": 5, "color": "blue", "bbox": [0, 0, 10, 10]}]
    for _ in range(3):  # the camera sees the same dice settle again and again
        served.bus.publish(RollSettled({"dice": dice, "width": 640, "height": 480}, time.time()))
    assert served.bus.failures == 0
    assert not [r for r in caplog.records if r.exc_info]
    said = [r for r in caplog.records if r.message.startswith("settled roll not played") and r.levelno > logging.DEBUG]
    assert len(said) == 1 and said[0].levelno == logging.WARNING and "could not be written" in said[0].message
    store_said = [r for r in caplog.records if r.name == "companion.events.store" and r.levelno >= logging.ERROR]
    assert len(store_said) == 1
    assert served.health()["troubles"] == ["store"]


def test_the_last_roll_that_cannot_be_kept_is_logged_once_until_it_is_kept_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "data"
    folder.write_text("")  # a file where its folder should be: the last roll cannot be written
    last = LastRoll(folder / "last_roll.json")
    roll = DiceReading((Die(3, "blue", (0, 0, 10, 10), (5.0, 5.0), 0.99),), 640, 480)
    caplog.set_level(logging.INFO, logger="companion.devices.last_roll")

    def warned() -> int:
        return sum(r.levelno == logging.WARNING for r in caplog.records)

    for _ in range(3):
        last.save(roll)
    assert warned() == 1
    folder.unlink()
    folder.mkdir()
    last.save(roll)
    assert last.load() == roll
    shutil.rmtree(folder)
    folder.write_text("")
    last.save(roll)
    assert warned() == 2  # failing again after it was kept is said again


def test_a_game_started_after_the_data_folder_was_deleted_is_refused_as_a_store_error(
    served: Companion, data_dir: Path
) -> None:
    # A StoreError: the web layer answers it with 503 and the player's words (companion/web/errors.py).
    shutil.rmtree(data_dir)
    with pytest.raises(StoreError):
        served.create_game("free_dice", PLAYERS)
