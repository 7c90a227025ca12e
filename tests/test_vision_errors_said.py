"""A camera that will not open, a replay whose recording is broken and a picture that cannot be read are said in
the page's language, in plain words; their English text, the log's and the command line's, stays as it was."""

from __future__ import annotations

import errno
import html
import json
import re
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from test_web_calibrate import StillCamera, blue_and_orange

from companion.config import load_config
from companion.devices.platform import pi_model
from companion.events.store import EventStore
from companion.i18n import catalogues
from companion.service import Companion
from companion.web import create_app
from companion.web.language import said_text
from companion.wiring import build_service
from vision import image_io
from vision.errors import CameraError, RecordingError, UnreadableImageError
from vision.image_io import load_image
from vision.recording import Recording
from vision.sources import LiveSource, open_source
from vision.sources import picamera as picamera_module

BUSY = "un autre programme se sert déjà de la caméra"
MISSING = "la caméra est introuvable (est-elle bien branchée ?)"
DENIED = "le compagnon n'a pas le droit d'utiliser la caméra (son utilisateur doit faire partie du groupe video)"


def _in(lang: str, error: Any) -> str:
    """`error` as a page in `lang` says it."""
    app = create_app({"TESTING": True})
    with app.test_request_context(f"/?lang={lang}"):
        app.preprocess_request()
        return said_text(error)


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", page))


class TroubledCamera(StillCamera):
    """The camera as the pages see it: lost, its source's last error kept as the service keeps it."""

    def __init__(self, error: str) -> None:
        super().__init__(blue_and_orange())
        self.error = error

    def status(self) -> dict[str, Any]:
        return {"state": "lost", "error": self.error}


def _pages(service: Companion, path: str) -> dict[str, str]:
    client = create_app({"TESTING": True}, services=service).test_client()
    return {lang: _text(client.get(f"{path}?lang={lang}").get_data(as_text=True)) for lang in ("fr", "en")}


def _banner(page: str) -> str:
    found = re.search(r'id="camera-trouble">(.*?)<a ', page)
    assert found, "no camera banner"
    return found.group(1)


# ---- a live camera that does not open, or stops: the driver's English kept for the log only


def _busy_errno() -> BaseException:
    return OSError(errno.EBUSY, "Device or resource busy", "/dev/video0")


def _busy_libcamera() -> BaseException:
    return RuntimeError("Failed to acquire camera: Device or resource busy")


def _picamera2_hides(cause: BaseException) -> BaseException:
    """picamera2's own error, raised while handling libcamera's (Picamera2.__init__ does so)."""
    try:
        raise cause
    except Exception:
        try:
            raise RuntimeError("Camera __init__ sequence did not complete.")  # noqa: B904  (as picamera2 raises it)
        except RuntimeError as outer:
            return outer


def _no_such_number() -> BaseException:
    return _picamera2_hides(IndexError("list index out of range"))


def _none_attached() -> BaseException:
    return _picamera2_hides(
        RuntimeError("Camera(s) not found (Do not forget to disable legacy camera with raspi-config).")
    )


def _unplugged() -> BaseException:
    return OSError(errno.ENODEV, "No such device")


def _not_allowed() -> BaseException:
    return PermissionError(errno.EACCES, "Permission denied", "/dev/video0")


def _busy_under_picamera2() -> BaseException:
    return _picamera2_hides(_busy_libcamera())


DRIVER_FAILURES: list[tuple[Callable[[], BaseException], str, str]] = [
    (_busy_errno, BUSY, "Device or resource busy"),
    (_busy_libcamera, BUSY, "Failed to acquire camera: Device or resource busy"),
    (_busy_under_picamera2, BUSY, "Camera __init__ sequence did not complete."),
    (_no_such_number, MISSING, "Camera __init__ sequence did not complete."),
    (_none_attached, MISSING, "Camera __init__ sequence did not complete."),
    (_unplugged, MISSING, "No such device"),
    (_not_allowed, DENIED, "Permission denied"),
]


def _opener(failure: Callable[[], BaseException]) -> Callable[[], Any]:
    def open_capture() -> Any:
        raise failure()

    return open_capture


@pytest.mark.parametrize(("failure", "french", "english"), DRIVER_FAILURES, ids=lambda v: getattr(v, "__name__", ""))
def test_a_camera_that_does_not_open_is_said_in_plain_french_and_its_driver_words_kept_for_the_log(
    failure: Callable[[], BaseException], french: str, english: str
) -> None:
    with pytest.raises(CameraError) as raised:
        LiveSource(_opener(failure), kind="webcam", description="webcam 0")
    error = str(raised.value)  # the service keeps the text alone (companion.wiring, WaitingCamera)
    assert error.startswith("cannot open webcam 0: ") and english in error
    assert _in("fr", error) == f"impossible d'ouvrir webcam 0 : {french}"
    assert english not in _in("fr", error)
    assert english not in _in("en", error) and _in("en", error).startswith("cannot open webcam 0: ")


def test_a_problem_the_companion_does_not_know_keeps_the_drivers_words_on_the_page() -> None:
    with pytest.raises(CameraError) as raised:
        LiveSource(_opener(lambda: RuntimeError("ISP timed out")), kind="webcam", description="webcam 0")
    assert _in("fr", str(raised.value)) == "impossible d'ouvrir webcam 0 : RuntimeError: ISP timed out"
    assert str(raised.value) == "cannot open webcam 0: RuntimeError: ISP timed out"


class TakenPicamera2:
    """picamera2's camera when another program holds it: libcamera's error under picamera2's own."""

    def __init__(self, number: int) -> None:
        raise _busy_under_picamera2()


def test_a_pi_camera_taken_by_another_program_is_said_so_on_the_french_banner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = types.SimpleNamespace(Picamera2=TakenPicamera2)
    monkeypatch.setattr(picamera_module.importlib, "import_module", lambda name: fake)
    with pytest.raises(CameraError) as raised:
        open_source("picamera2:1")
    monkeypatch.undo()  # importlib.import_module itself was replaced: the app below imports its games with it
    error = str(raised.value)
    assert error == "cannot start Pi camera 1: Camera __init__ sequence did not complete."  # the log's, unchanged
    with Companion(EventStore(tmp_path / "e.db"), data_dir=tmp_path) as service:
        service.devices["camera"] = TroubledCamera(error)
        pages = _pages(service, "/")
    assert f"La caméra ne fonctionne pas (impossible d'ouvrir Pi camera 1 : {BUSY})" in _banner(pages["fr"])
    assert "__init__" not in pages["fr"]
    assert "(cannot open Pi camera 1: another program is using the camera)" in _banner(pages["en"])


class Capture:
    """A camera that opened, then fails its reads with `failure`."""

    def __init__(self, failure: Callable[[], BaseException]) -> None:
        self.failure = failure

    def read(self) -> np.ndarray:
        raise self.failure()

    def close(self) -> None:
        pass


def test_a_camera_lost_or_not_reopened_says_why_in_plain_french_in_its_status() -> None:
    opens = iter([Capture(_unplugged)])

    def open_capture() -> Capture:
        capture = next(opens, None)
        if capture is None:
            raise _not_allowed()
        return capture

    now = [0.0]
    source = LiveSource(open_capture, kind="webcam", description="webcam 0", clock=lambda: now[0])
    assert source.read() is None and source.status().state == "lost"
    lost = source.status().error
    assert lost == "OSError: [Errno 19] No such device"  # the log's words
    assert _in("fr", lost) == MISSING
    now[0] = 5.0
    assert source.read() is None
    not_reopened = source.status().error
    assert not_reopened == "PermissionError: [Errno 13] Permission denied: '/dev/video0'"
    assert _in("fr", not_reopened).startswith(DENIED)
    assert _in("en", not_reopened).startswith("the companion is not allowed to use the camera")


# ---- a replay camera whose recording is broken


def _recording(folder: Path, lines: list[str]) -> Path:
    folder.mkdir()
    assert cv2.imwrite(str(folder / "frame_000000.png"), np.zeros((8, 8, 3), np.uint8))
    (folder / "frames.jsonl").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return folder


GOOD = json.dumps({"file": "frame_000000.png", "t": 1.5})
BROKEN_RECORDINGS: list[tuple[list[str], str]] = [
    (["not json"], "est endommagé : la ligne 1 de frames.jsonl est illisible"),
    (['["file", 1]'], "est endommagé : la ligne 1 de frames.jsonl est illisible"),
    (
        [GOOD, '{"file": "../x.png", "t": 2}'],
        "la ligne 2 de frames.jsonl ne désigne aucune image du dossier ('../x.png')",
    ),
    ([GOOD, '{"file": "frame_000000.png", "t": -1}'], "la ligne 2 de frames.jsonl ne donne pas l'instant de son image"),
    ([GOOD, '{"file": "frame_000000.png", "t": 0.5}'], "à la ligne 2 de frames.jsonl, le temps recule (0,5 s)"),
    (
        [GOOD, '{"file": "gone.png", "t": 2}'],
        "est incomplet : il lui manque l'image gone.png (ligne 2 de frames.jsonl)",
    ),
    (["", " "], "ne contient aucune image"),
]


@pytest.mark.parametrize(("lines", "french"), BROKEN_RECORDINGS)
def test_every_broken_recording_is_said_in_french_and_kept_in_english(
    tmp_path: Path, lines: list[str], french: str
) -> None:
    folder = _recording(tmp_path / "rec", lines)
    with pytest.raises(RecordingError) as raised:
        Recording.load(folder)
    english = str(raised.value)
    assert english.startswith(f"{folder / 'frames.jsonl'}")  # the log's words, as before
    said = _in("fr", english)
    assert french in said and said.startswith(f"l'enregistrement dans {folder} ")
    assert english not in said and english not in _in("en", english)


def test_a_folder_that_holds_no_recording_is_said_in_french(tmp_path: Path) -> None:
    with pytest.raises(RecordingError) as raised:
        Recording.load(tmp_path)
    assert str(raised.value) == f"{tmp_path} is not a recording: frames.jsonl is missing"
    assert _in("fr", raised.value) == f"{tmp_path} ne contient pas d'enregistrement (frames.jsonl est absent)"


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


def test_a_replay_whose_recording_is_broken_is_said_in_french_on_the_banner_and_the_health_page(
    tmp_path: Path,
) -> None:
    folder = _recording(tmp_path / "rec", ["not json"])
    with _served(tmp_path, f"replay:{folder}") as service:  # the table still plays: the camera is tried again
        home, health = _pages(service, "/"), _pages(service, "/health")
    said = f"l'enregistrement dans {folder} est endommagé : la ligne 1 de frames.jsonl est illisible"
    assert f"La caméra ne fonctionne pas ({said})" in _banner(home["fr"])
    assert f"Ne s'ouvre pas : {said}" in health["fr"]
    assert "not JSON" not in home["fr"] + health["fr"]
    assert "line 1 of frames.jsonl cannot be read" in _banner(home["en"])


# ---- a picture that cannot be read


def _folder(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path.mkdir()
    return path


def _missing(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return path


def _denied(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path.write_bytes(b"x")

    def refuse(self: Path) -> bytes:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", refuse)  # the tests run as root, whom file modes do not stop
    return path


def _io_error(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path.write_bytes(b"x")

    def fail(self: Path) -> bytes:
        raise OSError(errno.EIO, "Input/output error", str(self))

    monkeypatch.setattr(Path, "read_bytes", fail)
    return path


def _empty(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path.write_bytes(b"")
    return path


def _not_a_picture(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path.write_bytes(b"not a picture at all")
    return path


def _header_too_large(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path.write_bytes(b"P5\n100000 100000\n255\n")  # a header alone, claiming ten billion pixels
    return path


def _too_large(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    assert cv2.imwrite(str(path), np.zeros((1400, 1500, 3), np.uint8))
    monkeypatch.setattr(image_io, "MAX_PIXELS", 2_000_000)
    return path


def _refused(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path.write_bytes(b"x" * 10)

    def refuse(data: np.ndarray) -> None:
        cv2.imdecode(None, cv2.IMREAD_COLOR)  # OpenCV's own refusal, "!buf.empty()"

    monkeypatch.setattr(image_io, "decode_quietly", refuse)
    return path


UNREADABLE: list[tuple[Callable[[Path, pytest.MonkeyPatch], Path], str, str]] = [
    (_folder, "{path} est un dossier, pas une image ; indiquez ses images, par exemple {path}/*.jpg", "a folder"),
    (_missing, "{path} : ce fichier n'existe pas", "No such file or directory"),
    (_denied, "{path} : le compagnon n'a pas le droit de lire ce fichier", "Permission denied"),
    (_io_error, "impossible de lire l'image {path} : Input/output error", "cannot read the file (Input/output error)"),
    (_empty, "{path} : le fichier est vide", "the file is empty"),
    (_not_a_picture, "{path} : ce n'est pas une image lisible", "not an image OpenCV can decode"),
    (_header_too_large, "{path} : l'image est trop grande (plus de 80 millions de pixels)", "more than 80000000"),
    (_too_large, "{path} : l'image est trop grande (1500 × 1400, plus de 2 millions de pixels)", "1500x1400 is larger"),
    (_refused, "{path} : l'image est endommagée ou dans un format illisible (", "OpenCV refused to decode it"),
]


@pytest.mark.parametrize(("make", "french", "english"), UNREADABLE, ids=lambda v: getattr(v, "__name__", ""))
def test_every_picture_that_cannot_be_read_is_said_in_french_and_kept_in_english(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    make: Callable[[Path, pytest.MonkeyPatch], Path],
    french: str,
    english: str,
) -> None:
    path = make(tmp_path / "photo.png", monkeypatch)
    with pytest.raises(UnreadableImageError) as raised:
        load_image(path)
    monkeypatch.undo()  # the app below reads its own files (a Path.read_bytes refusing them would leave it no games)
    assert english in str(raised.value) and str(raised.value).startswith(str(path))  # the command line's words
    said = _in("fr", raised.value)
    assert said.startswith(french.format(path=path))
    assert raised.value.said is not None and raised.value.said[0] in catalogues.keys("fr")
    assert english not in said


def test_the_new_words_are_in_both_catalogues() -> None:
    """Every key the vision package names for these errors is written in English and in French."""
    keys = {key for key in catalogues.keys("en") if key.startswith(("vision.recording.", "vision.camera.problem."))}
    assert len(keys) == 10
    assert keys <= catalogues.keys("fr")
