"""A camera's trouble and a refused colour teaching are said in the page's language: the error carries its
catalogue key and parameters beside its English text, which the log and the command line keep.

The colour teaching names a die by its number on the page (from 1), not by the example it made (from 0)."""

from __future__ import annotations

import dataclasses
import html
import logging
import re
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from test_web_calibrate import StillCamera, blue_and_orange

from companion.cli.probe import probe_camera
from companion.config import load_config
from companion.devices.platform import pi_model
from companion.events.store import EventStore
from companion.service import Companion
from companion.web import create_app
from companion.web.language import said_text
from companion.wiring import build_service
from vision.calibration import calibrate_from_examples
from vision.errors import CalibrationError, CameraError
from vision.sources import FolderSource, LiveSource, open_source
from vision.sources import picamera as picamera_module
from vision.sources import webcam as webcam_module
from vision.sources.webcam import WebcamCapture


class ClosedVideoCapture:
    """cv2.VideoCapture of a webcam that is not there (or busy): never opened, no frame."""

    def __init__(self, *_: Any) -> None:
        pass

    def isOpened(self) -> bool:  # noqa: N802  (OpenCV's name)
        return False

    def release(self) -> None:
        pass


class SilentVideoCapture(ClosedVideoCapture):
    """cv2.VideoCapture of a webcam that opened, then gives no frame (unplugged)."""

    def isOpened(self) -> bool:  # noqa: N802  (OpenCV's name)
        return True

    def set(self, *_: Any) -> bool:
        return True

    def read(self) -> tuple[bool, None]:
        return False, None


class SourceCamera(StillCamera):
    """The camera as the service runs it, as far as the pages see: its source's status as its own."""

    def __init__(self, source: Any) -> None:
        super().__init__(blue_and_orange())
        self.source = source

    def status(self) -> dict[str, Any]:
        return dict(self.source.status().to_dict())


class LostCamera(StillCamera):
    """A camera lost with `error` as its source's last error, kept as a text (as the service keeps it)."""

    def __init__(self, error: str) -> None:
        super().__init__(blue_and_orange())
        self.error = error

    def status(self) -> dict[str, Any]:
        return {"state": "lost", "error": self.error}


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", page))


def _banner(page: str) -> str:
    found = re.search(r'id="camera-trouble">(.*?)<a ', _text(page))
    assert found, "no camera banner"
    return found.group(1)


@contextmanager
def _served(tmp_path: Path, spec: str) -> Iterator[Companion]:
    """The service as `companion serve` builds it with camera.source = `spec`."""
    if pi_model() is not None:
        pytest.skip("off a Raspberry Pi only (the stand-ins chosen beside the camera)")
    service = build_service(load_config(env={"COMPANION_DATA__DIR": str(tmp_path), "COMPANION_CAMERA__SOURCE": spec}))
    try:
        yield service
    finally:
        service.close()


def _pages(service: Companion, path: str) -> dict[str, str]:
    client = create_app({"TESTING": True}, services=service).test_client()
    return {lang: _text(client.get(f"{path}?lang={lang}").get_data(as_text=True)) for lang in ("fr", "en")}


def _pages_with(tmp_path: Path, camera: StillCamera, path: str = "/") -> dict[str, str]:
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = camera
        return _pages(service, path)


# ---- the camera banner and the health page


def test_a_missing_image_folder_is_said_in_french_on_the_banner_and_the_health_page(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = tmp_path / "missing"
    with caplog.at_level(logging.ERROR), _served(tmp_path, f"folder:{missing}") as service:
        home, health = _pages(service, "/"), _pages(service, "/health")
    assert f"La caméra ne fonctionne pas (le dossier d'images {missing} n'existe pas)" in _banner(home["fr"])
    assert f"Ne s'ouvre pas : le dossier d'images {missing} n'existe pas." in health["fr"]
    assert re.search(rf'data-key="error"><dt>Erreur</dt><dd>le dossier d\'images {missing} n\'existe pas', health["fr"])
    assert "does not exist" not in home["fr"] + health["fr"]
    assert f"The camera is not working (image folder {missing} does not exist)" in _banner(home["en"])
    assert f"cannot be opened: image folder {missing} does not exist" in caplog.text  # the log keeps the English


def test_a_webcam_that_cannot_open_is_said_in_french_on_the_banner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(webcam_module.cv2, "VideoCapture", ClosedVideoCapture)
    with _served(tmp_path, "webcam:3") as service:
        home = _pages(service, "/")
    said = _banner(home["fr"])
    assert "La caméra ne fonctionne pas (impossible d'ouvrir la webcam 3 (est-elle branchée et libre ?))" in said
    assert "cannot open" not in said
    assert "The camera is not working (cannot open webcam 3 (is it plugged in and free?))" in _banner(home["en"])


def test_a_webcam_giving_no_frame_is_said_in_french_without_the_class_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(webcam_module.cv2, "VideoCapture", SilentVideoCapture)
    source = LiveSource(lambda: WebcamCapture(0), kind="webcam", description="webcam 0")
    assert source.read() is None and source.status().state == "lost"
    home = _pages_with(tmp_path, SourceCamera(source))
    assert "La caméra ne fonctionne pas (la webcam 0 n'a renvoyé aucune image (débranchée ?))" in _banner(home["fr"])
    assert "CameraError" not in home["fr"]
    assert source.status().error == "CameraError: webcam 0 returned no frame (unplugged?)"  # the log's words


def _folder_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    FolderSource(tmp_path / "nowhere")


def _folder_empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "empty").mkdir()
    FolderSource(tmp_path / "empty")


def _files_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    FolderSource.from_paths([tmp_path / "a.jpg"])


def _webcam_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webcam_module.cv2, "VideoCapture", ClosedVideoCapture)
    WebcamCapture(2)


def _picamera_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(picamera_module.importlib, "import_module", _no_module)
    picamera_module.Picamera2Capture(0)


def _picamera_busy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.SimpleNamespace(Picamera2=BusyPicamera2)
    monkeypatch.setattr(picamera_module.importlib, "import_module", lambda name: fake)
    picamera_module.Picamera2Capture(1)


def _no_module(name: str) -> Any:
    raise ImportError(f"No module named {name!r}")


class BusyPicamera2:
    """picamera2's camera when libcamera finds it taken by another program."""

    def __init__(self, number: int) -> None:
        raise RuntimeError("Failed to acquire camera: Device or resource busy")


CAMERA_TROUBLES: list[tuple[Callable[[Path, pytest.MonkeyPatch], None], str, str]] = [
    (_folder_missing, "le dossier d'images {tmp}/nowhere n'existe pas", "image folder {tmp}/nowhere does not exist"),
    (_folder_empty, "aucune image (.bmp, ", "no images (.bmp, "),
    (_files_missing, "fichiers d'images introuvables : {tmp}/a.jpg", "image files not found: {tmp}/a.jpg"),
    (_webcam_closed, "impossible d'ouvrir la webcam 2 (est-elle", "cannot open webcam 2 (is it plugged in and free?)"),
    (_picamera_missing, "picamera2 n'est pas disponible : sur un Raspberry Pi", "picamera2 is not available: on a"),
    (
        _picamera_busy,
        "impossible de démarrer la caméra du Pi 1 : Failed to acquire camera",
        "cannot start Pi camera 1: Failed to acquire camera: Device or resource busy",
    ),
]


@pytest.mark.parametrize(("trouble", "french", "english"), CAMERA_TROUBLES, ids=lambda v: getattr(v, "__name__", ""))
def test_every_camera_trouble_a_table_meets_is_said_in_french_and_kept_in_english_for_the_log(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    trouble: Callable[[Path, pytest.MonkeyPatch], None],
    french: str,
    english: str,
) -> None:
    with pytest.raises(CameraError) as raised:
        trouble(tmp_path, monkeypatch)
    error = str(raised.value)  # the service keeps the text alone (companion.wiring, WaitingCamera)
    assert english.format(tmp=tmp_path) in error
    said = _banner(_pages_with(tmp_path, LostCamera(error))["fr"])
    assert french.format(tmp=tmp_path) in said
    assert english.format(tmp=tmp_path)[:12] not in said


def test_every_still_unreadable_is_said_in_french_on_the_health_page(tmp_path: Path) -> None:
    (tmp_path / "stills").mkdir()
    (tmp_path / "stills" / "a.png").write_bytes(b"not a picture")
    source = FolderSource(tmp_path / "stills")
    assert source.read() is None and source.read() is None and source.status().state == "ended"
    health = _pages_with(tmp_path, SourceCamera(source), "/health")
    assert f"{tmp_path / 'stills' / 'a.png'} : ce n'est pas une image lisible" in health["fr"]
    assert "not a decodable image" not in health["fr"]
    assert f"{tmp_path / 'stills' / 'a.png'}: not a decodable image" in health["en"]


def test_the_command_line_says_in_english_what_a_french_page_says_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "missing"
    config = load_config(env={"COMPANION_DATA__DIR": str(tmp_path), "COMPANION_CAMERA__SOURCE": f"folder:{missing}"})
    assert probe_camera(config).said == f"NOT OPENED: image folder {missing} does not exist"
    monkeypatch.setattr(webcam_module.cv2, "VideoCapture", ClosedVideoCapture)
    with pytest.raises(CameraError) as raised:
        open_source("webcam:5")
    assert str(raised.value) == "cannot open webcam 5 (is it plugged in and free?)"
    said = _banner(_pages_with(tmp_path, LostCamera(str(raised.value)))["fr"])
    assert "(impossible d'ouvrir la webcam 5 (est-elle branchée et libre ?))" in said


# ---- the colour teaching page


class BoxedOutCamera(StillCamera):
    """The blue and orange dice, die `broken` (from 1) outlined where the frame has no pixels: a box no die fills."""

    def __init__(self, broken: int) -> None:
        super().__init__(blue_and_orange())
        dice = list(self.reading.dice)
        dice[broken - 1] = dataclasses.replace(dice[broken - 1], bbox=(2000, 2000, 2060, 2060))
        self.reading = dataclasses.replace(self.reading, dice=tuple(dice))


def _teach(tmp_path: Path, broken: int, named: dict[int, str]) -> dict[str, str]:
    """The page answering a teaching that names the dice `named` (number: colour), in French and in English."""
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = BoxedOutCamera(broken)
        client = create_app({"TESTING": True}, services=service).test_client()
        return {lang: _taught(client, lang, named) for lang in ("fr", "en")}


def _taught(client: FlaskClient, lang: str, named: dict[int, str]) -> str:
    page = client.get(f"/calibrate?lang={lang}").get_data(as_text=True)
    token = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert token
    form = {"token": token.group(1), **{f"colour.{number}": colour for number, colour in named.items()}}
    return _text(client.post(f"/calibrate?lang={lang}", data=form).get_data(as_text=True))


@pytest.mark.parametrize(
    ("broken", "named"), [(1, {1: "blue", 2: "orange"}), (2, {2: "blue"})], ids=["die 1 of two", "die 2 alone"]
)
def test_a_box_with_no_die_pixels_names_the_die_by_its_number_on_the_page(
    tmp_path: Path, broken: int, named: dict[int, str]
) -> None:
    page = _teach(tmp_path, broken, named)
    assert f"Rien n'a été appris : la caméra voit trop peu du dé {broken} (nommé bleu)" in page["fr"]
    assert f"the camera sees too little of die {broken} (named blue)" in page["en"]
    for said in page.values():
        assert "example 0" not in said and "no die pixels" not in said


def test_a_refused_teaching_keeps_its_english_words_for_the_log_and_is_said_in_french_on_the_page() -> None:
    camera = BoxedOutCamera(1)
    examples = [(camera.frame, camera.reading.dice[0].bbox, "blue")]
    with pytest.raises(CalibrationError) as raised:
        calibrate_from_examples(examples)
    assert str(raised.value) == "example 0 (blue): no die pixels inside box (2000, 2000, 2060, 2060)"
    with pytest.raises(CalibrationError) as nothing:
        calibrate_from_examples([])
    assert str(nothing.value) == "no examples: show one die of each colour"
    app = create_app({"TESTING": True})
    with app.test_request_context("/calibrate?lang=fr"):
        app.preprocess_request()
        assert said_text(raised.value, die=1, colour="bleu").startswith("Rien n'a été appris : la caméra voit trop peu")
        assert said_text(nothing.value) == (
            "Rien n'a été appris : aucun dé n'a été nommé. Montrez un dé de chaque couleur et nommez-les un à un."
        )


def test_an_error_without_a_key_is_said_in_its_english_text(tmp_path: Path) -> None:
    home = _pages_with(tmp_path, LostCamera("cannot open webcam 7 (driver says no)"))
    assert "La caméra ne fonctionne pas (cannot open webcam 7 (driver says no))" in _banner(home["fr"])
