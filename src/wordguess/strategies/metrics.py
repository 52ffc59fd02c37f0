"""Scoring metrics: pure functions of a guess's bucket counts (how many candidates give each
reply), each written so that LOWER is better, and their registry `METRICS`: one entry per metric
with its function, the scoring kernel's code for it, and how its value is shown.

The numba kernel in `scoring.py` computes, for every guess at once, a score from which
`Metric.value` recovers the function's value (the kernel's score is a monotone transform of it
that depends only on the number of candidates, so it ranks guesses the same way); the tests
check the two agree.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence

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


@dataclasses.dataclass(frozen=True)
class Metric:
    """A metric of a guess's buckets, lower is better."""

    name: str  # the registry name (also a greedy strategy's name)
    function: Callable[[Counts], float]  # the definition, a pure function of the bucket counts
    code: int  # the scoring kernel's branch for it (scoring._score_chunk)
    label: str  # what the shown value means, for tables
    shown: float = 1.0  # the sign a value is shown with (bits and parts are shown positive)

    # The function's value from the kernel's score over n candidates (the kernel computes a
    # monotone transform of the value, the same for every guess of one candidate set).
    from_score: Callable[[float, int], float] = lambda score, n: score

    def value(self, score: float, n: int) -> float:
        """Return the function's value from the scoring kernel's score over n candidates."""
        return self.from_score(score, n)


METRICS: dict[str, Metric] = {m.name: m for m in (
    Metric("minimax", largest, 0, "largest bucket"),  # kernel: max c
    Metric("expectation", expectation, 1, "expected bucket size",  # kernel: sum c^2
           from_score=lambda score, n: score / n),
    Metric("entropy", neg_entropy, 2, "bits of information", shown=-1.0,  # kernel: sum c log2 c
           from_score=lambda score, n: score / n - math.log2(n)),
    Metric("most-parts", neg_parts, 3, "number of buckets", shown=-1.0),  # kernel: -(buckets)
)}
