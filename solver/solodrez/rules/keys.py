"""Canonical keys of Solodrez positions (numba kernels): exact, 3 int64 words.

Layout
------
The nine column words (engine's docstring) sorted ascending, then written as a stream of
3-bit symbols: each column's digits top to bottom as digit+1 (1..7), and a 0 symbol after
every column but the last.  Symbol i occupies bits 3i..3i+2 of the 192-bit number
key[0] + key[1]*2**64 + key[2]*2**128 (two's-complement words, so bit 63 of a word is its
sign bit); symbols 21 and 42 straddle two words:

    key[0]  bits 0-62: symbols 0-20   bit 63: low bit of symbol 21
    key[1]  bits 0-1: rest of 21      bits 2-61: symbols 22-41   bits 62-63: low of 42
    key[2]  bit 0: rest of 42         bits 1-63: symbols 43-63

At most 56 cards + 8 separators = 64 symbols = 192 bits, so every position fits exactly.
Equal for any permutation of the columns, and different for positions that differ in
anything but column order (colours are not in the words at all).  key[0] == 0 only for
the empty table: with any card on it at most 8 columns are empty, their words (1) sort
first, so symbol e <= 8 is a card (>= 1) and lies in bits 0-26 of key[0].  The table
uses that as its empty-slot mark (search/table.py).

Speed: the sort is a sorting network (no branches), and each column's symbols are built
in a register, four digits at a time through the CHUNK4/TAIL tables, then shifted in
below the columns after it, a funnel shift of the three words with no branch (a column's
code is at most 60 bits, see column_symbols).  Reading a key back is the reverse: a
separator found by a mask, the column's word four symbols at a time (DIGITS4/HEAD4).
"""
import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from ..jit import njit
from .packing import NCOLS
from .splitmix import GAMMA, MIX1

KEY_WORDS = 3
KEY_SYMBOLS = 64   # 56 cards + 8 separators: 3 * 64 = 192 bits = KEY_WORDS words
assert 3 * KEY_SYMBOLS == 64 * KEY_WORDS


def _chunk_tables():
    """CHUNK4[v]: the four digits of v (0 <= v < 7**4), top first, as 3-bit symbols
    digit+1; TAIL[x]: for 1 <= x < 7**4 (a column word of n <= 3 cards), its n symbols
    in the low 12 bits and n above them."""
    chunk = np.zeros(7 ** 4, np.uint64)
    tail = np.zeros(7 ** 4, np.uint64)
    for v in range(7 ** 4):
        bits, x = 0, v
        for i in range(4):
            bits |= (x % 7 + 1) << (3 * i)
            x //= 7
        chunk[v] = bits
    for x in range(1, 7 ** 4):
        bits, n, y = 0, 0, x
        while y >= 7:
            bits |= (y % 7 + 1) << (3 * n)
            y //= 7
            n += 1
        tail[x] = bits | (n << 12)
    return chunk, tail


CHUNK4, TAIL = _chunk_tables()


@njit(cache=True, inline="always")
def _shift_in(k0, k1, k2, code, nb):
    """The 192-bit number k0 + k1 * 2**64 + k2 * 2**128 shifted left by nb bits
    (1 <= nb <= 63) with code (< 2**nb) in the freed low bits; bits past bit 191 fall
    off.  No branches: the columns' lengths, which decide where a word boundary falls,
    are unpredictable."""
    back = np.uint64(64) - nb
    k2 = (k2 << nb) | (k1 >> back)
    k1 = (k1 << nb) | (k0 >> back)
    k0 = (k0 << nb) | code
    return k0, k1, k2


# Symbol words: a column's part of the key before its separator, as one integer (the
# digits top first as 3-bit symbols digit+1, the top card in bits 0-2).  For a column of
# at most SYMBOL_CARDS cards it fits with its separator in one _shift_in.  Sorting symbol
# words sorts the columns as sorting their words does (key_from_symbols), and moving the
# top k cards is two shifts, so a child's key needs no digit conversion.
SYMBOL_CARDS = 20
SYMBOL_LIMIT = 1 << (3 * SYMBOL_CARDS)     # symbol words of columns of <= 20 cards
SERIES_SYMBOLS = sum((d + 1) << (3 * i) for i, d in enumerate(range(1, 7)))  # P N B R Q J
BITS_TO_CARDS = np.array([(b + 2) // 3 for b in range(65)], np.int64)
TOP16 = 7 ** 16            # a long column's top 16 cards: word % TOP16 (canonical_key)


@njit(cache=True)
def column_symbols(w):
    """The symbol word of column word w, or -1 when it holds more than SYMBOL_CARDS."""
    x = np.uint64(w)
    d4 = np.uint64(2401)
    code = np.uint64(0)
    nb = np.uint64(0)
    while x >= d4:
        if nb == np.uint64(3 * SYMBOL_CARDS):
            return -1
        code |= CHUNK4[x % d4] << nb
        x //= d4
        nb += np.uint64(12)
    t = TAIL[x]
    nb += np.uint64(3) * (t >> np.uint64(12))
    if nb > np.uint64(3 * SYMBOL_CARDS):
        return -1
    return np.int64(code | ((t & np.uint64(4095)) << (nb - np.uint64(3) * (t >> np.uint64(12)))))


@njit(cache=True, inline="always")
def _shift_in_symbols(k0, k1, k2, sym):
    """_shift_in of symbol word sym (a column of at most SYMBOL_CARDS cards) and its
    separator above it: 3n + 3 bits for n cards, n read off the bit length of sym (3n - 2
    to 3n bits; an empty column's 0 takes its separator's 3 bits alone)."""
    code = np.uint64(sym)
    nb = np.uint64(3 * BITS_TO_CARDS[64 - leading_zeros(code)] + 3)
    return _shift_in(k0, k1, k2, code, nb)


@njit(cache=True, inline="always")
def _sorted9(t):
    """The 9-tuple t in ascending order: Floyd's 25-comparator sorting network for nine
    inputs, on values rather than an array, so that it stays in registers (12% off a
    child's key against the same network on an array: reports/bench/bench.md)."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8 = t
    a0, a3 = min(a0, a3), max(a0, a3)
    a1, a7 = min(a1, a7), max(a1, a7)
    a2, a5 = min(a2, a5), max(a2, a5)
    a4, a8 = min(a4, a8), max(a4, a8)
    a0, a7 = min(a0, a7), max(a0, a7)
    a2, a4 = min(a2, a4), max(a2, a4)
    a3, a8 = min(a3, a8), max(a3, a8)
    a5, a6 = min(a5, a6), max(a5, a6)
    a0, a2 = min(a0, a2), max(a0, a2)
    a1, a3 = min(a1, a3), max(a1, a3)
    a4, a5 = min(a4, a5), max(a4, a5)
    a7, a8 = min(a7, a8), max(a7, a8)
    a1, a4 = min(a1, a4), max(a1, a4)
    a3, a6 = min(a3, a6), max(a3, a6)
    a5, a7 = min(a5, a7), max(a5, a7)
    a0, a1 = min(a0, a1), max(a0, a1)
    a2, a4 = min(a2, a4), max(a2, a4)
    a3, a5 = min(a3, a5), max(a3, a5)
    a6, a8 = min(a6, a8), max(a6, a8)
    a2, a3 = min(a2, a3), max(a2, a3)
    a4, a5 = min(a4, a5), max(a4, a5)
    a6, a7 = min(a6, a7), max(a6, a7)
    a1, a2 = min(a1, a2), max(a1, a2)
    a3, a4 = min(a3, a4), max(a3, a4)
    a5, a6 = min(a5, a6), max(a5, a6)
    return a0, a1, a2, a3, a4, a5, a6, a7, a8


@njit(cache=True)
def sorted_words(cols, out):
    """Copy the nine words of cols into out in ascending order (_sorted9's network;
    tests/solodrez/test_table.py checks it against `sorted` on random words)."""
    t = _sorted9((cols[0], cols[1], cols[2], cols[3], cols[4], cols[5], cols[6], cols[7],
                  cols[8]))
    for i in range(NCOLS):
        out[i] = t[i]


@njit(cache=True, inline="always")
def key_from_symbols(syms, key):
    """canonical_key of the position whose columns have symbol words syms (each of at
    most SYMBOL_CARDS cards): the same three words, bit for bit.

    Why sorting symbol words sorts the columns in canonical_key's order: a column of n
    cards has a word in [7**n, 2 * 7**n) and a symbol word in [8**(n-1), 8**n) (its
    bottom symbol is at least 1), so in both a longer column is larger; two columns of
    the same length compare, in both, by their bottom digit first, then the next one up
    (positional numbers, digit d written as d in base 7 and as d + 1 in base 8, both
    increasing in d); an empty column is the least in both (word 1, symbol word 0).
    """
    a0, a1, a2, a3, a4, a5, a6, a7, a8 = _sorted9((syms[0], syms[1], syms[2], syms[3],
                                                   syms[4], syms[5], syms[6], syms[7],
                                                   syms[8]))
    k0, k1, k2 = np.uint64(a8), np.uint64(0), np.uint64(0)
    k0, k1, k2 = _shift_in_symbols(k0, k1, k2, a7)
    k0, k1, k2 = _shift_in_symbols(k0, k1, k2, a6)
    k0, k1, k2 = _shift_in_symbols(k0, k1, k2, a5)
    k0, k1, k2 = _shift_in_symbols(k0, k1, k2, a4)
    k0, k1, k2 = _shift_in_symbols(k0, k1, k2, a3)
    k0, k1, k2 = _shift_in_symbols(k0, k1, k2, a2)
    k0, k1, k2 = _shift_in_symbols(k0, k1, k2, a1)
    k0, k1, k2 = _shift_in_symbols(k0, k1, k2, a0)
    key[0] = np.int64(k0)
    key[1] = np.int64(k1)
    key[2] = np.int64(k2)


@njit(cache=True)
def canonical_key(cols, scratch, key):
    """Write the exact canonical key of cols into key[0:3] (the module docstring).

    The key is built from its last column down, each shifted in below what is there
    (_shift_in), so a column lands after the bits of the columns before it whatever
    their lengths.  Each column's symbols come from column_symbols; a column of more than
    SYMBOL_CARDS cards goes in two parts, its top 16 cards (48 bits, no separator) below
    the rest.  What passes bit 191 is the last column's separator, zeros: the columns'
    symbols and separators take at most 192 bits (module docstring).
    """
    sorted_words(cols, scratch)
    k0 = np.uint64(0)
    k1 = np.uint64(0)
    k2 = np.uint64(0)
    for c in range(NCOLS - 1, -1, -1):
        w = scratch[c]
        sym = column_symbols(w)
        if sym < 0:
            k0, k1, k2 = _shift_in_symbols(k0, k1, k2, column_symbols(w // TOP16))
            k0, k1, k2 = _shift_in(k0, k1, k2, np.uint64(column_symbols(TOP16 + w % TOP16)),
                                   np.uint64(48))
        else:
            k0, k1, k2 = _shift_in_symbols(k0, k1, k2, sym)
    key[0] = np.int64(k0)
    key[1] = np.int64(k1)
    key[2] = np.int64(k2)


@njit(cache=True, inline="always")
def _feed(cols, sym, c, w, p):
    """Read one symbol into the column state (c: the column being read, w: the value of
    its digits so far, top first, p: 7 ** their count); returns the new state.  A 0
    ends column c, except after the last column, where only zeros follow."""
    if sym == 0:
        if c < NCOLS - 1:
            cols[c] = p + w
            return c + 1, 0, 1
        return c, w, p
    return c, w + (sym - 1) * p, p * 7


@njit(cache=True, inline="always")
def _feed_word(cols, x, count, c, w, p):
    """Read `count` symbols from the low bits of x, lowest first (see _feed)."""
    for _ in range(count):
        c, w, p = _feed(cols, np.int64(x & np.uint64(7)), c, w, p)
        x >>= np.uint64(3)
    return c, w, p


@njit(cache=True)
def key_to_columns(key, cols):
    """Inverse of canonical_key: write the nine (sorted) column words into cols.
    Symbols 0-20 lie in key[0], 22-41 in key[1], 43-63 in key[2]; 21 and 42 straddle."""
    k0 = np.uint64(key[0])
    k1 = np.uint64(key[1])
    k2 = np.uint64(key[2])
    c, w, p = _feed_word(cols, k0, 21, 0, 0, 1)
    sym = (k0 >> np.uint64(63)) | ((k1 << np.uint64(1)) & np.uint64(7))
    c, w, p = _feed(cols, np.int64(sym), c, w, p)
    c, w, p = _feed_word(cols, k1 >> np.uint64(2), 20, c, w, p)
    sym = (k1 >> np.uint64(62)) | ((k2 << np.uint64(2)) & np.uint64(7))
    c, w, p = _feed(cols, np.int64(sym), c, w, p)
    c, w, p = _feed_word(cols, k2 >> np.uint64(1), 21, c, w, p)
    cols[c] = p + w
    for e in range(c + 1, NCOLS):   # only for a key that is not one (a test's)
        cols[e] = 1


def _symbol_tables():
    """For v < 4096, four 3-bit symbols (the lowest first, as in a symbol word):
    DIGITS4[v] = sum((s_i - 1) * 7**i), the value of four cards' digits (all s_i >= 1);
    HEAD4[v] = 7**r + sum((s_i - 1) * 7**i for i < r), r the symbols below v's highest
    nonzero one included: the column word of those r cards (1 for v = 0)."""
    digits = np.zeros(4096, np.int32)     # 16 KB each: both stay in the L1 cache
    head = np.zeros(4096, np.int32)
    for v in range(4096):
        syms = [(v >> (3 * i)) & 7 for i in range(4)]
        digits[v] = sum((s - 1) * 7 ** i for i, s in enumerate(syms))
        r = max([i + 1 for i, s in enumerate(syms) if s] or [0])
        head[v] = 7 ** r + sum((s - 1) * 7 ** i for i, s in enumerate(syms[:r]))
    return digits, head


DIGITS4, HEAD4 = _symbol_tables()
GROUP_LOWS = sum(1 << (3 * g) for g in range(SYMBOL_CARDS + 1))   # bit 0 of groups 0-20


@njit(cache=True, inline="always")
def _symbols_word(sym, nb):
    """The column word of symbol word sym, whose cards take its low nb = 3n bits: four
    cards at a time from the top (HEAD4 for the top ones, then DIGITS4)."""
    j = max(0, (nb + 9) // 12 - 1)          # the top chunk: cards 4j .. n - 1
    w = np.int64(HEAD4[(sym >> (12 * j)) & 4095])
    for i in range(j - 1, -1, -1):
        w = w * 2401 + DIGITS4[(sym >> (12 * i)) & 4095]
    return w


@njit(cache=True)
def key_to_columns_and_symbols(key, cols, syms):
    """key_to_columns, and the columns' symbol words (column_symbols) into syms, in the
    same order.  Returns False, with syms meaningless, when a column holds more than
    SYMBOL_CARDS cards (cols is still right).

    Each column is read at the low end of the key, which is then shifted right past it
    and its separator: its separator is the lowest all-zero 3-bit group (a card's symbol
    is 1..7), found among groups 0-20 by one mask and a trailing-zero count; none there
    means a column of more than 20 cards.  After the last separator only the last column
    is left, with zeros above it.
    """
    k0 = np.uint64(key[0])
    k1 = np.uint64(key[1])
    k2 = np.uint64(key[2])
    lows = np.uint64(GROUP_LOWS)
    for c in range(NCOLS):
        empty = ~(k0 | (k0 >> np.uint64(1)) | (k0 >> np.uint64(2))) & lows
        if empty == 0:
            key_to_columns(key, cols)
            return False
        nb = np.uint64(trailing_zeros(empty))           # 3 * the column's cards
        sym = np.int64(k0 & ((np.uint64(1) << nb) - np.uint64(1)))
        syms[c] = sym
        cols[c] = _symbols_word(sym, np.int64(nb))
        nb += np.uint64(3)
        back = np.uint64(64) - nb
        k0 = (k0 >> nb) | (k1 << back)
        k1 = (k1 >> nb) | (k2 << back)
        k2 >>= nb
    return True


@njit(cache=True)
def key_hash(key):
    """A well-mixed 64-bit hash of a canonical key (for table slots, not for identity).
    Not splitmix64_mix: one multiply-xorshift round a word, from splitmix64's constants."""
    h = np.uint64(GAMMA)
    for i in range(KEY_WORDS):
        h ^= np.uint64(key[i])
        h *= np.uint64(MIX1)
        h ^= h >> np.uint64(29)
    return h
