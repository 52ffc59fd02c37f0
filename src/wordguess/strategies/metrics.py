"""Scoring metrics: pure functions of a guess's bucket counts (how many candidates give each
reply). Each is written so that LOWER is better; `METRICS` finds them by name.

The numba kernel in `scoring.py` computes the same numbers for every guess at once; the tests check
it against these definitions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Counts = Sequence[int]  # the sizes of the non-empty buckets of one guess


def largest(counts: Counts) -> float:
    """Return the size of the largest bucket (minimax: the worst case)."""
    return max(counts)


def expectation(counts: Counts) -> float:
    """Return the expected size of the bucket the secret falls in: sum(c * c) / n."""
    n = sum(counts)
    return sum(c * c for c in counts) / n


def neg_entropy(counts: Counts) -> float:
    """Return minus the entropy (in bits) of the buckets: sum(p * log2 p)."""
    n = sum(counts)
    return sum(c / n * math.log2(c / n) for c in counts if c)


def neg_parts(counts: Counts) -> float:
    """Return minus the number of non-empty buckets."""
    return -sum(1 for c in counts if c)


METRICS = {"minimax": largest, "expectation": expectation, "entropy": neg_entropy, "most-parts": neg_parts}
# The kernel's code for each metric (see scoring.score_guesses).
METRIC_CODES = {"minimax": 0, "expectation": 1, "entropy": 2, "most-parts": 3}
