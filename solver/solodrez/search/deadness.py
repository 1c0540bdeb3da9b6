"""A cheap, sound dead-position test for the searches (numba).

`is_dead(cols)` is the numba form of `blocks.may_move_first` (read the proof there): the
least fixed point M of "this card may still move first some day".  A real card that is
out of place must move first before the game can be won (the argument of
engine.lower_bound), so an out-of-place card with M False proves the position lost.

Safe as search pruning: a position on a winning line is winnable, so it is never dead;
skipping dead positions leaves every winning line in place, and LOST still means no
reachable position is won.
"""
import numpy as np
from ..jit import njit

from ..rules.engine import MAX_COLUMN, NCOLS, is_bad


@njit(cache=True)
def column_digits(cols, digits, lengths):
    """Digits of every column, bottom card first."""
    for c in range(NCOLS):
        x = cols[c]
        n = 0
        while x >= 7:
            digits[c, n] = x % 7
            x //= 7
            n += 1
        for i in range(n // 2):      # the word holds the top first; turn it over
            t = digits[c, i]
            digits[c, i] = digits[c, n - 1 - i]
            digits[c, n - 1 - i] = t
        lengths[c] = n


@njit(cache=True)
def may_move_first(cols, digits, lengths, M):
    """Fill M[c, i] (bottom-first index) with the least fixed point of blocks.may_move_first.

    digits must come from dead_scratch() (rows beyond the nine columns are scratch)."""
    _fixed_point(cols, digits, lengths, M, False)


@njit(cache=True)
def _expose(dest, d):
    """Card digit d may become a column's top: record the runs it could take (dest[r]:
    some top may take a run whose first card plays rank r).  Returns whether dest grew."""
    grew = False
    if d == 0:
        for r in range(1, 6):
            if dest[r] == 0:
                dest[r] = 1
                grew = True
    elif d >= 2 and dest[d - 1] == 0:
        dest[d - 1] = 1
        grew = True
    return grew


@njit(cache=True)
def _neutral_may_move(digits, M, dest, c, n, i):
    """Whether neutral card i of column c heads a run that can move: cards i..j ordered,
    j the top or card j+1 marked, and some destination takes the run's first card."""
    rho = -1                # the role card i plays, once a real card fixes it
    for j in range(i, n):
        d = digits[c, j]
        span = j - i
        if d != 0:
            want = d + span
            if rho == -1:
                if want > 6:
                    return False
                rho = want
            elif want != rho:
                return False
        elif rho != -1:
            if rho - span < 1:
                return False
        elif span + 1 > 6:
            return False
        if j == n - 1 or M[c, j + 1]:
            if rho != -1:
                if dest[rho] != 0:
                    return True
            else:
                for r in range(span + 1, 7):
                    if dest[r] != 0:
                        return True
    return False


@njit(cache=True)
def _fixed_point(cols, digits, lengths, M, stop_early):
    """Grow M to the least fixed point; return how many out-of-place real cards it leaves
    unmarked.  With stop_early, stop as soon as that number is 0: M only grows, so a card
    marked on the way is in the fixed point, and the answer "none is left unmarked" is
    final.

    A real card i plays its own rank d whatever run it heads, so it may move first
    exactly when a destination takes rank d and some j in i..reach[i] (reach: the top of
    the longest ordered run it heads, fixed by the position) is the top or has card j+1
    marked.  The destinations grow with M (a card whose upper neighbour is marked may
    become a top; a marked bottom card means the column may empty), and are updated as
    soon as a card is marked.  A sweep visits each column top first, so the marks above
    a card are final for that sweep when it is visited: a sweep in which no destination
    grew leaves every unmarked card failing against the final destinations, a fixed
    point.  Any order of justified marks from nothing reaches the same least fixed point.
    """
    column_digits(cols, digits, lengths)
    bad = digits[NCOLS:2 * NCOLS]
    reach = digits[2 * NCOLS:3 * NCOLS]
    dest = digits[3 * NCOLS]
    for r in range(7):
        dest[r] = 0
    unmarked = 0
    for c in range(NCOLS):
        n = lengths[c]
        if n == 0:
            dest[6] = 1
            continue
        if digits[c, 0] == 6:
            dest[6] = 1
        _expose(dest, digits[c, n - 1])
        below = -1
        for i in range(n):
            M[c, i] = False
            d = digits[c, i]
            b = 1 if d != 0 and is_bad(d, below) else 0
            bad[c, i] = b
            unmarked += b
            below = d
            if d != 0:      # the longest ordered run card i heads: each card above
                j = i       # plays one rank lower, a neutral any rank >= 1
                while j + 1 < n:
                    e = digits[c, j + 1]
                    role = d - (j + 1 - i)
                    if role < 1 or (e != 0 and e != role):
                        break
                    j += 1
                reach[c, i] = j
    if stop_early and unmarked == 0:
        return 0
    grew = True
    while grew:
        grew = False
        for c in range(NCOLS):
            n = lengths[c]
            low = n         # the lowest j >= i that is the top or has card j+1 marked
            for i in range(n - 1, -1, -1):
                if i == n - 1 or M[c, i + 1]:
                    low = i
                if M[c, i]:
                    continue
                d = digits[c, i]
                if d != 0:
                    if dest[d] == 0 or low > reach[c, i]:
                        continue
                elif not _neutral_may_move(digits, M, dest, c, n, i):
                    continue
                M[c, i] = True
                if bad[c, i]:
                    unmarked -= 1
                    if stop_early and unmarked == 0:
                        return 0
                if i > 0:
                    if _expose(dest, digits[c, i - 1]):
                        grew = True
                elif dest[6] == 0:
                    dest[6] = 1
                    grew = True
    return unmarked


@njit(cache=True)
def is_dead(cols, digits, lengths, M):
    """True only if the position is lost: some out-of-place real card can never move first.

    digits, lengths and M are the scratch arrays of dead_scratch().
    """
    return _fixed_point(cols, digits, lengths, M, True) > 0


@njit(cache=True)
def dead_scratch():
    """Fresh scratch arrays for is_dead: digits (rows 0-8 the columns' digits, 9-17 their
    out-of-place flags, 18-26 their runs' reach, 27 the destinations), lengths, and the marks M."""
    return (np.zeros((3 * NCOLS + 1, MAX_COLUMN + 1), np.int64), np.zeros(NCOLS, np.int64),
            np.zeros((NCOLS, MAX_COLUMN + 1), np.bool_))
