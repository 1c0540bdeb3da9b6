"""Commuting moves in greedy search: children it need not key, because another stored
position makes them (numba kernels).

Greedy best-first search (expansion.astar_run, greedy) keys about twenty children per
expansion and finds 95% of them already stored.  Most of those are transpositions: X was
stored by its parent Y through move a, and a child X + b, where b leaves a's two columns
alone, is also Y + b + a.  This module lets X skip such children, for half of the moves b
(an order on moves decides which half), skip the move back to Y, and skip moving a's run
on again where Y could have moved it at once (about one child more an expansion).

The in-move code (`came_code`) names a in X's own frame (its sorted column words, the
order key_to_columns gives): ia | ib << 4 | k << 8, the columns a left and reached and its
run length; -1 when there is no rule (the root, a move that removed a series, or a
source and destination with equal words).  From it, Y's words of those columns are
    WA = X[ia] * 7**k + X[ib] % 7**k,   WB = X[ib] // 7**k.
Moves of a position are ranked by (source word, destination word, k): canonical,
whatever the frame, and two moves with the same rank make the same position.

Rule (`covered`): while expanding X, skip child X + b when
  (i)  b is the move back (ib -> ia, k cards): X + b is Y, which is stored; or
  (ii) neither of b's columns holds the word X[ia] or X[ib], so b moves none of a's
       columns and b, a commute, and rank(b) < rank(a) taken in Y: (b's words, which a
       did not touch) < (WA, WB, k); or
  (iii) b moves a's run on: its source holds X[ib] and it moves k cards (a child depends
       only on the words of b's columns, so take the source to be ib and d, the
       destination, another column), to a column whose word is X[ia] (X + b is then Y)
       or with WA >= X[ib]: X + b is Y + (ia -> d, k), a move of Y (the same run onto
       the same top card: d is not ia) of rank (WA, X[d], k) >= rank(b).

Proof that LOST stays a proof.  Let the search end with its open list empty, and call
a position covered when it is stored, or cannot be won (it is stored dead, or reachable
from such a position), or the search found a win.  Claim: for every stored position X
that is not dead and each move m of X, X + m is covered.  Every stored position that is
not dead was taken at its own h, and again at h + 1 whenever it has a child one higher
(astar_run), so each child is either keyed then (stored, found, or the win), dropped by
generate_moves as equal to a listed child, or skipped here.  Case (i), and (iii) onto a
column of word X[ia], are covered since Y is stored.  The rest by induction on (rank of m
from highest down, then the depth of X in the parent tree): with a = in-move of X, Y its
parent, in case (iii) Y + (ia -> d, k) = X + m is covered by the claim for that move of
Y: rank at least m's, Y one level shallower.  In case (ii):
  - Y + m is covered, by the claim for (Y, m): same rank, Y one level shallower; m is a
    move of Y since its columns are Y's, and its h-change is the same in Y (it depends
    on m's two columns only), so Y takes it at the same round as X;
  - if Y + m is stored and not dead, then Y + m + a = X + m is covered by the claim for
    (Y + m, a): a is a move of Y + m (m did not touch its columns) of rank above m's;
    if Y + m cannot be won, neither can X + m, which is reachable from it.
Ranks are finite and depths are finite, so the induction ends.  Now suppose the root
could be won: along a winning line every position is winnable, so by the claim each is
stored and not dead (is_dead is a proof), and the won position at its end was found,
so the search did not answer LOST.  The converse needs nothing: a WON answer replays.
"""
from ..jit import njit
from ..rules.engine import NCOLS, POW7, SERIES_WORD, move_pack

NO_RULE = -1


@njit(cache=True)
def came_code(cols, m):
    """The in-move code of the position cols + m (module docstring), or NO_RULE.  A
    word's index among the child's sorted words (its first, for repeated words) is the
    number of the child's words below it, so no sort is needed."""
    s = m & 15
    d = (m >> 4) & 15
    k = m >> 8
    p = POW7[k]
    from_word = cols[s] // p
    to_word = cols[d] * p + cols[s] % p
    if from_word == SERIES_WORD or to_word == SERIES_WORD or from_word == to_word:
        return NO_RULE
    ia = 0
    ib = 0
    for c in range(NCOLS):
        w = cols[c]
        if c == s:
            w = from_word
        elif c == d:
            w = to_word
        ia += int(w < from_word)
        ib += int(w < to_word)
    return ia | (ib << 4) | (k << 8)


@njit(cache=True)
def came_words(cols, code):
    """(X[ia], X[ib], WA, WB, k, the move back) for the in-move code of position cols."""
    ia = code & 15
    ib = (code >> 4) & 15
    k = code >> 8
    p = POW7[k]
    xa = cols[ia]
    xb = cols[ib]
    return xa, xb, xa * p + xb % p, xb // p, k, move_pack(ib, ia, k)


@njit(cache=True)
def covered(cols, m, xa, xb, wa, wb, ka, back):
    """Whether the rule (module docstring) lets the expansion of cols skip child m, given
    came_words of its in-move."""
    if m == back:
        return True
    ws = cols[m & 15]
    wd = cols[(m >> 4) & 15]
    if ws == xb and (m >> 8) == ka and (wd == xa or wa >= xb):
        return True     # (iii)
    if ws == xa or ws == xb or wd == xa or wd == xb:
        return False
    if ws != wa:
        return ws < wa
    if wd != wb:
        return wd < wb
    return (m >> 8) < ka
