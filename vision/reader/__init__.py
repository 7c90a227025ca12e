"""read_dice: every die in a frame with its value, colour, box, confidence and flags (a pure function)."""

from vision.reader.read import read_dice

__all__ = ["read_dice"]
