"""Small statistics on 8-bit pixels, quicker than numpy's sorting ones for die-sized patches."""

from __future__ import annotations

import numpy as np


def percentiles(values: np.ndarray, shares: tuple[float, ...]) -> tuple[float, ...]:
    """Percentiles (0-100) of uint8 values, read off their cumulative histogram."""
    cumulative = np.cumsum(np.bincount(values.ravel(), minlength=256))
    total = cumulative[-1]
    return tuple(float(np.searchsorted(cumulative, share / 100.0 * total)) for share in shares)
