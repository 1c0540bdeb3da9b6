"""Move ordering shared by the searches (numba)."""
import numpy as np

from ..jit import njit
from ..rules.engine import NCOLS, move_outlook
from ..rules.splitmix import GAMMA, MASK63, MIX1, MIX2, mix_with


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


TIE_MIX1 = MIX1 & MASK63      # _mix's multipliers: splitmix64's with the top bit cleared
TIE_MIX2 = MIX2 & MASK63


@njit(cache=True, inline="always")
def _mix(x):
    """A splitmix64 step from the int64 x, as its first version computed it (its values
    order the fronts' moves, so they stay): the sum kept to 63 bits, the multipliers
    TIE_MIX1 and TIE_MIX2, the products wrapping at 2**64; an int64 of any sign."""
    z = (np.uint64(x) + np.uint64(GAMMA)) & np.uint64(MASK63)
    return np.int64(mix_with(z, TIE_MIX1, TIE_MIX2))


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
