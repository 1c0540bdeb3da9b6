"""The exact transposition table (solver/solodrez/search/table.py) and its in-place growth."""
import numpy as np

from solver.solodrez.rules import engine
from solver.solodrez.search import table
from solver.solodrez.search.astar import AStar, WON as A_WON
from solver.solodrez.rules.position import Position
from solver.solodrez.search.dfs import DfsState, WON
from solver.solodrez.search.solve import FIRST_TABLE_BYTES, Limits, solve
from solver.solodrez.rules.moves import Move

from tests.solodrez import reference as ref


def _random_keys(n, seed):
    rng = np.random.default_rng(seed)
    keys = rng.integers(0, 1 << 62, size=(n, engine.KEY_WORDS), dtype=np.int64)
    return np.unique(keys, axis=0)


def test_every_key_stays_findable_and_exact_through_growth():
    keys_in = _random_keys(3000, 1)
    keys, info, size = table.new_table(1 << 17)
    stored = 0
    for i, k in enumerate(keys_in):
        if not table.room_for(size, keys, 1):
            keys, info, size, slot_map = table.grow_table(keys, info, 2 + 2 * (i % 2))
            assert (slot_map >= 0).sum() == stored
        found = table.table_find(keys, info, k)
        assert found < 0                       # new key: never a false hit
        assert table.table_insert_at(keys, info, size, found, k, i) >= 0
        stored += 1
    assert int(size[0]) == stored == len(keys_in)
    for i, k in enumerate(keys_in):
        slot = table.table_find(keys, info, k)
        assert slot >= 0 and info[slot] == i and np.array_equal(keys[slot], k)
    assert table.table_find(keys, info, keys_in[0] ^ 1) < 0


def test_insert_refuses_past_three_quarters_load():
    keys, info, size = table.new_table(1 << 10)
    n = 0
    for k in _random_keys(5000, 2):
        found = table.table_find(keys, info, k)
        if table.table_insert_at(keys, info, size, found, k, 0) < 0:
            break
        n += 1
    assert n * 4 == keys.shape[0] * 3


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


def test_a_memory_cap_between_fourfold_steps_is_used_by_doubling():
    pos = Position.from_deal(554)                 # about 57,000 positions
    roomy = solve(pos, Limits(max_nodes=10**7, max_memory=1 << 30))
    # 8x the first table: a fourfold step (too small for this deal), then a doubling.
    exact = solve(pos, Limits(max_nodes=10**7, max_memory=FIRST_TABLE_BYTES * 8))
    assert roomy.verdict == "WON"
    assert (exact.verdict, exact.nodes, exact.moves) == (roomy.verdict, roomy.nodes,
                                                          roomy.moves)
    tight = solve(pos, Limits(max_nodes=10**7, max_memory=FIRST_TABLE_BYTES * 7))
    assert tight.verdict == "UNKNOWN" and tight.limit == "memory"
