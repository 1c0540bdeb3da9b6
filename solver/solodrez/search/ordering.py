"""Move ordering shared by the searches (numba)."""
from ..jit import njit
from ..rules.engine import NCOLS, move_outlook


@njit(cache=True)
def order_moves(cols, moves, n, scores):
    """Sort moves[0:n] best first: moves that fix a misplaced card, then neutral ones,
    then ones that misplace a card, and among equals those that keep an empty column
    (the score engine.move_outlook >> 2); ties keep generation order.  scores[0:n] end
    as the sorted moves' outlooks."""
    for i in range(n):
        scores[i] = move_outlook(cols, moves[i])
    sort_scored(moves, n, scores)


@njit(cache=True)
def sort_scored(moves, n, scores, carry=None):
    """Sort moves[0:n] and their outlooks scores[0:n] together by score (outlook >> 2),
    stably (an insertion sort): order_moves for a caller that has the outlooks.  With
    `carry`, carry[0:n] moves along.  Stable, so sorting a subsequence of a list gives
    its moves in the order the sorted whole list has them."""
    for i in range(1, n):
        m = moves[i]
        s = scores[i]
        if carry is not None:
            x = carry[i]
        j = i - 1
        while j >= 0 and scores[j] >> 2 > s >> 2:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            if carry is not None:
                carry[j + 1] = carry[j]
            j -= 1
        moves[j + 1] = m
        scores[j + 1] = s
        if carry is not None:
            carry[j + 1] = x


@njit(cache=True)
def _mix(x):
    """splitmix64's output function, kept to 63 bits."""
    x = (x + 0x1E3779B97F4A7C15) & 0x7FFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0x3F58476D1CE4E5B9) & 0x7FFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x14D049BB133111EB) & 0x7FFFFFFFFFFFFFFF
    return x ^ (x >> 31)


@njit(cache=True)
def shuffle_ties(cols, moves, n, scores, front, ties, carry=None):
    """Reorder moves[0:n] (and scores[0:n], their outlooks), already sorted by score,
    within each run of equal scores by a hash of (position, move, front): each front
    breaks ties its own way.  With `carry`, carry[0:n] moves along.  A stable sort by
    (score, hash), so reordering a subsequence of a sorted list gives its moves in the
    order the reordered whole list has them."""
    base = front
    for c in range(NCOLS):
        base = _mix(base ^ cols[c])
    for i in range(n):
        ties[i] = _mix(base ^ moves[i]) & 0xFFFFFF
    for i in range(1, n):
        m = moves[i]
        s = scores[i]
        t = ties[i]
        if carry is not None:
            x = carry[i]
        j = i - 1
        while j >= 0 and (scores[j] >> 2 > s >> 2 or (scores[j] >> 2 == s >> 2 and ties[j] > t)):
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            ties[j + 1] = ties[j]
            if carry is not None:
                carry[j + 1] = carry[j]
            j -= 1
        moves[j + 1] = m
        scores[j + 1] = s
        ties[j + 1] = t
        if carry is not None:
            carry[j + 1] = x
