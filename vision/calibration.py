"""Colour calibration of one table: the feature centre of each die colour, learnt from a die of each colour.

Stored as JSON (atomically) in the service's data folder; `Calibration.default()` uses the built-in palette.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from vision.errors import CalibrationError, Said
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
    by_default: tuple[str, ...] = ()
    """Colours never taught at the table, named as the default palette names them when no colour of `centres` names
    a die (see `classify`): those a teaching did not show (see `taught_over`)."""
    among: frozenset[str] | None = None
    """The colours a die is named among (those of the game played, see `only`), None for all; never saved."""

    @classmethod
    def default(cls) -> Calibration:
        """The built-in palette: the Rajas four, white, black and red."""
        centres = {k: _triple(v) for k, v in default_centres(DEFAULT_COLOURS).items()}
        return cls(centres, spread=22.0, source="default")

    @property
    def colours(self) -> tuple[str, ...]:
        """The colours a die may be named."""
        return tuple(name for name in (*self.centres, *self.by_default) if self.among is None or name in self.among)

    def classify(self, feature: np.ndarray) -> tuple[str | None, float]:
        """The nearest colour and a confidence in 0..1 (None when no colour is near enough), among `among` alone.

        A colour shown at the table is told before one it never showed (`by_default`): the default palette names a
        die only when no colour taught does (under NAMED), and only a colour never taught. Among the colours taught,
        as many as the default palette's and on equal terms, the default orange and violet, measured under no
        table's light, took real red and blue dice from the colours taught (the photos and draws of
        benchmarks/eval_colour.py, blue and red taught: colour right 0.994 -> 0.899 to 0.959 over five draws; told
        so, as taught alone). A die showing next to none of the colour taught it is nearest is white or black when
        those were never taught (see `_neutral_of_colourless`)."""
        name, confidence = self._nearest(feature)
        untaught = self._hue_of_untaught(feature) if self.by_default else None
        if not self.by_default:
            return name, confidence
        if confidence >= NAMED and untaught is None:
            return self._neutral_of_colourless(name, feature) or (name, confidence)
        by_default, sure = _default_palette().only(self.among or DEFAULT_COLOURS).classify(feature)
        if untaught is not None:  # a colour never taught, its hue far nearer: no taught colour, whatever the margin
            return (untaught, sure) if by_default == untaught else (None, 0.0)
        return (by_default, sure) if by_default in self.by_default else (name, confidence)

    def _neutral_of_colourless(self, name: str | None, feature: np.ndarray) -> tuple[str, float] | None:
        """White or black, as the default palette names a body showing none of the colour taught it is nearest
        (`name`, see `_shows_none_of`), that neutral never taught (`by_default`, among `among`); else None, the colour
        taught keeping the die (else a white die would be the nearest colour taught: the orange of the Rajas four)."""
        centre = self.centres.get(name) if name is not None else None
        if (shows := _shows_none_of(feature, centre) if centre is not None else None) is None:
            return None
        neutral, sure = _default_palette().only(self.among or DEFAULT_COLOURS).classify(feature)
        if neutral == "black" and shows == "hue" and math.hypot(feature[0], feature[1]) >= SHADE_HUE:
            return None  # a die in shade showing a hue (SHADE_HUE) may be of the colour (a real blue: 99 degrees off)
        return (neutral, sure) if neutral in NEUTRAL_COLOURS and neutral in self.by_default else None

    def _hue_of_untaught(self, feature: np.ndarray) -> str | None:
        """The colour never taught (`by_default`, among `among`) whose hue a strongly coloured body (CHROMATIC) shows,
        within MUCH_NEARER of HUE_REACH and much nearer it than every colour taught showing a hue (MUCH_NEARER of
        their nearest gap), or None.

        Told among the colours taught alone, a red die is named the nearest of them by hue, orange on a table taught
        the Rajas four, and surely so (the others lie far); the default palette was asked only when no colour taught
        was near. The default palette's hues were measured under no table's light, so they take a die from a colour
        taught only when it shows theirs far more than the taught colour's."""
        if _chroma(feature[None, :])[0] < CHROMATIC:
            return None
        palette = _default_palette().centres
        untaught = [n for n in self.by_default if (self.among is None or n in self.among) and _is_coloured(palette[n])]
        if not untaught:
            return None
        taught = [c for n, c in self.centres.items() if (self.among is None or n in self.among) and _has_hue(c)]
        hue = math.degrees(math.atan2(feature[1], feature[0]))
        nearest = min(untaught, key=lambda n: float(hue_gap(_hue(palette[n]), hue)))
        gap = float(hue_gap(_hue(palette[nearest]), hue))
        taught_gap = min((float(hue_gap(_hue(c), hue)) for c in taught), default=180.0)
        return nearest if gap <= MUCH_NEARER * min(taught_gap, HUE_REACH) else None

    def _nearest(self, feature: np.ndarray) -> tuple[str | None, float]:
        """The nearest colour of `centres` (among `among`) and a confidence.

        On the default palette a body whose colour is strong (CHROMATIC or more) is told by its hue alone, among
        the coloured centres (see `_by_hue`): white and black have no colour to show."""
        names = [name for name in self.centres if self.among is None or name in self.among]
        if not names:
            return None, 0.0
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
        one of them, or none when it is near none of them (`spread` is kept) or reads, among every colour known, as
        a colour of no die of the game (see `among_game`). Unchanged when it knows none of them (a table taught other
        names) or nothing but them.

        Told among the game's colours alone, a die in shade read black is named its own colour: on the default
        palette a dark blue casino die in shade was taken for black one time in seven (benchmarks/eval_colour.py)."""
        known = set(self.colours)
        kept = known & set(names)
        if not kept or kept == known:
            return self
        return replace(self, among=frozenset(kept))

    def whole(self) -> Calibration:
        """The calibration told among every colour it knows, those `only` left out included."""
        return self if self.among is None else replace(self, among=None)

    def among_game(self, feature: np.ndarray, looks: str | None) -> tuple[str | None, float]:
        """The colour among `among` of a die that reads `looks` among every colour known (see `whole`), and a
        confidence: as `classify` names it, but none when `looks` is a colour of no die of the game (a white die
        among Rajas dice, read green), unless black and showing the hue of the colour named (see SHADE_COLOURS)."""
        name, confidence = self.classify(feature)
        if looks is None or self.among is None or looks in self.among:
            return name, confidence
        if looks in SHADE_COLOURS and name is not None and _shows_hue_of(feature, _centre_of(self, name)):
            return name, confidence
        return None, 0.0

    def with_default(self, names: Iterable[str]) -> Calibration:
        """The calibration naming `names` too, those of the default palette's it was not taught, as the default
        palette names them (see `by_default`): for a file saved by a teaching that dropped the colours it did not
        show, before `taught_over` kept them."""
        wanted = set(self.by_default) | set(names)
        return replace(self, by_default=tuple(n for n in DEFAULT_COLOURS if n in wanted and n not in self.centres))

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "version": FORMAT_VERSION,
            "centres": {k: list(v) for k, v in self.centres.items()},
            "spread": self.spread,
            "source": self.source,
            "notes": self.notes,
            "compares_hue": self.compares_hue,
            "by_default": list(self.by_default),
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
        by_default = data.get("by_default", [])  # absent from the files saved before it: none
        if not isinstance(by_default, list) or not set(by_default) <= set(DEFAULT_COLOURS) - set(parsed):
            allowed = ", ".join(name for name in DEFAULT_COLOURS if name not in parsed)
            raise CalibrationError(
                f"calibration.by_default must list default colours not taught ({allowed}), got {by_default!r}"
            )
        notes = dict(data.get("notes", {}))
        return cls(parsed, float(spread), str(data.get("source", "file")), notes, compares_hue, tuple(by_default))

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


def calibrate_from_examples(
    examples: list[tuple[np.ndarray, BBox, str]], before: Calibration | None = None
) -> Calibration:
    """Learn each named colour from images showing a die of that colour at the given box, each image seen as the
    reader sees it (a dim one brightened, see vision.reader.exposure): taught in a dim room, the colours are those
    the reader will then compare.

    An example that looks like another colour taught (see `mistaught`) is left out, and named in the notes
    ("left_out": its index in `examples`, the name it was given, the colour it looks), for the one teaching to
    check that die. The colours taught `before` and kept (see `taught_over`) are among those it is compared with:
    a blue die named violet beside another violet die, blue taught the round before, looks blue."""
    from vision.reader.colour import body_feature
    from vision.reader.exposure import brightened

    taught: list[tuple[str, np.ndarray]] = []
    for index, (image, bbox, name) in enumerate(examples):
        if not name or not isinstance(name, str):
            said: Said = ("vision.calibration.colour_needed", {"example": index})
            raise CalibrationError(f"example {index}: a colour name is needed", said=said)
        feature = body_feature(brightened(image)[0] if image.ndim == 3 else image, bbox)
        if feature is None:
            said = ("vision.calibration.no_die_pixels", {"example": index, "colour": name, "box": list(bbox)})
            raise CalibrationError(f"example {index} ({name}): no die pixels inside box {bbox}", said=said)
        taught.append((name.strip().lower(), feature))
    if not taught:
        raise CalibrationError("no examples: show one die of each colour", said=("vision.calibration.no_examples", {}))
    left_out = mistaught(taught, _kept(before, {name for name, _ in taught}))
    kept = [example for index, example in enumerate(taught) if index not in left_out]
    centres = _centres(kept)
    notes: dict[str, Any] = {"examples": {name: sum(n == name for n, _ in kept) for name in centres}}
    if left_out:
        notes["left_out"] = [{"example": i, "named": taught[i][0], "looks": left_out[i]} for i in sorted(left_out)]
    colourless = [i for i, (name, feature) in enumerate(taught) if i not in left_out and _colourless(name, feature)]
    if colourless:
        notes["colourless"] = [{"example": i, "named": taught[i][0]} for i in colourless]
    return Calibration(centres, _spread(centres), "calibrated", notes, compares_hue=True)


COLOURLESS = (5.0, 15.0)
"""Chroma (in feature units, as taught: brightened) under which a die taught as a colour that has a hue (blue,
red...: not white or black) shows none of it: under the first, whatever its hue; under the second, when its hue
lies more than HUE_REACH from the colour's on the default palette. The die is kept, and the teaching says so, for
the one teaching to check it is the die meant: a white die named blue by a slip teaches blue as white, and the
white dice then read blue.

Real photos (each die nearest the photo's middle): the 36 white dice of the tai-studio photos lie at 6.3 to 14.3,
their hue 86 to 97 degrees (a warm white): named blue, green, violet or red, all 36 are said; named orange, whose
hue is 58 degrees, none (a warm white and a pale orange die look alike). Of the 279 real blue and red dice of the
chase photos, named as they are, 3 are said (1 %); a bound on chroma alone said 21 of them (under 0.25 of the
colour's chroma) or left most white dice unsaid (under 5). The second bound at 12 said 24 of 36 white dice, at 18
one more real die."""


def _colourless(name: str, feature: np.ndarray) -> bool:
    """Whether a die taught as `name`, a colour with a hue, shows almost none of it (see COLOURLESS)."""
    if name not in COLOUR_NAMES or name in NEUTRAL_COLOURS:
        return False
    chroma = math.hypot(feature[0], feature[1])
    if chroma < COLOURLESS[0]:
        return True
    centre = _default_palette().centres.get(name)
    return centre is not None and chroma < COLOURLESS[1] and not _hue_within(feature, centre)


def taught_over(taught: Calibration, before: Calibration | None) -> Calibration:
    """The colours just `taught` (see `calibrate_from_examples`) over those the table knew `before` (None: none
    taught yet): each colour taught takes its new centre, every other taught before keeps its own, and every colour
    of the default palette taught neither now nor before is named as the default palette names it (`by_default`).
    Taught a picture of blue, green and violet dice, a table had forgotten orange, and its orange dice read no colour.

    "kept" in the notes names the colours taught before and kept; `spread` is that of every colour taught."""
    kept = _kept(before, set(taught.centres))
    centres = {**kept, **taught.centres}
    by_default = tuple(name for name in DEFAULT_COLOURS if name not in centres)
    notes = {**taught.notes, "kept": sorted(kept)}
    return replace(taught, centres=centres, spread=_spread(centres), notes=notes, by_default=by_default)


def _kept(before: Calibration | None, taught: set[str]) -> dict[str, tuple[float, float, float]]:
    """The centres of the colours taught `before` (None or the default palette: none) and not `taught` now."""
    earlier = before.centres if before is not None and before.source != "default" else {}
    return {name: centre for name, centre in earlier.items() if name not in taught}


MISTAUGHT = 0.5
"""Confidence from which an example, compared with the colours the other examples teach, counts as another
colour's (see `mistaught`). A real photo labelled red shows a blue die (chase development photos, train split):
taught with it and another red die, every red die was read as no colour (benchmarks/eval_colour.py --per-colour 2,
seed 4: colour right 0.426, now 0.982). `benchmarks/eval_colour.py --per-colour N --draws 15`, mean colour right:
2 dice per colour 0.951 -> 0.991, 3 dice 0.988 -> 0.993, 5 dice 0.993 -> 0.994; 7 of the 45 draws better, none
worse. From any confidence, a strong red die taught beside a washed-out one was left out instead (0.994 ->
0.633)."""


def mistaught(
    taught: list[tuple[str, np.ndarray]], kept: dict[str, tuple[float, float, float]] | None = None
) -> dict[int, str]:
    """The examples (name, feature) that look like another colour taught, each with that colour: a die named by a
    slip of the finger, or another die than the one meant. Each example is compared with the colours the other
    examples teach and those `kept` from an earlier teaching (colours taught now none of them), and the surest such
    example left out first, until none is left; the last example of a colour always stays (nothing else tells that
    colour)."""
    left_out: dict[int, str] = {}
    while True:
        worst: tuple[float, int, str] | None = None
        for index, (name, feature) in enumerate(taught):
            if index in left_out:
                continue
            own = _centres([e for other, e in enumerate(taught) if other != index and other not in left_out])
            centres = {**(kept or {}), **own}
            if name not in own or len(centres) < 2:
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


SHADE_COLOURS = frozenset({"black"})
"""The colours a die of any colour may read as among every colour known: in deep shade a die loses its light and
its strength, never its hue (see `_by_hue`); a dark blue casino die in shade read black one time in seven
(benchmarks/eval_colour.py). Read so, a die is told among a game's colours when it shows the hue of the one it is
named (see `_shows_hue_of`): the black dice of the synthetic dark trays were named green among the Rajas colours.
White is none of them: a light body keeps its colour, and the reader names a body white only when its pips are not
lighter than it (vision.reader.colour)."""


SHADE_HUE = 8.0
"""Chroma (in feature units) from which a body read black shows a hue. The black dice of the synthetic dark trays
(tray-black, seeds 100-105) lie at 6.3 at most; the real dark blue and red casino dice in shade read black and named
their own colour among blue and red (benchmarks/eval_colour.py), at 9.4 and more."""


FAINT_SHARE = 0.1
"""Share of the chroma of the colour taught a die is nearest under which the die shows none of that colour (see
`Calibration._neutral_of_colourless`). A faded or washed-out die of a colour taught keeps a fair share of it: the
faintest real blue and red dice of the chase test split named right keep 0.13 of the chroma of the blue and red
taught from the train split (benchmarks/eval_colour.py, five draws; from 0.15 some of them were named white or none).
The white dice of the synthetic rajas and webcam scenes named orange after a teaching of the Rajas four keep 0.04
to 0.46 of the orange taught, many of them as much as a faint real die keeps: under 0.1, the greyest of them (in
shade, or under a warm lamp) are named white, 87 named orange over three teachings against 109."""


def _shows_none_of(feature: np.ndarray, centre: tuple[float, float, float]) -> str | None:
    """How a body shows none of a colour taught: "faint", under FAINT_SHARE of its chroma; "hue", under CHROMATIC, its
    hue past HUE_REACH of the colour's; else None. A faded die keeps its colour's hue, a white one shows the lamp's
    (the white dice of vision/demo_frames on dark wood: 63 to 73 degrees from the green taught from demo_01)."""
    chroma = float(_chroma(feature[None, :])[0])
    faint = chroma < FAINT_SHARE * math.hypot(centre[0], centre[1])
    return "faint" if faint else "hue" if chroma < CHROMATIC and not _hue_within(feature, centre) else None


NEUTRAL_COLOURS = frozenset({"white", "black"})
"""The colours of the default palette that show no hue."""


NAMED = 0.2
"""Confidence from which a die is named a colour (vision.reader.colour): under it, the default palette is asked for
the colours never taught (see `Calibration.classify`)."""


@functools.cache
def _default_palette() -> Calibration:
    return Calibration.default()


def _centre_of(calibration: Calibration, name: str) -> tuple[float, float, float]:
    """The centre a colour is named by: taught, or the default palette's for a colour never taught."""
    return calibration.centres.get(name) or _default_palette().centres[name]


def _shows_hue_of(feature: np.ndarray, centre: tuple[float, float, float]) -> bool:
    """Whether a body shows a hue (SHADE_HUE) within HUE_REACH of a colour's centre."""
    return math.hypot(feature[0], feature[1]) >= SHADE_HUE and _hue_within(feature, centre)


def _hue_within(feature: Any, centre: Any) -> bool:
    """Whether a body's hue lies within HUE_REACH of a colour centre's."""
    hue = math.degrees(math.atan2(feature[1], feature[0]))
    return float(hue_gap(math.degrees(math.atan2(centre[1], centre[0])), hue)) <= HUE_REACH


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


MUCH_NEARER = 0.5
"""How near a strongly coloured body's hue must lie to a colour never taught to be named it (see
`Calibration._hue_of_untaught`): at most half as far as from the nearest colour taught, so well past the middle of
the arc between the two hues, and within half of HUE_REACH, so showing that colour plainly. The default palette's
hues were measured under no table's light: nearer the middle, or farther, the colour taught at the table keeps the
die (a real blue die whose hue lay a little nearer the default violet had been named violet; a real blue casino
die of the chase test split that reads as cyan, 40 degrees from the default green, stays blue)."""


def _is_coloured(centre: Any) -> bool:
    """Whether a colour's centre is strongly coloured (CHROMATIC): white and black have no hue to compare."""
    return math.hypot(centre[0], centre[1]) >= CHROMATIC


def _has_hue(centre: Any) -> bool:
    """Whether a colour's centre shows a hue (SHADE_HUE): a colour taught from a washed-out die keeps its own."""
    return math.hypot(centre[0], centre[1]) >= SHADE_HUE


def _hue(centre: Any) -> float:
    """A centre's hue, in degrees."""
    return math.degrees(math.atan2(centre[1], centre[0]))


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
