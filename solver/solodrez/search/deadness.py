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
def _fixed_point(cols, digits, lengths, M, stop_early):
    """Grow M towards the least fixed point; return how many out-of-place real cards it
    leaves unmarked.  With stop_early, stop as soon as that number is 0: M only grows,
    so a card marked on the way is in the fixed point, and the answer "no out-of-place
    card is left unmarked" is final."""
    column_digits(cols, digits, lengths)
    bad = digits[NCOLS:2 * NCOLS]
    dest = digits[2 * NCOLS]
    rank_top = digits[2 * NCOLS + 1]
    has_empty = False
    joker_bottom = False
    unmarked = 0
    for c in range(NCOLS):
        n = lengths[c]
        if n == 0:
            has_empty = True
        elif digits[c, 0] == 6:
            joker_bottom = True
        below = -1
        for i in range(n):
            M[c, i] = False
            d = digits[c, i]
            b = 1 if d != 0 and is_bad(d, below) else 0
            bad[c, i] = b
            unmarked += b
            below = d
    if stop_early and unmarked == 0:
        return 0
    changed = True
    while changed:
        changed = False
        neutral_top = False
        for r in range(8):
            rank_top[r] = 0
        empty_ever = has_empty or joker_bottom
        for c in range(NCOLS):
            n = lengths[c]
            if n and M[c, 0]:
                empty_ever = True
            for i in range(n):
                if i == n - 1 or M[c, i + 1]:
                    d = digits[c, i]
                    if d == 0:
                        neutral_top = True
                    else:
                        rank_top[d] = 1
        for r in range(1, 6):
            dest[r] = 1 if neutral_top or rank_top[r + 1] != 0 else 0
        dest[6] = 1 if empty_ever else 0
        for c in range(NCOLS):
            n = lengths[c]
            for i in range(n - 1, -1, -1):
                if M[c, i]:
                    continue
                rho = -1            # the role card i plays, once a real card fixes it
                for j in range(i, n):
                    d = digits[c, j]
                    span = j - i
                    if d != 0:
                        want = d + span
                        if rho == -1:
                            if want > 6:
                                break
                            rho = want
                        elif want != rho:
                            break
                    elif rho != -1:
                        if rho - span < 1:
                            break
                    elif span + 1 > 6:
                        break
                    if j == n - 1 or M[c, j + 1]:
                        ok = False
                        if rho != -1:
                            ok = dest[rho] != 0
                        else:
                            for r in range(span + 1, 7):
                                if dest[r] != 0:
                                    ok = True
                                    break
                        if ok:
                            M[c, i] = True
                            changed = True
                            if bad[c, i]:
                                unmarked -= 1
                                if stop_early and unmarked == 0:
                                    return 0
                            break
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
    out-of-place flags, 18-19 per-rank flags), lengths, and the marks M."""
    return (np.zeros((2 * NCOLS + 2, MAX_COLUMN + 1), np.int64), np.zeros(NCOLS, np.int64),
            np.zeros((NCOLS, MAX_COLUMN + 1), np.bool_))
