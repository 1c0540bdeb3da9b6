"""Statistics shared by the games: the Wilson score interval of every rate the reports,
simulators and ladders print, and the rate entry of their summaries.

Pure Python on purpose: its values are checked by hand in tests/solodrez/test_stats.py.
"""
from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion successes/n.

    With p = k/n:  centre = (p + z²/2n) / (1 + z²/n),
                   half   = z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²).
    Returns (0.0, 1.0) when n is 0.  Raises ValueError on impossible counts.
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got successes={successes}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(successes: int, trials: int, names: tuple[str, str] = ("wins", "games")) -> dict:
    """A rate as the simulators and ladders report it: {names[0]: successes, names[1]:
    trials, 'rate': successes / trials (0.0 when trials is 0), 'ci95': [low, high]}, the
    interval from `wilson_interval`.  Up-and-down names the counts 'wins'/'games',
    Crapette 'count'/'of'."""
    lo, hi = wilson_interval(successes, trials)
    return {names[0]: successes, names[1]: trials,
            "rate": successes / trials if trials else 0.0, "ci95": [lo, hi]}
