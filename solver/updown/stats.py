"""Small statistics for simulation reports."""
from __future__ import annotations

import math


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval (lo, hi) for a binomial proportion; (0, 1) when trials == 0."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(successes: int, trials: int) -> dict:
    """{'wins', 'games', 'rate', 'ci95'} for a proportion, rate 0 when trials == 0."""
    lo, hi = wilson(successes, trials)
    return {"wins": successes, "games": trials,
            "rate": successes / trials if trials else 0.0, "ci95": [lo, hi]}
