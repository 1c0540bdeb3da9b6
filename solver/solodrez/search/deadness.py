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
def _exposure(d):
    """The destinations (a mask of bits 1-6, as in _expose) that card digit d opens when
    it may become a column's top."""
    if d == 0:
        return 0b111110
    if d >= 2:
        return 1 << (d - 1)
    return 0


@njit(cache=True)
def _scan_column(w, dest):
    """One column's marks for the destination mask `dest` (bit r: some top may take a
    run whose first card plays rank r), read top first from its word w without arrays.

    Returns exposed | unmarked << 8: `exposed`, the destinations its cards open (each card
    that is the top or lies under a marked card; bit 6 when the bottom card is marked or
    is a Joker), and `unmarked`, its out-of-place real cards left unmarked.  The marks
    are those of `_fixed_point` for this dest: card t may move first when it heads an
    ordered run (the cards above it playing one rank lower each) reaching a card that is
    the top or lies under a marked card, and dest takes the rank the card plays.
    Bookkeeping, each newest in its low bits: `hist` the digits of the last six cards
    read (3 bits each), `free` whether each of them may become a top (1 bit each), and
    `dist` the cards between this one and the nearest such card at or above it.
    """
    exposed = 0
    unmarked = 0
    hist = 0
    free = 0
    dist = 0
    t = 0
    x = w
    is_free = True          # the top card may be a top
    d = 0
    while x >= 7:
        d = x % 7
        x //= 7
        hist = ((hist << 3) | d) & 0o777777
        free = ((free << 1) | int(is_free)) & 0o77
        if is_free:
            dist = 0
            exposed |= _exposure(d)
        else:
            dist += 1
        marked = False
        if d != 0:
            if (dest >> d) & 1:
                run = 0         # cards above it in the ordered run it heads
                while run < t and run < 5:
                    e = (hist >> (3 * (run + 1))) & 7
                    role = d - run - 1
                    if role < 1 or (e != 0 and e != role):
                        break
                    run += 1
                marked = dist <= run
            if not marked:
                below = x % 7 if x >= 7 else -1
                if is_bad(d, below):
                    unmarked += 1
        else:
            marked = _neutral_heads_move(hist, free, t, dest)
        is_free = marked
        t += 1
    if t > 0 and (is_free or d == 6):
        exposed |= 1 << 6           # the bottom card may move (or is a Joker): an empty column
    return exposed | (unmarked << 8)


@njit(cache=True)
def _neutral_heads_move(hist, free, t, dest):
    """_neutral_may_move for the neutral just read by _scan_column (hist and free as
    there, t cards above it)."""
    rho = -1
    for span in range(min(t, 5) + 1):
        e = (hist >> (3 * span)) & 7
        if e != 0:
            want = e + span
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
        if (free >> span) & 1:
            if rho != -1:
                if (dest >> rho) & 1:
                    return True
            elif (dest >> (span + 1)) != 0:
                return True
    return False


MEMO_BITS = 12      # a search's column memo: 4,096 entries of 16 bytes (64 KB)


def dead_memo():
    """A fresh column memo for is_dead (one per search: entries are written in two
    steps, so two threads must never share one)."""
    return np.zeros((1 << MEMO_BITS, 2), np.int64)


@njit(cache=True)
def _scan_memo(w, dest, memo):
    """_scan_column(w, dest) through the memo: entry [0] the word, [1] dest | result << 8.
    A word is never 0, so a fresh (zero) entry never matches; the whole word and dest are
    compared, so an answer read back is always this column's."""
    h = (np.uint64(w) * np.uint64(0x9E3779B97F4A7C15)) ^ np.uint64(dest << 58)
    i = np.int64(h >> np.uint64(64 - MEMO_BITS))
    if memo[i, 0] == w and (memo[i, 1] & 0xFF) == dest:
        return memo[i, 1] >> 8
    r = _scan_column(w, dest)
    memo[i, 0] = w
    memo[i, 1] = dest | (r << 8)
    return r


@njit(cache=True)
def is_dead(cols, memo):
    """True only if the position is lost: some out-of-place real card can never move first.

    The least fixed point of `may_move_first` (blocks.may_move_first), computed on the
    words alone: sweeps of _scan_column over the nine columns, the destinations growing
    as soon as a column opens new ones, until every out-of-place card is marked (not
    dead: marks only grow, so that answer is final) or a whole sweep opens nothing new
    (then every column was read with the final destinations, and the count is exact).
    A column's scan depends only on its word and the destinations, so it is looked up in
    `memo` (dead_memo) before it is computed.
    """
    dest = 0
    for c in range(NCOLS):
        w = cols[c]
        if w == 1:
            dest |= 1 << 6
        else:
            dest |= _exposure(w % 7)
    while True:
        before = dest
        unmarked = 0
        for c in range(NCOLS):
            if cols[c] != 1:
                r = _scan_memo(cols[c], dest, memo)
                dest |= r & 0xFF
                unmarked += r >> 8
        if unmarked == 0:
            return False
        if dest == before:
            return True


@njit(cache=True)
def dead_scratch():
    """Fresh scratch arrays for is_dead: digits (rows 0-8 the columns' digits, 9-17 their
    out-of-place flags, 18-26 their runs' reach, 27 the destinations), lengths, and the marks M."""
    return (np.zeros((3 * NCOLS + 1, MAX_COLUMN + 1), np.int64), np.zeros(NCOLS, np.int64),
            np.zeros((NCOLS, MAX_COLUMN + 1), np.bool_))
