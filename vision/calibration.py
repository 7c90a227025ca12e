"""Colour calibration of one table: the feature centre of each die colour, learnt from a die of each colour.

Stored as JSON (atomically) in the service's data folder; `Calibration.default()` uses the built-in palette.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from vision.errors import CalibrationError
from vision.palette import DEFAULT_COLOURS, default_centres, hue_gap
from vision.reading import BBox
from vision.storage import write_json_atomically

FORMAT_VERSION = 1
COLOUR_NAMES = ("blue", "green", "orange", "violet", "red", "yellow", "white", "black")
"""The names a table teaches its dice colours under, as its games and pages know them (the dashboard's colour
calibration offers these alone): a colour taught under another name is one no game would ever read."""


@dataclass(frozen=True)
class Calibration:
    """Colour name -> feature centre (a*, b*, L*/3); `spread` is how far a die may be from its centre."""

    centres: dict[str, tuple[float, float, float]]
    spread: float = 18.0
    source: str = "default"
    notes: dict[str, Any] = field(default_factory=dict)
    compares_hue: bool = False
    """Whether colours are told by hue more than by strength (see hue_weighted): so for colours learnt from the
    table's own dice, whose strength varies from die to die (translucent ones over the felt). The default palette
    tells a faint colour by distance, strength and lightness included (a white die under a warm lamp is no orange
    one), and a strong colour by its hue alone (see `classify`)."""

    @classmethod
    def default(cls) -> Calibration:
        """The built-in palette: the Rajas four, white, black and red."""
        centres = {k: _triple(v) for k, v in default_centres(DEFAULT_COLOURS).items()}
        return cls(centres, spread=22.0, source="default")

    def classify(self, feature: np.ndarray) -> tuple[str | None, float]:
        """The nearest colour and a confidence in 0..1 (None when no colour is near enough).

        On the default palette a body whose colour is strong (CHROMATIC or more) is told by its hue alone, among
        the coloured centres (see `_by_hue`): white and black have no colour to show."""
        names = list(self.centres)
        centres = np.array([self.centres[n] for n in names], np.float32)
        point = feature[None, :]
        if not self.compares_hue and _chroma(point)[0] >= CHROMATIC:
            coloured = _chroma(centres) >= CHROMATIC
            if coloured.any():
                return _by_hue(feature, [n for n, keep in zip(names, coloured, strict=True) if keep], centres[coloured])
        if self.compares_hue:
            centres, point = hue_weighted(centres), hue_weighted(point)
        distances = np.linalg.norm(centres - point, axis=1)
        order = np.argsort(distances)
        best = float(distances[order[0]])
        second = float(distances[order[1]]) if len(order) > 1 else best + 2 * self.spread
        if best > 2.5 * self.spread:
            return None, 0.0
        margin = (second - best) / max(second, 1e-6)
        closeness = max(0.0, 1.0 - best / (2.5 * self.spread))
        return names[int(order[0])], float(min(1.0, 0.5 * closeness + margin))

    def only(self, names: Iterable[str]) -> Calibration:
        """The calibration told among the colours `names` alone (those a game's dice come in): a die is then named
        one of them, or none when it is near none of them (`spread` is kept). Unchanged when it knows none of them
        (a table taught other names) or nothing but them.

        A game's dice are never black: on the default palette a dark blue casino die in shade was taken for black
        one time in seven (benchmarks/eval_colour.py)."""
        wanted = set(names)
        kept = {name: centre for name, centre in self.centres.items() if name in wanted}
        if not kept or len(kept) == len(self.centres):
            return self
        return replace(self, centres=kept)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "version": FORMAT_VERSION,
            "centres": {k: list(v) for k, v in self.centres.items()},
            "spread": self.spread,
            "source": self.source,
            "notes": self.notes,
            "compares_hue": self.compares_hue,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Calibration:
        """Inverse of to_dict; CalibrationError names what is malformed."""
        if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
            raise CalibrationError(f"a calibration must be an object with version {FORMAT_VERSION}")
        centres = data.get("centres")
        if not isinstance(centres, dict) or len(centres) < 1:
            raise CalibrationError("calibration.centres must map colour names to [a, b, L/3]")
        parsed = {}
        for name, value in centres.items():
            if not isinstance(value, list) or len(value) != 3 or not all(isinstance(v, int | float) for v in value):
                raise CalibrationError(f"calibration.centres.{name} must be three numbers, got {value!r}")
            parsed[str(name)] = _triple(value)
        spread = data.get("spread", 18.0)
        if not isinstance(spread, int | float) or not 1 <= spread <= 100:
            raise CalibrationError(f"calibration.spread must be a number from 1 to 100, got {spread!r}")
        compares_hue = data.get("compares_hue", False)
        if not isinstance(compares_hue, bool):
            raise CalibrationError(f"calibration.compares_hue must be true or false, got {compares_hue!r}")
        return cls(parsed, float(spread), str(data.get("source", "file")), dict(data.get("notes", {})), compares_hue)

    def save(self, path: str | Path) -> None:
        """Write atomically (a temporary file replaced in one step)."""
        write_json_atomically(Path(path), self.to_dict())

    @classmethod
    def load(cls, path: str | Path) -> Calibration:
        """Read a saved calibration; CalibrationError names the file when it is not one."""
        try:
            return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError) as exc:
            raise CalibrationError(f"{path}: not a readable calibration ({exc})") from exc


def calibrate_from_examples(examples: list[tuple[np.ndarray, BBox, str]]) -> Calibration:
    """Learn each named colour from images showing a die of that colour at the given box, each image seen as the
    reader sees it (a dim one brightened, see vision.reader.exposure): taught in a dim room, the colours are those
    the reader will then compare.

    An example that looks like another colour taught (see `mistaught`) is left out, and named in the notes
    ("left_out": its index in `examples`, the name it was given, the colour it looks), for the one teaching to
    check that die."""
    from vision.reader.colour import body_feature
    from vision.reader.exposure import brightened

    taught: list[tuple[str, np.ndarray]] = []
    for index, (image, bbox, name) in enumerate(examples):
        if not name or not isinstance(name, str):
            raise CalibrationError(f"example {index}: a colour name is needed")
        feature = body_feature(brightened(image)[0] if image.ndim == 3 else image, bbox)
        if feature is None:
            raise CalibrationError(f"example {index} ({name}): no die pixels inside box {bbox}")
        taught.append((name.strip().lower(), feature))
    if not taught:
        raise CalibrationError("no examples: show one die of each colour")
    left_out = mistaught(taught)
    kept = [example for index, example in enumerate(taught) if index not in left_out]
    centres = _centres(kept)
    notes: dict[str, Any] = {"examples": {name: sum(n == name for n, _ in kept) for name in centres}}
    if left_out:
        notes["left_out"] = [{"example": i, "named": taught[i][0], "looks": left_out[i]} for i in sorted(left_out)]
    return Calibration(centres, _spread(centres), "calibrated", notes, compares_hue=True)


MISTAUGHT = 0.5
"""Confidence from which an example, compared with the colours the other examples teach, counts as another
colour's (see `mistaught`). A real photo labelled red shows a blue die (chase development photos, train split):
taught with it and another red die, every red die was read as no colour (benchmarks/eval_colour.py --per-colour 2,
seed 4: colour right 0.426, now 0.982). `benchmarks/eval_colour.py --per-colour N --draws 15`, mean colour right:
2 dice per colour 0.951 -> 0.991, 3 dice 0.988 -> 0.993, 5 dice 0.993 -> 0.994; 7 of the 45 draws better, none
worse. From any confidence, a strong red die taught beside a washed-out one was left out instead (0.994 ->
0.633)."""


def mistaught(taught: list[tuple[str, np.ndarray]]) -> dict[int, str]:
    """The examples (name, feature) that look like another colour taught, each with that colour: a die named by a
    slip of the finger, or another die than the one meant. Each example is compared with the colours the other
    examples teach, and the surest such example left out first, until none is left; the last example of a colour
    always stays (nothing else tells that colour)."""
    left_out: dict[int, str] = {}
    while True:
        worst: tuple[float, int, str] | None = None
        for index, (name, feature) in enumerate(taught):
            if index in left_out:
                continue
            centres = _centres([e for other, e in enumerate(taught) if other != index and other not in left_out])
            if name not in centres or len(centres) < 2:
                continue
            looks, confidence = Calibration(centres, _spread(centres), compares_hue=True).classify(feature)
            if looks not in (None, name) and confidence >= MISTAUGHT and (worst is None or confidence > worst[0]):
                worst = (confidence, index, str(looks))
        if worst is None:
            return left_out
        left_out[worst[1]] = worst[2]


def _centres(taught: list[tuple[str, np.ndarray]]) -> dict[str, tuple[float, float, float]]:
    """Each colour's centre: the mean of its examples' features."""
    by_name: dict[str, list[np.ndarray]] = {}
    for name, feature in taught:
        by_name.setdefault(name, []).append(feature)
    return {name: _triple(np.mean(values, axis=0)) for name, values in by_name.items()}


SATURATED = 15.0
"""Chroma (in feature units) from which a colour counts by its hue more than by how strong it is."""


CHROMATIC = 18.0
"""Chroma (in feature units) from which a die's body is coloured, never white or black. The most coloured of the
732 white and ivory dice of the synthetic webcam scenes (seeds 41 and 97, warm and cool lamps) lies at 16.1, and
16 turned 7 of them orange; at 20, fewer real blue and red dice came out right (benchmarks/eval_colour.py: 0.882
against 0.893 at 18; on the composites of real crops, 681 against 695)."""


HUE_REACH = 45.0
"""Farthest a coloured body's hue, in degrees, may lie from a colour's for the default palette to name it so."""


def _by_hue(feature: np.ndarray, names: list[str], centres: np.ndarray) -> tuple[str | None, float]:
    """The colour whose hue is nearest a strongly coloured body's, and a confidence in 0..1 (None when no hue lies
    within HUE_REACH). How strong and how light a colour is change with the lamp, the shade and the camera, and
    the default palette knows neither: a dark blue die in shade, its hue that of blue, had been nearer black than
    the palette's bright blue, and a dim red nearer orange (benchmarks/eval_colour.py)."""
    hues = np.degrees(np.arctan2(centres[:, 1], centres[:, 0]))
    gaps = np.asarray(hue_gap(hues, math.degrees(math.atan2(feature[1], feature[0]))))
    order = np.argsort(gaps)
    best = float(gaps[order[0]])
    if best > HUE_REACH:
        return None, 0.0
    second = float(gaps[order[1]]) if len(order) > 1 else 2 * HUE_REACH
    margin = (second - best) / max(second, 1e-6)
    return names[int(order[0])], float(min(1.0, 0.5 * (1.0 - best / HUE_REACH) + margin))


def _chroma(features: np.ndarray) -> np.ndarray:
    """The chroma of features (N x 3): how far their (a*, b*) lie from grey."""
    return np.asarray(np.hypot(features[:, 0], features[:, 1]))


def hue_weighted(features: np.ndarray) -> np.ndarray:
    """Features (N x 3) with their chroma squeezed towards SATURATED: a translucent red die over green felt, or a
    faded one, keeps the hue of red but loses much of its strength, and must stay nearer red than blue."""
    chroma = _chroma(features)[:, None]
    squeezed = SATURATED * np.tanh(chroma / SATURATED)
    scale = np.where(chroma > 1e-6, squeezed / np.maximum(chroma, 1e-6), 1.0)
    return np.concatenate([features[:, :2] * scale, features[:, 2:]], axis=1)


def _spread(centres: dict[str, tuple[float, float, float]]) -> float:
    # Half the distance between the two closest colours, so that each colour owns its own neighbourhood.
    values = hue_weighted(np.array(list(centres.values()), np.float32))
    if len(values) < 2:
        return 18.0
    gaps = [np.linalg.norm(values[i] - values[j]) for i in range(len(values)) for j in range(i + 1, len(values))]
    return float(np.clip(min(gaps) / 2.0, 6.0, 30.0))


def _triple(values: Any) -> tuple[float, float, float]:
    return (round(float(values[0]), 3), round(float(values[1]), 3), round(float(values[2]), 3))
