"""The C heap kept from shrinking between frames, so that a frame's large scratch arrays reuse memory.

Each frame allocates and frees a few megabytes of scratch arrays (the shrunk picture's 16-bit sums, the
table's distance planes). glibc's malloc hands such blocks back to the system when they are freed at the top
of its heap, or maps them afresh, depending on how earlier frames happened to leave the heap: in that case
every frame faults those pages in again (about 2000 page faults on a 640x480 frame, a sixth of its time), and
which case a process lands in is chance. Fixed thresholds make it the quick case every time: blocks up to
MMAP_THRESHOLD come from the heap, and the heap keeps up to TRIM_THRESHOLD of free memory at its top. The
memory kept is what one frame needs at most. Where malloc is not glibc's, this does nothing.
"""

from __future__ import annotations

import ctypes
import sys

MMAP_THRESHOLD = 16 << 20
"""Largest block taken from the heap rather than mapped on its own: over any scratch array of a 1280x720 frame,
under the most glibc allows on a 64-bit system (32 MB). A 32-bit one allows only 512 KB: there the setting
fails, large blocks stay mapped, and only the trimming is set."""
TRIM_THRESHOLD = 64 << 20
"""Free memory the heap may keep at its top rather than hand back to the system."""

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
"""mallopt's parameter numbers (malloc.h)."""


def keep_heap() -> bool:
    """Set malloc's thresholds (see the module's docstring); False where either could not be set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    mapped = mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    trimmed = mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    return bool(mapped and trimmed)
