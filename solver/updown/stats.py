"""Small statistics for simulation reports."""
from __future__ import annotations

from drez.solver.common.stats import wilson_interval


def rate(successes: int, trials: int) -> dict:
    """{'wins', 'games', 'rate', 'ci95'} for a proportion, rate 0 when trials == 0."""
    lo, hi = wilson_interval(successes, trials)
    return {"wins": successes, "games": trials,
            "rate": successes / trials if trials else 0.0, "ci95": [lo, hi]}
