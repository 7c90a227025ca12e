"""Synthetic dice scenes, rolling sequences and labelled sets, for tests, demonstrations and synthetic evaluation.

Synthetic figures are always reported apart from those on real photos.
"""

from vision.synthetic.datasets import KINDS, Kind, render_kind, write_dataset, write_demo_frames
from vision.synthetic.scene import RAJAS, STYLES, render_scene
from vision.synthetic.sequence import render_sequence

__all__ = [
    "KINDS",
    "RAJAS",
    "STYLES",
    "Kind",
    "render_kind",
    "render_scene",
    "render_sequence",
    "write_dataset",
    "write_demo_frames",
]
