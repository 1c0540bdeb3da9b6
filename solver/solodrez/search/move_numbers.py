"""The third exactness test for A* and IDA* (issue 41), run by tight.bound_not_exact with
`late`: the move numbers of a win of exactly h = engine.lower_bound moves.  The rules
(1)-(9) and the names (counted card, target, blocker, M) are those of tight.py's docstring.

M forgets that a target serves one
card, so it misses cycles such as: P on a Joker, the only free Knight under two Queens in
one column, and the Queens needing that Joker or another one under the Rook that goes
onto the top Queen.  In the same exact win W of h moves, let tau(c) in 1..h be the number
of the move that counted card c heads (one move each, (2)); tau is one-to-one.  Lower
bounds e(c) <= tau(c), all 1 at first, are raised by these rules until none applies:
(10) blockers: e(c) >= e(b) + 1 for every blocker b above c in its column (8).
(11) landing: a real card c of rank r < 6 lands on a target t allowed by (4); t is a top
     at tau(c), so the card a(t) directly on t in P (counted, by (3)) has headed its move
     before (6): e(c) >= 1 + min over c's allowed targets of rel(t), rel(t) = e(a(t)), or
     0 when t is a top in P.  A Joker lands on an empty column (5): rel is 0 when a column
     is empty in P or lies over a Joker with no counted card, else the least e of the
     lowest counted card of a column whose bottom card is real (7); a column over a
     neutral never empties (the neutral is not counted and never moves).  A neutral lands
     on an empty column or on the other neutral: rel is the least of the empty column's
     and the other neutral's (0 when it is a top in P, else e of the counted card on it).
(12) every target is used: by (3) the counted cards of rank r are as many as the targets
     of rank r + 1 and land on distinct ones, so each target t receives one of its
     landers L_t (the counted cards of rank r that (4) allows on t), after a(t) moved.
     When L_t has one card, or all of L_t lies in one column and every lander but the
     lowest, s, is a blocker (so it moves before s, (10)), then tau(s) >= tau(lander) >
     tau(a(t)): e(s) >= e(a(t)) + 1.
Each rule raises e(c) only to a value that tau(c) reaches in every exact win, given that
the e it reads are at most tau; by induction over the raises every e stays <= tau.  So
when some e(c) exceeds h, or the values cannot be placed one-to-one into 1..h (some k
with more than h - k + 1 cards of e >= k), there is no exact win: the distance is at
least lower_bound + 1.  The values only grow and stop at h + 1, so the loop ends.

(13) The move numbers subsume the schedule (9): where M leaves a counted card out, this
test fires, so tight.not_exact_by does not run the schedule when it runs this one.
Suppose it does not fire: the loop reached a fixed point (a sweep that changed nothing,
so every value it read was final) with every e <= h.  Then every counted card c is in M,
by induction on e(c).  Every blocker above c is counted (a Joker on the table is at the
bottom of its column) and has e <= e(c) - 1 by (10), so it is in M.  And (11) gives c an
option of value at most e(c) - 1 that (9) also offers: a target t allowed by (4) is a
card of rank r + 1 that is a top in P (value 0) or whose card directly above, a(t), has
e(a(t)) <= e(c) - 1 and so is in M; an empty column for a Joker or a neutral is one empty
in P or over a Joker with no counted card (value 0) or a column whose lowest counted card
has e <= e(c) - 1, so is in M; the other neutral is a top in P or the counted card on it
is in M.  (A real card with no allowed target, or a Joker with no column to empty, gets
no value at most h: the test fires.)  So c has a landing place of (9) and every blocker
above it in M: c is in M, the least set closed under (9)'s rule.
"""

from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from ..jit import njit
from ..rules.engine import NCOLS


@njit(cache=True)
def may_land(digits, counted, c_col, c_idx, t_col, t_idx):
    """Whether counted card (c_col, c_idx) may land on (t_col, t_idx): rule (4) of tight.py."""
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


INF = 1 << 20       # a release that never comes
BITS = 15 + NCOLS   # the work row of bit sets (tight.py's row list), partly written by
                    # bound_not_exact's pass over the cards: each column's targets, the
                    # neutrals' places


@njit(cache=True)
def move_numbers_impossible(digits, counted, lengths, work):
    """The third test of the module docstring, rules (10)-(12): True when the lower bounds
    e on the move numbers of an exact win pass h or cannot be one-to-one within 1..h.
    Reads digits, counted and what bound_not_exact's pass over the cards wrote: the
    masks of work row 4 and, in row 24, each column's targets and the neutrals' places.
    Cards are numbered column by column, top first, and sets of cards or targets are
    bits by number: a target's landers, a rank's cards, a column's cards."""
    ccol, cplace, cdig, cblock, e, cland = work[5], work[6], work[7], work[8], work[9], work[10]
    tpos, ton, ksink, hist, tland = work[11], work[12], work[13], work[14], work[BITS + 1]
    bits = work[BITS]
    rank_t, rcards, col_t = bits[0:7], bits[8:15], bits[16:16 + NCOLS]
    ccards = bits[50:50 + NCOLS]
    rank_t[:] = 0
    rcards[:] = 0
    col_t[:] = 0
    bcards = 0                  # the blockers
    nc = 0
    nt = 0
    static_empty = False
    n0 = bits[48]               # the neutrals' places, column | place << 8 (-1: none)
    n1 = bits[49]
    for c in range(NCOLS):
        n = lengths[c]
        work[4, 48 + c] = -1
        first = nc
        ccards[c] = 0
        if n == 0:
            static_empty = True
            continue
        cmask = work[4, c]
        if cmask == 0 and digits[c, 0] == 6:
            static_empty = True
        while cmask != 0:
            i = 63 - leading_zeros(cmask)       # top first
            cmask ^= 1 << i
            d = digits[c, i]
            b = (work[4, 16 + c] >> i) & 1
            ccol[nc] = c
            cplace[nc] = i
            cdig[nc] = d
            cblock[nc] = b
            rcards[d] |= 1 << nc
            bcards |= b << nc
            e[nc] = 1
            work[15 + c, i] = nc
            nc += 1
        if nc > first:
            ccards[c] = (1 << nc) - (1 << first)
            if digits[c, 0] != 0:
                work[4, 48 + c] = nc - 1        # the column's lowest counted card
        tmask = bits[32 + c]
        while tmask != 0:
            i = 63 - leading_zeros(tmask)
            tmask ^= 1 << i
            tpos[nt] = c | i << 8
            rank_t[digits[c, i]] |= 1 << nt
            col_t[c] |= 1 << nt
            nt += 1
    h = nc
    if h == 0:
        return False
    # the targets' cards on them and their landers in other columns (rule (4)); the real
    # cards' allowed targets, adding each target's landers in its own column
    for t in range(nt):
        c = tpos[t] & 255
        i = tpos[t] >> 8
        ton[t] = -1 if i == lengths[c] - 1 else work[15 + c, i + 1]
        tland[t] = rcards[digits[c, i] - 1] & ~ccards[c]
    for k in range(nc):
        d = cdig[k]
        if d == 0:
            other = n1 if (ccol[k] | cplace[k] << 8) == n0 else n0
            c = other & 255
            i = other >> 8
            if other < 0:
                cland[k] = -2
            elif i == lengths[c] - 1:
                cland[k] = -1
            else:       # the card on it, -2 when it is not counted (never moves)
                cland[k] = work[15 + c, i + 1] if (work[4, c] >> (i + 1)) & 1 else -2
            continue
        mask = 0
        if d <= 5:
            c = ccol[k]
            mask = rank_t[d + 1] & ~col_t[c]     # rule (4) allows every other column
            same = rank_t[d + 1] & col_t[c]
            while same != 0:
                t = trailing_zeros(same)
                same &= same - 1
                if may_land(digits, counted, c, cplace[k], c, tpos[t] >> 8):
                    mask |= 1 << t
                    tland[t] |= 1 << k
            if mask == 0:
                return True         # a card with nowhere to land: no perfect matching
        cland[k] = mask
    # rule (12)'s sinks: a target not a top in P whose landers lie in one column and are
    # all blockers but the lowest (the highest number) sinks into that one
    for k in range(nc):
        ksink[k] = 0
    tops = 0                    # the targets that are tops in P
    for t in range(nt):
        if ton[t] < 0:
            tops |= 1 << t
            continue
        landers = tland[t]
        if landers == 0:
            continue
        low = 63 - leading_zeros(landers)
        if ccol[trailing_zeros(landers)] == ccol[low] and \
                landers & ~bcards & ~(1 << low) == 0:
            ksink[low] |= 1 << t
    for k in range(nc):
        if 1 <= cdig[k] <= 5 and cland[k] & tops:
            cland[k] = 0        # it may land on a top in P: its landing bound stays 0
    changed = True
    while changed:
        changed = False
        rel_empty = INF
        if static_empty:
            rel_empty = 0
        else:
            for c in range(NCOLS):
                low = work[4, 48 + c]
                if low >= 0 and e[low] < rel_empty:
                    rel_empty = e[low]
        col = -1
        bmax = 0
        for k in range(nc):
            if ccol[k] != col:
                col = ccol[k]
                bmax = 0
            v = e[k]
            if bmax + 1 > v:
                v = bmax + 1
            sinks = ksink[k]
            while sinks != 0:
                t = trailing_zeros(sinks)
                sinks &= sinks - 1
                r = e[ton[t]]
                if r + 1 > v:
                    v = r + 1
            d = cdig[k]
            if d == 6:
                land = rel_empty
            elif d == 0:
                land = rel_empty
                on = cland[k]
                if on == -1:
                    land = 0
                elif on >= 0 and e[on] < land:
                    land = e[on]
            else:
                mask = cland[k]
                land = 0 if mask == 0 else INF
                while mask != 0:
                    t = trailing_zeros(mask)
                    mask &= mask - 1
                    r = e[ton[t]]
                    if r < land:
                        land = r
            if land + 1 > v:
                v = land + 1
            if v > h:
                return True
            if v > e[k]:
                e[k] = v
                changed = True
            if cblock[k] and e[k] > bmax:
                bmax = e[k]
    # one-to-one into 1..h: at most h - k + 1 cards with e >= k
    for k in range(h + 2):
        hist[k] = 0
    for k in range(nc):
        hist[e[k]] += 1
    above = 0
    for k in range(h, 0, -1):
        above += hist[k]
        if above > h - k + 1:
            return True
    return False
