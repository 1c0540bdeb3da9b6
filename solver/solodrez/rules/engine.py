"""Numba kernels for Solodrez: packed columns, move generation, apply/undo, keys.

Column word (one int64 per column)
----------------------------------
A column of n cards is the base-7 number with a leading sentinel digit 1:

    word = 7**n + d[0] + d[1]*7 + d[2]*7**2 + ... + d[n-1]*7**(n-1)

    d[0]   = the top card (the last one, the only one anything is put on)
    d[n-1] = the bottom card (the first one, lying on the table)
    digit  = the card's rank, 1 Pawn .. 6 Joker, or 0 for a neutral

    empty column     -> 1
    [J Q R B N P]    -> 7**6 + 1 + 2*7 + 3*7**2 + 4*7**3 + 5*7**4 + 6*7**5  (SERIES_WORD)

Why base 7 and not 3 bits a card: a column can legally hold 22 cards (rulings, "Facts
worth knowing"), and 22 three-bit fields need 66 bits; 2 * 7**22 < 2**63, so every legal
column fits one signed 64-bit word exactly.  The top card is `word % 7`, popping is
`word // 7`, and moving the top k cards is one `%` and one `//` by 7**k.

Moves are packed into one int64: src | dst << 4 | k << 8 (0-based columns).

Reading one column word (its length, its top runs): rules/columns.py.  Canonical keys:
rules/keys.py.
"""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ..jit import njit
from . import packing
from .columns import column_length, runs_and_digits, top_digit
from .packing import EMPTY_WORD, MAX_COLUMN, NCOLS, SERIES_WORD

POW7 = np.array([7 ** i for i in range(MAX_COLUMN + 1)], dtype=np.int64)
RUN_BITS = sum(1 << (9 * r) for r in range(6))    # bit 0 of each run length's 9-bit mask
MAX_MOVES = 256  # more than any position can have: 9 sources x 8 destinations x 3 run
                 # lengths (two all-neutral runs and one whose first card is fixed)


@njit(cache=True)
def move_pack(src, dst, k):
    """Pack a move (0-based columns, k cards) into one int64."""
    return src | (dst << 4) | (k << 8)


@njit(cache=True)
def _wants(wd):
    """What destination word wd takes, as a code: 0 nothing (a Pawn on top), 1-5 a run
    whose first card plays that rank (one below a real top card), 6 a run whose first
    card plays at most a Knight (a neutral on top), 7 a run whose first card can play a
    Joker (an empty column)."""
    if wd == EMPTY_WORD:
        return 7
    t = top_digit(wd)
    if t == 0:
        return 6
    return t - 1


@njit(cache=True)
def equal_before(cols, i, skip):
    """Whether a column before i, other than `skip`, holds column i's word (pruning)."""
    for e in range(i):
        if e != skip and cols[e] == cols[i]:
            return True
    return False


@njit(cache=True)
def any_equal(cols):
    """Whether two columns hold the same word."""
    for i in range(1, NCOLS):
        if equal_before(cols, i, -1):
            return True
    return False


@njit(cache=True)
def _run_targets(lo, hi, by_code):
    """The destination columns (a 9-bit mask) that take a run whose first card can play
    any rank in lo..hi; by_code holds, 9 bits per want code w = 1..7 (_wants) from bit
    9 * (w - 1), the mask of the columns with that code."""
    m = 0
    if hi >= 6:
        m |= by_code >> 54
    if lo <= 5:
        m |= by_code >> 45
        for w in range(lo, min(hi, 5) + 1):
            m |= by_code >> (9 * (w - 1))
    return m & 511


def _outlook_value(first, below, after):
    """move_outlook of a run whose first card has digit `first`, lying on digit `below`
    (-1: the table), moved onto a column whose top digit is `after` (-1: empty); plain
    Python, the one statement of the rule, tabulated in OUTLOOKS."""
    if first == 0:
        misplaced = 0
        delta = int(after > 0) - int(below > 0)
    else:
        misplaced = int(is_bad.py_func(first, after)) - int(is_bad.py_func(first, below))
        delta = misplaced
    return misplaced * 16 + int(after == -1) * 4 + delta + 1


def _outlook_table():
    """OUTLOOKS[(after + 1) << 6 | (below + 1) << 3 | (first + 1)] = _outlook_value."""
    table = np.zeros(512, np.int64)
    for first in range(7):
        for below in range(-1, 7):
            for after in range(-1, 7):
                table[(after + 1) << 6 | (below + 1) << 3 | (first + 1)] = \
                    _outlook_value(first, below, after)
    return table


@njit(cache=True, inline="always")
def _outlook(first, below, wd):
    """_outlook_value for a run onto the column of word wd."""
    after = wd % 7 if wd >= 7 else -1
    return OUTLOOKS[(after + 1) << 6 | (below + 1) << 3 | (first + 1)]


@njit(cache=True)
def generate_moves(cols, out, prune, outlooks=None):
    """Write every legal move of position cols into out; return the count.  With an
    `outlooks` array, also write each move's move_outlook there (from the digits the
    generation reads anyway, instead of one call per move).

    With prune=False the list is exactly the legal moves of the rulings.  With prune=True
    it drops moves whose result is the same canonical position as another listed move's
    (a source or destination column equal to an earlier one) or as the position itself
    (a whole column onto an empty column); the set of canonical successors is unchanged.
    Order: by source column, then destination column, then run length.

    Each run length of a source gets the mask of the destination columns that take it
    (_run_targets; 9 bits a length in `targets`), and the moves are read off the masks.
    """
    equal_words = prune and any_equal(cols)     # only then can pruning apply
    by_code = 0
    tops = 0            # 3 bits a column: its top digit + 1, 0 when it is empty
    for d in range(NCOLS):
        w = _wants(cols[d])
        if w != 0:
            by_code |= 1 << (9 * (w - 1) + d)
        if cols[d] != EMPTY_WORD:
            tops |= (top_digit(cols[d]) + 1) << (3 * d)
    empties = (by_code >> 54) & 511
    n = 0
    for s in range(NCOLS):
        # the source's test written out: through a function returning the runs and
        # digits, generation took 440-460 ns a position against 372 (884's corpus)
        if cols[s] == EMPTY_WORD or (equal_words and equal_before(cols, s, -1)):
            continue        # empty, or pruned as equal to an earlier column
        runs, digits = runs_and_digits(cols[s])
        nr = runs & 7
        allowed = 511 & ~(1 << s)
        if equal_words:
            for d in range(NCOLS):
                if equal_before(cols, d, s):
                    allowed &= ~(1 << d)
        whole = column_length(cols[s]) if prune and empties != 0 else -1
        targets = 0
        union = 0
        for r in range(1, nr + 1):
            m = _run_targets((runs >> (6 * r - 3)) & 7, (runs >> (6 * r)) & 7, by_code)
            if r == whole:
                m &= ~empties       # the whole column onto an empty one: the same position
            m &= allowed
            targets |= m << (9 * (r - 1))
            union |= m
        while union != 0:
            d = trailing_zeros(union)
            union &= union - 1
            lengths = (targets >> d) & RUN_BITS     # bit 9 * (r - 1): run length r
            while lengths != 0:
                r = trailing_zeros(lengths) // 9 + 1
                lengths &= lengths - 1
                out[n] = move_pack(s, d, r)
                if outlooks is not None:
                    # digits and tops hold digit + 1, as OUTLOOKS's index does
                    outlooks[n] = OUTLOOKS[((tops >> (3 * d)) & 7) << 6 |
                                           ((digits >> (3 * r - 3)) & 63)]
                n += 1
    return n


@njit(cache=True)
def apply_move(cols, m):
    """Play move m on cols in place, then remove any complete series it made.

    The caller keeps the two old words (cols[src], cols[dst]) to undo.
    """
    s = m & 15
    d = (m >> 4) & 15
    p = POW7[m >> 8]
    ws = cols[s]
    low = ws % p
    cols[s] = ws // p
    cols[d] = cols[d] * p + low
    if cols[s] == SERIES_WORD:
        cols[s] = EMPTY_WORD
    if cols[d] == SERIES_WORD:
        cols[d] = EMPTY_WORD


# The settling rules, compiled from their plain-Python definitions (Position uses those).
remove_series = njit(cache=True)(packing.remove_series)
is_won = njit(cache=True)(packing.is_won)


@njit(cache=True)
def is_bad(d, below):
    """Whether a real card of rank d lying on `below` (a digit, or -1 for the table) must
    still be the first card of some move: in a removable series every card lies on the
    rank just above it, and the Joker on the table."""
    if below == -1:
        return d != 6
    return below != d + 1


OUTLOOKS = _outlook_table()


def _counted(d, below):
    """Whether lower_bound counts a card of digit d lying on digit `below` (-1: the
    table); plain Python, the one statement of the rule, tabulated below."""
    if d == 0:
        return below > 0
    return bool(is_bad.py_func(d, below))


def _counted_tables():
    """COUNTED_3[v], v < 7**4 the top four digits of a column (top first, base 7): how
    many of the top three cards are counted, each lying on the next.  COUNTED_TAIL[w],
    w < 7**4 a whole column word (0-3 cards, the sentinel above them): how many of its
    cards are counted, the bottom one lying on the table."""
    counted = np.array([[_counted(d, below) for below in range(-1, 7)] for d in range(7)],
                       np.int64)        # counted[d, below + 1]
    v = np.arange(WINDOW)
    d = [v // 7 ** i % 7 for i in range(4)]
    three = sum(counted[d[i], d[i + 1] + 1] for i in range(3))
    tail = np.zeros(WINDOW, np.int64)
    for n in range(1, 4):                   # words of n cards: 7**n <= w < 7**(n + 1)
        w = np.arange(7 ** n, 7 ** (n + 1))
        d = [w // 7 ** i % 7 for i in range(n)] + [np.full(w.shape, -1)]
        tail[w] = sum(counted[d[i], d[i + 1] + 1] for i in range(n))
    return three, tail


WINDOW = 7 ** 4     # lower_bound's tables read a column's top four cards
COUNTED_3, COUNTED_TAIL = _counted_tables()


@njit(cache=True)
def lower_bound(cols):
    """Admissible and consistent estimate of the moves still needed to win.

    h = (real cards not lying on the real card one rank higher, or for a Joker not lying
    on the table) + (neutrals lying directly on a real card).

    Proof.  Call the card at the bottom of a move's run its *first* card.  A move changes
    what lies directly beneath its first card and beneath no other card: every card of
    the run above the first keeps its neighbour, and cards left behind are not touched.
    Series removal takes a column of six real cards away whole.
    (a) A real card must leave the table before the game is won, and it leaves only
        inside a removed series, where each card lies on the real card one rank higher
        and the Joker on the table.  A counted real card is not in that state, so it is
        the first card of at least one later move.
    (b) A neutral lying directly on a real card c: c must leave the table in a series,
        and a series holds no neutral, so nothing may lie on c but a real card; while
        the neutral lies on c, c is not removable.  Only a move whose first card is the
        neutral changes what lies beneath it (a run headed by c or a card below c carries
        the neutral along, still on c).  So the neutral is the first card of a later move.
    Each counted card is the first card of at least one later move, and a move has one
    first card, so h never exceeds the moves left (admissible).  A move changes the
    neighbour below one card only, so each term's count changes only for that card and h
    changes by at most one per move (consistent); removal takes out only uncounted cards.
    h is 0 in a won position: no real card is left to count, nor one to lie on.

    The count is read three cards at a time (COUNTED_3, COUNTED_TAIL): two divisions by
    a constant for three cards, not three a card.
    """
    h = 0
    for c in range(NCOLS):
        x = np.uint64(cols[c])
        while x >= np.uint64(WINDOW):       # four cards or more left: count the top three
            h += COUNTED_3[np.int64(x % np.uint64(WINDOW))]
            x //= np.uint64(343)
        h += COUNTED_TAIL[np.int64(x)]
    return h


@njit(cache=True)
def move_outlook(cols, m):
    """What move m does to the bound and how the searches rank it, computed without
    playing it, packed as misplaced * 16 + empty * 4 + (delta + 1):

    delta      lower_bound(after m) - lower_bound(cols), in -1..1 (`bound_delta`);
    misplaced  the change in the number of misplaced real cards, the first term of
               lower_bound (`misplaced_delta`; 0 for a neutral first card);
    empty      1 when m lands on an empty column (spending one is a cost).

    So outlook >> 2 is the move-ordering score misplaced * 4 + empty (ordering.py) and
    outlook & 3 is delta + 1.  Exact by the proof of lower_bound: only the move's first
    card changes the card it lies on, so only its own term can change, and series
    removal takes out only cards that are not counted.
    """
    s = m & 15
    k = m >> 8
    rest = cols[s] // POW7[k - 1]
    first = rest % 7
    rest //= 7
    return _outlook(first, rest % 7 if rest >= 7 else -1, cols[(m >> 4) & 15])


@njit(cache=True)
def bound_delta(cols, m):
    """lower_bound(after move m) - lower_bound(cols), computed without playing m."""
    return (move_outlook(cols, m) & 3) - 1


@njit(cache=True)
def misplaced_delta(cols, m):
    """The change in the number of misplaced real cards (the first term of lower_bound)
    that move m would cause, computed without playing it."""
    return move_outlook(cols, m) >> 4
