"""The exact transposition table (solver/solodrez/search/table.py) and its in-place growth."""
import numpy as np
import pytest

from drez.solver.solodrez.rules import columns, engine
from drez.solver.solodrez.rules.keys import KEY_WORDS, canonical_key, key_to_columns, sorted_words
from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import table
from drez.solver.solodrez.search.astar import WON as A_WON
from drez.solver.solodrez.search.astar import AStar
from drez.solver.solodrez.search.budget import Clock
from drez.solver.solodrez.search.dfs import WON, DfsState
from drez.solver.solodrez.search.solve import FIRST_TABLE_BYTES, Limits, solve
from drez.solver.solodrez.search.stages import run_stage
from tests.solodrez import reference as ref


def _random_keys(n, seed):
    """n distinct random keys over the whole int64 range (key[0] never 0)."""
    rng = np.random.default_rng(seed)
    keys = rng.integers(-(1 << 63), (1 << 63) - 1, size=(n, KEY_WORDS),
                        dtype=np.int64)
    keys[keys[:, 0] == 0, 0] = 1
    return np.unique(keys, axis=0)


def _check_invariants(keys, size):
    """The table's invariants: key[0] == 0 exactly in empty slots, size counts the rest,
    no key twice, within MAX_LOAD, and linear probing's: every slot from an entry's home
    slot to its own (wrapping) is occupied, so table_find reaches it."""
    n = keys.shape[0]
    used = keys[:, 0] != 0
    assert used.sum() == int(size[0]) <= table.capacity(n)
    assert len(np.unique(keys[used], axis=0)) == used.sum()
    for slot in np.nonzero(used)[0]:
        home = int(table.home_slot(keys[slot], n))
        assert 0 <= home < n
        span = range(home, slot + 1) if home <= slot else [*range(home, n), *range(slot + 1)]
        assert all(used[s] for s in span)
        assert table.table_find(keys, keys[slot]) == slot


def test_every_key_stays_findable_and_exact_through_growth():
    keys_in = _random_keys(3000, 1)
    keys, size = table.new_table(1 << 10)
    stored = 0
    for i, k in enumerate(keys_in):
        if not table.room_for(size, keys, 1):
            _check_invariants(keys, size)
            # any slot count, not only powers of two
            keys, size, slot_map = table.grow_table(keys, keys.shape[0] * 2 + 1 + i % 7)
            assert (slot_map >= 0).sum() == stored
        found = table.table_find(keys, k)
        assert found < 0                       # new key: never a false hit
        assert table.table_insert_at(keys, size, found, k) >= 0
        stored += 1
    assert int(size[0]) == stored == len(keys_in)
    _check_invariants(keys, size)
    for k in keys_in:
        slot = table.table_find(keys, k)
        assert slot >= 0 and np.array_equal(keys[slot], k)
    for w in range(KEY_WORDS):           # one bit off in any word: a miss
        other = keys_in[0].copy()
        other[w] ^= 1 << 40
        assert table.table_find(keys, other) < 0


def test_insert_refuses_past_max_load():
    keys, size = table.new_table(1000 + 24)     # not a power of two
    n = 0
    for k in _random_keys(5000, 2):
        found = table.table_find(keys, k)
        if table.table_insert_at(keys, size, found, k) < 0:
            break
        n += 1
    assert n == table.capacity(keys.shape[0]) == keys.shape[0] * 7 // 8
    _check_invariants(keys, size)


def test_the_empty_key_is_never_stored():
    """key[0] == 0 marks an empty slot; only the empty table (won) has it, and inserting
    it is refused loudly rather than lost."""
    keys, size = table.new_table(1 << 10)
    zero = np.zeros(KEY_WORDS, np.int64)
    with pytest.raises(ValueError, match="never stored"):
        table.table_insert_at(keys, size, table.table_find(keys, zero), zero)
    empty = np.full(engine.NCOLS, engine.EMPTY_WORD, np.int64)
    assert list(_key(empty)) == [0, 0, 0]
    one = empty.copy()
    one[4] = 7 * 7 + 0 * 7 + 0       # two neutrals in one column, nothing else
    assert _key(one)[0] != 0


def test_next_slots_uses_the_budget_then_stops():
    mb = 1 << 20
    n = table.slots_for(mb, 24)
    assert table.next_slots(n, 0, 24, 0, 1 << 30) == 4 * n        # 4x up to 1/16 of it
    assert table.next_slots(16 * n, 0, 24, 0, 1 << 30) == 64 * n
    last = table.next_slots(64 * n, 0, 24, 0, 1 << 30)           # at 64 MB: all that is left
    assert (64 * n + last) * 24 <= 1 << 30 < (64 * n + last + 1) * 24
    assert table.next_slots(last, 0, 24, 0, 1 << 30) is None


def _key(words):
    key = np.zeros(KEY_WORDS, np.int64)
    canonical_key(words, np.empty(engine.NCOLS, np.int64), key)
    return key


def _reference_key(words) -> list:
    """The layout of rules/keys.py's docstring, in plain Python: 3-bit symbols (digit + 1, a 0
    between columns) of the sorted words, symbol i at bit 3i of one 192-bit number, cut
    into three two's-complement 64-bit words."""
    symbols = []
    for c, w in enumerate(sorted(int(x) for x in words)):
        while w >= 7:
            symbols.append(w % 7 + 1)
            w //= 7
        if c < len(words) - 1:
            symbols.append(0)
    assert len(symbols) <= 64
    big = sum(s << (3 * i) for i, s in enumerate(symbols))
    out = []
    for i in range(3):
        v = (big >> (64 * i)) & ((1 << 64) - 1)
        out.append(v - (1 << 64) if v >= 1 << 63 else v)
    return out


def _random_words(rng):
    """Nine column words holding the deck less 0-8 removed series, up to 22 a column."""
    series = int(rng.integers(0, 9))
    cards = [r for r in range(1, 7) for _ in range(9 - series)] + [0, 0]
    rng.shuffle(cards)
    cuts = sorted(rng.integers(0, len(cards) + 1, size=8))
    cols = [cards[a:b] for a, b in zip([0, *cuts], [*cuts, len(cards)])]
    while max(map(len, cols)) > 22:               # respread a too-long column
        long = max(range(9), key=lambda i: len(cols[i]))
        short = min(range(9), key=lambda i: len(cols[i]))
        cols[short].append(cols[long].pop())
    return np.array([_word(c) for c in cols], np.int64)


def test_keys_round_trip_and_match_the_documented_layout():
    rng = np.random.default_rng(13)
    out = np.empty(engine.NCOLS, np.int64)
    seen = set()
    for _ in range(20000):
        words = _random_words(rng)
        key = _key(words)
        assert list(key) == _reference_key(words)
        key_to_columns(key, out)
        assert list(out) == sorted(words)
        assert key[0] != 0
        rng.shuffle(words)                          # the sorting network, any order
        sorted_words(words, out)
        assert list(out) == sorted(words)
        seen.add((tuple(key), tuple(sorted(words))))
    assert len({k for k, _ in seen}) == len({w for _, w in seen})   # exact: no collisions
    # all 56 cards, 64 symbols, a 22-card column: the last symbol is bits 189-191
    cards = [r for r in range(1, 7) for _ in range(9)] + [0, 0]
    cols = [cards[:22]] + [cards[22 + 5 * i: 27 + 5 * i] for i in range(6)] + [cards[52:], []]
    full = np.array([_word(c) for c in cols], np.int64)
    assert list(_key(full)) == _reference_key(full)
    key_to_columns(_key(full), out)
    assert list(out) == sorted(full)


def test_keys_decode_to_columns_and_symbol_words():
    """key_to_columns_and_symbols gives key_to_columns's columns, and column_symbols of
    each when every column fits a symbol word, else False; columns of up to 22 cards."""
    from drez.solver.solodrez.rules.keys import SYMBOL_CARDS, column_symbols, key_to_columns_and_symbols
    rng = np.random.default_rng(31)
    out = np.empty(engine.NCOLS, np.int64)
    syms = np.empty(engine.NCOLS, np.int64)
    longest = set()
    for _ in range(20000):
        words = _random_words(rng)
        whole = key_to_columns_and_symbols(_key(words), out, syms)
        assert list(out) == sorted(words)
        n = max(columns.column_length(w) for w in words)
        longest.add(n)
        assert whole == (n <= SYMBOL_CARDS)
        if whole:
            assert list(syms) == [column_symbols(w) for w in sorted(words)]
    assert {SYMBOL_CARDS, SYMBOL_CARDS + 1, 22} <= longest     # both sides of the limit


def _word(col):
    w = 1
    for d in col:
        w = w * 7 + d
    return w


def _verify(deal, packed):
    moves = [(m.src, m.dst, m.cards) for m in map(Move.unpack, packed)]
    return ref.verify(ref.deal(deal), moves)


def test_searches_that_grow_their_table_give_the_same_answers():
    for deal in (4, 9, 11, 42, 884):
        words = Position.from_deal(deal).words()
        big = DfsState(words, 1 << 28)
        small = DfsState(words, 1 << 10)
        while small.run(10**5) in (0, 3):       # RUNNING: go on; FULL: grow and go on
            if small.status == 3:
                small.grow(2 if deal % 2 else 4)
        assert big.run(10**8) == small.status == WON
        assert big.nodes == small.nodes         # the same search, whatever the table size
        assert _verify(deal, small.path()) == (True, "")
    for deal in (0, 9, 11):         # deal 0 needs more than one front (1,488 positions)
        words = Position.from_deal(deal).words()
        big = AStar(words, 1 << 26)
        small = AStar(words, 1 << 12)
        while small.run(10**5) in (0, 3):
            if small.status == 3:
                small.grow(2 if deal == 9 else 4)
        assert big.run(10**7) == small.status == A_WON
        assert big.nodes == small.nodes
        assert big.bound() == small.bound() == len(small.path())
        assert _verify(deal, small.path()) == (True, "")


def test_a_capped_depth_first_stage_stores_the_same_positions_whatever_its_arrays():
    """Deal 2117's depth-first search goes more than 3,000 moves deep: growing the
    per-depth arrays, or the table, must not restart the stage's budget."""
    words = Position.from_deal(2117).words()
    stored = []
    for table_bytes, depth in ((1 << 20, 1024), (1 << 17, 1024), (1 << 12, 4)):
        search = DfsState(words, table_bytes, depth=depth)
        _, status, nodes, limit = run_stage(search, Limits(), Clock(Limits()), 0, 2000)
        assert (status, nodes, limit) == (0, 2001, "stage")     # the root and 2,000 more
        stored.append(sorted(map(tuple, search.keys[search.keys[:, 0] != 0].tolist())))
    assert stored[0] == stored[1] == stored[2]


def test_max_memory_bounds_the_whole_solve():
    """A solve never holds more than max_memory at once (growth peaks and the greedy
    table kept during the probes included); a budget it fits in gives the same answer as
    a roomy one, and one it does not fit in gives UNKNOWN (memory)."""
    pos = Position.from_deal(554)                 # about 57,000 positions, probes included
    roomy = solve(pos, Limits(max_nodes=10**7, max_memory=1 << 30))
    assert roomy.verdict == "WON" and roomy.table_bytes <= 1 << 30
    budget = FIRST_TABLE_BYTES * 5
    exact = solve(pos, Limits(max_nodes=10**7, max_memory=budget))
    assert (exact.verdict, exact.nodes, exact.moves) == (roomy.verdict, roomy.nodes,
                                                          roomy.moves)
    assert exact.table_bytes <= budget
    tight = solve(pos, Limits(max_nodes=10**7, max_memory=FIRST_TABLE_BYTES * 2))
    assert tight.verdict == "UNKNOWN" and tight.limit == "memory"
    assert tight.table_bytes <= FIRST_TABLE_BYTES * 2


def test_a_last_growth_gives_astar_the_budget():
    """A* lists its open positions through its slots (open_list.py), so its table's last
    growth takes all the budget leaves: memory stops the search with its table nearly
    full and at least 85% of the positions the budget holds at a slot's bytes, 7/8 full.
    (With an open entry a position beside the table, deal 292 stopped at 1 GB with 21.5M
    positions where 31.3M now fit; without a reserve for those entries, at 48 MB with its
    table 3% full.)"""
    from drez.solver.solodrez.search.solve import run_search
    budget = 48 << 20
    search = AStar(Position.from_deal(292).words(), FIRST_TABLE_BYTES)
    _status, nodes, limit = run_search(search, Limits(max_nodes=10**7, max_memory=budget))
    assert limit == "memory" and search.table_bytes() <= budget
    assert nodes > 0.85 * table.capacity(search.keys.shape[0])
    per_position = search.slot_bytes * table.LOAD_DEN / table.LOAD_NUM
    assert nodes >= 0.85 * budget / per_position


def test_the_sorting_network_sorts_every_input():
    """By the 0-1 principle a comparator network sorts every input iff it sorts all 2**9
    inputs of zeros and ones: so this test is a proof for any nine words."""
    out = np.empty(engine.NCOLS, np.int64)
    for bits in range(1 << engine.NCOLS):
        words = np.array([(bits >> i) & 1 for i in range(engine.NCOLS)], np.int64)
        sorted_words(words, out)
        assert list(out) == sorted(words)


def test_keys_from_symbol_words_are_the_canonical_keys():
    """keys.key_from_symbols on the columns' symbol words gives canonical_key's three
    words, in any column order; column_symbols refuses columns of more than SYMBOL_CARDS
    cards, and an empty column's symbol word is 0."""
    from drez.solver.solodrez.rules.keys import SYMBOL_CARDS, column_symbols, key_from_symbols
    rng = np.random.default_rng(29)
    got = np.empty(KEY_WORDS, np.int64)
    for _ in range(20000):
        words = _random_words(rng)
        if max(columns.column_length(w) for w in words) > SYMBOL_CARDS:
            continue
        rng.shuffle(words)
        syms = np.array([column_symbols(w) for w in words], np.int64)
        key_from_symbols(syms, got)
        assert list(got) == _reference_key(words)
    assert column_symbols(1) == 0
    assert column_symbols(_word([6, 5, 4])) == 5 | 6 << 3 | 7 << 6     # top card first
    for n, fits in ((SYMBOL_CARDS, True), (SYMBOL_CARDS + 1, False), (22, False)):
        assert (column_symbols(_word([0] * n)) >= 0) == fits
