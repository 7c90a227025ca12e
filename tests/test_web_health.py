"""The health page in the reader's language: why each device was chosen, every fact a device reports labelled, and
a fact marked wrong only when something went wrong."""

# ruff: noqa: F811  (pytest fixtures imported from test_web_fixtures are parameters here)

from __future__ import annotations

import html
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import cv2
import numpy as np
import pytest
from flask import Flask
from test_web_fixtures import FAST, app, service  # noqa: F401  (fixtures)

from companion.config import load_config
from companion.devices import choose
from companion.devices.notices import DeviceChoice
from companion.devices.platform import pi_model
from companion.i18n.catalog import catalogues
from companion.service import Companion
from companion.web import create_app
from companion.web.health_view import COUNTERS, HIDDEN, device_rows
from companion.wiring import build_service
from hardware.factory import Cause
from vision.recording import SessionRecorder
from vision.sources import FolderSource, Frame, SyntheticSource, open_source
from vision.sources import spec as spec_module


@pytest.fixture
def built(tmp_path: Path) -> Iterator[Companion]:
    """The service as `companion serve` builds it on its built-in defaults, off a Raspberry Pi."""
    if pi_model() is not None:
        pytest.skip("the built-in stand-ins are chosen off a Raspberry Pi only")
    service = build_service(load_config(env={"COMPANION_DATA__DIR": str(tmp_path)}))
    try:
        yield service
    finally:
        service.close()


def _page(service: Companion, lang: str) -> str:
    return html.unescape(create_app(FAST, service).test_client().get(f"/health?lang={lang}").get_data(as_text=True))


def test_why_each_stand_in_was_chosen_is_said_in_french_on_a_french_page(built: Companion) -> None:
    french, english = _page(built, "fr"), _page(built, "en")
    assert "Ce n'est pas un Raspberry Pi : les images de démonstration intégrées sont rejouées" in french
    assert "Ce n'est pas un Raspberry Pi : des broches simulées remplacent les boutons" in french
    assert "Ce n'est pas un Raspberry Pi : une carte simulée dans le service la remplace" in french
    assert "not a Raspberry Pi" not in french  # the log's English words, not the page's
    assert "Not a Raspberry Pi: the built-in demo pictures are replayed instead of a camera" in english


def test_the_camera_stand_in_is_described_in_the_pages_language(built: Companion) -> None:
    french, english = _page(built, "fr"), _page(built, "en")
    assert "10 images fixes rejouées, 2 par seconde, depuis " in french
    assert "replay of 10 stills at 2 per second" not in french  # the log's English description
    assert "replay of 10 stills, 2 a second, from " in english


@pytest.mark.parametrize(
    "spec",
    ["picamera2", "webcam:0", "webcam:/dev/video2", "folder:DIR", "replay:DIR", "synthetic:3", "files", "recording"],
)
def test_every_source_summary_is_said_in_english_and_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    cv2.imwrite(str(tmp_path / "a.png"), np.zeros((8, 8, 3), np.uint8))
    if spec in ("picamera2", "webcam:0", "webcam:/dev/video2"):
        for name in ("Picamera2Capture", "WebcamCapture"):  # no camera here: a capture that opens and stays idle
            monkeypatch.setattr(spec_module, name, lambda *_: types.SimpleNamespace(close=lambda: None))
        summary = open_source(spec).summary
    elif spec == "files":
        summary = FolderSource.from_paths([tmp_path / "a.png"]).summary
    elif spec == "recording":
        with SessionRecorder(tmp_path / "rec", image_format="png") as recorder:
            for index in range(2):
                recorder.write(Frame(np.zeros((8, 8, 3), np.uint8), 50.0 + index, index))
        summary = open_source(f"replay:{tmp_path / 'rec'}").summary
    elif spec == "synthetic:3":
        summary = SyntheticSource(3).summary
    else:
        summary = open_source(spec.replace("DIR", str(tmp_path))).summary
    assert summary is not None
    for locale in ("en", "fr"):
        assert f"health.source.{summary[0]}" in catalogues.keys(locale)
        said = catalogues.translate(locale, f"health.source.{summary[0]}", summary[1])
        assert "{" not in said, said  # every figure of the summary has its place in the text


def test_every_fact_the_built_devices_report_is_labelled_in_english_and_french(built: Companion) -> None:
    statuses = {name: device.status() for name, device in built.devices.items()}
    assert set(statuses) == {"camera", "gpio", "microcontroller"}
    for locale in ("en", "fr"):
        keys = catalogues.keys(locale)
        for name, status in statuses.items():
            unlabelled = [key for key in status if key not in HIDDEN and f"health.key.{key}" not in keys]
            assert not unlabelled, f"{name} reports facts with no {locale} label: {unlabelled}"
        presses = statuses["gpio"]["presses"]
        assert all(f"health.key.presses.{button}" in keys for button in presses)
        states = [statuses["camera"]["state"], statuses["gpio"]["state"], statuses["camera"]["kind"]]
        assert f"health.value.state.{states[0]}" in keys and f"health.value.state.{states[1]}" in keys
        assert f"health.value.kind.{states[2]}" in keys


def test_a_link_with_no_error_counted_is_not_marked_wrong(app: Flask) -> None:
    with app.test_request_context("/health?lang=en"):
        app.preprocess_request()
        quiet = {row.key: row for row in device_rows({"errors": {"crc": 0, "framing": 0}, "connected": True})}
        noisy = {row.key: row for row in device_rows({"errors": {"crc": 2, "framing": 0}, "connected": False})}
    assert (quiet["errors"].text, quiet["errors"].is_bad, quiet["connected"].is_bad) == ("0", False, False)
    assert (noisy["errors"].text, noisy["errors"].is_bad, noisy["connected"].is_bad) == ("crc 2", True, True)
    assert "errors" in COUNTERS


def test_a_camera_lost_at_start_says_why_and_what_failed_in_french(app: Flask, service: Companion) -> None:
    choice = DeviceChoice(
        "camera",
        "webcam:0",
        "camera.source (default); NOT OPENED: no device",
        False,
        why="device.why.camera.configured",
        why_params={"spec": "webcam:0", "origin": "/etc/companion.toml"},
        failure="no device at /dev/video0",
    )
    service.choices = [choice]

    class Lost:
        def status(self) -> dict[str, Any]:
            return {"state": "lost", "error": "no device at /dev/video0", "reopen_attempts": 3, "last_frame_at": None}

        def close(self) -> None:
            pass

    service.devices["camera"] = Lost()
    page = html.unescape(app.test_client().get("/health?lang=fr").get_data(as_text=True))
    assert "Choisie dans les réglages : camera.source = webcam:0 (d'après /etc/companion.toml)" in page
    assert "Ne s'ouvre pas : no device at /dev/video0. Nouvel essai en arrière-plan." in page
    assert '<div class="facts__row is-bad" data-key="state"><dt>État</dt><dd>perdue</dd>' in page
    assert '<div class="facts__row" data-key="reopen_attempts"><dt>Tentatives de réouverture</dt><dd>3</dd>' in page


@pytest.mark.parametrize("on_a_pi", [False, True])
@pytest.mark.parametrize("has_picamera2", [False, True])
def test_every_reason_a_device_may_be_chosen_for_is_said_in_english_and_french(
    monkeypatch: pytest.MonkeyPatch, on_a_pi: bool, has_picamera2: bool
) -> None:
    monkeypatch.setattr(choose, "pi_model", lambda: "Raspberry Pi 4 Model B Rev 1.5" if on_a_pi else None)
    monkeypatch.setattr(choose.importlib.util, "find_spec", lambda name: object() if has_picamera2 else None)
    said = []
    for source in ("auto", "off", "webcam:0"):
        said.append(choose.choose_camera(load_config(env={"COMPANION_CAMERA__SOURCE": source}))[0])
    for port in ("auto", "off", "virtual", "/dev/ttyACM0"):
        said.append(choose.choose_serial(load_config(env={"COMPANION_SERIAL__PORT": port})))
    keys = [(choice.why, dict(choice.why_params)) for choice in said]
    for factory in ("auto", "off"):
        for cause in get_args(Cause):
            gpio = choose.gpio_why(factory, cause, "Raspberry Pi 5", "no lgpio")
            keys.append((gpio["why"], gpio["why_params"]))
    for key, params in keys:
        for locale in ("en", "fr"):
            assert key in catalogues.keys(locale), f"{key} has no {locale} text"
            text = catalogues.translate(locale, key, params)
            assert "{" not in text, f"{key} in {locale} leaves a parameter unfilled: {text}"
