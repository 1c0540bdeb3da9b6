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

The first empty column.  In the same exact win W:
(5) a counted Joker lands on an empty column (only an empty column takes a run headed
    by a real Joker, S7-S8); a counted neutral lands on an empty column or on the other
    neutral (on a real card it would be counted again, against (2)).
(6) a Joker is never carried (nothing plays above a Joker in a run), and a real card a
    lying on a real card b it is counted on is never carried while on b (the run would
    not be ordered); a leaves b only by heading its move.  So a card c moves only after
    every Joker and every such a lying above c has headed its move.
(7) a card t with a card a directly on it becomes the top of a column only after a has
    headed a move: only a's own move changes what lies beneath a.
Suppose no column is empty and some Joker is counted.  By (5) that Joker needs an empty
column, so some first moment T in W has one.  Before T no Joker moves and no neutral
lands on an empty column.  Let M be the least set of counted cards, Jokers excluded,
closed under: c is in M when every Joker and every counted real card lying on a real
card above c is in M, and c has a landing place, i.e. (c real, rank r) a card of rank
r + 1 that is a top or whose card directly above is in M, or (c a neutral) the other
neutral, a top or with the card directly on it in M.  By induction over W's moves up to
T, using (2), (5), (6) and (7), every card heading one of them is in M.  The column
empty at T was emptied either by a move headed by its bottom card, a counted real card
then in M, or by removing a complete series over a Joker on the table, which needs the
lowest counted card of that column (nothing below it ever moves) to have headed a move
by T, so it is in M (or the column has no counted card).  When M holds no such card,
there is no T, hence no exact win: again the distance is at least lower_bound + 1.
"""
import numpy as np

from .deadness import column_digits
from ..rules.engine import MAX_COLUMN, NCOLS, is_bad
from ..jit import njit


@njit(cache=True)
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
def _surely_matched(bc, tc, n):
    """True only if the n counted cards (columns bc) and n targets (columns tc) have a
    perfect matching under rule (4).  Rule (4) forbids only pairs in one column, so a set
    S of counted cards from two columns or more can land on every target; Hall's
    condition can then fail only for S inside one column c, whose cards can land at
    least on the n - t_c targets outside c.  So when no column holds more counted cards
    than there are targets outside it, a perfect matching exists (Hall's theorem)."""
    for c in range(NCOLS):
        b = 0
        t = 0
        for i in range(n):
            b += bc[i] == c
            t += tc[i] == c
        if b > n - t:
            return False
    return True


@njit(cache=True)
def bound_not_exact(cols, digits, counted, lengths, work):
    """True only if no win of `cols` takes exactly engine.lower_bound(cols) moves (see the
    module docstring): then its distance is at least lower_bound + 1."""
    column_digits(cols, digits, lengths)
    for c in range(NCOLS):
        n = lengths[c]
        for i in range(n):
            d = digits[c, i]
            below = digits[c, i - 1] if i > 0 else -1
            if d == 0:
                counted[c, i] = 1 if below > 0 else 0
            else:
                counted[c, i] = 1 if is_bad(d, below) else 0
    bc = work[0, 0:16]
    bi = work[0, 16:32]
    tc = work[1, 0:16]
    ti = work[1, 16:32]
    match_t = work[2, 0:16]
    seen = work[3, 0:16]
    for r in range(1, 6):
        nb = 0
        nt = 0
        for c in range(NCOLS):
            n = lengths[c]
            for i in range(n):
                d = digits[c, i]
                if d == r and counted[c, i]:
                    if nb == 16:
                        return False    # more than any real position holds: no claim
                    bc[nb] = c
                    bi[nb] = i
                    nb += 1
                elif d == r + 1 and (i == n - 1 or counted[c, i + 1]):
                    if nt == 16:
                        return False
                    tc[nt] = c
                    ti[nt] = i
                    nt += 1
        if nb != nt:
            return False                # not a position of the rulings: no claim
        if _surely_matched(bc, tc, nb):
            continue
        for v in range(nt):
            match_t[v] = -1
        for u in range(nb):
            for v in range(nt):
                seen[v] = 0
            if not _augment(u, nt, digits, counted, bc, bi, tc, ti, match_t, seen):
                return True
    return _no_first_empty_column(digits, counted, lengths, work)


@njit(cache=True)
def _no_first_empty_column(digits, counted, lengths, work):
    """The second test of the module docstring: True when no column is empty, a Joker is
    counted, and the least set M can empty no column.  In bound_not_exact's `work`:
    row 4 marks the cards in M (card (c, i) at c * (MAX_COLUMN + 1) + i), row 3 from
    column 16 on counts the cards of each rank that can be landed on, and row 2 from
    column 16 on holds each column's lowest counted card above a Joker on the table.

    M is grown in sweeps, each column top first, so the marks above a card are final
    when it is visited; the landing places grow as cards are marked, and a sweep in which
    none grew ends the fixed point.  It stops as soon as a column can be emptied (the
    answer False cannot change: M only grows)."""
    moved = work[4]
    free = work[3, 16:23]               # free[r]: a card of rank r (0: a neutral) can be landed on
    lowest = work[2, 16:16 + NCOLS]
    w = MAX_COLUMN + 1
    joker = False
    for r in range(7):
        free[r] = 0
    for c in range(NCOLS):
        n = lengths[c]
        if n == 0:
            return False
        lowest[c] = -1
        for i in range(n):
            moved[c * w + i] = 0
            if digits[c, i] == 6 and i > 0:
                joker = True
        free[digits[c, n - 1]] += 1
        if digits[c, 0] == 6:
            i = 1
            while i < n and not counted[c, i]:
                i += 1
            if i == n:
                return False            # a series over the Joker can go: the column empties
            lowest[c] = i
    if not joker:
        return False
    grew = True
    while grew:
        grew = False
        for c in range(NCOLS):
            n = lengths[c]
            blocked = False             # an unmoved card above that must move first
            for i in range(n - 1, -1, -1):
                d = digits[c, i]
                if counted[c, i] and not moved[c * w + i] and not blocked and d != 6:
                    if d == 0:
                        # the other neutral, free; this one counts in free[0] if it is free
                        own = 1 if (i == n - 1 or moved[c * w + i + 1]) else 0
                        ok = free[0] - own > 0
                    else:
                        ok = free[d + 1] > 0
                    if ok:
                        moved[c * w + i] = 1
                        if i == 0 or i == lowest[c]:
                            return False        # this column can be emptied
                        free[digits[c, i - 1]] += 1
                        grew = True
                if not moved[c * w + i] and (d == 6 or (d > 0 and counted[c, i] and i > 0
                                                        and digits[c, i - 1] > 0)):
                    blocked = True
    return True
