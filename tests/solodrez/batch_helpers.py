"""Solve functions for batch tests that fail on purpose (importable by spawned workers)."""
import os

from drez.solver.solodrez.batch import solve_deal

RAISES_ON = 3
DIES_ON = 5


def flaky_solve(n, limits, optimal):
    """solve_deal, except that deal 3 raises and deal 5 kills its worker process."""
    if n == RAISES_ON:
        raise RuntimeError("boom on purpose")
    if n == DIES_ON:
        os._exit(9)
    return solve_deal(n, limits, optimal)

