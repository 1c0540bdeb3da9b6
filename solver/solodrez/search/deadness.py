"""A cheap, sound dead-position test for the searches (numba).

`is_dead(cols, memo)` is the numba form of `blocks.may_move_first` (read the proof there): the
least fixed point M of "this card may still move first some day".  A real card that is
out of place must move first before the game can be won (the argument of
engine.lower_bound), so an out-of-place card with M False proves the position lost.

Safe as search pruning: a position on a winning line is winnable, so it is never dead;
skipping dead positions leaves every winning line in place, and LOST still means no
reachable position is won.
"""
import numpy as np

from ..jit import njit
from ..rules.columns import top_digit
from ..rules.engine import NCOLS, is_bad
from ..rules.splitmix import GAMMA


@njit(cache=True)
def _exposure(d):
    """The destinations (bit r: some top may take a run whose first card plays rank r)
    that card digit d opens when it may become a column's top: a neutral takes ranks 1-5,
    a real card the rank below its own."""
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
    that is the top or lies under a marked card; bit 6 when the bottom card is marked, or
    is a Joker and S holds: no neutral or out-of-place card above it, or some card above
    it at or below the lowest such card marked), and `unmarked`, its out-of-place real
    cards left unmarked.  The marks
    are those of blocks.may_move_first's M for this dest: card t may move first when it
    heads an ordered run (the cards above it playing one rank lower each) reaching a card
    that is the top or lies under a marked card, and dest takes the rank the card plays.
    Bookkeeping, each newest in its low bits: `hist` the digits of the last six cards
    read (3 bits each), `free` whether each of them may become a top (1 bit each), and
    `dist` the cards between this one and the nearest such card at or above it;
    `clear`, S for the cards read so far: some card marked at or below the lowest
    unmarked neutral or out-of-place card read, or no such card read (the bottom card
    changes it only where it does not matter: a Joker there is never out of place, and
    one that is marked opens an empty column by itself).
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
    clear = True
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
                    clear = False
        else:
            marked = _neutral_heads_move(hist, free, t, dest)
            if not marked:
                clear = False
        if marked:
            clear = True
        is_free = marked
        t += 1
    if t > 0 and (is_free or (d == 6 and clear)):
        exposed |= 1 << 6           # the bottom card may move, or a series may be removed: an empty column
    return exposed | (unmarked << 8)


@njit(cache=True)
def _neutral_heads_move(hist, free, t, dest):
    """Whether the neutral just read by _scan_column (hist and free as there, t cards
    above it) heads a run that can move: the cards from it up to some card j ordered,
    with roles in 1..6 (a real card fixes them, each card above playing one rank lower),
    j free to be a top, and dest taking a role the neutral can play."""
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


@njit(cache=True, inline="always")
def _memo_slot(w, dest):
    """The memo entry of column word w read with destinations dest (Fibonacci hashing:
    one product by splitmix64's GAMMA, whose top bits pick the entry)."""
    h = (np.uint64(w) * np.uint64(GAMMA)) ^ (np.uint64(dest) << np.uint64(57))
    return np.int64(h >> np.uint64(64 - MEMO_BITS))


@njit(cache=True)
def is_dead(cols, memo):
    """True only if the position is lost: some out-of-place real card can never move first.

    The least fixed point of `may_move_first` (blocks.may_move_first), computed on the
    words alone: sweeps of _scan_column over the nine columns, the destinations growing
    as soon as a column opens new ones, until every out-of-place card is marked (not
    dead: marks only grow, so that answer is final) or a whole sweep opens nothing new
    (then every column was read with the final destinations, and the count is exact).
    A column's scan depends only on its word and the destinations, so it is looked up in
    `memo` (dead_memo) before it is computed.  The lookup is written out here: as a
    function of (word, dest, memo), called about 17 times an is_dead, it made is_dead
    2.5 times slower (360 against 140 ns a call, on the children greedy search tests on
    deal 884; reports/bench/bench.md).
    """
    dest = 0
    for c in range(NCOLS):
        w = cols[c]
        if w == 1:
            dest |= 1 << 6
        else:
            dest |= _exposure(top_digit(w))
    while True:
        before = dest
        unmarked = 0
        for c in range(NCOLS):
            w = cols[c]
            if w != 1:
                # the memo: entry [0] the word, [1] dest | result << 8.  A word is never
                # 0, so a fresh (zero) entry never matches; the whole word and dest are
                # compared, so an answer read back is always this column's
                i = _memo_slot(w, dest)
                if memo[i, 0] == w and (memo[i, 1] & 0xFF) == dest:
                    r = memo[i, 1] >> 8
                else:
                    r = _scan_column(w, dest)
                    memo[i, 0] = w
                    memo[i, 1] = dest | (r << 8)
                dest |= r & 0xFF
                unmarked += r >> 8
        if unmarked == 0:
            return False
        if dest == before:
            return True
