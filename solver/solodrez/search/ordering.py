"""Move ordering shared by the searches (numba)."""
from ..jit import njit

from ..rules import engine
from ..rules.engine import NCOLS, misplaced_delta


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


@njit(cache=True)
def _mix(x):
    """splitmix64's output function, kept to 63 bits."""
    x = (x + 0x1E3779B97F4A7C15) & 0x7FFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0x3F58476D1CE4E5B9) & 0x7FFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x14D049BB133111EB) & 0x7FFFFFFFFFFFFFFF
    return x ^ (x >> 31)


@njit(cache=True)
def shuffle_ties(cols, moves, n, scores, front, ties):
    """Reorder moves[0:n], already sorted by score, within each run of equal scores by a
    hash of (position, move, front): each front breaks ties its own way."""
    base = front
    for c in range(NCOLS):
        base = _mix(base ^ cols[c])
    for i in range(n):
        ties[i] = _mix(base ^ moves[i]) & 0xFFFFFF
    for i in range(1, n):
        m = moves[i]
        s = scores[i]
        t = ties[i]
        j = i - 1
        while j >= 0 and (scores[j] > s or (scores[j] == s and ties[j] > t)):
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            ties[j + 1] = ties[j]
            j -= 1
        moves[j + 1] = m
        scores[j + 1] = s
        ties[j + 1] = t
