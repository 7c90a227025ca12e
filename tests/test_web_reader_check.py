"""The dashboard page that reads the table's corrected rolls again (companion/web/reader_check.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from flask.testing import FlaskClient

from companion.devices.examples import ExampleCollector
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from vision.synthetic import render_scene


def _scene(seed: int) -> tuple[np.ndarray, list[dict[str, Any]]]:
    """Four white dice on wood, seen from overhead and apart (SYNTHETIC), and their true dice as labels."""
    image, truth = render_scene(seed, 640, 480, 4, ("white",), "white_on_wood", die_px=(50.0, 60.0), tilt_deg=(0, 5))
    return image, [{"value": d.value, "color": d.color, "bbox": list(d.bbox)} for d in truth]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[FlaskClient, Companion, Path]]:
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        app = create_app({"TESTING": True}, services=service)
        yield app.test_client(), service, tmp_path


def test_without_corrected_rolls_the_page_says_how_they_are_made(table: tuple[FlaskClient, Companion, Path]) -> None:
    client, _, _ = table
    page = client.get("/reader-check?lang=en")
    assert page.status_code == 200
    assert "No corrected rolls yet" in page.get_data(as_text=True)
    assert "Aucun lancer corrigé" in client.get("/reader-check?lang=fr").get_data(as_text=True)


def test_the_page_gives_the_figures_and_the_die_read_wrong(table: tuple[FlaskClient, Companion, Path]) -> None:
    client, service, data = table
    image, dice = _scene(3)
    shown = dice[1]["value"]
    dice[1] = {**dice[1], "value": 6 if shown != 6 else 1}  # corrected to a value the die does not show
    collector = ExampleCollector(service, {}.get, data / "examples")
    collector.save(image, dice, "roll-0")
    collector.save(*_scene(4), "roll-1")
    english = client.get("/reader-check?lang=en").get_data(as_text=True)
    assert "All 2 corrected rolls" in english
    assert "Values read right: 7 of 8 (88 %)" in english
    assert "Rolls read exactly right: 1 of 2" in english
    assert f"a {dice[1]['value']} (white) read as {shown}" in english
    french = client.get("/reader-check?lang=fr").get_data(as_text=True)
    assert "Valeurs bien lues : 7 sur 8 (88\u202f%)" in french  # a narrow no-break space: never "%" alone on a line
    assert f"un {dice[1]['value']} (blanc) lu comme un {shown}" in french


def test_a_damaged_labels_file_is_named_on_the_page(table: tuple[FlaskClient, Companion, Path]) -> None:
    client, _, data = table
    (data / "examples").mkdir()
    (data / "examples" / "labels.jsonl").write_text("{half a line\n")
    page = client.get("/reader-check?lang=en")
    assert page.status_code == 200
    assert "labels.jsonl, line 1: not JSON" in page.get_data(as_text=True)


def test_the_camera_page_links_to_the_check(table: tuple[FlaskClient, Companion, Path]) -> None:
    client, _, _ = table
    assert 'href="/reader-check"' in client.get("/camera?lang=en").get_data(as_text=True)


def test_a_damaged_calibration_is_named_on_the_page(table: tuple[FlaskClient, Companion, Path]) -> None:
    client, service, data = table
    ExampleCollector(service, {}.get, data / "examples").save(*_scene(4), "roll-0")
    (data / "calibration.json").write_text("{not a calibration")
    page = client.get("/reader-check?lang=en")
    assert page.status_code == 200
    assert "calibration.json" in page.get_data(as_text=True)
