"""Is the lower bound exact?  A sound test that a position cannot be won in exactly
`engine.lower_bound` moves, for A* (numba).

Proof.  Call a card *counted* when `engine.lower_bound` counts it: a real card not lying
on the real card one rank higher (a Joker: not on the table), or a neutral lying
directly on a real card.  The proof of `lower_bound` shows that every counted card is the
first card of at least one later move, and a move has one first card.  So a win in
exactly h = lower_bound moves is made of moves each of whose first card is counted, each
counted card heading exactly one move, and after its move it is never counted again (it
heads no other move).  In such a win:
(1) an uncounted card never heads a move, so it never changes the card it lies on;
(2) a counted real card c of rank r < 6 heads one move, after which it is uncounted:
    it lands on a real card t of rank r + 1 that is then the top of its column; call t
    c's *target*.  Two cards never share a target (after c lands on t, c stays on t by
    (1) until both leave in a series).
(3) a real card t of rank r + 1 with an uncounted card on it (necessarily a real card
    of rank r, by the definition) keeps that card on it by (1), so it is nobody's target.
    Every other card of rank r + 1 must be a target: the real cards of rank r are as many
    as those of rank r + 1 (every rank counts the same), the uncounted ones each lie on a
    distinct card of rank r + 1, and so the counted ones are exactly as many as the
    cards of rank r + 1 with no uncounted card on them.
(4) c and its target t in one column: if t lies below c, t is a top only after c has
    left its column, and c leaves it only carried by a move (c heads one move only, onto
    t): that move's first card lies between t and c and is counted, and the card just
    below c is in its run, which is ordered; a real card there would be of rank r + 1
    and c would not be counted, so it is a neutral.  If t lies above c,
    t must leave c's column before c moves onto it, headed by t or by a card between c
    and t; a move headed by c itself would carry t along, so that card is counted and
    lies above c, at most as high as t.  So in one column, some counted card lies
    strictly between t and c (t itself included when t is above c).
So for every rank r < 6 the counted cards of rank r and the cards of rank r + 1 with no
uncounted card on them have a perfect matching in which no pair breaks (4).  When some
rank has none, no win takes exactly lower_bound moves, so every win takes more: the
position's distance is at least lower_bound + 1.

The schedule.  In the same exact win W:
(5) a counted Joker lands on an empty column (only an empty column takes a run headed
    by a real Joker, S7-S8); a counted neutral lands on an empty column or on the other
    neutral (on a real card it would be counted again, against (2)).
(6) a card t with a card a directly on it becomes the top of a column only after a has
    headed a move: only a's own move changes what lies beneath a.
(7) a column that is not empty in P becomes empty only when its lowest counted card
    has headed a move: a bottom card other than a Joker is counted and leaves the column
    only by heading a move; over a Joker on the table, the column goes only in a complete
    series, so its lowest counted card (nothing below it ever moves) must have left its
    place, which it does only by heading a move.  A column over a Joker with no counted
    card may empty by completing its series; a neutral on the table never moves (it is
    not counted), so its column never empties.
(8) Call a *blocker* a Joker, a counted real card lying on a real card, or a neutral
    lying on a real Pawn.  A card c heads its move only after every blocker lying above
    it in its column in P has headed its own: the move carries every card still above c,
    and its run must be ordered; a blocker keeps the card beneath it until it heads a
    move (6), and a run can hold no Joker above its first card, no real card on a real
    card other than the one a rank higher, and no neutral on a Pawn (it would play rank
    0).  A blocker carried off by a move headed by a card between c and it would break
    that run in the same way, so it has left c only by heading a move.
(9) So let M be the least set of counted cards closed under: c is in M when every
    blocker above c is in M, and c has a landing place: (c real, rank r < 6) a card of
    rank r + 1 that is a top in P or whose card directly above is in M; (c a Joker) an
    empty column, i.e. a column empty in P, or over a Joker with no counted card, or
    whose lowest counted card is in M; (c a neutral) an empty column, or the other
    neutral when it is a top in P or the card directly on it is in M.  By induction over
    the moves of W, using (2), (5)-(8), the first card of every move is in M: each
    condition held at the moment of its move, and every card whose move it needed came
    earlier.  Every counted card heads a move of W, so when M leaves a counted card out
    there is no exact win: again the distance is at least lower_bound + 1.  (M is a
    relaxation: it lets a landing place serve any number of cards and keeps a top free
    after something lands on it; that only makes M larger, never the test unsound.)
"""
import numpy as np

from ..rules.engine import MAX_COLUMN, NCOLS, is_bad
from ..jit import njit


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


def tight_scratch():
    """Scratch arrays for bound_not_exact: digits and counted flags of every column
    (bottom card first), column lengths, and the work arrays of both tests."""
    return (np.zeros((NCOLS, MAX_COLUMN + 1), np.int64),
            np.zeros((NCOLS, MAX_COLUMN + 1), np.int64),
            np.zeros(NCOLS, np.int64), np.zeros((5, NCOLS * (MAX_COLUMN + 1)), np.int64))


@njit(cache=True)
def _allowed(digits, counted, c_col, c_idx, t_col, t_idx):
    """Whether counted card (c_col, c_idx) may land on (t_col, t_idx): rule (4)."""
    if c_col != t_col:
        return True
    if t_idx < c_idx:
        if digits[c_col, c_idx - 1] != 0:
            return False
        for k in range(t_idx + 1, c_idx):
            if counted[c_col, k]:
                return True
        return False
    for k in range(c_idx + 1, t_idx + 1):
        if counted[c_col, k]:
            return True
    return False


@njit(cache=True)
def _augment(u, nt, digits, counted, bc, bi, tc, ti, match_t, seen):
    """Kuhn's augmenting path from card u of the counted side."""
    for v in range(nt):
        if seen[v] or not _allowed(digits, counted, bc[u], bi[u], tc[v], ti[v]):
            continue
        seen[v] = 1
        if match_t[v] < 0 or _augment(match_t[v], nt, digits, counted, bc, bi, tc, ti,
                                      match_t, seen):
            match_t[v] = u
            return True
    return False


@njit(cache=True)
def _surely_matched(bcount, tcount, n):
    """True only if n counted cards and n targets, bcount[c] and tcount[c] of them in
    column c, have a perfect matching under rule (4).  Rule (4) forbids only pairs in one
    column, so a set S of counted cards from two columns or more can land on every
    target; Hall's condition can then fail only for S inside one column c, whose cards
    can land at least on the n - tcount[c] targets outside c.  So when no column holds
    more counted cards than there are targets outside it, a perfect matching exists
    (Hall's theorem)."""
    for c in range(NCOLS):
        if bcount[c] > n - tcount[c]:
            return False
    return True


@njit(cache=True)
def bound_not_exact(cols, digits, counted, lengths, work):
    """True only if no win of `cols` takes exactly engine.lower_bound(cols) moves (see the
    module docstring): then its distance is at least lower_bound + 1.

    One pass over the cards lists, for each rank r < 6, its counted cards (columns and
    places in work[0] from 32 * (r - 1)) and their targets (work[1], the same places),
    with how many of each every column holds (work[2] and work[3] from 32 + 9 * (r - 1))
    and their numbers (work[2] and work[3] from 80 + r)."""
    column_digits(cols, digits, lengths)
    for r in range(1, 6):
        work[2, 80 + r] = 0
        work[3, 80 + r] = 0
        for c in range(NCOLS):
            work[2, 32 + 9 * (r - 1) + c] = 0
            work[3, 32 + 9 * (r - 1) + c] = 0
    for c in range(NCOLS):
        n = lengths[c]
        for i in range(n):
            d = digits[c, i]
            below = digits[c, i - 1] if i > 0 else -1
            if d == 0:
                counted[c, i] = 1 if below > 0 else 0
            else:
                counted[c, i] = 1 if is_bad(d, below) else 0
        for i in range(n):
            d = digits[c, i]
            if 1 <= d <= 5 and counted[c, i]:
                k = work[2, 80 + d]
                if k == 16:
                    return False        # more than any real position holds: no claim
                work[0, 32 * (d - 1) + k] = c
                work[0, 32 * (d - 1) + 16 + k] = i
                work[2, 80 + d] = k + 1
                work[2, 32 + 9 * (d - 1) + c] += 1
            if d >= 2 and (i == n - 1 or counted[c, i + 1]):
                k = work[3, 80 + d - 1]
                if k == 16:
                    return False
                work[1, 32 * (d - 2) + k] = c
                work[1, 32 * (d - 2) + 16 + k] = i
                work[3, 80 + d - 1] = k + 1
                work[3, 32 + 9 * (d - 2) + c] += 1
    match_t = work[2, 0:16]
    seen = work[3, 0:16]
    for r in range(1, 6):
        nb = work[2, 80 + r]
        nt = work[3, 80 + r]
        if nb != nt:
            return False                # not a position of the rulings: no claim
        if _surely_matched(work[2, 32 + 9 * (r - 1):32 + 9 * r],
                           work[3, 32 + 9 * (r - 1):32 + 9 * r], nb):
            continue
        bc = work[0, 32 * (r - 1):32 * (r - 1) + 16]
        bi = work[0, 32 * (r - 1) + 16:32 * r]
        tc = work[1, 32 * (r - 1):32 * (r - 1) + 16]
        ti = work[1, 32 * (r - 1) + 16:32 * r]
        for v in range(nt):
            match_t[v] = -1
        for u in range(nb):
            for v in range(nt):
                seen[v] = 0
            if not _augment(u, nt, digits, counted, bc, bi, tc, ti, match_t, seen):
                return True
    return _unschedulable(digits, counted, lengths, work)


@njit(cache=True)
def _blocks(digits, counted, c, i):
    """Whether card (c, i) is a blocker of rule (8): a Joker, a counted real card lying on
    a real card, or a neutral lying on a real Pawn."""
    d = digits[c, i]
    if d == 6:
        return True
    if i == 0:
        return False
    below = digits[c, i - 1]
    if d == 0:
        return below == 1
    return counted[c, i] and below > 0


@njit(cache=True)
def _unschedulable(digits, counted, lengths, work):
    """The second test of the module docstring: True when the closure M of rule (9) leaves
    some counted card out.  In bound_not_exact's `work`: row 4 marks the cards in M (card
    (c, i) at c * (MAX_COLUMN + 1) + i), row 3 from column 16 on counts the cards of each
    rank that can be landed on, and row 2 from column 16 on holds each column's lowest
    counted card (its bottom card unless that is a Joker).

    M is grown in sweeps, each column top first, so the marks above a card are final
    when it is visited; the landing places grow as cards are marked, and a sweep in which
    none grew ends the fixed point.  It stops as soon as every counted card is marked
    (the answer False cannot change: M only grows)."""
    moved = work[4]
    free = work[3, 16:23]               # free[r]: a card of rank r (0: a neutral) can be landed on
    lowest = work[2, 16:16 + NCOLS]
    w = MAX_COLUMN + 1
    empty = False                       # some column is or can become empty
    need = 0
    for r in range(7):
        free[r] = 0
    for c in range(NCOLS):
        n = lengths[c]
        lowest[c] = -1
        if n == 0:
            empty = True
            continue
        for i in range(n):
            moved[c * w + i] = 0
            if counted[c, i]:
                need += 1
                if lowest[c] < 0:
                    lowest[c] = i
        free[digits[c, n - 1]] += 1
        if lowest[c] < 0 and digits[c, 0] == 6:
            empty = True                # a series over the Joker may complete and go
    if need == 0:
        return False
    grew = True
    while grew:
        grew = False
        for c in range(NCOLS):
            n = lengths[c]
            blocked = False             # an unmoved blocker above
            for i in range(n - 1, -1, -1):
                d = digits[c, i]
                if counted[c, i] and not moved[c * w + i] and not blocked:
                    if d == 6:
                        ok = empty
                    elif d == 0:
                        # the other neutral, free; this one counts in free[0] if it is free
                        own = 1 if (i == n - 1 or moved[c * w + i + 1]) else 0
                        ok = empty or free[0] - own > 0
                    else:
                        ok = free[d + 1] > 0
                    if ok:
                        moved[c * w + i] = 1
                        need -= 1
                        if need == 0:
                            return False
                        if i == lowest[c]:
                            empty = True
                        if i > 0:
                            free[digits[c, i - 1]] += 1
                        grew = True
                if not moved[c * w + i] and _blocks(digits, counted, c, i):
                    blocked = True
    return True

