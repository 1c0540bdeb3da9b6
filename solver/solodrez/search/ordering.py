"""Move ordering shared by the searches (numba)."""
from ..jit import njit

from ..rules import engine
from ..rules.engine import misplaced_delta


@njit(cache=True)
def order_moves(cols, moves, n, scores):
    """Sort moves[0:n] best first: moves that fix a misplaced card, then neutral ones,
    then ones that misplace a card; ties keep generation order (a stable insertion sort)."""
    for i in range(n):
        m = moves[i]
        s = misplaced_delta(cols, m) * 4
        wd = cols[(m >> 4) & 15]
        if wd == engine.EMPTY_WORD:
            s += 1          # spending an empty column is a cost
        scores[i] = s
    for i in range(1, n):
        m = moves[i]
        s = scores[i]
        j = i - 1
        while j >= 0 and scores[j] > s:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = m
        scores[j + 1] = s
