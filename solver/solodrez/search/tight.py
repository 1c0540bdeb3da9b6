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

The third test, the move numbers of an exact win (rules (10)-(12)), is in move_numbers.py;
it fires wherever the schedule does (its rule (13)), so with it the schedule is not run.
"""
import os

import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from ..jit import njit
from ..rules.columns import column_length
from ..rules.engine import MAX_COLUMN, NCOLS, is_bad
from .move_numbers import BITS, may_land, move_numbers_impossible

# bound_not_exact's work array (WORK_ROWS x WORK_COLS), row by row:
#   0  the counted cards of rank r in column c at 9 * (r - 1) + c, their number at 48 + r
#   1  the same for the targets of rank r (the cards of rank r + 1 one may land on)
#   2  Kuhn's lists for one rank: the columns (0-15) and places (16-31) of its counted
#      cards, the columns (32-47) and places (48-63) of its targets
#   3  Kuhn's match_t (0-15) and seen (16-31)
#   4  column c's masks (bit i: card i, the bottom card bit 0): counted cards at c,
#      blockers of rule (8) at 16 + c, cards in M (_unschedulable) at 32 + c; the
#      number in the card list (rows 5-10) of column c's lowest counted card at 48 + c
#   5-10  move_numbers' counted cards, column by column, top first: column, place, digit,
#      blocker flag, e, and the allowed targets (a bit per target, for a real card) or
#      the other neutral's card on it (a neutral: -1 when it is a top, -2 never free)
#   11-12  move_numbers' targets: column | place << 8, the card on it (-1: a top)
#   13  move_numbers' sinks (rule (12)): the targets whose sink is card k, as bits
#   14  move_numbers' count of cards by e
#   15-23  move_numbers' card numbers: row 15 + c, place i (counted cards only)
#   24  bit sets (move_numbers.BITS): the targets of rank r at r, the counted cards of
#      rank r at 8 + r, the targets in column c at 16 + c, the cards in column c at
#      50 + c; and, written by the pass over the cards, the targets' places in column c
#      (bit i: card i) at 32 + c and the neutrals' places (column | place << 8, -1:
#      none) at 48 and 49
#   25  move_numbers' landers of each target, as bits
WORK_ROWS = 26
WORK_COLS = 64
# When the searches run the third test, (10)-(12), by default: A* from LATE_AFTER stored
# positions on (on easy deals it costs more time than it saves), slice by slice as
# late_choice.py chooses, the first two as well; the layered search layer by layer and the
# depth-first walks (IDA*, from A*'s frontier, from a layer) slice by slice, likewise;
# DREZ_LATE_BOUND=1 in the environment turns it on from the start in all three,
# DREZ_LATE_BOUND=0 off (None: never).
LATE_AFTER = {"1": 0, "0": None}.get(os.environ.get("DREZ_LATE_BOUND", ""), 1_000_000)
LIST_MAX = 16       # a rank's cards in Kuhn's lists (a position has at most 9)


def tight_scratch():
    """Scratch arrays for bound_not_exact: the digits and counted flags of every column
    (bottom card first), the column lengths, and the work array (rows above)."""
    return (np.zeros((NCOLS, MAX_COLUMN + 1), np.int64),
            np.zeros((NCOLS, MAX_COLUMN + 1), np.int64),
            np.zeros(NCOLS, np.int64), np.zeros((WORK_ROWS, WORK_COLS), np.int64))


@njit(cache=True)
def _augment(u, nt, digits, counted, lists, match_t, seen):
    """Kuhn's augmenting path from card u of the counted side (lists: work row 2)."""
    for v in range(nt):
        if seen[v] or not may_land(digits, counted, lists[u], lists[16 + u], lists[32 + v],
                                   lists[48 + v]):
            continue
        seen[v] = 1
        if match_t[v] < 0 or _augment(match_t[v], nt, digits, counted, lists, match_t, seen):
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
def _perfectly_matched(r, digits, counted, lengths, work):
    """Whether rank r's counted cards and targets have a perfect matching under rule (4)
    (Kuhn's algorithm); there are as many of each, at most LIST_MAX."""
    lists = work[2]
    nb = 0
    nt = 0
    for c in range(NCOLS):
        n = lengths[c]
        for i in range(n):
            d = digits[c, i]
            if d == r and counted[c, i]:
                lists[nb] = c
                lists[16 + nb] = i
                nb += 1
            elif d == r + 1 and (i == n - 1 or counted[c, i + 1]):
                lists[32 + nt] = c
                lists[48 + nt] = i
                nt += 1
    match_t = work[3, 0:16]
    seen = work[3, 16:32]
    for v in range(nt):
        match_t[v] = -1
    for u in range(nb):
        for v in range(nt):
            seen[v] = 0
        if not _augment(u, nt, digits, counted, lists, match_t, seen):
            return False
    return True


NO_CLAIM = -1       # not_exact_by: not a position of the rulings, nothing tested
EXACT_MAYBE = 0     # the tests ran and proved nothing
BY_MATCHING = 1     # proven not exact by the matching (4) or (without `late`) the schedule (9)
BY_MOVE_NUMBERS = 2     # ... by the move numbers (10)-(12), which subsume the schedule


@njit(cache=True)
def bound_not_exact(cols, digits, counted, lengths, work, late=False):
    """True only if no win of `cols` takes exactly engine.lower_bound(cols) moves (see the
    module docstring): then its distance is at least lower_bound + 1.  With `late`, the
    move numbers' test (10)-(12) runs in the schedule's place where the matching finds
    nothing (it fires wherever the schedule does)."""
    return not_exact_by(cols, digits, counted, lengths, work, late) > 0


@njit(cache=True)
def not_exact_by(cols, digits, counted, lengths, work, late):
    """bound_not_exact's tests, saying which proved the bound not exact: BY_MATCHING,
    BY_MOVE_NUMBERS (only with `late`), EXACT_MAYBE when none did, NO_CLAIM when `cols`
    holds more cards of a rank than a position can (nothing was tested).

    One pass over the cards, top first, writes their digits (bottom card first), marks
    the counted ones and the blockers of rule (8) (work row 4) and counts, for each rank
    r < 6, its counted cards and their targets in each column (rows 0 and 1), and
    notes each column's targets and the neutrals' places for the move numbers; then the
    matching of rule (4) (Kuhn's algorithm only where _surely_matched cannot tell) and
    the schedule of rule (9) (_unschedulable), or with `late` the move numbers instead
    (move_numbers.py: they subsume the schedule, rule (13))."""
    for j in range(53 + 1):
        work[0, j] = 0
        work[1, j] = 0
    work[BITS, 48] = -1
    work[BITS, 49] = -1
    neutrals = 0
    for c in range(NCOLS):
        # the cards top first, as the word holds them; card i's digit and the one
        # below it are read together, so the column is read once
        x = cols[c]
        n = column_length(x)
        lengths[c] = n
        cmask = 0
        bmask = 0
        tmask = 0
        i = n - 1
        d = 0
        if n > 0:
            d = x % 7
            x //= 7
            digits[c, i] = d
        while i >= 0:
            below = -1
            if i > 0:
                below = x % 7
                x //= 7
                digits[c, i - 1] = below
            if d == 0:
                on = below > 0
                blocks = below == 1
                work[BITS, 48 + (neutrals & 1)] = c | i << 8
                neutrals += 1
            else:
                on = is_bad(d, below)
                blocks = d == 6 or (on and below > 0)
            counted[c, i] = on
            cmask |= int(on) << i
            bmask |= int(blocks) << i
            if on and 1 <= d <= 5:
                work[0, 9 * (d - 1) + c] += 1
                work[0, 48 + d] += 1
            if d >= 2 and (i == n - 1 or (cmask >> (i + 1)) & 1):
                work[1, 9 * (d - 2) + c] += 1
                work[1, 48 + d - 1] += 1
                tmask |= 1 << i
            d = below
            i -= 1
        work[4, c] = cmask
        work[4, 16 + c] = bmask
        work[BITS, 32 + c] = tmask
    for r in range(1, 6):
        if work[0, 48 + r] > LIST_MAX or work[1, 48 + r] > LIST_MAX:
            return NO_CLAIM             # more than any real position holds
    for r in range(1, 6):
        nb = work[0, 48 + r]
        if nb != work[1, 48 + r]:
            return NO_CLAIM             # not a position of the rulings
        if not _surely_matched(work[0, 9 * (r - 1):9 * r], work[1, 9 * (r - 1):9 * r], nb) \
                and not _perfectly_matched(r, digits, counted, lengths, work):
            return BY_MATCHING
    if late:    # it subsumes the schedule (move_numbers.py (13))
        return BY_MOVE_NUMBERS if move_numbers_impossible(digits, counted, lengths, work) \
            else EXACT_MAYBE
    if _unschedulable(digits, lengths, work):
        return BY_MATCHING
    return EXACT_MAYBE


@njit(cache=True)
def _unschedulable(digits, lengths, work):
    """The second test of the module docstring: True when the closure M of rule (9) leaves
    some counted card out.  Reads the masks bound_not_exact left in work row 4 (and
    keeps M there).  `free` holds, 8 bits per rank r (0: a neutral), how many cards of
    rank r one may land on (at most 56 each).

    M is grown in sweeps, each column top first and only down to its highest blocker not
    in M (nothing below one can join M until it has), so the marks above a card are
    final when it is visited; the landing places grow as cards are marked, and a sweep
    in which none grew ends the fixed point.  It stops as soon as every counted card is
    marked (the answer False cannot change: M only grows)."""
    empty = False                       # some column is or can become empty
    need = 0
    free = 0
    for c in range(NCOLS):
        n = lengths[c]
        work[4, 32 + c] = 0
        if n == 0:
            empty = True
            continue
        cmask = work[4, c]
        while cmask != 0:
            cmask &= cmask - 1
            need += 1
        free += 1 << (8 * digits[c, n - 1])
        if work[4, c] == 0 and digits[c, 0] == 6:
            empty = True                # a series over the Joker may complete and go
    if need == 0:
        return False
    grew = True
    while grew:
        grew = False
        for c in range(NCOLS):
            n = lengths[c]
            moved = work[4, 32 + c]
            left = work[4, c] & ~moved              # counted, not in M
            if left == 0:
                continue
            lowest = trailing_zeros(work[4, c])     # the column's lowest counted card
            stuck = work[4, 16 + c] & ~moved        # blockers not in M
            while left != 0:
                # the highest such card; no blocker outside M lies above it, since every
                # blocker but a Joker on the table is counted, so it was met first here
                i = 63 - leading_zeros(left)
                left &= ~(1 << i)
                d = digits[c, i]
                if d == 6:
                    ok = empty
                elif d == 0:
                    # the other neutral, free; this one counts in free's rank 0 if it is free
                    own = 1 if (i == n - 1 or (moved >> (i + 1)) & 1) else 0
                    ok = empty or (free & 255) - own > 0
                else:
                    ok = (free >> (8 * (d + 1))) & 255 != 0
                if ok:
                    moved |= 1 << i
                    stuck &= ~(1 << i)
                    need -= 1
                    if need == 0:
                        return False
                    if i == lowest:
                        empty = True
                    if i > 0:
                        free += 1 << (8 * digits[c, i - 1])
                    grew = True
                elif (stuck >> i) & 1:
                    break           # this blocker stays out of M this sweep
            work[4, 32 + c] = moved
    return True
