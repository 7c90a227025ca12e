"""Small statistics, quicker than numpy's on die-sized patches and a few pips, and equal to it to the last bit."""

from __future__ import annotations

import functools
import math

import numpy as np


def percentiles(values: np.ndarray, shares: tuple[float, ...]) -> tuple[float, ...]:
    """Percentiles (0-100) of uint8 values, read off their cumulative histogram."""
    return histogram_percentiles(np.bincount(values.ravel(), minlength=256), shares)


def histogram_percentiles(counts: np.ndarray, shares: tuple[float, ...]) -> tuple[float, ...]:
    """Percentiles (0-100) of the values whose histogram (a count for each value from 0 up) is `counts`."""
    cumulative = np.add.accumulate(counts)
    return tuple(map(float, np.searchsorted(cumulative, _fractions(shares) * cumulative[-1]).tolist()))


@functools.lru_cache(maxsize=16)
def _fractions(shares: tuple[float, ...]) -> np.ndarray:
    """The shares out of 1 (a few tuples of them are asked for on every patch)."""
    return np.array(shares) / 100.0


def median(values: list[float]) -> float:
    """np.median of a few numbers, without its overhead (the two middle ones are averaged the same way)."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def spread(values: list[float]) -> float:
    """np.std over np.mean of a few numbers (fewer than eight: numpy then sums them one after another too)."""
    mean = _sum(values) / len(values)
    variance = _sum([(v - mean) * (v - mean) for v in values]) / len(values)
    return math.sqrt(variance) / max(mean, 1e-6)


def _sum(values: list[float]) -> float:
    """The plain left-to-right sum numpy takes of a few numbers (from Python 3.12, sum() compensates)."""
    total = 0.0
    for value in values:
        total += value
    return total


def mean32(values: np.ndarray) -> float:
    """ndarray.mean() of float32 values, without its overhead: numpy sums them in float32, divides in float64."""
    return float(np.float32(float(np.add.reduce(values)) / len(values)))


def column_medians(values: np.ndarray) -> np.ndarray:
    """np.median(values, axis=0) of finite float32 rows, without its overhead (the same two middle values,
    averaged the same way)."""
    half = len(values) // 2
    columns = np.ascontiguousarray(values.T)
    if len(values) % 2:
        return np.partition(columns, half, axis=1)[:, half]
    middle = np.partition(columns, (half - 1, half), axis=1)[:, half - 1 : half + 1]
    return np.add.reduce(middle, axis=1) / 2


def top_percentile(values: np.ndarray, share: float) -> float:
    """np.percentile(values, share) of float values: when the two values it would interpolate between are
    equal, that value, found by a partial sort at a fraction of np.percentile's cost; otherwise np.percentile's.
    """
    flat = values.ravel()
    below = math.floor((len(flat) - 1) * (share / 100.0))
    above = min(below + 1, len(flat) - 1)
    ordered = np.partition(flat, (below, above))
    if ordered[below] == ordered[above]:
        return float(ordered[below])
    return float(np.percentile(values, share))
